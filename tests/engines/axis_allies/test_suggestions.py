"""autocomplete in the combat move without listing every legal move first.

``AxisAllies.suggest_moves`` (``SuggestingGame``) must give what the generic filter over
``legal_moves`` gives (``MatchService.suggestions_at``: texts that start with what was typed, then
texts that contain it), while checking only the destinations whose text fits."""

from __future__ import annotations

import random

from engines.axis_allies import movement
from engines.axis_allies.moves import format_move
from engines.core.contract import Outcome, SuggestingGame

from .conftest import ENGINE, play, seat_to_act

TYPED = ["", "m", "move 1 inf", "ger", "end", "unload", "move 1 ftr western europe -> ", "karelia", "load 1",
         "zz", "-> e", " Move 1 ARM ", "buy", "attack", "lose 1"]
LIMIT = 25


def generic(legal: list[str], typed: str, limit: int) -> list[str]:
    """What the services do for a game that does not suggest by itself, over the texts of the
    legal moves."""
    needle = typed.strip().lower()
    starts = [m for m in legal if m.lower().startswith(needle)]
    contains = [m for m in legal if needle in m.lower() and m not in starts]
    return (starts + contains)[:limit]


def random_positions(seed: int, count: int) -> list:
    rng = random.Random(seed)
    state = ENGINE.setup(3)
    positions = []
    while len(positions) < count and ENGINE.result(state) is None:
        spec = ENGINE.chance(state)
        if spec is not None:
            state = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(6) for _ in spec.sizes)))
            continue
        seat = seat_to_act(state)
        positions.append((state, seat))
        moves = ENGINE.legal_moves(state, seat)
        ends = [m for m in moves if m.kind == "end"]
        state = ENGINE.apply(state, seat, ends[0] if ends and rng.random() < 0.2 else rng.choice(moves))
    return positions


def test_axis_allies_suggests_by_itself():
    assert isinstance(ENGINE, SuggestingGame)


def test_suggestions_are_the_filtered_legal_moves_in_every_phase():
    positions = random_positions(11, 150)
    phases = {state.phase for state, _ in positions}
    assert {"combat_move", "combat", "noncombat_move", "purchase"} <= phases
    for state, seat in positions:
        legal = [format_move(m) for m in ENGINE.legal_moves(state, seat)]  # listed once a position
        for typed in TYPED:
            for limit in (LIMIT, 3):
                assert ENGINE.suggest_moves(state, seat, typed, limit) == generic(legal, typed, limit), (
                    state.phase, typed, limit)


def test_a_seat_not_to_act_gets_no_suggestions():
    state = ENGINE.setup(2)
    assert ENGINE.suggest_moves(state, 1, "", LIMIT) == []


def test_the_combat_move_checks_only_what_it_shows(monkeypatch):
    """Germany's opening combat move has hundreds of legal moves: the first 25 suggestions, or those
    naming one territory, check a fraction of the destinations."""
    state = play(ENGINE.setup(2), "end", "end", "end", "end", "end", "end", "end", "end")
    assert (state.power, state.phase) == ("germany", "combat_move")
    seat = seat_to_act(state)
    legal = ENGINE.legal_moves(state, seat)
    checked = []
    real = movement.check_move
    monkeypatch.setattr(movement, "check_move", lambda *args, **kw: checked.append(args) or real(*args, **kw))
    assert len(ENGINE.suggest_moves(state, seat, "", LIMIT)) == LIMIT
    assert len(checked) < len(legal) / 4
    checked.clear()
    suggested = ENGINE.suggest_moves(state, seat, "karelia", LIMIT)
    assert suggested and all("karelia" in text.lower() for text in suggested)
    assert len(checked) < len(legal) / 4
