"""``python -m bot``: Discord when a token is set, otherwise the local console."""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import timedelta

from bot.config import ConfigError, load_config
from bot.logging_setup import LEVELS, configure_logging


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--config", default="config.toml", help="configuration file (optional)")
    parser.add_argument("--console", action="store_true", help="run the local console even if a token is set")
    parser.add_argument("--db", help="database file or postgresql:// URL (overrides the configuration)")
    parser.add_argument("--out", help="console: folder for board images (default out/)")
    parser.add_argument(
        "--clear-commands",
        choices=("global", "guild"),
        help="Discord: remove the slash commands registered globally or in dev_guild_id, then exit",
    )
    parser.add_argument("--lang", choices=("en", "nl"), default="en", help="console: language")
    parser.add_argument(
        "--seed",
        help="console only: a fixed dice seed (64 hex digits) so a script replays the same; "
        "never for real matches, the seed is what keeps the dice honest",
    )
    parser.add_argument(
        "--log-level",
        choices=LEVELS,
        help="log level (default: INFO for Discord, WARNING for the console); secrets stay out at every level",
    )
    args = parser.parse_args(argv)
    # Said at once: the database check and the imports below take a few seconds on a cold start.
    print("scheids: starting…", file=sys.stderr, flush=True)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"scheids: {args.config}: {error}", file=sys.stderr)
        return 2
    database = args.db or config.database
    from bot.services import rendering

    rendering.configured_workers = config.render_workers
    from bot.services import computer

    computer.configured_workers = config.computer_workers
    computer.configured_seconds = config.computer_seconds
    from bot.services.match import deadlines

    deadlines.configured_idle_after = timedelta(days=config.idle_days)
    refusal = _refusal(database, args.lang)
    if refusal is not None:
        print(f"scheids: {refusal}", file=sys.stderr)
        return 2
    if config.token and args.clear_commands:
        configure_logging(args.log_level or "INFO")
        from bot.discord_app.client import clear_discord_commands

        return asyncio.run(clear_discord_commands(config, database, args.clear_commands))
    if config.token and not args.console:
        configure_logging(args.log_level or "INFO")
        from bot.discord_app.client import run_discord

        return run_discord(config, database)
    from bot.console.app import run_console

    try:
        seed = bytes.fromhex(args.seed) if args.seed else None
    except ValueError:
        seed = b""
    if seed is not None and len(seed) != 32:
        parser.error("--seed must be 64 hex digits (32 bytes)")
    configure_logging(args.log_level or "WARNING")
    asyncio.run(run_console(database, args.out or config.out_dir, sys.stdin, sys.stdout, seed=seed, language=args.lang))
    return 0


def _refusal(database: str, language: str) -> str | None:
    """Why the bot must not start on ``database`` (worded for the operator), or ``None``."""
    from bot.i18n import catalog
    from bot.wiring import StartupError, check_database

    try:
        asyncio.run(check_database(database))
    except StartupError as error:
        return catalog().render(error.message, language)
    return None


if __name__ == "__main__":
    sys.exit(main())
