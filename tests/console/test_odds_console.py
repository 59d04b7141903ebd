"""``/odds territory:`` in the console, as in Discord: a battle on the board, read off it."""

from __future__ import annotations

from tests.console.test_transcripts import transcript

USSR_ATTACK = ("buy 8 inf; end; move 3 inf Caucasus -> Ukraine S.S.R.; move 1 arm Karelia S.S.R. -> Ukraine S.S.R.; "
               "move 1 ftr Karelia S.S.R. -> Ukraine S.S.R.; end")


async def test_odds_of_a_battle_on_the_board_in_the_console(tmp_path):
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:axis_allies computer:easy seat:ussr\n"
        "as alice: /odds territory:ukraine\n"
        f"as alice: /orders {USSR_ATTACK}\n"
        "as carol: /odds territory:ukraine\n"
        "as carol: /odds territory:atlantis\n"
    )
    text = await transcript(script, tmp_path)
    before, after = text.split("> as carol: /odds territory:ukraine", 1)
    assert "No battle waits in Ukraine S.S.R. now." in before.split("/odds territory:ukraine", 1)[1], before
    shown = after.split("> as carol: /odds territory:atlantis", 1)[0]
    assert "Battle odds in Ukraine S.S.R." in shown and "Attacker wins" in shown, shown
    assert "infantry" in shown and "tank" in shown, shown
    assert "is not a territory or sea zone" in after.split("territory:atlantis", 1)[1], after
