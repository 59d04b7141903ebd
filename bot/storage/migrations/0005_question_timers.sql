-- Issue 15: a timer for a question whose deadline passes (an Axis & Allies casualty question:
-- then the player's standing order answers it). SQLite cannot change a CHECK constraint, so the
-- table is made again with the new kind allowed and every timer copied over.
CREATE TABLE timers_new (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout', 'question')),
    seat      INTEGER NOT NULL,
    due_at    REAL    NOT NULL,
    seq       INTEGER NOT NULL
);
INSERT INTO timers_new (id, match_id, kind, seat, due_at, seq) SELECT id, match_id, kind, seat, due_at, seq FROM timers;
DROP TABLE timers;
ALTER TABLE timers_new RENAME TO timers;
CREATE INDEX timers_by_due ON timers (due_at);
