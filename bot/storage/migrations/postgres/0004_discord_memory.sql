-- What the Discord adapter remembers between restarts (issue 12).
CREATE TABLE dm_refusals (
    user_id    TEXT PRIMARY KEY,
    refused_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE bot_settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
