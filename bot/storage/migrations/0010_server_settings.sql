-- Each server's own settings (/settings): one row per setting a server changed from the default,
-- the value as JSON; and every change, with who made it.
CREATE TABLE server_settings (
    guild_id TEXT NOT NULL,
    key      TEXT NOT NULL,
    value    TEXT NOT NULL,
    PRIMARY KEY (guild_id, key)
);
CREATE TABLE settings_changes (
    id        INTEGER PRIMARY KEY,
    guild_id  TEXT NOT NULL,
    key       TEXT NOT NULL,
    old_value TEXT,
    new_value TEXT NOT NULL,
    user_id   TEXT NOT NULL,
    user_name TEXT NOT NULL,
    at        REAL NOT NULL
);
CREATE INDEX settings_changes_by_guild ON settings_changes (guild_id, id);
