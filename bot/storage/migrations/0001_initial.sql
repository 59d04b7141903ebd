-- Matches, seats, the append-only event log, snapshot cache, timers and known users.
CREATE TABLE matches (
    id               INTEGER PRIMARY KEY,
    guild_id         TEXT,
    channel_id       TEXT    NOT NULL,
    game             TEXT    NOT NULL,
    engine_version   INTEGER NOT NULL,
    options          TEXT    NOT NULL,
    time_control     TEXT    NOT NULL,
    creator_id       TEXT    NOT NULL,
    invited_id       TEXT,
    status           TEXT    NOT NULL CHECK (status IN ('open', 'active', 'finished', 'aborted')),
    seed             BLOB    NOT NULL,
    commitment       TEXT    NOT NULL,
    language         TEXT    NOT NULL,
    result           TEXT,
    last_seq         INTEGER NOT NULL DEFAULT 0,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
-- One live match per channel or thread.
CREATE UNIQUE INDEX matches_one_live_per_channel ON matches (channel_id)
    WHERE status IN ('open', 'active');
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE seats (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only. The primary key is the optimistic-concurrency guard: a stale writer
-- inserting an already-used seq fails and nothing of its transaction is applied.
CREATE TABLE events (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    at        TEXT    NOT NULL,
    type      TEXT    NOT NULL,
    payload   TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

-- A cache only: the state after event `seq`; delete it and replay gives the same.
CREATE TABLE snapshots (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    engine_version INTEGER NOT NULL,
    payload   TEXT    NOT NULL
);

CREATE TABLE timers (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout')),
    seat      INTEGER NOT NULL,
    due_at    REAL    NOT NULL,
    seq       INTEGER NOT NULL
);
CREATE INDEX timers_by_due ON timers (due_at);

CREATE TABLE users (
    user_id   TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    language  TEXT NOT NULL
);
