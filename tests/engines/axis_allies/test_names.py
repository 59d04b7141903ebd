"""Every label the map picture prints is accepted, Dutch names too, and a
path may be joined by ``->``, ``→``, ``to`` or ``naar`` (typographic dashes read as ``-``).
A name that fits two spaces is never guessed: it stays an ``AmbiguousMoveError`` with the
candidates, unless the order's units can only be in one of them."""

from __future__ import annotations

import pytest

from engines.axis_allies.map import CLASSIC, normalise
from engines.axis_allies.moves import format_move
from engines.axis_allies.notation import parse
from engines.core.errors import AmbiguousMoveError

LABELS = sorted((t.label, t.id) for t in CLASSIC.territories.values())


@pytest.mark.parametrize(("label", "tid"), LABELS, ids=[tid for _, tid in LABELS])
def test_every_map_label_is_read(label: str, tid: str) -> None:
    """The label on a box is read as that box, or, when another box shows the same word (the
    land ``Sov. Far East`` and its sea zone), as the one the units can be in; alone it is
    either the land it names (``Karelia``) or ambiguous with this box among the candidates."""
    sea = CLASSIC.territories[tid].is_sea
    placed = parse(f"place 1 {'bb' if sea else 'inf'} {label}")
    assert placed.to == tid
    try:
        alone = parse(f"attack {label}").to
    except AmbiguousMoveError as error:
        assert CLASSIC.territories[tid].name in error.params["candidates"]
    else:
        # the land whose name the sea zone's box repeats, or the box itself
        assert alone == tid or (sea and normalise(label) in {normalise(w) for w in (
            CLASSIC.territories[alone].name, *CLASSIC.territories[alone].aliases, CLASSIC.territories[alone].label)})


def test_the_issues_labels_are_read() -> None:
    """Names these printed labels as refused; each reads now."""
    moves = {
        "attack E. Europe": "eastern_europe", "attack W. Europe": "western_europe",
        "attack Finl.-Norway": "finland_norway", "place 1 inf Sov. Far East": "soviet_far_east",
        "attack It. E. Africa": "italian_east_africa", "place 1 trn Sov. Far East": "sz_soviet_far_east",
    }
    assert {text: parse(text).to for text in moves} == moves


def test_a_label_on_two_boxes_is_not_guessed() -> None:
    """``Mozamb.`` is printed on the land and on its sea zone: an attack there names both."""
    with pytest.raises(AmbiguousMoveError) as caught:
        parse("attack Mozamb.")
    assert caught.value.params["candidates"] == ["Mozambique", "Mozambique Sea Zone"]
    # fighters may be in either: still ambiguous
    with pytest.raises(AmbiguousMoveError):
        parse("move 1 ftr Sov. Far East -> Yakut")


@pytest.mark.parametrize(("dutch", "tid"), [
    ("Oost-Europa", "eastern_europe"), ("West-Europa", "western_europe"), ("Duitsland", "germany"),
    ("Rusland", "russia"), ("Karelië", "karelia_ssr"), ("Oekraïne", "ukraine_ssr"), ("Kaukasus", "caucasus"),
    ("Libië", "libya"), ("Engels-Egyptisch Soedan", "anglo_egyptian_sudan"), ("Engeland", "united_kingdom"),
    ("Finland-Noorwegen", "finland_norway"), ("Italiaans-Oost-Afrika", "italian_east_africa"),
    ("Noordzee", "sz_north_sea"), ("Oostzee", "sz_baltic_sea"), ("Zwarte Zee", "sz_black_sea"),
    ("zeegebied Hawaiian Islands", "sz_hawaii"), ("zeegebied Caroline Islands", "sz_caroline_islands"),
    ("zeegebied Karelië", "sz_karelia"),
])
def test_dutch_names(dutch: str, tid: str) -> None:
    """Dutch names: the rulebook's (``Libië``, ``Engels-Egyptisch Soedan``, "zeegebied Hawaiian
    Islands") and the usual Dutch names of the places."""
    assert CLASSIC.find(dutch).id == tid


def test_every_dutch_name_reads_as_its_place() -> None:
    for t in CLASSIC.territories.values():
        for name in t.dutch:
            assert CLASSIC.find(name).id == t.id, name


@pytest.mark.parametrize("text", [
    "move 2 inf Ukraine -> Caucasus", "move 2 inf Ukraine \u2192 Caucasus", "move 2 inf Ukraine to Caucasus",
    "zet 2 inf Oekraïne naar Kaukasus", "move 2 inf Ukraine->Caucasus", "move 2 inf Ukraine \u2013> Caucasus",
    "move 2 inf Ukraine \u2014> Caucasus",
])
def test_arrows(text: str) -> None:
    """``->``, ``→``, ``to`` and ``naar`` join a path; a dash typed as – or — is ``-``."""
    assert format_move(parse(text)) == "move 2 inf Ukraine S.S.R. -> Caucasus"


def test_no_place_name_holds_an_arrow_word() -> None:
    """``to`` and ``naar`` can be arrows only because no name of a place contains them as a word."""
    for t in CLASSIC.territories.values():
        for word in (t.name, t.label, *t.aliases, *t.dutch):
            assert not {"to", "naar"} & set(normalise(word).split()), word


def test_context_picks_the_sea_zone_only_when_the_units_decide() -> None:
    """``Karelia`` is the land's short name and the label of the sea zone's box: a load goes to
    the sea zone, a move of infantry to the land."""
    assert parse("load 2 inf Karelia to Karelia").path == ("karelia_ssr", "sz_karelia")
    assert parse("move 2 inf Russia -> Karelia").path == ("russia", "karelia_ssr")
    assert parse("move 1 bb Karelia -> Baltic").path == ("sz_karelia", "sz_baltic_sea")
