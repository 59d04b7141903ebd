"""``python -m soak`` (``make soak``): a bounded soak with kills, then the checks and the figures.

Settings from the environment: ``SOAK_MATCHES`` (default 20), ``SOAK_SECONDS`` (120, wall time
of play), ``SOAK_MOVES`` (moves per match at most, 60), ``SOAK_SEED`` (1), ``SOAK_DIR`` (out/soak:
the databases and the bots' logs, kept for reading), ``SOAK_DATABASE`` (a ``postgresql://`` URL:
every bot on that one database; default a SQLite file per bot), ``SOAK_BOTS`` (service bots, 1),
``SOAK_TEAMS`` (0.5: the share of the abandoned Axis & Allies matches played by five players whose
team never answers after a resignation).
Exit status 1 when a check fails.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from soak.run import Settings, Soak


def settings_from_environment() -> Settings:
    return Settings(
        matches=int(os.environ.get("SOAK_MATCHES", "20")),
        seconds=float(os.environ.get("SOAK_SECONDS", "120")),
        moves=int(os.environ.get("SOAK_MOVES", "60")),
        seed=int(os.environ.get("SOAK_SEED", "1")),
        folder=Path(os.environ.get("SOAK_DIR", "out/soak")),
        database=os.environ.get("SOAK_DATABASE") or None,
        service_bots=int(os.environ.get("SOAK_BOTS", "1")),
        teams=float(os.environ.get("SOAK_TEAMS", "0.5")),
    )


def main() -> int:
    settings = settings_from_environment()
    print(f"soak: {settings.matches} matches of all five games, {settings.seconds:.0f} s of play, "
          f"seed {settings.seed}, files in {settings.folder}", flush=True)
    figures = asyncio.run(Soak(settings).run())
    print(figures.table())
    for problem in figures.problems()[:50]:
        print(f"  ! {problem}")
    return 0 if figures.ok else 1


if __name__ == "__main__":
    sys.exit(main())
