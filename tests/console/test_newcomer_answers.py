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
    assert "player opened match #1" in text and "the computer's reply" in text
    assert text.index("player opened match #1") < text.index("the computer's reply")


async def test_the_masters_victory_setup_line_shows_commands_typed_as_they_are_read(tmp_path):
    """The start said `/setup text:setup random`: Discord's option name and the setup's own word,
    which no player types. Each command the line shows now, typed as it stands, is taken (both
    languages show the same commands)."""
    import re
    import tomllib

    from tests.console.test_transcripts import ROOT

    messages = tomllib.loads((ROOT / "bot" / "i18n" / "messages" / "masters_victory.toml").read_text(encoding="utf-8"))
    shown = {language: re.findall(r"`(/setup [^`]+)`", messages["setup_step"][language]) for language in ("en", "nl")}
    assert shown["en"] == shown["nl"] and len(shown["en"]) == 2 and "text:" not in " ".join(shown["en"])
    text = await console("as alice: /match create game:masters_victory opponent:bob\nas bob: /match join\n"
                         "as alice: /match start\n" + "".join(f"as {who}: {command}\n"
                                                              for who, command in zip(("alice", "bob"), shown["en"])),
                         tmp_path)
    assert f"Each player first sends a secret setup: `{shown['en'][0]}`" in text
    assert text.count("Recorded, seen only by you: `setup ") == 2 and "Both players have placed their back-numbers" in text


async def test_a_move_before_the_masters_victory_setup_says_how_to_send_one(tmp_path):
    """A newcomer's first move before the setup was told "setup random, or your own back-numbers"
    without the command that sends one; the answer now shows it, as the start does."""
    script = "as alice: /match create game:masters_victory opponent:bob\nas bob: /match join\nas alice: /match start\n" \
             "as alice: /move a1-e1\n"
    text = await console(script, tmp_path)
    answer = text.split("> as alice: /move a1-e1", 1)[1]
    assert "`/setup random`" in answer and "`/rules game:masters_victory topic:setup`" in answer
    dutch = await console(script, tmp_path / "nl", "nl")
    assert "`/setup random`" in dutch.split("> as alice: /move a1-e1", 1)[1]
