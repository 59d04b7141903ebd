"""Every engine by slug, and what each offers beyond the contract. Adding a game is one line here."""

from __future__ import annotations

from engines.axis_allies.engine import AxisAllies
from engines.battle_island import BattleIsland
from engines.core.capabilities import Capabilities, capabilities
from engines.core.contract import Engine
from engines.heroes_cities import HeroesCities
from engines.masters_victory import MastersVictory
from engines.militakiri import Militakiri

ENGINES: dict[str, Engine] = {
    engine.slug: engine for engine in (HeroesCities(), MastersVictory(), Militakiri(), BattleIsland(), AxisAllies())
}

CAPABILITIES: dict[str, Capabilities] = {slug: capabilities(engine) for slug, engine in ENGINES.items()}
"""Each game's ``Capabilities`` record (``engines.core.capabilities``)."""


def get_engine(slug: str) -> Engine:
    """The engine for ``slug``; ``KeyError`` names the known slugs."""
    try:
        return ENGINES[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}; known: {', '.join(sorted(ENGINES))}") from None
