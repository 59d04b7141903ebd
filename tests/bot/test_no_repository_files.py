"""Nothing a player reads sends them to a file of the repository: a Discord player cannot open
``docs/…`` or a ``.md`` page. The rules are served by ``/rules`` (by topic), and each command says
what it does; a message points there, never to a file."""

from __future__ import annotations

import re

import pytest

from bot.i18n.catalog import catalog

FILE = re.compile(r"\bdocs/|[\w./-]+\.md\b|README|\.\./shared", re.IGNORECASE)
MESSAGES = catalog().messages


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_no_player_facing_message_names_a_repository_file(key: str) -> None:
    for language, text in MESSAGES[key].items():
        found = FILE.search(text)
        assert found is None, f"{key}.{language} names {found[0]!r}: point to /rules or a command instead"
