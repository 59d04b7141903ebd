"""On the console: standing casualty orders, ``attack ... until done``,
``/orders`` played all or nothing, and ``undo`` (refused after dice)."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console.app import run_console
from engines.axis_allies.engine import AxisAllies
from engines.core.record import MoveEvent, OrdersEvent, Record, replay
from tests.console.test_transcripts import ROOT, SEED

START = (
    "as alice: /match create game:axis_allies opponent:bob\n"
    "as bob: /match join\n"
    "as alice: /match start\n"
)
USSR_ATTACK = (
    "as alice: /orders buy 8 inf; end; move 3 inf Caucasus -> Ukraine S.S.R.; "
    "move 1 arm Karelia S.S.R. -> Ukraine S.S.R.; move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.; end\n"
)


async def console(script: str, tmp_path: Path, start: str = START) -> str:
    """The console's output for ``start`` (by default an A&A match of alice and bob) then ``script``."""
    out = io.StringIO()
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    await run_console(
        str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(start + script), out, seed=SEED, clock=clock
    )
    return out.getvalue()


def exported(tmp_path: Path) -> Record:
    return Record.model_validate(json.loads((tmp_path / "out" / "scheids-axis_allies-1.json").read_text()))


async def test_a_battle_resolves_by_standing_orders_in_one_command_and_replays(tmp_path):
    text = await console(
        "as bob: /standing casualties default\n"
        "as alice: /standing casualties keep 1 ftr, last arm\n"
        + USSR_ATTACK
        + "as alice: /move attack Ukraine until done\n"
        "as alice: /match export\n",
        tmp_path,
    )
    attack = text[text.index("> as alice: /move attack Ukraine until done"):]
    assert "bob's standing order played `lose" in attack
    assert "Ukraine S.S.R." in attack and "combat: every battle is fought" in attack
    record = exported(tmp_path)
    orders = [e.event for e in record.entries if isinstance(e.event, OrdersEvent)]
    assert [(o.seat, o.text) for o in orders] == [(1, "casualties default"), (0, "casualties keep 1 ftr, last arm")]
    # The casualties taken are in the record as the owners' ordinary moves: a replay needs no order.
    losses = [e.event for e in record.entries if isinstance(e.event, MoveEvent) and e.event.text.startswith("lose")]
    assert {event.seat for event in losses} <= {0, 1} and any(event.seat == 1 for event in losses)
    engine = AxisAllies()
    state = replay(engine, engine.options_model.model_validate(record.options), [e.event for e in record.entries])
    assert state.battle is None and state.phase == "combat" and state.fights[-1].territory == "ukraine_ssr"


async def test_without_standing_orders_the_owner_is_asked_and_an_order_given_then_answers(tmp_path):
    text = await console(
        USSR_ATTACK + "as alice: /move attack Ukraine until done\nas alice: /standing casualties default\n", tmp_path
    )
    attack = text[text.index("> as alice: /move attack Ukraine until done"):text.index("> as alice: /standing")]
    assert "USSR loses 2 units in Ukraine S.S.R.: choose them" in attack and "standing order" not in attack
    answered = text[text.index("> as alice: /standing"):]
    assert "alice's standing order played `lose 2 inf`" in answered


async def test_orders_with_a_failing_line_play_nothing(tmp_path):
    text = await console(
        "as alice: /orders buy 8 inf; end; move 3 inf Caucasus -> Ukraine S.S.R.; move 9 inf Russia -> Ukraine; end\n"
        "/match history\n",
        tmp_path,
    )
    assert "Line 4 (`move 9 inf Russia -> Ukraine`) was refused, so none of these orders was played:" in text
    assert "You have 4 × infantry in Russia, not 9." in text
    assert "No moves" in text or "played `buy" not in text


async def test_orders_may_roll_dice_only_on_their_last_line(tmp_path):
    text = await console(
        USSR_ATTACK + "as alice: /orders attack Ukraine until done; end\n"
        "as alice: /orders attack Ukraine until done\n",
        tmp_path,
    )
    assert "Line 1 (`attack Ukraine until done`) rolls dice: it must be the last line" in text
    assert text.count("played `attack Ukraine S.S.R. until done`") == 1


