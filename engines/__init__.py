"""Pure game rules. No I/O, no clock, no global random, no discord/aiosqlite/PIL."""
