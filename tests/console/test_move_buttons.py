"""Move buttons in the console: shown under the board, pressed with ``/button move:TEXT``."""

from __future__ import annotations

from engines import registry as engines
from render import registry as renderers
from tests.bot.toy_bombs import ToyBombs, render_toy_bombs
from tests.console.test_transcripts import transcript


async def test_a_move_button_is_listed_and_pressed(tmp_path, monkeypatch):
    monkeypatch.setitem(engines.ENGINES, "toy_bombs", ToyBombs())
    monkeypatch.setitem(renderers.RENDERERS, "toy_bombs", render_toy_bombs)
    script = tmp_path / "script.txt"
    script.write_text(
        "as alice: /match create game:toy_bombs opponent:bob\n"
        "as bob: /match join\n"
        "as alice: /match start\n"
        "as bob: /button move:roll\n"
        "as alice: /button move:roll\n"
        "as alice: /button move:pass\n"
        "as bob: /button move:roll\n"
        "/help\n"
    )
    text = await transcript(script, tmp_path)
    assert "[buttons: toy_bombs.button_roll (/button move:roll), View my pieces (/button view_pieces)]" in text
    assert "[bob, only you] It is not your turn" in text
    assert "[alice] alice played `roll`" in text and "(/button move:pass)" in text
    assert "[alice] alice played `pass`" in text and "[bob] bob played `roll`" in text
    assert "move:TEXT" in text
