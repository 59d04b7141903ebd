"""Each game's page tells players what its computer does and does not consider in the words of
the code's own notes (``Knowledge.notes``, the game's ``ai.py`` docstring), so the two cannot
drift apart: a change to one needs the other."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.ai.games import knowledge_for
from engines.registry import ENGINES

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_the_game_page_carries_the_computers_notes(slug: str) -> None:
    title, _, body = knowledge_for(slug).notes.partition("\n\n")
    assert title.startswith("What the computer knows of") and body.strip(), "a title line, then the notes"
    page = (DOCS / f"{slug}.md").read_text(encoding="utf-8")
    assert "## The computer player" in page
    assert _words(body) in _words(page.split("## The computer player", 1)[1]), (
        f"docs/games/{slug}.md: its 'The computer player' section must carry engines/{slug}/ai.py's docstring"
    )
