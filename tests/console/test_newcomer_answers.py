"""A newcomer's first hour at the console: answers that say what was wrong and what is right,
in the words the rules pages use, in English and Dutch."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console.app import run_console

SEED = bytes(32)


async def console(script: str, tmp_path: Path, language: str = "en") -> str:
    out = io.StringIO()
    await run_console(str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script), out, seed=SEED,
                      language=language, clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    return out.getvalue()


async def test_buying_a_unit_that_does_not_exist_names_it_and_the_units_there_are(tmp_path):
    """`buy 3 zeppelins` was answered with the form of every order of the game; now with the word
    that is no unit and the units, each with the short name orders use."""
    script = "/match create game:axis_allies computer:easy\n/move buy 3 zeppelins\n"
    text = await console(script, tmp_path)
    assert "“zeppelins” is not a unit (in “buy 3 zeppelins”)" in text
    assert "`inf` (infantry), `arm` (tank), `ftr` (fighter)" in text and "`ic` (industrial complex)." in text
    dutch = await console(script, tmp_path / "nl", "nl")
    assert "“zeppelins” is geen eenheid" in dutch and "`ftr` (gevechtsvliegtuig)" in dutch


async def test_the_players_move_is_printed_before_the_computers_reply(tmp_path, monkeypatch):
    """The computer answers in its own task; when it answered while the player's move was still
    being answered (its picture drawn), its reply was printed first and the player's move after
    it. The computer's post now waits for the answer to the command being run."""
    from bot.console.app import ConsoleApp
    from bot.services.delivery import ChannelPost, Delivery

    out = io.StringIO()
    app = ConsoleApp(out, tmp_path / "out")
    await app.open(str(tmp_path / "db.sqlite3"), seed_source=lambda: SEED,
                   clock=ManualClock(datetime(2026, 1, 1, tzinfo=UTC)))
    assert app.services is not None
    await app.services.start()
    try:
        create = app.services.matches.create

        async def create_while_the_computer_answers(*args, **kwargs):
            answer = await create(*args, **kwargs)
            # The computer's reply arrives through the services' own delivery, before the
            # command's answer is printed.
            await app.services.computer.deliver([Delivery(ChannelPost("general"), ("the computer's reply",), "en")])
            return answer

        monkeypatch.setattr(app.services.matches, "create", create_while_the_computer_answers)
        await app.handle("/match create game:heroes_cities opponent:bob")
    finally:
        await app.services.close()
    text = out.getvalue()
    assert "you opened match #1" in text and "the computer's reply" in text
    assert text.index("you opened match #1") < text.index("the computer's reply")