async def test_undo_takes_back_an_order_and_is_refused_after_dice(tmp_path):
    text = await console(
        "as alice: /orders buy 8 inf; end; move 3 inf Caucasus -> Ukraine S.S.R.\n"
        "as alice: /move undo\n"
        "as alice: /orders move 3 inf Caucasus -> Ukraine S.S.R.; end; attack Ukraine\n"
        "as alice: /move undo\n",
        tmp_path,
    )
    first = text[text.index("> as alice: /move undo"):]
    assert "alice played `undo`." in first.split("\n> ")[0]
    last = text[text.rindex("> as alice: /move undo"):]
    assert "There is no order to take back" in last


async def test_a_turn_summary_is_posted_when_a_power_ends_its_turn_and_history_shows_it(tmp_path):
    text = await console(
        "as alice: /standing casualties default\nas bob: /standing casualties default\n"
        + USSR_ATTACK
        + "as alice: /move attack Ukraine until done\n"
        "as alice: /orders end; end; place 4 inf Russia; place 4 inf Karelia; end\n"
        "/match history\n",
        tmp_path,
    )
    posted = text[text.index("[#general] Turn summary: round 1, USSR"):text.index("> /match history")]
    posted = posted.split("\n[DM to")[0] + "\n"  # without the turn notice that follows it
    assert "Bought: 8 infantry (24 IPCs)." in posted
    assert "Moves: move 3 inf Caucasus -> Ukraine S.S.R., move 1 arm" in posted
    assert "Battle in Ukraine S.S.R.: USSR against Germany" in posted
    assert "round 1, attacker: 3, 4, 6, 4, 4 (hits: 0)" in posted and "Germany lost" in posted
    assert "Income: 24 IPCs (24 in the bank)." in posted
    history = text[text.index("> /match history"):]
    assert "Turn summaries, page 1 of 1:" in history
    assert posted.split("\n", 1)[1].strip() in history, "history shows the same summary"


COMMANDS_PER_ROUND_BEFORE = 68
"""The ``/move`` commands one round of the 2-player example took before standing orders (examples/
axis_allies.txt at commit f85007d: one command per order and per battle decision)."""


def round_commands(script: str) -> list[str]:
    """The commands a script gives during play: every command after ``/match start`` except the
    ones that only look (``/match`` status, verify, export, history; ``/board``, ``/territory``)."""
    lines = [line for line in script.splitlines() if line.strip() and not line.startswith("#")]
    started = next(i for i, line in enumerate(lines) if "/match start" in line)
    looks = ("/match ", "/board", "/territory")
    return [line for line in lines[started + 1 :] if not any(look in line for look in looks)]


async def test_the_example_plays_a_round_of_five_powers_in_a_third_of_the_commands(tmp_path, capsys):
    script = (ROOT / "examples" / "axis_allies.txt").read_text()
    commands = round_commands(script)
    with capsys.disabled():
        print(f"\nAxis & Allies, one round of 5 powers (2 players): {len(commands)} commands "
              f"(before {COMMANDS_PER_ROUND_BEFORE})")
    assert len(commands) <= COMMANDS_PER_ROUND_BEFORE // 3
    assert any("/standing" in c for c in commands) and any("/orders" in c for c in commands)
    out = io.StringIO()
    await run_console(
        str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script), out, seed=SEED,
        clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)),
    )
    text = out.getvalue()
    played = text.split("> /match status")[0].split("\n> ")[1:]
    refused = [block for block in played if block.split("\n")[0] in commands and "only you" in block]
    assert not refused, f"every command of the round is accepted: {refused[:1]}"
    for power in ("USSR", "Germany", "United Kingdom", "Japan", "United States"):
        assert f"Turn summary: round 1, {power}" in text
    assert "Game over: a draw. The round limit (1)" in text
