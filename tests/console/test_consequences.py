"""End to end on the console: short matches of Helden &
Steden, Militakiri, Masters Victory and Slag om het Eiland whose replies must say their captures,
promotions and blocks revealed (in English and in Dutch), after the move line and before whose
turn it is."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from pathlib import Path

from bot.clock import ManualClock
from bot.console.app import run_console
from tests.console.test_transcripts import SEED

START = "as alice: /match create game:{game} opponent:bob\nas bob: /match join\nas alice: /match start\n"


async def replies(game: str, moves: list[tuple[str, str]], tmp_path: Path, language: str = "en") -> str:
    """The console's output for a match of ``game`` with ``moves`` (player, move text)."""
    script = START.format(game=game) + "".join(f"as {who}: /move {text}\n" for who, text in moves)
    out = io.StringIO()
    clock = ManualClock(datetime(2026, 1, 1, tzinfo=UTC))
    await run_console(
        str(tmp_path / "db.sqlite3"), str(tmp_path / "out"), io.StringIO(script), out,
        seed=SEED, language=language, clock=clock,
    )
    return out.getvalue()


def reply_to(text: str, move: str) -> str:
    """The channel reply to the (last) move whose text is ``move``."""
    marker = f"played `{move}`." if "played `" in text else f"speelde `{move}`."
    block = text[text.rindex(marker):]
    return block.split("\n> ", 1)[0]


HEROES = [  # the seed's start roll lets bob (blue) begin
    ("bob", "f9-f7"), ("alice", "d2\u2013d4"), ("bob", "f7-d6"), ("alice", "d4-e7"), ("bob", "d9-f8"),
]


async def test_heroes_cities_replies_say_the_hero_and_the_capture(tmp_path):
    text = await replies("heroes_cities", HEROES, tmp_path)
    hero = reply_to(text, "d2-d4")  # typed with an en dash, read as d2-d4
    assert "The attacker on d4 ends in an own city and becomes a hero." in hero
    capture = reply_to(text, "d9-f8")
    assert "Enclosed and captured: alice's hero on e7." in capture
    assert capture.index("captured") < capture.index("is to move")


async def test_heroes_cities_replies_in_dutch(tmp_path):
    text = await replies("heroes_cities", HEROES, tmp_path, language="nl")
    assert "De aanvaller op d4 eindigt in een eigen stad en wordt een held." in reply_to(text, "d2-d4")
    assert "Ingesloten en geslagen: de held van alice op e7." in reply_to(text, "d9-f8")


MILITAKIRI = [
    ("alice", "towers b1 f2 c3"), ("bob", "towers a12 c11 b10"),
    ("bob", "d10-d9"), ("alice", "d3-e4"), ("bob", "d9-d8"), ("alice", "e4-d5"), ("bob", "d8-d7"),
    ("alice", "a3-a4"), ("bob", "d7-d6"), ("alice", "d5xd6"), ("bob", "f10-f9"), ("alice", "a4-a5"),
    ("bob", "f9-f8"), ("alice", "a5-a6"), ("bob", "f8-f7"), ("alice", "a2-a3"), ("bob", "f7-f6"),
    ("alice", "d6xf6"), ("alice", "T@d3"),
]


async def test_militakiri_replies_say_the_capture_and_the_promotion(tmp_path):
    text = await replies("militakiri", MILITAKIRI, tmp_path)
    assert "Both setups now stand on the board." in text
    assert "The cross pawn takes bob's plus pawn on d6 and goes on top: rank 2." in reply_to(text, "d5xd6")
    promotion = reply_to(text, "d6xf6")
    assert "The cross rank 2 takes bob's plus pawn on f6 and goes on top: rank 3." in promotion
    assert "Rank 3 is exchanged for a reserve cross tower; the rank leaves the board." in promotion
    # why alice is to move again
    assert "alice places the tower now on a free square of their setup zone (T@square); then the turn passes." in promotion
    assert "alice (red) is to move" in promotion


async def test_militakiri_replies_in_dutch(tmp_path):
    text = await replies("militakiri", MILITAKIRI, tmp_path, language="nl")
    promotion = reply_to(text, "d6xf6")
    assert "Rang 3 wordt ingeruild voor een reserve kruis toren; de rang gaat van het bord." in promotion


MASTERS = [
    ("alice", "setup f11223m t11223m s11223m"), ("bob", "setup f11223m t11223m s11223m"),
    ("bob", "q10\u2014g10"), ("bob", "end"), ("alice", "a6-e6"), ("alice", "end"),
    ("bob", "g10xb5"), ("bob", "end"), ("alice", "b7-g7"),
]


async def test_masters_victory_replies_say_the_elimination_not_the_winner(tmp_path):
    text = await replies("masters_victory", MASTERS, tmp_path)
    assert "Both players have placed their back-numbers (secretly)." in text
    assert "bob may move 2 more pieces this turn, or end it." in reply_to(text, "q10-g10")
    attack = reply_to(text, "g10xb5")
    assert "R1: alice's fighter 2 on b5 is eliminated." in attack
    # the winner (bob's fighter 3M) stays hidden: no number of it anywhere in the channel
    assert "3M" not in attack and " m " not in attack


