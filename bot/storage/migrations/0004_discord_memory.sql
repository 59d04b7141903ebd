-- What the Discord adapter remembers between restarts (issue 12).
-- A user whose DMs refused us: no DM is tried again until they use the bot in DMs or ask with /dms.
CREATE TABLE dm_refusals (
    user_id    TEXT PRIMARY KEY,
    refused_at REAL NOT NULL
);
-- Small named values of the bot itself, e.g. the hash of the slash commands last synced.
CREATE TABLE bot_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
