"""What the computer knows of Militakiri beyond the rules (``engines/ai``).

Hidden information exists only while the setups are secret. Then a world takes the record
with the opponent's hidden setup replaced by a setup drawn uniformly from its legal ones. Once
both chose, the board is public: the world is rebuilt from the seat's own view (the record keeps
the setups hidden for the whole match, so replaying it would not do).

The evaluation counts material: a tower 6 (losing all towers loses the game), a reserve tower 3,
a stack (pawn or rank) its height for the seat on top (``material``); where the stacks stand:
each row a stack stands away from its own side ``ADVANCE``, each stack next to one of the other
side's towers ``THREAT``; and what the seat to move can take at once (``tactics``): its best
capture less what the other seat's best reply takes back on that square, ``TACTICS`` of it (taking
the last tower wins the game). So a piece left where the other side takes it is counted as lost,
and a move that attacks two towers is seen to win one once the other side has replied. There are
no rollouts: the search judges the position where it stops (random moves after it hid the very
capture a move threatened). Material alone (``material``) is what the safety check counts.
"""

from __future__ import annotations

from engines.ai.base import Knowledge, SeenMove, WorldSampler, replay_seen, two_sided
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.core.contract import Engine
from engines.militakiri.board import GEOMETRY, RANKS
from engines.militakiri.options import MilitakiriOptions
from engines.militakiri.pieces import INFO, SHAPE_INDEX, capture, pawn, tower
from engines.militakiri.rules import CAPTURE_DIRECTIONS
from engines.militakiri.state import MilitakiriState
from engines.militakiri.view import MilitakiriView

TOWER_VALUE, RESERVE_VALUE = 6.0, 3.0
ADVANCE, THREAT = 0.05, 0.3
TACTICS = 0.8
"""The share of what the seat to move can win at once (``tactics``) the evaluation counts."""
WIN = 30.0
"""``tactics``' worth of taking the last tower: the game."""
Rays = tuple[tuple[tuple[int, ...], ...], ...]
OPPOSITE = (2, 3, 0, 1, 6, 7, 4, 5)
"""The opposite of each direction of ``board.DIRECTIONS``."""
LETTER = {"plus": "p", "cross": "x", "star": "s"}


def worlds(engine: Engine, obs: Observation) -> WorldSampler:
    view: MilitakiriView = obs.view
    if view.phase != "setup":
        state = state_from_view(view, MilitakiriOptions.model_validate(obs.options))
        return lambda rng: state

    def sample(rng: Rng) -> MilitakiriState:
        def fill(state, event):
            return SeenMove(seat=event.seat, move=rng.choice(engine.legal_moves(state, event.seat)).model_dump(mode="json"))

        return replay_seen(engine, obs, fill)

    return sample


def state_from_view(view: MilitakiriView, options: MilitakiriOptions) -> MilitakiriState:
    """The state a view after the setup shows: everything is public then. The consecutive passes
    are not shown; one pass in a row is read from the last move (two end the game)."""
    g = GEOMETRY[options.board]
    board = [""] * g.cells
    for piece in view.pieces:
        if piece.kind == "tower":
            cell = tower(piece.owner, LETTER[piece.shape])
        else:
            cell = "".join(pawn(p.owner, LETTER[p.shape]) for p in piece.stack)
        board[g.index(piece.square)] = cell
    reserves = tuple((r.plus, r.cross, r.star) for r in view.reserves)
    pending = tuple("".join(LETTER[s] for s in p) for p in view.pending)
    endgame = None
    if view.endgame is not None:
        endgame = tuple(view.endgame.limit - left for left in view.endgame.moves_left)
    passes = 1 if view.last_move is not None and view.last_move.kind == "pass" else 0
    to_move = view.to_act[0] if view.to_act else None
    if to_move is None and view.last_move is not None:
        to_move = 1 - view.last_move.seat
    return MilitakiriState(
        options=options,
        phase=view.phase,
        board=tuple(board),
        setups=("", ""),
        to_move=to_move if view.phase == "play" else None,
        moved=view.placing and view.last_move is not None and view.last_move.seat == to_move,
        first_player=view.first_player,
        reserves=reserves,  # type: ignore[arg-type]
        pending=pending,  # type: ignore[arg-type]
        endgame=endgame,  # type: ignore[arg-type]
        turn=view.turn,
        quiet=view.quiet_moves,
        passes=passes,
        last_move=view.last_move,
        result=view.result,
    )


