"""What the computer knows of Helden & Steden beyond the rules (``engines/ai``).

No hidden information: its one world is the record replayed. The evaluation counts material and
cities: an attacker 1, a hero on the board 2.5, a hero still in the supply 1.5 (it can still
be promoted onto the board), a city showing one's colour 1.5 (all cities win). Rollouts are
short and uniformly random.
"""

from __future__ import annotations

from engines.ai.base import Knowledge, two_sided
from engines.core.contract import Engine
from engines.heroes_cities.state import ATTACKER, HERO, HeroesCitiesState

ATTACKER_VALUE, HERO_VALUE, SUPPLY_VALUE, CITY_VALUE = 1.0, 2.5, 1.5, 1.5


def score(state: HeroesCitiesState, seat: int) -> float:
    board = state.board
    return (
        ATTACKER_VALUE * board.count(ATTACKER[seat])
        + HERO_VALUE * board.count(HERO[seat])
        + SUPPLY_VALUE * state.reserve[seat]
        + CITY_VALUE * state.cities.count(seat)
    )


def evaluate(engine: Engine, state: HeroesCitiesState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) - score(state, 1), 4.0)


KNOWLEDGE = Knowledge(evaluate=evaluate, rollout_depth=4, notes=__doc__ or "")
