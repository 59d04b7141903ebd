-- A team deciding what becomes of a seat that left has a time to choose: a timer of the new kind
-- 'team'. SQLite cannot change a CHECK constraint, so the table is made again with the kind
-- allowed and every timer copied over.
CREATE TABLE timers_new (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout', 'question', 'team')),
    seat      INTEGER NOT NULL,
    due_at    REAL    NOT NULL,
    seq       INTEGER NOT NULL
);
INSERT INTO timers_new (id, match_id, kind, seat, due_at, seq) SELECT id, match_id, kind, seat, due_at, seq FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_by_due ON timers (due_at);

-- A seat's player now, when it changed hands (a substitute, a teammate taking it over): the
-- listings (/games) name them. user_id and name stay who sat down first; the record says who
-- played which moves. NULL: the seat never changed hands.
ALTER TABLE seats ADD COLUMN holder_id TEXT;
ALTER TABLE seats ADD COLUMN holder_name TEXT;
CREATE INDEX seats_by_holder ON seats (holder_id);
