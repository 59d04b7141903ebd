"""``bot.services.match.seat_choice``: every name a seat is chosen by (a colour, a game's own names,
in every language, as typed) names one seat only, for every game and number of players, and
nothing but a name is taken for a seat."""

from __future__ import annotations

import pytest

from bot.services.match import seat_choice
from bot.services.match.answers import Refused
from engines.registry import ENGINES


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_seat_name_names_one_seat_in_every_language(game):
    engine = ENGINES[game]
    for players in range(engine.min_players, engine.max_players + 1):
        spelt = [set().union(*(seat_choice.spellings(n, w) for n, w in seat_choice.names(engine, players, seat)))
                 for seat in range(players)]
        for seat, mine in enumerate(spelt):
            others = set().union(*(s for i, s in enumerate(spelt) if i != seat))
            assert not mine & others, (game, players, seat, mine & others)
            for typed in mine:
                assert seat_choice.seat_named(engine, players, typed) == seat


def test_case_and_punctuation_do_not_matter_but_a_part_of_a_name_is_no_name():
    engine = ENGINES["axis_allies"]
    assert seat_choice.seat_named(engine, 5, "U.S.S.R.") == 0
    assert seat_choice.seat_named(engine, 2, "AS-MOGENDHEDEN") == 1
    assert seat_choice.seat_named(engine, 2, "Verenigd Koninkrijk (Engeland)") == 0
    for part in ("ax", "germ", "", "re"):
        assert seat_choice.seat_named(engine, 2, part) is None
    with pytest.raises(Refused) as refused:
        seat_choice.chosen_seat(engine, "axis_allies", 3, "allies")  # three players: the Allies sit in two seats
    assert refused.value.lines[0].key == "seats.unknown_seat"
