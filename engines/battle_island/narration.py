"""What an action of Slag om het Eiland did, in words (``NarratingGame.describe_move``).

Which blocks are live is secret until a block is activated ("Beide spelers mogen niet naar de
onderkant van de obstakelblokken kijken"). So this module reads no state at all: only the
channel's views before and after the action (``view(state, None)``) and the public action
itself. It can say no more than the channel already sees:

* a shot: the character it hit, or the block it hit and whether that was live or safe
  ("Een doel schieten"); the characters caught in the crossfire on its line of fire (rule 10,
  decision 11);
* a block activated by a landing or an entry (decisions 9, 14): live or safe;
* a live block's blast: the characters it took, by owner, kind and square, and the blocks it
  set off, live or safe, with their own blasts (decision 10);
* a zero option chosen (reinforcement, moving the pad, a turn), a reinforcement brought on
  under rule 4, the pad moving (decision 3);
* why the same seat acts again: a zero (rule 2), another zero (the options start over), only
  the named character may move (rule 2a); that the roll cannot be used (rule 1a coming, or the
  roll lost after a zero option);
* why the turn passes or who acts: a roll lost, the free removals (rules 1a, 1b), a turn that
  must begin with a character brought on (rule 4);
* in the setup, the secret ``arm``: only that a seat marked its blocks, never which.

Placing blocks and characters and filling a pad say nothing more than their text. The end of
the game is worded by the result, not here.
"""

from __future__ import annotations

from typing import Any

from engines.battle_island import board
from engines.battle_island.moves import BattleIslandMove, MoveAction, ReinforceAction, RemoveAction
from engines.battle_island.view import BattleIslandView, RevealedBlockView
from engines.core.contract import Seat

Line = tuple[str, dict[str, Any]]
Who = tuple[Seat, str]
"""A character as the words name it: owner and kind."""

KINDS = ("soldier", "jeep", "tank")
ROLLS = ("roll", "reinforce", "pad_option", "turn")
"""Actions after which the referee rolls at once (``roll``, and a zero option or rule 4's entry)."""


def describe_move(
    before: BattleIslandView, seat: Seat, move: BattleIslandMove, after: BattleIslandView
) -> tuple[Line, ...]:
    """Message codes + params of what ``seat``'s action did, from the channel's views only."""
    if move.kind == "arm":  # which blocks is the secret: only that the seat has chosen
        return (("battle_island.both_armed", {}),) if after.phase != "arm" else (("battle_island.armed", {"seat": seat}),)
    if before.phase != "play":
        return ()
    lines: list[Line] = []
    if move.kind == "shoot":
        lines += _shot(before, seat, after)
    elif move.kind == "move":
        lines += _landing(before, move, after)
        if move.side and move.to:
            lines.append(_facing("battle_island.now_faces", seat, move.to, after))
    elif move.kind == "reinforce":
        lines += _entry(before, seat, move, after)
    elif move.kind == "turn":
        lines.append(_facing("battle_island.zero_turn", seat, move.square, after))
    elif move.kind == "pad_option":
        lines.append(("battle_island.zero_pad", {"seat": seat}))
    elif move.kind == "shift":
        rocket = next(pad.rocket for pad in after.pads if pad.owner == seat)
        lines.append(("battle_island.pad_moved", {"seat": seat, "count": before.die, "file": rocket}))
    elif move.kind == "remove":
        lines.append(_removal(before, seat, move))
    elif move.kind == "end" and before.step == "move":
        lines.append(_lost_roll(before, seat, after))
    if after.result is not None:
        return tuple(lines)
    if move.kind in ROLLS:
        lines += _after_roll(before, seat, after)
    if after.turn != before.turn:
        lines += _turn_start(after)
    return tuple(lines)


# ---------------------------------------------------------------- who is where


def _island(view: BattleIslandView) -> dict[str, Who]:
    """Square -> owner and kind of every character on the island."""
    return {c.square: (c.owner, c.kind) for c in view.characters if c.square is not None}


def _facing(code: str, seat: Seat, square: str, after: BattleIslandView) -> Line:
    """The character on ``square`` after a quarter turn, with the way it faces now."""
    character = next(c for c in after.characters if c.square == square)
    return (code, {"seat": seat, "kind": character.kind, "square": square, "facing": character.facing})


def _pad_kind(view: BattleIslandView, seat: Seat, slot: int) -> str | None:
    pad = next((p for p in view.pads if p.owner == seat), None)
    return pad.slots[slot - 1] if pad is not None and 1 <= slot <= len(pad.slots) else None


def _new_reveals(before: BattleIslandView, after: BattleIslandView) -> list[RevealedBlockView]:
    """Blocks activated by this action, in the order they went (the first by a character,
    then the ones its blast set off). A block is activated once, and its square is its own."""
    known = {r.square for r in before.revealed}
    return [r for r in after.revealed if r.square not in known]


def _lost(standing: dict[str, Who], after: BattleIslandView) -> dict[str, Who]:
    """The characters of ``standing`` (as they stood once the action's move was made) that are
    no longer on the island afterwards."""
    now = _island(after)
    return {square: who for square, who in standing.items() if now.get(square) != who}


def _grouped(code: str, squares: list[str], lost: dict[str, Who], seat: Seat, **params: Any) -> list[Line]:
    """One line per owner and kind (the opponent's first), naming their squares; the kind in
    the plural (``soldiers``) for more than one."""
    lines: list[Line] = []
    for owner in (1 - seat, seat):
        for kind in KINDS:
            hit = sorted((s for s in squares if lost[s] == (owner, kind)), key=board.index)
            if hit:
                word = kind if len(hit) == 1 else f"{kind}s"
                lines.append((code, {**params, "seat": owner, "kind": word, "squares": hit}))
    return lines


