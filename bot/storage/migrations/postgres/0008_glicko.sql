-- PostgreSQL dialect of ../0008_glicko.sql.
ALTER TABLE matches ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
CREATE TABLE glicko (
    guild_id    TEXT             NOT NULL,
    user_id     TEXT             NOT NULL,
    game        TEXT             NOT NULL,
    name        TEXT             NOT NULL,
    rating      DOUBLE PRECISION NOT NULL DEFAULT 1500,
    deviation   DOUBLE PRECISION NOT NULL DEFAULT 350,
    volatility  DOUBLE PRECISION NOT NULL DEFAULT 0.06,
    wins        INTEGER          NOT NULL DEFAULT 0,
    draws       INTEGER          NOT NULL DEFAULT 0,
    losses      INTEGER          NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game)
);
CREATE INDEX glicko_table ON glicko (guild_id, game, rating DESC);
CREATE TABLE rating_history (
    guild_id   TEXT             NOT NULL,
    user_id    TEXT             NOT NULL,
    game       TEXT             NOT NULL,
    match_id   BIGINT           NOT NULL,
    at         TIMESTAMPTZ      NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    deviation  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, user_id, game, match_id)
);
