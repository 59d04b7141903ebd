"""What the computer knows of Helden & Steden beyond the rules (``engines/ai``).

No hidden information: its one world is the record replayed. The evaluation counts material and
cities: an attacker 1, a hero on the board 2.5, a hero still in the supply 1.5 (it can still
be promoted onto the board), a city showing one's colour 1.5 (all cities win) (``material``);
and where the pieces stand: each row a piece stands away from its own side ``ADVANCE``, each city
of the other colour that one of its pieces could reach in a move (king distance within its
range) ``THREAT``. Rollouts are short and uniformly random.
"""

from __future__ import annotations

from engines.ai.base import Knowledge, two_sided
from engines.core.contract import Engine
from engines.heroes_cities import board as B
from engines.heroes_cities.state import ATTACKER, HERO, OWNER, RANGE, HeroesCitiesState

ATTACKER_VALUE, HERO_VALUE, SUPPLY_VALUE, CITY_VALUE = 1.0, 2.5, 1.5, 1.5
ADVANCE, THREAT = 0.03, 0.3


def score(state: HeroesCitiesState, seat: int) -> float:
    board = state.board
    return (
        ATTACKER_VALUE * board.count(ATTACKER[seat])
        + HERO_VALUE * board.count(HERO[seat])
        + SUPPLY_VALUE * state.reserve[seat]
        + CITY_VALUE * state.cities.count(seat)
    )


def position(state: HeroesCitiesState, seat: int) -> float:
    """How far ``seat``'s pieces stand forward and how many of the other colour's cities they
    could reach in a move."""
    total = 0.0
    reach: list[tuple[int, int]] = []
    for square, piece in enumerate(state.board):
        if piece in RANGE and OWNER[piece] == seat:
            row = square // B.SIZE
            total += ADVANCE * (row if seat == 0 else B.SIZE - 1 - row)
            reach.append((square, RANGE[piece]))
    for city, colour in zip(B.CITY_SQUARES, state.cities):
        if colour != seat and any(B.distance(square, city) <= steps for square, steps in reach):
            total += THREAT
    return total


def material(engine: Engine, state: HeroesCitiesState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) - score(state, 1), 4.0)


def evaluate(engine: Engine, state: HeroesCitiesState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) + position(state, 0) - score(state, 1) - position(state, 1), 4.0)


KNOWLEDGE = Knowledge(evaluate=evaluate, material=material, rollout_depth=4, notes=__doc__ or "")
