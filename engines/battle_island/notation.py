"""Notation of Slag om het Eiland (docs/games/battle_island.md, "Notation").

Canonical forms (what ``format_move`` writes and history shows):

===================================  =============================================
``block e5``                         setup: place an obstacle block
``arm c3 e5 h8``                     setup, ``armed_by_owner``: your live blocks (secret)
``place tank b2 n``                  setup: a character on your first two rows, facing n/e/s/w
``pad soldier jeep tank soldier jeep``  setup: the rest onto pad slots 1-5 (from your left)
``roll``                             roll the die
``c2-c5`` / ``c2-c4 left``           move straight ahead the whole roll, or one less and turn
``shoot c5 c8``                      shoot from c5 at c8 (``shoot c5`` is enough)
``reinforce 3``                      zero option 1 (and rule 4): pad slot 3 onto the island
``move pad`` / ``pad left``          zero option 2, then the pad moves the roll to your left
``turn c5 left``                     zero option 3: turn the character on c5
``end``                              end the turn
``remove c5`` / ``remove pad 2``     rules 1a/1b: the opponent's free removal
===================================  =============================================

Words are forgiving: Dutch and English unit and direction names, ``x`` for ``shoot``.

>>> from engines.battle_island.moves import format_move
>>> parse("C2-c4 L")
MoveAction(kind='move', square='c2', to='c4', side='left')
>>> format_move(parse("plaats soldaat b2 noord"))
'place soldier b2 n'
>>> format_move(parse("pad s j t s j"))
'pad soldier jeep tank soldier jeep'
>>> format_move(parse("c5 x c8")), format_move(parse("verplaats pad")), format_move(parse("pad rechts"))
('shoot c5 c8', 'move pad', 'pad right')
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engines.battle_island.board import Direction, Side
from engines.battle_island.moves import (
    ArmAction,
    BattleIslandMove,
    BlockAction,
    EndAction,
    MoveAction,
    MoveKind,
    PadAction,
    PadOptionAction,
    PlaceAction,
    ReinforceAction,
    RemoveAction,
    RollAction,
    ShiftAction,
    ShootAction,
    TurnAction,
)
from engines.battle_island.state import Kind
from engines.core.errors import InvalidMoveError
from engines.core.move_text import plain_dashes

UNITS: dict[str, Kind] = {
    "soldier": "soldier", "s": "soldier", "soldaat": "soldier", "soldaten": "soldier",
    "jeep": "jeep", "j": "jeep",
    "tank": "tank", "t": "tank",
}
FACINGS: dict[str, Direction] = {
    "n": "n", "north": "n", "noord": "n", "e": "e", "east": "e", "o": "e", "oost": "e",
    "s": "s", "south": "s", "z": "s", "zuid": "s", "w": "w", "west": "w",
}
SIDES: dict[str, Side] = {"left": "left", "l": "left", "links": "left", "right": "right", "r": "right", "rechts": "right"}
VERBS: dict[str, MoveKind] = {
    "block": "block", "blok": "block", "arm": "arm", "bewapen": "arm", "place": "place", "plaats": "place",
    "pad": "pad", "roll": "roll", "gooi": "roll", "worp": "roll", "shoot": "shoot", "schiet": "shoot",
    "reinforce": "reinforce", "versterk": "reinforce", "versterking": "reinforce", "turn": "turn", "draai": "turn",
    "end": "end", "einde": "end", "klaar": "end", "remove": "remove", "verwijder": "remove",
    "move": "move", "verplaats": "move",
}
SQUARE = re.compile(r"^[a-l](1[0-2]|[1-9])$")
SHAPED = re.compile(r"^[a-z]\d{1,2}$")
"""A word written as a square (a letter and a number), on the island or not (``z5``, ``c13``)."""
EXPECTED = (
    "block e5 | arm c3 e5 h8 | place tank b2 n | pad soldier jeep tank soldier jeep | roll | c2-c5 | "
    "c2-c4 left | shoot c5 c8 | reinforce 3 | move pad | pad left | turn c5 left | end | remove c5 | remove pad 2"
)


FORMS: dict[MoveKind, str] = {
    "block": "block e5", "arm": "arm c3 e5 h8", "place": "place tank b2 n", "pad": "pad soldier jeep tank soldier jeep",
    "roll": "roll", "shoot": "shoot c5 c8", "reinforce": "reinforce 3", "move": "move pad", "turn": "turn c5 left",
    "end": "end", "remove": "remove c5",
}
"""The form of each order whose first word is known (from ``EXPECTED``), for one begun but not whole."""


def incomplete(text: str, verb: MoveKind) -> InvalidMoveError:
    """An order whose first word is known but whose rest does not read (``place tank c2``): the
    form of that order, not of every order."""
    return InvalidMoveError("battle_island.incomplete_order", f"not a whole {verb} order: {text!r}", move=text,
                            example=FORMS[verb])


def invalid(text: str) -> InvalidMoveError:
    return InvalidMoveError(
        "battle_island.invalid_move", f"not an action: {text!r}; expected {EXPECTED}", move=text, expected=EXPECTED
    )


def _square(word: str, text: str, verb: MoveKind | None = None) -> str:
    """``word`` as a square; one written as a square but off the island is named (``z5``), any
    other word is no square: the form of ``verb``'s order when it is known, else every form."""
    if SHAPED.match(word) and not SQUARE.match(word):
        raise InvalidMoveError("battle_island.not_a_square", f"{word!r} is off the island: {text!r}", square=word)
    if not SQUARE.match(word):
        raise invalid(text) if verb is None else incomplete(text, verb)
    return word