def island_moves(until: str) -> list[tuple[str, str]]:
    """The moves of the shipped Slag om het Eiland example (the same seed) up to ``until``; the
    jeep's first move typed with an en dash."""
    moves = []
    for line in (Path(__file__).parents[2] / "examples" / "battle_island.txt").read_text().splitlines():
        if line.startswith("as ") and ": /move " in line:
            who, text = line[3:].split(": /move ", 1)
            moves.append((who, text.replace("j2-j5", "j2\u2013j5")))
            if text == until:
                return moves
    raise AssertionError(f"{until} is not in the example")


async def test_battle_island_replies_say_live_or_safe_and_who_went(tmp_path):
    text = await replies("battle_island", island_moves("shoot c2 c6"), tmp_path)
    assert "alice played `j2-j5`." in text  # typed with an en dash
    safe = reply_to(text, "j5-j9")
    assert "The obstacle block on j9 was safe: it is removed and harms nobody." in safe
    hit = reply_to(text, "shoot i11 g11")
    assert "Hit: bob's tank on g11 leaves the island." in hit
    assert hit.index("leaves the island") < hit.index("is to move")
    live = reply_to(text, "shoot c2 c6")
    assert "💥 The obstacle block on c6 was live." in live and "Nobody stood in the blast on c6." in live
    # why the same seat acts again, and why the turn passes
    assert "A zero: alice rolls again once a zero option is chosen (rule 2)." in reply_to(text, "roll")
    assert "Only the character on c2 may move with the 3 (rule 2a); all may still shoot." in reply_to(text, "turn c2 right")
    assert "None of bob's characters can use the whole 5: the opponent removes one of them for free, and that ends bob's turn (rule 1a)." in text
    assert "Removed for free (rule 1a): bob's tank on i12." in text


async def test_battle_island_replies_in_dutch(tmp_path):
    text = await replies("battle_island", island_moves("shoot c2 c6"), tmp_path, language="nl")
    assert "Het obstakelblok op j9 was veilig: het wordt weggenomen en raakt niemand." in reply_to(text, "j5-j9")
    assert "Raak: tank van bob op g11 verlaat het eiland." in reply_to(text, "shoot i11 g11")
    assert "💥 Het obstakelblok op c6 was levend." in reply_to(text, "shoot c2 c6")


AXIS_ALLIES = [  # the shipped example's first turn: the USSR's attack on Ukraine, held by Germany
    ("alice", "buy 8 inf"), ("alice", "end"), ("alice", "move 3 inf Caucasus to Ukraine"),
    ("alice", "move 1 arm Karelia \u2192 Ukraine"), ("alice", "move 1 ftr Karelië -> Oekraïne"), ("alice", "end"),
    ("alice", "attack Ukraine"), ("alice", "lose 2 inf"), ("alice", "continue"), ("bob", "lose 2 inf"),
    ("alice", "lose 1 inf 1 arm"), ("alice", "continue"), ("bob", "lose 1 inf"), ("alice", "end"), ("alice", "end"),
    ("alice", "end"), ("alice", "place 8 inf Russia"), ("alice", "end"),
]


async def test_axis_allies_replies_say_losses_the_battles_end_income_and_the_next_power(tmp_path):
    """A&A battles ended with the dice only; now the replies say each round's losses,
    who held, the placement step's refusal, the income and whose power is next. Seats name the
    powers each player plays; map labels, Dutch names and `to`/`→` arrows are read."""
    text = await replies("axis_allies", AXIS_ALLIES, tmp_path)
    assert "Seats: alice (red: USSR, United Kingdom, United States), bob (grey: Germany, Japan)." in text
    assert "USSR buys 8 infantry for 24 IPCs (0 left)." in reply_to(text, "buy 8 inf")
    first_loss = text[text.index("played `lose 2 inf`."):].split("\n> ", 1)[0]
    assert "Battle in Ukraine S.S.R., round 1: USSR loses 2 infantry." in first_loss
    end = reply_to(text, "lose 1 inf")
    assert "Germany holds Ukraine S.S.R.: the attack of USSR is wiped out." in end
    assert end.index("wiped out") < end.index("is to move")
    assert "place 8 inf Karelia S.S.R." in text  # the placement step's example is the USSR's own
    last = reply_to(text, "end")
    assert "USSR collects 24 IPCs of income (24 in the bank)." in last
    assert "Next in the turn order: Germany, played by bob." in last
    assert "S.S.R.." not in text


async def test_axis_allies_replies_in_dutch(tmp_path):
    text = await replies("axis_allies", AXIS_ALLIES[:8], tmp_path, language="nl")
    assert "Plaatsen: alice (rood: U.S.S.R., Verenigd Koninkrijk (Engeland), Verenigde Staten)" in text
    # Dutch replies name the territories by their Dutch names (Oekraïne), the move text stays the record's
    assert "Gevecht in Oekraïne, ronde 1: U.S.S.R. verliest 2 infanterie." in reply_to(text, "lose 2 inf")
    assert "Ukraine S.S.R., ronde" not in text
    assert "speelde `move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.`" in text  # Dutch names read
