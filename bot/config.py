"""Configuration: ``config.toml`` (optional) plus the environment for the token.

>>> Config().token_env, Config().database
('DISCORD_TOKEN', 'data/scheids.sqlite3')
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path


class ConfigError(ValueError):
    """config.toml has a value the bot cannot run with; the message says which and what is right."""


@dataclass(frozen=True)
class Config:
    token_env: str = "DISCORD_TOKEN"
    dev_guild_id: int | None = None
    database: str = "data/scheids.sqlite3"
    """A SQLite file (the default), or a ``postgresql://`` URL for a PostgreSQL server."""
    out_dir: str = "out"
    render_workers: int | None = None
    """Worker processes that draw board pictures (``[render] workers``); unset: one per core,
    0: draw in a thread of the bot's process."""
    shard_count: int | None = None
    """Gateway shards in all (``[discord] shard_count``); unset: what Discord recommends."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (``[discord] shard_ids``); unset: all of them. Several
    processes on one PostgreSQL database each run a share."""
    computer_workers: int = 1
    """Worker processes the computer players think in (``[computer] workers``); 0: a thread."""
    computer_seconds: float | None = None
    """Thinking time per move (``[computer] seconds``), for every level; unset: the level's own
    (easy 0.3 s, normal 1 s, hard 2 s)."""
    idle_days: int = 14
    """Days a match without a deadline may stand still before its player to act is reminded
    (``[matches] idle_days``); three days later the waiting players may claim the win or abort."""

    def __post_init__(self) -> None:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ConfigError("[discord] shard_ids needs shard_count (the number of shards of all processes)")
            wrong = [shard for shard in self.shard_ids if not 0 <= shard < self.shard_count]
            if wrong or not self.shard_ids or len(set(self.shard_ids)) != len(self.shard_ids):
                raise ConfigError(
                    f"[discord] shard_ids {list(self.shard_ids)} must be different numbers from 0 to "
                    f"{self.shard_count - 1} (shard_count is {self.shard_count})"
                )
        if self.idle_days < 1:
            raise ConfigError(f"[matches] idle_days must be 1 or more, not {self.idle_days}")
        if self.shard_count is not None and self.shard_count < 1:
            raise ConfigError(f"[discord] shard_count must be 1 or more, not {self.shard_count}")

    @property
    def syncs_commands(self) -> bool:
        """Only one process registers the slash commands: the one that runs shard 0."""
        return self.shard_ids is None or 0 in self.shard_ids

    @property
    def token(self) -> str | None:
        """The Discord token from the environment, or ``None`` (then the console runs)."""
        value = os.environ.get(self.token_env, "").strip()
        return value or None


def load_config(path: str | Path = "config.toml") -> Config:
    """Read ``path`` if it exists; every key is optional."""
    path = Path(path)
    if not path.exists():
        return Config()
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    discord = data.get("discord", {})
    guild = str(discord.get("dev_guild_id", "") or "").strip()
    return Config(
        token_env=discord.get("token_env", "DISCORD_TOKEN"),
        dev_guild_id=int(guild) if guild else None,
        database=data.get("storage", {}).get("database", Config.database),
        out_dir=data.get("console", {}).get("out_dir", Config.out_dir),
        render_workers=data.get("render", {}).get("workers"),
        shard_count=discord.get("shard_count"),
        shard_ids=tuple(discord["shard_ids"]) if discord.get("shard_ids") is not None else None,
        computer_workers=data.get("computer", {}).get("workers", Config.computer_workers),
        computer_seconds=data.get("computer", {}).get("seconds"),
        idle_days=data.get("matches", {}).get("idle_days", Config.idle_days),
    )
