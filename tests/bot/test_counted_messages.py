"""Messages that count: "may move 1 more piece(s)" read as a form to fill in. A message with a
``{count}`` has its plural in the table and, where one differs, its singular as ``<key>_1``; the
catalog words a count of one with the singular."""

from __future__ import annotations

import re

import pytest

from bot.i18n import Msg, catalog

WORDS = catalog()


@pytest.mark.parametrize("key", sorted(WORDS.messages))
def test_a_message_has_no_plural_to_fill_in(key):
    """Not only where the count is ``{count}``: "2 hit(s)", "speelstuk(ken)" read as forms too."""
    for language, text in WORDS.messages[key].items():
        assert not re.search(r"\w\((s|en|nen|ken)\)|/eenheden", text), (key, language, text)


def test_a_count_of_one_reads_in_the_singular():
    one = Msg("masters_victory.pieces_left", {"seat": "alice", "count": 1})
    two = Msg("masters_victory.pieces_left", {"seat": "alice", "count": 2})
    assert WORDS.render(one, "en") == "alice may move 1 more piece this turn, or end it."
    assert WORDS.render(two, "en") == "alice may move 2 more pieces this turn, or end it."
    assert "1 pion " in WORDS.render(one, "nl") and "2 pionnen" in WORDS.render(two, "nl")


@pytest.mark.parametrize("key", sorted(k for k in WORDS.messages if k.endswith("_1") and WORDS.has(k[:-2])))
def test_a_singular_takes_the_same_params_as_its_plural(key):
    for language in ("en", "nl"):
        assert WORDS.placeholders(WORDS.messages[key][language]) == WORDS.placeholders(WORDS.messages[key[:-2]][language])


def test_a_reach_of_one_square_reads_in_dutch():
    """Militakiri's Dutch answer to a move too far said "dat stuk gaat maximaal 1 velden"; the
    reach is given as the English one is, without a noun to agree with it."""
    worded = WORDS.render(Msg("militakiri.out_of_range", {"square": "e4", "distance": 2, "origin": "e2", "limit": 1,
                                                          "closest": "e2-e3"}), "nl")
    assert "1 velden" not in worded and "maximaal 1 (" in worded
