"""What the computer knows of Slag om het Eiland beyond the rules (``engines/ai``).

Hidden information: which blocks are live (bombs). The computer remembers every block it saw
go off or fall harmlessly (``remember``: its views show only the last two turns' blocks). A world
is the record replayed with a layout of live blocks drawn uniformly from those that agree with
everything it saw (with ``armed_by_owner``: its own arming as it made it, and three of the
opponent's five blocks that agree); replaying is exact because every block activated so far is
one it saw. The salt of the seal is not known and not needed (nothing in the rules reads it).

The evaluation: characters still in the game (a tank 1.3, a jeep 1.15, a soldier 1) against the
characters a seat may lose (``material``), and where they stand: a character on the island
facing the enemy's side counts ``FACING_ENEMY`` more, one facing off the board ``FACING_OFF``
less and one facing along its own back row ``FACING_BACK_ROW`` less; each row it stands away
from its own back row ``ADVANCE``. Rollouts are short and uniformly random.
"""

from __future__ import annotations

from itertools import combinations

from engines.ai.base import Knowledge, SeenChance, SeenMove, WorldSampler, replay_seen, two_sided
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.battle_island import board, rules
from engines.battle_island.engine import SEAL_LAYOUT
from engines.battle_island.state import BattleIslandState
from engines.battle_island.view import BattleIslandView
from engines.core.contract import Engine

VALUE = {"soldier": 1.0, "jeep": 1.15, "tank": 1.3}
FACING_ENEMY, FACING_OFF, FACING_BACK_ROW, ADVANCE = 0.15, 0.4, 0.2, 0.02


def remember(view: BattleIslandView) -> tuple[tuple[str, bool], ...]:
    return tuple((r.square, r.live) for r in view.revealed)


def worlds(engine: Engine, obs: Observation) -> WorldSampler:
    known = dict(obs.seen)
    squares = [e.move["square"] for e in obs.record if isinstance(e, SeenMove) and e.move and e.move["kind"] == "block"]
    owners = [e.seat for e in obs.record if isinstance(e, SeenMove) and e.move and e.move["kind"] == "block"]
    facts = {squares.index(sq): live for sq, live in known.items() if sq in squares}
    armed = obs.options.get("blocks") == "armed_by_owner"
    opponent = 1 - obs.seat
    if armed:
        own = next((e.move["squares"] for e in obs.record
                    if isinstance(e, SeenMove) and e.seat == obs.seat and e.move and e.move["kind"] == "arm"), None)
        theirs = [i for i, o in enumerate(owners) if o == opponent]
        choices = [set(c) for c in combinations(theirs, rules.ARMED_PER_OWNER)
                   if all((i in c) == live for i, live in facts.items() if i in theirs)]
        own_ids = {squares.index(sq) for sq in own} if own else set()
        layouts = [tuple((i in c) or (i in own_ids) for i in range(len(squares))) for c in choices] or [()]
    else:
        layouts = [tuple(i in ids for i in range(rules.BLOCKS)) for ids in rules.LAYOUTS
                   if all((i in ids) == live for i, live in facts.items())]
    first = layouts[0]

    def fill(state: BattleIslandState, event: SeenMove | SeenChance) -> SeenMove | SeenChance:
        if isinstance(event, SeenChance):
            if event.kind == SEAL_LAYOUT:
                return event.model_copy(update={"values": (rules.LAYOUTS.index(tuple(i for i, x in enumerate(first) if x)), 0)})
            return event.model_copy(update={"values": (0,) * len(event.sizes)})
        ids = [i for i, x in enumerate(first) if x and owners[i] == event.seat]
        return event.model_copy(update={"move": {"kind": "arm", "squares": [squares[i] for i in ids]}})

    base = replay_seen(engine, obs, fill)
    seal = getattr(obs.view, "seal", None)
    if not base.live or not layouts[0]:
        return lambda rng: base

    def sample(rng: Rng) -> BattleIslandState:
        return base.model_copy(update={"live": rng.choice(layouts), "salt": "", "seal": seal})

    return sample


def score(state: BattleIslandState, seat: int) -> float:
    return sum(VALUE[c.kind] for c in state.characters if c.owner == seat and c.where != "gone")


def position(state: BattleIslandState, seat: int) -> float:
    """Where ``seat``'s characters on the island stand and which way they face."""
    total = 0.0
    back = 0 if seat == 0 else board.SIZE - 1
    for c in state.characters:
        if c.owner != seat or c.where != "island" or c.square is None or c.facing is None:
            continue
        row = c.square // board.SIZE
        total += ADVANCE * abs(row - back)
        if c.facing == board.FORWARD[seat]:
            total += FACING_ENEMY
        if board.step(c.square, c.facing) is None:
            total -= FACING_OFF
        elif row == back and c.facing in ("e", "w"):
            total -= FACING_BACK_ROW
    return total


def material(engine: Engine, state: BattleIslandState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) - score(state, 1), 2.0)


def evaluate(engine: Engine, state: BattleIslandState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) + position(state, 0) - score(state, 1) - position(state, 1), 2.0)


KNOWLEDGE = Knowledge(worlds=worlds, evaluate=evaluate, material=material, remember=remember, rollout_depth=12,
                      notes=__doc__ or "")
