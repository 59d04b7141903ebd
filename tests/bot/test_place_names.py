"""Dutch replies name Axis & Allies territories by their Dutch names (``Oost-Europa``),
English replies keep the names the messages carry, and every Dutch name shown is one the parser reads."""

from __future__ import annotations

from types import SimpleNamespace

from bot.i18n import Msg, catalog
from bot.services.presenter import seat_params
from engines.axis_allies.map import CLASSIC, find_territory
from engines.core.contract import NamingPlacesGame
from engines.registry import get_engine

AXIS_ALLIES = get_engine("axis_allies")


def worded(params: dict, language: str) -> str:
    match = SimpleNamespace(seats=("alice", "bob"), name_of=lambda seat: ("alice", "bob")[seat],
                            row=SimpleNamespace(game="axis_allies"), engine=AXIS_ALLIES)
    return catalog().render(Msg("axis_allies.battles_left", seat_params(match, params)), language)


def test_axis_allies_names_its_places_in_other_languages() -> None:
    assert isinstance(AXIS_ALLIES, NamingPlacesGame)
    assert not isinstance(get_engine("heroes_cities"), NamingPlacesGame)


def test_dutch_readers_read_dutch_territory_names_english_readers_the_same_text() -> None:
    params = {"power": "germany", "territories": ["Eastern Europe", "Alaska", "karelia_ssr", "Baltic Sea Zone"]}
    dutch = worded(params, "nl")
    assert "Oost-Europa, Alaska, Karelië, Oostzee" in dutch
    english = worded(params, "en")
    assert "Eastern Europe, Alaska, karelia_ssr, Baltic Sea Zone" in english  # as the message carried them


def test_every_dutch_name_a_reply_shows_is_read_back_as_the_same_territory() -> None:
    for tid, territory in CLASSIC.territories.items():
        for text in (tid, territory.name):
            dutch = AXIS_ALLIES.place_name(text, "nl")
            if dutch is not None:
                assert find_territory(dutch).id == tid, (text, dutch)
        assert AXIS_ALLIES.place_name(territory.name, "en") is None
