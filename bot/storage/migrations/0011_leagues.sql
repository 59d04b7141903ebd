-- Leagues: a season of one game between the players who signed up, its pairings each played as
-- an ordinary match in a thread of its own. Standings are derived from the matches' stored
-- results (and an outcome the league itself records: a bye, an organizer's adjudication, a
-- challenge not accepted in time), never written separately.
CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY,
    guild_id    TEXT    NOT NULL,
    channel_id  TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    format      TEXT    NOT NULL CHECK (format IN ('round_robin', 'swiss', 'ladder')),
    settings    TEXT    NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished')),
    creator_id  TEXT    NOT NULL,
    language    TEXT    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE INDEX leagues_by_guild ON leagues (guild_id, status);
-- The players signed up, in sign-up order (``number``: a ladder's first order).
CREATE TABLE league_entries (
    league_id    INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id      TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    number       INTEGER NOT NULL,
    withdrawn_at REAL,
    PRIMARY KEY (league_id, user_id),
    UNIQUE (league_id, number)
);
-- One pairing per (league, round, board); ``second_id`` NULL is a bye. ``thread_id`` and
-- ``match_id`` are set once, when its thread and match exist; ``outcome`` (JSON) only when the
-- league itself decides the result; ``reported_at`` once the league channel was told.
CREATE TABLE league_pairings (
    id           INTEGER PRIMARY KEY,
    league_id    INTEGER NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    board        INTEGER NOT NULL,
    first_id     TEXT    NOT NULL,
    second_id    TEXT,
    thread_id    TEXT,
    match_id     INTEGER REFERENCES matches (id),
    outcome      TEXT,
    due_at       REAL,
    accepted_at  REAL,
    reported_at  REAL,
    created_at   REAL    NOT NULL,
    UNIQUE (league_id, round, board)
);
CREATE INDEX league_pairings_by_match ON league_pairings (match_id);
CREATE INDEX league_pairings_by_due ON league_pairings (due_at);
