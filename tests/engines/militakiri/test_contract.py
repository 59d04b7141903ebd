"""The engine against the referee's contract (engines/core/contract.py) and the bot's needs: what
is particular to this game (what every engine must do is tests/engines/conformance's)."""

from __future__ import annotations

from engines.core.contract import Engine
from engines.core.record import MoveEvent, StartEvent, replay, resolve_chance
from engines.militakiri import Militakiri, MilitakiriOptions

from .conftest import SINGLE_SETUP


def test_is_an_engine(engine):
    assert isinstance(engine, Engine)
    assert engine.slug == "militakiri" and engine.colours == ("red", "blue")
    assert (engine.min_players, engine.max_players) == (2, 2)


def test_replay_with_secret_setups_and_random_setup(engine):
    """The record replays: secret setup moves, the random-setup chance node and the start roll."""
    options = MilitakiriOptions()
    state = engine.setup(2, options)
    events: list = [StartEvent(players=2)]
    for seat, text in ((1, "setup random"), (0, SINGLE_SETUP[0])):
        move = engine.parse_move(text, state, seat)
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=engine.is_secret(move, state)))
        state = engine.apply(state, seat, move)
    state, chance = resolve_chance(engine, state, bytes(32), 0)
    assert chance[0].kind == "random_setup_blue"
    events.extend(chance)
    for _ in range(6):
        (seat,) = engine.to_act(state)
        move = engine.legal_moves(state, seat)[0]
        events.append(MoveEvent(seat=seat, text=engine.format_move(move, state), move=move.model_dump(mode="json")))
        state = engine.apply(state, seat, move)
    assert replay(engine, options, events) == state
    assert Militakiri().result(state) is None
