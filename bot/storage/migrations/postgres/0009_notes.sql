-- Private notes: each player's own notes on a match, shown to their author only (`/note`).
CREATE TABLE match_notes (
    id        BIGSERIAL PRIMARY KEY,
    match_id  BIGINT      NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   TEXT        NOT NULL,
    at        TIMESTAMPTZ NOT NULL,
    text      TEXT        NOT NULL
);
CREATE INDEX match_notes_by_author ON match_notes (match_id, user_id, id);
