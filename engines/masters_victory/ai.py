"""What the computer knows of Masters Victory beyond the rules (``engines/ai``).

Hidden information: the opponent's back-numbers. A world is built from the seat's own view
(the board, the turn, the pieces off the board and the last actions are public): its own
numbers as it sees them, and for the opponent's fighters, tanks and soldiers on the board a
random share-out of the numbers of that type not yet seen off the board (each type carries
1, 1, 2, 2, 3, 3M). It does not reason back from how earlier attacks ended (which piece of a
pair fell tells whose number was higher): every share-out of the unseen numbers counts alike.

The evaluation: masters left weigh 4 each (losing the last master loses the game), every piece
on the board its rough worth (fighter and bomber 1.5, artillery 1.3, tank 1.2, soldier 1)
(``material``); and where they stand: each row a piece stands away from its own back line
``ADVANCE``, but a master (as the world has it: its own for sure, the other side's as drawn)
``MASTER_FORWARD`` less for each row, so masters stay back. For the tactical safety check, the
other side's replies that can take material are its attacks and artillery fire (``replies``),
and a move is judged as if the turn ended after it (``close_turn``), in the drawn world with
every hidden number of the other side set to the strongest not yet seen off the board (a 3
before the master, ``cautious``): a move is safe only if no number it may hide wins the fight,
as the real numbers decide it. Its setup is always the
random one (``candidates``): the fixed order is the same every game, and the evaluation cannot
tell the two apart. Rollouts are short and uniformly random.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.ai.base import Knowledge, WorldSampler, two_sided
from engines.ai.observation import Observation
from engines.ai.rng import Rng
from engines.core.contract import Engine
from engines.masters_victory import attack as A
from engines.masters_victory import board as B
from engines.masters_victory.engine import SETUP_KIND
from engines.masters_victory.moves import END, MastersVictoryMove, direction
from engines.masters_victory.options import MastersVictoryOptions
from engines.masters_victory.state import EMPTY, NUMBERS_PER_TYPE, MastersVictoryState, masters_left
from engines.masters_victory.view import MastersVictoryView

INDEX = {name: i for i, name in enumerate(B.NAMES)}
LETTER = {name: letter for letter, name in B.KIND_NAME.items()}
PIECE_VALUE = {"F": 1.5, "B": 1.5, "A": 1.3, "T": 1.2, "S": 1.0}
MASTER_VALUE = 4.0
ADVANCE, MASTER_FORWARD = 0.03, 0.08


def number_char(number: int | None, master: bool | None) -> str:
    if number is None:
        return EMPTY
    return "m" if master else str(number)


def worlds(engine: Engine, obs: Observation) -> WorldSampler:
    view: MastersVictoryView = obs.view
    base = skeleton(view, MastersVictoryOptions.model_validate(obs.options))
    opponent = 1 - obs.seat
    # unseen numbers per type of the opponent, and the squares of its pieces of that type
    pools: dict[str, list[str]] = {}
    squares: dict[str, list[int]] = {}
    if view.ready[opponent]:
        for kind in B.NUMBERED:
            pool = list(NUMBERS_PER_TYPE)
            for gone in view.eliminated[opponent]:
                char = number_char(gone.number, gone.master)
                if LETTER[gone.kind] == kind and char in pool:
                    pool.remove(char)
            pools[kind] = pool
            squares[kind] = [INDEX[p.square] for p in view.pieces if p.owner == opponent and LETTER[p.kind] == kind]

    def sample(rng: Rng) -> MastersVictoryState:
        if not pools:
            return base
        numbers = list(base.numbers)
        for kind, pool in pools.items():
            drawn = list(pool)
            rng.shuffle(drawn)
            for k, sq in enumerate(squares[kind]):
                numbers[sq] = drawn[k] if k < len(drawn) else rng.choice(NUMBERS_PER_TYPE)
        return base.model_copy(update={"numbers": "".join(numbers)})

    return sample


def skeleton(view: MastersVictoryView, options: MastersVictoryOptions) -> MastersVictoryState:
    """The state the view shows, with ``.`` for every back-number the viewer does not see."""
    board = [EMPTY] * B.CELLS
    numbers = [EMPTY] * B.CELLS
    for piece in view.pieces:
        sq = INDEX[piece.square]
        board[sq] = A.letter(LETTER[piece.kind], piece.owner)
        numbers[sq] = number_char(piece.number, piece.master)
    off = tuple(
        "".join(LETTER[g.kind] + number_char(g.number, g.master) + ("s" if g.switched else "x") for g in gone)
        for gone in view.eliminated
    )
    turn = view.turn
    cont = None
    if turn is not None and turn.continuation is not None:
        square = INDEX[turn.continuation]
        way = 0
        for action in reversed(view.current_turn):
            if len(action.path) > 1 and action.path[-1] == turn.continuation:
                way = direction(INDEX[action.path[-2]], square) or 0
                break
        cont = (square, turn.steps_left, way)
    to_move = turn.seat if turn is not None else None
    if to_move is None and view.phase == "play" and view.current_turn:
        to_move = view.current_turn[-1].seat
    return MastersVictoryState(
        options=options,
        phase=view.phase,
        board="".join(board),
        numbers="".join(numbers),
        ready=view.ready,
        pending=(),
        to_move=to_move,
        first_player=view.first_player,
        turns=turn.number - 1 if turn is not None else 0,
        moved=tuple(INDEX[s] for s in turn.moved) if turn is not None else (),
        used=3 - turn.moves_left if turn is not None else 0,
        cont=cont,
        removed_in_turn=any(a.removed for a in view.current_turn),
        quiet=view.quiet_turns,
        off=off,  # type: ignore[arg-type]
        last_turn=view.last_turn,
        current=view.current_turn,
        result=view.result,
    )


def score(state: MastersVictoryState, seat: int) -> float:
    total = MASTER_VALUE * masters_left(state, seat)
    for piece in state.board:
        if piece != EMPTY and piece.isupper() == (seat == 0):
            total += PIECE_VALUE[piece.upper()]
    return total


def position(state: MastersVictoryState, seat: int) -> float:
    """How far ``seat``'s pieces stand forward, its masters counted against it."""
    total = 0.0
    for square, piece in enumerate(state.board):
        if piece != EMPTY and piece.isupper() == (seat == 0):
            rows = B.row(square) if seat == 0 else B.ROWS - 1 - B.row(square)
            total += (ADVANCE - MASTER_FORWARD * (state.numbers[square] == "m")) * rows
    return total