def score(state: MilitakiriState, seat: int) -> float:
    total = RESERVE_VALUE * sum(state.reserves[seat])
    for cell in state.board:
        if not cell:
            continue
        if cell[0] in "Tt":
            total += TOWER_VALUE * ((cell[0] == "T") == (seat == 0))
        elif cell[-1].isupper() == (seat == 0):
            total += len(cell)
    return total


def position(state: MilitakiriState, seat: int) -> float:
    """How far ``seat``'s stacks stand forward and how many stand next to an enemy tower."""
    g = GEOMETRY[state.options.board]
    rows = g.cells // g.files
    enemy_tower = "t" if seat == 0 else "T"
    total = 0.0
    for square, cell in enumerate(state.board):
        if not cell or cell[0] in "Tt" or cell[-1].isupper() != (seat == 0):
            continue
        row = square // g.files
        total += ADVANCE * (row if seat == 0 else rows - 1 - row)
        if any(state.board[n][:1] == enemy_tower for n in g.neighbours[square]):
            total += THREAT
    return total


def material(engine: Engine, state: MilitakiriState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) - score(state, 1), 6.0)


def worth(cell: str) -> float:
    """What a square's content is worth to its owner in ``score``: a tower 6, a stack its height."""
    return TOWER_VALUE if cell[0] in "Tt" else float(len(cell))


def taken(state: MilitakiriState, seat: int, attacker: str, defender: str) -> tuple[str, float]:
    """What ``seat``'s ``attacker`` taking ``defender`` leaves on the square, and the change in
    ``score(seat) - score(other)`` (a promotion trades a reserve tower, 3, for a tower, 6)."""
    left, earned = capture(attacker, defender, state.reserves[seat][SHAPE_INDEX[attacker[-1].lower()]])
    gain = worth(defender) - worth(attacker)
    if left:
        gain += worth(left)
    if earned is not None:
        gain += TOWER_VALUE - RESERVE_VALUE
    return left, gain


def tactics(state: MilitakiriState) -> float:
    """What the seat about to move can win at once (seat 0's gain positive): its best capture
    less the other seat's best recapture on that square (a two-move exchange), 0 when no capture
    gains; taking the other seat's last tower wins the game (``WIN``).

    Without it the search judged a position where it stops as if nothing stood attacked; with
    it, a piece left where the seat to move takes it is counted as lost."""
    if state.phase != "play" or state.result is not None or state.to_move is None:
        return 0.0
    mover = state.to_move if not state.moved else 1 - state.to_move
    other = 1 - mover
    board = state.board
    g = GEOMETRY[state.options.board]
    walks = g.cell_walks[state.endgame is not None]
    rays = g.rays
    mine_upper = mover == 0
    enemy_towers = sum(1 for cell in board if cell[:1] == ("t" if mover == 0 else "T"))
    best = 0.0
    for sq, cell in enumerate(board):
        if not cell or cell[-1].isupper() != mine_upper:
            continue
        for ray in walks[cell][1][sq]:
            for to in ray:
                target = board[to]
                if not target:
                    continue
                if target[-1].isupper() != mine_upper:
                    if target[0] in "Tt" and enemy_towers == 1:
                        return WIN if mover == 0 else -WIN
                    left, gain = taken(state, mover, cell, target)
                    if gain > best and left:
                        gain -= max(0.0, recapture(state, board, rays, other, sq, to, left))
                    best = max(best, gain)
                break
    return best if mover == 0 else -best


def recapture(state: MilitakiriState, board: tuple[str, ...], rays: Rays, seat: int, frm: int, to: int, piece: str) -> float:
    """The most ``seat`` gains taking ``piece`` on ``to`` once it came there from ``frm``."""
    endgame = state.endgame is not None
    best = 0.0
    for direction, ray in enumerate(rays[to]):
        for distance, sq in enumerate(ray, 1):
            if sq == frm:
                continue
            cell = board[sq]
            if not cell:
                continue
            owner, shape, is_tower, height = INFO[cell]
            if owner == seat and OPPOSITE[direction] in CAPTURE_DIRECTIONS[shape] \
                    and distance <= (1 if endgame else RANKS if is_tower else height):
                if piece[0] in "Tt" and sum(1 for c in board if c[:1] == ("T" if seat == 1 else "t")) == 1:
                    return WIN
                best = max(best, taken(state, seat, cell, piece)[1])
            break
    return best


def evaluate(engine: Engine, state: MilitakiriState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) + position(state, 0) - score(state, 1) - position(state, 1)
                     + TACTICS * tactics(state), 6.0)


KNOWLEDGE = Knowledge(worlds=worlds, evaluate=evaluate, material=material, rollout_depth=0, notes=__doc__ or "")
