"""Replays, the stepper, history at a move, the catch-up, /odds, /note and the rematch in the console."""

from __future__ import annotations

from tests.console.test_transcripts import transcript


async def test_replay_history_catchup_notes_odds_and_rematch(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:heroes_cities opponent:bob\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as bob: /move f9-e7\n"
        "as alice: /move c2-a2\n"
        "as bob: /match catchup\n"
        "as carol: /match history at:1\n"
        "as carol: /match history at:7\n"
        "as alice: /note text:\"watch e7\"\n"
        "as alice: /note\n"
        "as bob: /note\n"
        "as carol: /odds attack:\"3 inf 2 arm 1 ftr\" defend:\"4 inf 1 aa\"\n"
        "as carol: /odds attack:\"3 tnk\" defend:inf\n"
        "as carol: /match replay\n"
        "as carol: /button replay at:2\n"
        "as alice: /match resign\n"
        "as carol: /button rematch\n"
        "as alice: /button rematch\n"
        "as bob: /button rematch\n"
        "as bob: /match status\n"
    )
    text = await transcript(script, tmp_path)
    assert "[bob, only you] Since your last move in Heroes & Cities (Helden & Steden) (moves: 1):" in text
    assert "after move 1 of 2" in text and "There is no move 7" in text
    assert "Note kept with match #1" in text and "watch e7" in text and "You have no notes on match #1" in text
    assert "Attacker wins 93.0%" in text and "“tnk” is no unit" in text
    assert "Replay of match #1" in text and "(/button replay at:1)" in text
    assert "▶ 2. alice: `c2-a2`" in text
    assert "Rematch (/button rematch)" in text and "Only the players of this match" in text
    assert "Waiting for: bob" in text and "Rematch of match #1, seats turned: bob, alice." in text
    assert text.count("watch e7") == 2  # the command echoed and alice's own listing: nowhere else


async def test_a_rematch_of_a_game_that_sets_its_own_time_is_made(tmp_path):
    """Militakiri's rulebook sets its time (the match stores the rulebook's hours): the rematch
    carried them over as if the players had set a time, and the game refused it ("sets its time
    with its own option"); the rematch is made with the same options, the rulebook's time again."""
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:militakiri opponent:bob\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as alice: /match resign\n"
        "as alice: /button rematch\n"
        "as bob: /button rematch\n"
        "as bob: /match status\n"
    )
    text = await transcript(script, tmp_path)
    assert "sets its time" not in text, text[-1500:]
    assert "Rematch of match #1, seats turned: bob, alice." in text


async def test_a_rematch_of_a_casual_match_is_casual_with_the_same_options(tmp_path):
    """The rematch is the same game and options: a casual match's rematch was made rated (its end
    would have changed both ratings), the time and the game's options are carried as they were."""
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:masters_victory opponent:bob rated:false deadline:72h movement:straight\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as alice: /match resign\n"
        "as alice: /button rematch\n"
        "as bob: /button rematch\n"
        "as bob: /match status\n"
    )
    text = await transcript(script, tmp_path)
    made = text.split("Rematch of match #1")[1]
    assert "Match #2" in made and "A casual match: its end changes no rating." in made, made
    assert "72" in made.split("as bob: /match status")[1]


async def test_history_marks_a_capture_and_a_battle_on_the_console(tmp_path):
    """The console twin of the fake Discord's: the capture (Helden & Steden) and the shot that hit
    (Slag om het Eiland: a battle) are marked on their lines of /match history and at the move."""
    from tests.bot.marked_moves import moves_to_a_mark
    from tests.console.test_transcripts import SEED

    players = {0: "alice", 1: "bob"}
    lines, expected = [], []
    for slug, mark, word, rng_seed in (("heroes_cities", "capture", "⚔ capture", 1), ("battle_island", "battle", "🎲 battle", 3)):
        where = f" in {slug}"
        lines += [f"as alice{where}: /match create game:{slug} opponent:bob", f"as bob{where}: /match join",
                  f"as alice{where}: /match start"]
        moves = moves_to_a_mark(slug, SEED, mark, rng_seed=rng_seed)
        lines += [f"as {players[seat]}{where}: /move {text}" for seat, text in moves]
        lines += [f"as carol{where}: /match history page:{(len(moves) + 19) // 20}",
                  f"as carol{where}: /match history at:{len(moves)}"]
        expected.append((word, len(moves), moves[-1][1]))
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    text = await transcript(script, tmp_path)
    for word, number, move in expected:
        marked = [line for line in text.splitlines() if word in line]
        assert any(line.strip().startswith(f"{number}. ") and f"`{move}`" in line for line in marked), text[-3000:]
        assert any(f"▶ {number}. " in line for line in marked), text[-3000:]
    assert sum("🎲 battle" in line for line in text.splitlines()) == 2  # the history's line and the one at the move
