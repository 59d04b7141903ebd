"""Configuration: ``config.toml`` (optional) plus the environment for the token.

>>> Config().token_env, Config().database
('DISCORD_TOKEN', 'data/scheids.sqlite3')
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Config:
    token_env: str = "DISCORD_TOKEN"
    dev_guild_id: int | None = None
    database: str = "data/scheids.sqlite3"
    out_dir: str = "out"
    render_workers: int | None = None
    """Worker processes that draw board pictures (``[render] workers``); unset: one per core,
    0: draw in a thread of the bot's process."""
    computer_workers: int = 1
    """Worker processes the computer players think in (``[computer] workers``); 0: a thread."""
    computer_seconds: float | None = None
    """Thinking time per move (``[computer] seconds``), for every level; unset: the level's own
    (easy 0.3 s, normal 1 s, hard 2 s)."""

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
        computer_workers=data.get("computer", {}).get("workers", Config.computer_workers),
        computer_seconds=data.get("computer", {}).get("seconds"),
    )