def parse(text: str) -> BattleIslandMove:
    """Read one action; ``InvalidMoveError`` (with the expected forms) when it is not notation.
    Typographic dashes (``c2–c5``) are the hyphen (``engines.core.move_text``)."""
    line = re.sub(r"\s*-\s*", "-", plain_dashes(text).strip().lower()).replace(",", " ")
    words = re.sub(r"^([a-l]\d{1,2})x([a-l]\d{1,2})$", r"\1 x \2", line).split()  # c5xc8
    if not words:
        raise invalid(text)
    # Moves are written as squares: "c2-c5", "c2-c4 left", "c2 left", "c5 x c8".
    if SHAPED.match(words[0].split("-")[0]):
        if len(words) == 3 and words[1] in ("x", "shoot"):
            return ShootAction(square=_square(words[0], text), to=_square(words[2], text))
        frm, dash, to = words[0].partition("-")
        if dash and not to:
            raise invalid(text)
        side = None
        if len(words) == 2:
            side = SIDES.get(words[1])
            if side is None:
                raise invalid(text)
        elif len(words) > 2:
            raise invalid(text)
        return MoveAction(square=_square(frm, text), to=_square(to, text) if to else None, side=side)
    verb = VERBS.get(words[0])
    args = words[1:]
    if verb is None:
        raise invalid(text)
    if verb == "roll" and not args:
        return RollAction()
    if verb == "end" and not args:
        return EndAction()
    if verb == "block" and len(args) == 1:
        return BlockAction(square=_square(args[0], text, verb))
    if verb == "arm" and args:
        return ArmAction(squares=tuple(sorted(_square(a, text, verb) for a in args)))
    if verb == "place" and len(args) == 3 and args[0] in UNITS and args[2] in FACINGS:
        return PlaceAction(unit=UNITS[args[0]], square=_square(args[1], text, verb), facing=FACINGS[args[2]])
    if verb == "pad":
        if len(args) == 1 and args[0] in SIDES:
            return ShiftAction(side=SIDES[args[0]])
        letters = list(args[0]) if len(args) == 1 and all(ch in "sjt" for ch in args[0]) else args
        if letters and all(a in UNITS for a in letters):
            return PadAction(order=tuple(UNITS[a] for a in letters))
        raise incomplete(text, verb)
    if verb == "move":
        if args == ["pad"]:
            return PadOptionAction()
        if len(args) in (1, 2) and SQUARE.match(args[0].split("-")[0]):
            return parse(" ".join(args))
        raise incomplete(text, verb)
    if verb == "shoot" and len(args) in (1, 2):
        return ShootAction(square=_square(args[0], text, verb), to=_square(args[1], text, verb) if len(args) == 2 else None)
    if verb == "reinforce" and len(args) == 1 and args[0].isdigit():
        return ReinforceAction(slot=int(args[0]))
    if verb == "turn" and len(args) == 2 and args[1] in SIDES:
        return TurnAction(square=_square(args[0], text, verb), side=SIDES[args[1]])
    if verb == "remove":
        if len(args) == 2 and args[0] == "pad" and args[1].isdigit():
            return RemoveAction(slot=int(args[1]))
        if len(args) == 1:
            return RemoveAction(square=_square(args[0], text, verb))
    raise incomplete(text, verb)


def complete(move: BattleIslandMove, legal: Callable[[], list[BattleIslandMove]]) -> BattleIslandMove:
    """Fill in what the short forms leave out (``shoot c5``, ``c2 left``, ``move c2``) from
    the one legal move they can mean; unchanged when none or several fit. ``legal`` is only
    called for a short form."""
    if move.kind == "shoot" and move.to is None:
        shots = [m for m in legal() if m.kind == "shoot" and m.square == move.square]
        return shots[0] if len(shots) == 1 else move
    if move.kind == "move" and move.to is None:
        steps = [m for m in legal() if m.kind == "move" and m.square == move.square and m.side == move.side]
        return steps[0] if len(steps) == 1 else move
    return move