def _consequences(
    reveals: list[RevealedBlockView],
    lost: dict[str, Who],
    seat: Seat,
    hit: str | None = None,
    caught: tuple[str, ...] = (),
) -> list[Line]:
    """The action's losses in the order the rules take them: the character hit, each activated
    block (live or safe) with what its blast took, then the crossfire on the line of fire."""
    lines: list[Line] = []
    told: set[str] = set()
    if hit is not None and hit in lost:
        owner, kind = lost[hit]
        lines.append(("battle_island.shot_hit", {"seat": owner, "kind": kind, "square": hit}))
        told.add(hit)
    for n, block in enumerate(reveals):
        first = "block" if n == 0 else "chain"
        if not block.live:
            lines.append((f"battle_island.{first}_safe", {"square": block.square}))
            continue
        lines.append((f"battle_island.{first}_live", {"square": block.square}))
        area = {block.square, *block.blast}
        taken = [s for s in lost if s in area and s not in told]
        told.update(taken)
        lines += _grouped("battle_island.blast_took", taken, lost, seat, square=block.square)
        if not taken:
            lines.append(("battle_island.blast_nobody", {"square": block.square}))
    crossfire = [s for s in caught if s in lost and s not in told]
    lines += _grouped("battle_island.crossfire", crossfire, lost, seat)
    return lines


# ---------------------------------------------------------------- actions


def _shot(before: BattleIslandView, seat: Seat, after: BattleIslandView) -> list[Line]:
    """"Een doel schieten" and rule 10, from the shot's public record (target, crossfire)."""
    action = after.actions[-1]
    standing = _island(before)
    target = action.to if action.to in standing else None
    return _consequences(_new_reveals(before, after), _lost(standing, after), seat, hit=target, caught=action.caught)


def _landing(before: BattleIslandView, move: MoveAction, after: BattleIslandView) -> list[Line]:
    """A move ending on an unactivated block activates it (decisions 8, 9)."""
    assert move.to is not None, "a move that was played has its destination filled in"
    standing = _island(before)
    mover = standing.pop(move.square)
    standing[move.to] = mover
    return _consequences(_new_reveals(before, after), _lost(standing, after), mover[0])


def _entry(before: BattleIslandView, seat: Seat, move: ReinforceAction, after: BattleIslandView) -> list[Line]:
    """Zero option 1 or rule 4: the pad character enters in front of its slot, and activates a
    block standing there (decision 14)."""
    action = next(a for a in reversed(after.actions) if a.kind == "reinforce")
    kind = _pad_kind(before, seat, move.slot)
    params = {"seat": seat, "kind": kind, "slot": move.slot, "square": action.to}
    code = "battle_island.zero_reinforce" if before.step == "zero" else "battle_island.brought_on"
    standing = _island(before)
    if kind is not None and action.to is not None:
        standing[action.to] = (seat, kind)
    return [(code, params), *_consequences(_new_reveals(before, after), _lost(standing, after), seat)]


def _removal(before: BattleIslandView, seat: Seat, move: RemoveAction) -> Line:
    """Rules 1a (an island character) and 1b (a pad character): the opponent's free removal."""
    victim = 1 - seat
    if move.slot is not None:
        kind = _pad_kind(before, victim, move.slot)
        return ("battle_island.removed_from_pad", {"seat": victim, "kind": kind, "slot": move.slot})
    assert move.square is not None, "a removal names a pad slot or a square"
    _, kind = _island(before)[move.square]
    return ("battle_island.removed_from_island", {"seat": victim, "kind": kind, "square": move.square})


def _lost_roll(before: BattleIslandView, seat: Seat, after: BattleIslandView) -> Line:
    """``end`` before any move: the roll could not be used (rule 15 refuses it otherwise). On an
    ordinary roll the opponent now removes a character (rule 1a, decision 15); after a zero
    option the roll is simply lost."""
    if after.step == "free_removal" and after.turn == before.turn:
        return ("battle_island.roll_lost_1a", {"seat": seat, "die": before.die})
    return ("battle_island.roll_lost", {"seat": seat, "die": before.die})


def _after_roll(before: BattleIslandView, seat: Seat, after: BattleIslandView) -> list[Line]:
    """Rule 2 and 2a: why the same seat acts again after the roll, and whether it can move."""
    zero_option = before.step == "zero"
    if after.step == "zero":
        return [("battle_island.zero_again", {})] if zero_option else [("battle_island.zero", {"seat": seat})]
    if after.step != "move" or after.pad_move:
        return []
    if not zero_option:
        return [] if after.movable else [("battle_island.all_blocked", {"seat": seat, "die": after.die})]
    if after.restricted is None:  # the character brought on went in a blast
        return [("battle_island.roll_unusable", {"die": after.die})]
    code = "battle_island.only_it_moves" if after.movable else "battle_island.only_it_stuck"
    return [(code, {"square": after.restricted, "die": after.die})]


def _turn_start(after: BattleIslandView) -> list[Line]:
    """A turn that does not start with the roll: rule 4 (bring one on first) or rule 1b (none
    can come on: the opponent removes one from the pad)."""
    if after.phase != "play" or after.to_move is None:
        return []
    if after.step == "bring_on":
        return [("battle_island.must_bring_on", {"seat": after.to_move})]
    if after.step == "free_removal":
        return [("battle_island.none_can_come_on", {"seat": after.to_move})]
    return []
