-- Points per player per server, per game and board (Militakiri sections 22-26).
CREATE TABLE ratings (
    guild_id  TEXT    NOT NULL,
    user_id   TEXT    NOT NULL,
    game      TEXT    NOT NULL,
    board     TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    points    INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    draws     INTEGER NOT NULL DEFAULT 0,
    losses    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game, board)
);
CREATE INDEX ratings_table ON ratings (guild_id, game, board, points DESC);
