-- A Glicko-2 rating per player per server per game, for every game (docs/ratings.md), the
-- rating after each rated match (the profile's chart), and whether a match is rated at all
-- (`rated:false` makes a casual one; matches made before this are rated, as they were).
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
CREATE TABLE glicko (
    guild_id    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    rating      REAL    NOT NULL DEFAULT 1500,
    deviation   REAL    NOT NULL DEFAULT 350,
    volatility  REAL    NOT NULL DEFAULT 0.06,
    wins        INTEGER NOT NULL DEFAULT 0,
    draws       INTEGER NOT NULL DEFAULT 0,
    losses      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game)
);
CREATE INDEX glicko_table ON glicko (guild_id, game, rating DESC);
CREATE TABLE rating_history (
    guild_id   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    match_id   INTEGER NOT NULL,
    at         TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, match_id)
);