def material(engine: Engine, state: MastersVictoryState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) - score(state, 1), 5.0)


def evaluate(engine: Engine, state: MastersVictoryState, players: int) -> tuple[float, ...]:
    return two_sided(score(state, 0) + position(state, 0) - score(state, 1) - position(state, 1), 5.0)


def replies(engine: Engine, state: MastersVictoryState, seat: int, moves: Sequence[MastersVictoryMove]) -> list[MastersVictoryMove]:
    """The moves that can take material: attacks (``x``) and artillery fire."""
    return [m for m in moves if m.kind == "fire" or (m.kind == "move" and m.attack is not None)]


def candidates(engine: Engine, state: MastersVictoryState, seat: int, moves: Sequence[MastersVictoryMove]) -> Sequence[MastersVictoryMove]:
    """In the setup, the random setup only (a different one every game); else every move."""
    drawn = [m for m in moves if m.kind == "setup" and m.numbers is None]
    return drawn or moves


def close_turn(engine: Engine, state: MastersVictoryState, seat: int) -> MastersVictoryState | None:
    """The position once ``seat`` ends its turn here (``None`` where it may not: ``end`` is legal
    exactly when the game is in play, unfinished, and it is ``seat``'s turn)."""
    if state.result is not None or state.phase != "play" or state.to_move != seat:
        return None
    return engine.apply(state, seat, END)


def strongest(pool: Sequence[str]) -> str:
    """The back-number of ``pool`` that fights best and costs its owner least to lose: a 3 before
    the master (which fights as a 3), else the highest."""
    for number in ("3", "m", "2", "1"):
        if number in pool:
            return number
    return "3"


def cautious(engine: Engine, state: MastersVictoryState, seat: int) -> MastersVictoryState:
    """``state`` with every back-number of the other side on the board (which ``seat`` never
    sees) the strongest of that type's numbers not yet seen off the board: no R1 fight that
    number could win or trade is judged safe for ``seat`` because a world drew a low one."""
    if state.phase != "play":
        return state
    opponent = 1 - seat
    off = state.off[opponent]
    numbers = list(state.numbers)
    for kind in B.NUMBERED:
        pool = list(NUMBERS_PER_TYPE)
        for i in range(0, len(off), 3):
            if off[i] == kind and off[i + 1] in pool:
                pool.remove(off[i + 1])
        best = strongest(pool)
        target = A.letter(kind, opponent)
        for square, piece in enumerate(state.board):
            if piece == target:
                numbers[square] = best
    return state.model_copy(update={"numbers": "".join(numbers)})


KNOWLEDGE = Knowledge(
    worlds=worlds,
    evaluate=evaluate,
    material=material,
    replies=replies,
    close_turn=close_turn,
    cautious=cautious,
    candidates=candidates,
    ordered=False,
    rollout_depth=4,
    private_chances=frozenset(SETUP_KIND),
    notes=__doc__ or "",
)
