"""Information-set Monte Carlo tree search over the engine contract.

Single-observer ISMCTS (Cowling, Powley, Whitehouse 2012): every iteration draws a world
consistent with the observation (``Knowledge.worlds``), walks one shared tree with it (a node is
the sequence of moves from the root, not a state), and counts for each child how often it was
available, so moves that exist only in some worlds are judged fairly (UCB with availability).
Chance nodes are not branched: each iteration draws them like the referee would (every number
uniform over its range), which makes the tree open-loop. Rollouts play ``Knowledge.rollout_move``
for ``rollout_depth`` moves; a position not finished by then is judged by ``Knowledge.evaluate``.
Simultaneous decisions (a setup both seats make at once) are taken one seat after the other,
the searching seat first at the root. Where the world is the same in every iteration and no dice
fall on the way, a node's position is the same each time: it is kept on the node.

The root cuts no move before the search has evidence: its moves enter in the order of a one-ply
ranking (the evaluation with its positional terms, ties at random, passes last), more of them
as the visits grow (progressive widening); with ``Budget.safety`` a move is dropped when after
the other seat's best immediate reply it keeps less material than another checked move does
(``engines.ai.tactics``: it loses material where another does not, or wins less than another
wins safely), and a pass is played only when no searched move did as well.

Pure: the clock is injected, the randomness is a seeded ``Rng``; the same observation, seed and
iteration budget give the same choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from engines.ai.base import Knowledge, Move, State, reward, settle
from engines.ai.games import knowledge_for
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.ai.tactics import LOSS, is_pass, material_of, worst_reply
from engines.core.contract import Engine, Seat
from engines.registry import get_engine

EXPLORATION = 0.7
"""UCB's exploration constant for rewards in [0, 1]."""


@dataclass(frozen=True)
class Budget:
    iterations: int
    seconds: float | None = None
    """Stop earlier when this much time has passed (needs a clock)."""
    rollout_scale: float = 1.0
    """Fraction of the game's rollout depth to play."""
    widen: int = 0
    """At a decision visited often enough, consider only the ``widen`` moves that look best one
    move ahead (0: every move). Wide games (a hundred moves and more) are otherwise searched
    one ply deep at best. At the root no move is cut: the moves enter the search in the order of
    the one-ply ranking (``root_order``), ``widen`` at first and more as the visits grow
    (progressive widening), until every move is in."""
    safety: bool = False
    """Drop at the root a move after which the other seat's best immediate reply leaves less
    material than after another checked move (``engines.ai.tactics``: a move that loses material
    when another does not, or wins less than another wins safely), in games whose knowledge counts material
    apart from position (``Knowledge.material``: the four two-player games, not Axis & Allies,
    where a power's turn is many moves and the next power's reply is not one move away)."""
    freehand: float = 0.0
    """The chance that a decision the game's plain rules narrow (``Knowledge.candidates``: Axis &
    Allies' purchase plan, its attacks by the odds, its non-combat rules) is searched over every
    legal move instead, as a player who knows the rules but not yet the plan would."""
    overlook: float = 0.0
    """The share of a decision's moves this level does not see (drawn at random; at least one
    is seen), as a beginner misses what the board offers: it searches only the rest."""
    temperature: float = 0.0
    """How the searched moves become the one played: 0 plays the most visited; above 0 draws
    one with chances in proportion to ``visits ** (1 / temperature)``, so a lower level now and
    then plays a move its search thought second best (as a person at that level would)."""
    phase_seconds: float | None = None
    """Where the game plans a part of a turn at once (``Knowledge.phase``): the time all the
    decisions of that part share (each still at most ``seconds``); see ``engines.ai.plan``."""
    phase_iterations: int | None = None
    """The same as a count of iterations (each decision still at most ``iterations``), so a plan
    is the same on every machine for a seed where the time does not cut it first."""


@dataclass(frozen=True)
class Choice:
    move: Move
    text: str
    iterations: int
    value: float
    """The searching seat's mean reward over the search (about its chance to win)."""
    evaluations: int = 0
    """Positions the game's evaluation judged for this choice (a measure of the work done that
    does not depend on the machine's load)."""


