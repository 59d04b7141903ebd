"""``python -m bot``: Discord when a token is set, otherwise the local console."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.config import load_config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument("--config", default="config.toml", help="configuration file (optional)")
    parser.add_argument("--console", action="store_true", help="run the local console even if a token is set")
    parser.add_argument("--db", help="database file (overrides the configuration)")
    parser.add_argument("--out", help="console: folder for board images (default out/)")
    parser.add_argument("--lang", choices=("en", "nl"), default="en", help="console: language")
    parser.add_argument(
        "--seed",
        help="console only: a fixed dice seed (64 hex digits) so a script replays the same; "
        "never for real matches, the seed is what keeps the dice honest",
    )
    args = parser.parse_args(argv)
    config = load_config(args.config)
    database = args.db or config.database
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    refusal = _refusal(database, args.lang)
    if refusal is not None:
        print(f"scheids: {refusal}", file=sys.stderr)
        return 2
    if config.token and not args.console:
        from bot.discord_app.client import run_discord

        return run_discord(config, database)
    from bot.console.app import run_console

    seed = bytes.fromhex(args.seed) if args.seed else None
    if seed is not None and len(seed) != 32:
        parser.error("--seed must be 64 hex digits (32 bytes)")
    logging.getLogger().setLevel(logging.WARNING)
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
