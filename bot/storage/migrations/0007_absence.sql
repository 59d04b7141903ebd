-- Long games: a player's absences (/away), how each user wants to be told (/notify), the last
-- nudge per seat of a match (/match nudge), and the notices the scheduler sends later (a turn
-- notice held over quiet hours, the daily digest). Reminders before a deadline stay timers.
CREATE TABLE away_periods (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT NOT NULL,
    start_at  REAL NOT NULL,
    until_at  REAL NOT NULL
);
CREATE INDEX away_by_user ON away_periods (user_id, start_at);

CREATE TABLE notify_prefs (
    user_id  TEXT PRIMARY KEY,
    prefs    TEXT NOT NULL
);

CREATE TABLE nudges (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);

-- One row per notice due: a digest (one per user) has no match; a held turn notice (one per user
-- and match) names its match and the event seq it was made at; it is not sent once the player is
-- no longer to move.
CREATE TABLE notices (
    id        INTEGER PRIMARY KEY,
    user_id   TEXT    NOT NULL,
    kind      TEXT    NOT NULL CHECK (kind IN ('digest', 'turn')),
    match_id  INTEGER REFERENCES matches (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL DEFAULT 0,
    due_at    REAL    NOT NULL
);
CREATE INDEX notices_by_due ON notices (due_at);
CREATE UNIQUE INDEX notices_one_digest ON notices (user_id) WHERE kind = 'digest';