SHORTLIST_AFTER = 3
"""Passes through a decision below the root before it is narrowed to its shortlist."""
SHORTLIST_SCAN = 60
"""Moves judged for a shortlist below the root: the first ones the game's ``candidates`` order
gives, or where that order is only the engine's listing (``as_given``), drawn at random."""
WIDENING = 1.5
"""Progressive widening at the root: after ``n`` passes, the first ``max(widen, WIDENING * √n)``
moves of the root's order are searched."""
RANK_SHARE = 0.15
"""The share of the time budget the root's one-ply ranking may use (the rest ranks unjudged,
in random order, after the judged moves)."""
SAFETY_SHARE = 0.2
"""The share of the time budget the safety check may use (it checks moves in the ranking's
order, and past this share on until it has found one safe move; moves left unchecked stay,
after the checked ones, and the move played is checked if it was not)."""
SAFETY_CHECKS = 24
"""Most moves the safety check looks at once it has found a safe one (each costs the other
seat's replies); until then it looks on through the moves, up to ``SAFETY_LAST``."""
SAFETY_LAST = 0.5
"""The share of the time budget after which the safety check stops looking for a safe move."""


class _Node:
    __slots__ = ("avail", "children", "known", "mover", "moves", "passes", "seat", "shortlist", "total", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.passes = 0
        """Iterations that reached this node and decided there."""
        self.shortlist: list[Move] | None = None
        self.known: State | None = None
        """The position here, when it is the same in every iteration (see ``_iterate``)."""
        self.mover: Seat = seat
        self.moves: Sequence[Move] = ()
        """The seat to move here and the moves the tree considers (with ``known``)."""


def acting_seat(engine: Engine, state: State, prefer: Seat | None = None) -> Seat | None:
    seats = engine.to_act(state)
    if not seats:
        return None
    return prefer if prefer in seats else min(seats)


def values_of(engine: Engine, knowledge: Knowledge, state: State, players: int) -> tuple[float, ...]:
    result = engine.result(state)
    if result is not None:
        return reward(result, players)
    return knowledge.evaluate(engine, state, players)


def rollout(engine: Engine, knowledge: Knowledge, state: State, players: int, depth: int, rng: Rng,
            stop: Callable[[], bool] | None = None) -> tuple[float, ...]:
    """Play ``depth`` moves (fewer when ``stop`` says time is up), then judge the position."""
    for _ in range(depth):
        if stop is not None and stop():
            break
        state = settle(engine, state, rng)
        if engine.result(state) is not None:
            break
        seat = acting_seat(engine, state)
        if seat is None:
            break
        moves = engine.legal_moves(state, seat)
        if not moves:
            break
        state = engine.apply(state, seat, knowledge.rollout_move(engine, state, seat, moves, rng))
    state = settle(engine, state, rng)
    return values_of(engine, knowledge, state, players)


def search(
    obs: Observation,
    budget: Budget,
    seed: int,
    clock: Callable[[], float] | None = None,
) -> Choice:
    """The move ``obs.seat`` should make, from what that seat knows only."""
    # The budget counts from here: preparing the worlds (replaying the record) is part of the move.
    start = clock() if clock is not None else 0.0
    engine = get_engine(obs.game)
    judged = [0]
    knowledge = counted(knowledge_for(obs.game), judged)
    sample = knowledge.worlds(engine, obs)
    rng = Rng(seed)
    me = obs.seat
    first = settle(engine, sample(rng), rng)
    root_moves = engine.legal_moves(first, me)
    if not root_moves:
        raise ValueError(f"seat {me} has no legal move")
    considered = knowledge.candidates(engine, first, me, root_moves)
    freehand = 0 < len(considered) < len(root_moves) and budget.freehand > 0 and rng.random() < budget.freehand
    if freehand:
        never = knowledge.never
        considered = [m for m in root_moves if never is None or not never(engine, first, me, m)] or considered
    if budget.overlook > 0 and len(considered) > 1:
        drawn = list(considered)
        rng.shuffle(drawn)
        seen = set(drawn[:max(1, math.ceil(len(drawn) * (1 - budget.overlook)))])
        considered = [m for m in considered if m in seen]
    if len(considered) == 1:  # one legal move, or the game's plain rules leave one (a purchase plan)
        return Choice(considered[0], engine.format_move(considered[0], first), 0, 0.5, judged[0])
    safe: set[Move] = set()
    floor: list[float] = []
    considered = root_order(engine, knowledge, first, me, considered, obs.players, rng, budget,
                            clock, start, safe, floor)
    if len(considered) == 1:  # the safety check left one
        return Choice(considered[0], engine.format_move(considered[0], first), 0, 0.5, judged[0])
    depth = round(knowledge.rollout_depth * budget.rollout_scale)
    root = _Node(me)
    stop = None
    if budget.seconds is not None and clock is not None:
        deadline = start + budget.seconds
        stop = lambda: clock() >= deadline
    iterations = 0
    world = first
    longest = 0.0
    """The longest iteration so far but the first (which also ranks the root's moves): one that
    would end past the budget is not begun."""
    while iterations < budget.iterations:
        if iterations and budget.seconds is not None and clock is not None:
            now = clock()
            if now - start + longest >= budget.seconds:
                break
        began = clock() if clock is not None else 0.0
        if iterations:
            world = settle(engine, sample(rng), rng)
        _iterate(engine, knowledge, world, root, me, obs.players, depth, rng, stop, budget.widen, considered)
        if clock is not None and iterations:
            longest = max(longest, clock() - began)
        iterations += 1
    legal = set(root_moves)
    ranked = [(child.visits, child.total / child.visits if child.visits else 0.0, i, move)
              for i, (move, child) in enumerate(root.children.items()) if move in legal]
    best = _played(ranked, budget.temperature, rng)
    if is_pass(engine, first, best):
        best = _rather_than_pass(engine, first, root, best, legal)
    if safe and best not in safe:
        best = _verified(engine, knowledge, first, me, obs.players, rng, root, best, safe, considered, floor[0])
    visits = sum(c.visits for c in root.children.values())
    value = sum(c.total for c in root.children.values()) / visits if visits else 0.5
    return Choice(best, engine.format_move(best, first), iterations, value, judged[0])


def counted(knowledge: Knowledge, judged: list[int]) -> Knowledge:
    """``knowledge`` whose evaluations (and material counts) add one to ``judged[0]`` each."""
    def evaluate(engine: Engine, state: State, players: int) -> tuple[float, ...]:
        judged[0] += 1
        return knowledge.evaluate(engine, state, players)

    material = knowledge.material
    if material is not None:
        inner = material

        def counted_material(engine: Engine, state: State, players: int) -> tuple[float, ...]:
            judged[0] += 1
            return inner(engine, state, players)

        material = counted_material
    return replace(knowledge, evaluate=evaluate, material=material)


def _played(ranked: list[tuple[int, float, int, Move]], temperature: float, rng: Rng) -> Move:
    """The root move played: the most visited (then the best mean, then the first ranked), or
    with ``temperature`` one drawn in proportion to its visits raised to ``1 / temperature``."""
    if temperature > 0:
        weights = [visits ** (1 / temperature) for visits, _, _, _ in ranked]
        total = sum(weights)
        if total > 0:
            point = rng.random() * total
            for weight, (_, _, _, move) in zip(weights, ranked):
                point -= weight
                if point < 0:
                    return move
    return max(ranked, key=lambda r: (r[0], r[1], -r[2]))[3]


def root_order(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, moves: Sequence[Move], players: int,
               rng: Rng, budget: Budget, clock: Callable[[], float] | None = None, start: float = 0.0,
               safe: set[Move] | None = None, floor: list[float] | None = None) -> list[Move]:
    """The order in which the root's moves enter the search: ranked by the game's evaluation one
    move ahead (with its positional terms), ties at random where the game's order is only the
    engine's listing, passes (``pass``, ``end``) last; with ``budget.safety``, less the checked
    moves after which the other seat's best immediate reply leaves less material than after
    another checked move (as a plain two-ply material search would judge them: a move that loses
    material when another does not, or wins less than another does safely); those kept are added
    to ``safe`` and the material they keep to ``floor``."""
    ordered = knowledge.in_order
    order = list(moves)
    if not ordered:
        rng.shuffle(order)

    def out_of(share: float) -> Callable[[], bool]:
        if budget.seconds is None or clock is None:
            return lambda: False
        until = start + budget.seconds * share
        return lambda: clock() >= until

    late = out_of(RANK_SHARE)
    judged: list[tuple[float, Move]] = []
    for move in order:
        if judged and late():
            break
        after = settle(engine, engine.apply(state, seat, move), rng)
        judged.append((values_of(engine, knowledge, after, players)[seat], move))
    judged.sort(key=lambda item: -item[0])  # stable: ties keep the (random) order
    ranked = [move for _, move in judged] + order[len(judged):]
    ranked = [m for m in ranked if not is_pass(engine, state, m)] + [m for m in ranked if is_pass(engine, state, m)]
    if not budget.safety or knowledge.material is None:  # a game without a material count of its own
        return ranked
    late = out_of(RANK_SHARE + SAFETY_SHARE)
    last = out_of(SAFETY_LAST)
    state = judged_world(engine, knowledge, state, seat)
    now = material_of(engine, knowledge, state, players)[seat]
    worst: dict[int, float] = {}
    found = False
    for index, move in enumerate(ranked):
        if found and (index >= SAFETY_CHECKS or late()):
            break
        if index and last():  # no safe move found in half the budget: the search goes on without
            break
        value = worst_reply(engine, knowledge, engine.apply(state, seat, move), seat, players, rng)
        if value is None:  # no reply at once (the seat moves again): nothing to compare
            found = True
            continue
        worst[index] = value
        found = found or value >= now - LOSS
    if not worst:
        return ranked
    best = max(worst.values())
    kept = [m for i, m in enumerate(ranked) if i not in worst or worst[i] >= best - LOSS]
    if safe is not None:
        safe.update(m for i, m in enumerate(ranked) if i in worst and worst[i] >= best - LOSS)
    if floor is not None:
        floor.append(best)
    return kept


def judged_world(engine: Engine, knowledge: Knowledge, state: State, seat: Seat) -> State:
    """The world the safety check judges for ``seat``: the search's, with what ``seat`` cannot
    see at its worst for it where the game says how (``Knowledge.cautious``)."""
    return knowledge.cautious(engine, state, seat) if knowledge.cautious is not None else state


def _verified(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, players: int, rng: Rng, root: _Node,
              best: Move, safe: set[Move], order: Sequence[Move], floor: float) -> Move:
    """``best``, a move the safety check did not get to, once checked: if the other seat's best
    immediate reply leaves less material than the checked moves kept (``floor``), the most
    visited of those instead (the first of them in the root's order if none was searched)."""
    state = judged_world(engine, knowledge, state, seat)
    value = worst_reply(engine, knowledge, engine.apply(state, seat, best), seat, players, rng)
    if value is None or value >= floor - LOSS:
        return best
    searched = [(child.visits, child.total / child.visits, move) for move, child in root.children.items()
                if move in safe and child.visits]
    if searched:
        return max(searched, key=lambda item: (item[0], item[1]))[2]
    return next(m for m in order if m in safe)


def _rather_than_pass(engine: Engine, state: State, root: _Node, passing: Move, legal: set[Move]) -> Move:
    """A pass is played only when no move searched did better: else the most visited of the
    moves whose mean is at least the pass's."""
    mean = root.children[passing].total / max(1, root.children[passing].visits)
    better = [(child.visits, child.total / child.visits, move) for move, child in root.children.items()
              if move in legal and child.visits and not is_pass(engine, state, move) and child.total / child.visits >= mean]
    if not better:
        return passing
    return max(better, key=lambda item: (item[0], item[1]))[2]


def _iterate(engine: Engine, knowledge: Knowledge, state: State, root: _Node, me: Seat,
             players: int, depth: int, rng: Rng, stop: Callable[[], bool] | None, widen: int = 0,
             searched: Sequence[Move] = ()) -> None:
    """One iteration; ``searched``: the root's moves the level searches (the game's candidates,
    every legal move with ``Budget.freehand``, less those it overlooks), as far as they are
    legal in this world (none: the candidates of this world)."""
    node = root
    path: list[_Node] = []
    # Along moves from the same world with no dice in between, a node's position is always the
    # same: it is kept on the node (``known``) and not worked out again. Worlds that differ (hidden
    # information) or dice drawn on the way end that.
    exact = root.known is None or root.known is state
    while True:
        if exact and node.known is not None:
            state, seat, moves = node.known, node.mover, node.moves
        else:
            settled = settle(engine, state, rng)
            exact = exact and settled is state
            state = settled
            if engine.result(state) is not None:
                break
            acting = acting_seat(engine, state, me if node is root else None)
            if acting is None:
                break
            seat = acting
            moves = engine.legal_moves(state, seat)
            if node is root:
                legal = set(moves)
                moves = [m for m in searched if m in legal] or knowledge.candidates(engine, state, seat, moves)
            else:
                moves = knowledge.candidates(engine, state, seat, moves)
            if not moves:
                break
            if exact:
                node.known, node.mover, node.moves = state, seat, moves
        node.passes += 1
        if widen and node is root:
            moves = moves[:max(widen, math.ceil(WIDENING * math.sqrt(node.passes)))]
        elif widen and len(moves) > widen and node.passes >= SHORTLIST_AFTER:
            if node.shortlist is None:
                node.shortlist = shortlist(engine, knowledge, state, seat, moves, players, widen, rng, stop)
            legal = set(moves)
            moves = [m for m in node.shortlist if m in legal] or moves
        untried = None
        for move in moves:
            child = node.children.get(move)
            if child is None:
                if untried is None:
                    untried = move
            else:
                child.avail += 1
        if untried is not None:
            child = _Node(seat)
            child.avail = 1
            node.children[untried] = child
            path.append(child)
            state = engine.apply(state, seat, untried)
            break
        move, node = _select(node, moves)
        path.append(node)
        state = node.known if exact and node.known is not None else engine.apply(state, seat, move)
    values = rollout(engine, knowledge, state, players, depth, rng, stop)
    for child in path:
        child.visits += 1
        child.total += values[child.seat]


def shortlist(engine: Engine, knowledge: Knowledge, state: State, seat: Seat, moves: Sequence[Move],
              players: int, size: int, rng: Rng, stop: Callable[[], bool] | None = None) -> list[Move]:
    """The ``size`` moves whose positions (dice drawn once) the evaluation likes best for ``seat``
    (of those judged before ``stop`` says time is up); ties, and which moves are judged where
    there are more than ``SHORTLIST_SCAN``, at random where the game's order is the engine's."""
    judged: list[tuple[float, int, Move]] = []
    if not knowledge.in_order:
        moves = list(moves)
        rng.shuffle(moves)
    for index, move in enumerate(moves[:SHORTLIST_SCAN]):
        if judged and stop is not None and stop():
            break
        after = settle(engine, engine.apply(state, seat, move), rng)
        judged.append((-values_of(engine, knowledge, after, players)[seat], index, move))
    judged.sort(key=lambda item: (item[0], item[1]))
    return [move for _, _, move in judged[:size]]


def _select(node: _Node, moves: Sequence[Move]) -> tuple[Move, _Node]:
    """UCB1 with availability counts: the child with the best mean plus exploration bonus."""
    best: tuple[Move, _Node] | None = None
    best_score = -1.0
    for move in moves:
        child = node.children[move]
        score = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = (move, child), score
    assert best is not None
    return best


def value_estimate(obs: Observation, budget: Budget, seed: int, clock: Callable[[], float] | None = None) -> float:
    """The mean reward of ``obs.seat`` over rollouts from worlds consistent with ``obs`` (also
    when another seat is to act: a draw offer can come at any time)."""
    engine = get_engine(obs.game)
    knowledge = knowledge_for(obs.game)
    sample = knowledge.worlds(engine, obs)
    rng = Rng(seed)
    depth = max(1, round(knowledge.rollout_depth * budget.rollout_scale))
    start = clock() if clock is not None else 0.0
    total, count = 0.0, 0
    while count < max(1, budget.iterations // 4):
        if count and budget.seconds is not None and clock is not None and clock() - start >= budget.seconds:
            break
        total += rollout(engine, knowledge, sample(rng), obs.players, depth, rng)[obs.seat]
        count += 1
    return total / count
