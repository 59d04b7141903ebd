"""The engine against the referee's contract (engines/core/contract.py, docs/adding-a-game.md
section 5): every offered move formats and parses back to itself and applies; texts that are
not moves give typed errors; the view holds no secrets; the record replays.

The rulebook places here are the notation section of docs/games/axis_allies.md and docs/architecture.md
("Axis & Allies: none [hidden information]; dice").
"""

from __future__ import annotations

import typing

import pytest
from annotated_types import Ge, Le

from engines.axis_allies.engine import AxisAllies
from engines.axis_allies.moves import EndAction
from engines.axis_allies.notation import EXPECTED, parse
from engines.axis_allies.options import AxisAlliesOptions
from engines.axis_allies.state import AxisAlliesState
from engines.axis_allies.units import UNITS
from engines.axis_allies.view import AxisAlliesView
from engines.core.contract import Engine, Outcome
from engines.core.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engines.core.record import ChanceEvent, MoveEvent, StartEvent, replay

from .conftest import ENGINE, play, position, roll, seat_to_act

# ---------------------------------------------------------------- sampled positions


def _opening_germany_combat():
    return play(ENGINE.setup(5), *["end"] * 8)


def _karelia_battle():
    s = position(("germany", "armour", "eastern_europe", 2), ("germany", "infantry", "eastern_europe"),
                 ("germany", "fighter", "eastern_europe"), ("ussr", "infantry", "karelia_ssr", 2),
                 ("ussr", "armour", "karelia_ssr"), ("ussr", "fighter", "karelia_ssr"))
    return play(s, "move 2 arm 1 inf 1 ftr Eastern Europe -> Karelia", "end", "attack Karelia")


def _defender_casualties():
    return roll(_karelia_battle(), "attack_fire", 1, 1, 6, 6)


def _attacker_casualties():
    s = play(_defender_casualties(), "lose 1 inf 1 arm")
    return roll(s, "defence_fire", 1, 1, 1, 6)


def _after_round():
    return play(_attacker_casualties(), "lose 1 inf 1 ftr 1 arm")


def _aa_casualties():
    s = position(("germany", "fighter", "eastern_europe", 2), ("germany", "bomber", "eastern_europe"),
                 ("ussr", "aa_gun", "karelia_ssr"), ("ussr", "infantry", "karelia_ssr"))
    return roll(play(s, "move 2 ftr 1 bmr Eastern Europe -> Karelia"), "aa_fire", 1, 1, 6)


def _defending_subs():
    s = position(("japan", "battleship", "sz_wake_island"), ("usa", "submarine", "sz_hawaii", 2),
                 ("usa", "carrier", "sz_hawaii"), power="japan")
    s = play(s, "move 1 bb Wake Island Sea Zone -> Hawaii Sea Zone", "end", "attack Hawaii Sea Zone")
    s = roll(roll(s, "attack_fire", 6), "defence_fire", 6, 6, 6)
    return play(s, "continue")


def _transports():
    s = position(("germany", "transport", "sz_baltic_sea", 2), ("germany", "infantry", "germany", 3),
                 ("germany", "armour", "germany"), ("germany", "aa_gun", "germany"),
                 ("ussr", "infantry", "karelia_ssr"))
    return play(s, "load 2 inf Germany -> Baltic Sea Zone")


def _noncombat():
    s = _opening_germany_combat()
    s = play(s, "move 1 ftr Eastern Europe -> Karelia")
    s = roll(s, "aa_fire", 6)
    s = play(s, "move 3 inf 2 arm Ukraine -> Caucasus", "end", "attack Caucasus")
    while s.battle is not None:
        spec = ENGINE.chance(s)
        if spec is not None:
            s = ENGINE.apply_chance(s, Outcome(kind=spec.kind, values=(0,) * len(spec.sizes)))
        else:
            s = ENGINE.apply(s, seat_to_act(s), ENGINE.legal_moves(s, seat_to_act(s))[0])
    s = play(s, "attack Karelia")
    while s.battle is not None:
        spec = ENGINE.chance(s)
        if spec is not None:
            s = ENGINE.apply_chance(s, Outcome(kind=spec.kind, values=(5,) * len(spec.sizes)))
        else:
            s = ENGINE.apply(s, seat_to_act(s), ENGINE.legal_moves(s, seat_to_act(s))[-1])
    return play(s, "end")


def _place():
    s = position(("uk", "factory", "united_kingdom"), ("uk", "factory", "india"), power="uk", phase="purchase",
                 ipcs={"uk": 40})
    return play(s, "buy 1 inf 1 ftr 1 trn 1 ic", "end", "end", "end", "end")


SAMPLES = {
    "opening": lambda: ENGINE.setup(5),
    "opening_two_players": lambda: ENGINE.setup(2),
    "purchase": lambda: play(ENGINE.setup(3), "buy 1 inf"),
    "combat_move": _opening_germany_combat,
    "combat": lambda: play(_opening_germany_combat(), "move 2 inf Ukraine -> Caucasus", "end"),
    "defender_casualties": _defender_casualties,
    "attacker_casualties": _attacker_casualties,
    "after_round": _after_round,
    "aa_casualties": _aa_casualties,
    "defending_subs": _defending_subs,
    "transports": _transports,
    "noncombat": _noncombat,
    "place": _place,
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_legal_move_formats_parses_back_and_applies(name):
    """Notation: ``parse(format_move(m))`` gives ``m`` back for every move offered, and every
    offered move is legal."""
    state = SAMPLES[name]()
    seat = seat_to_act(state)
    moves = ENGINE.legal_moves(state, seat)
    assert moves, name
    assert len(set(moves)) == len(moves), "no move offered twice"
    for move in moves:
        text = ENGINE.format_move(move, state)
        assert ENGINE.parse_move(text, state, seat) == move, text
        ENGINE.apply(state, seat, move)


def test_samples_reach_the_decisions_they_name():
    decision = {name: ENGINE.step_message(SAMPLES[name]())[0] for name in
                ("defender_casualties", "attacker_casualties", "after_round", "aa_casualties", "defending_subs")}
    assert decision == {
        "defender_casualties": "axis_allies.decide_casualties",
        "attacker_casualties": "axis_allies.decide_casualties",
        "after_round": "axis_allies.decide_press_on_or_retreat",
        "aa_casualties": "axis_allies.decide_casualties",
        "defending_subs": "axis_allies.decide_defending_subs",
    }
    kinds = {m.kind for m in ENGINE.legal_moves(SAMPLES["transports"](), 1)}
    assert {"load", "unload", "move"} <= kinds
    assert {m.kind for m in ENGINE.legal_moves(SAMPLES["place"](), 2)} == {"place"}  # end waits: decision 14
    assert SAMPLES["noncombat"]().phase == "noncombat_move"


# ---------------------------------------------------------------- notation and parse errors


def test_notation_reads_short_full_and_dutch_words():
    """Notation: short names, full names and plurals, the rulebook's Dutch words."""
    s = play(ENGINE.setup(5), *["end"] * 8)
    same = ENGINE.parse_move("move 2 inf 1 arm Ukraine -> Caucasus", s, 1)
    assert ENGINE.parse_move("zet 2 infanterie 1 tank ukraine ssr -> caucas", s, 1) == same
    assert ENGINE.parse_move("move 2 infantry 1 armour Ukraine S.S.R. -> Caucasus", s, 1) == same
    b = ENGINE.setup(5)
    assert ENGINE.parse_move("koop 3 infanterie", b, 0) == ENGINE.parse_move("buy 3 inf", b, 0)
    assert ENGINE.parse_move("einde", b, 0) == ENGINE.parse_move("end phase", b, 0)


def test_a_text_that_is_no_action_says_what_is_expected():
    s = ENGINE.setup(5)
    for text in ("", "fly 2 inf Russia -> Karelia", "help"):
        with pytest.raises(InvalidMoveError) as caught:
            ENGINE.parse_move(text, s, 0)
        assert caught.value.code == "axis_allies.invalid_move", text
        assert caught.value.params["expected"] == EXPECTED


@pytest.mark.parametrize(("text", "word"), [
    ("buy 3 zeppelins", "zeppelins"), ("buy zeppelins", "zeppelins"), ("koop 2 infanterie 1 heavy tank", "heavy"),
    ("lose 1 zeppelin", "zeppelin"), ("place 2 zeppelins Germany", "zeppelins"),
])
def test_a_unit_that_does_not_exist_is_named_with_the_units_there_are(text, word):
    """A newcomer's `buy 3 zeppelins` was answered with the form of every order there is; the
    answer names the word that is no unit and every unit, in the order the data lists them (the
    catalog words each with the short form the notation reads)."""
    s = ENGINE.setup(5)
    with pytest.raises(InvalidMoveError) as caught:
        ENGINE.parse_move(text, s, 0)
    assert caught.value.code == "axis_allies.no_such_unit", text
    assert caught.value.params == {"move": text, "word": word, "kinds": list(UNITS)}


@pytest.mark.parametrize("text", ["buy 1 aircraft carrier", "buy 1 aa gun", "buy 2 anti-aircraft guns 1 inf",
                                  "koop 1 industrieel complex", "buy 1 industrial complex 2 tanks"])
def test_a_unit_named_in_several_words_reads(text):
    """The units' full names (Aircraft Carrier, AA gun, Industrial Complex) are several words; an
    order naming them reads as with the short form (`buy 1 aircraft carrier` was refused as no
    action, `buy 1 aa gun` as an order not whole)."""
    short = (text.replace("aircraft carrier", "car").replace("anti-aircraft guns", "aa").replace("aa gun", "aa")
             .replace("industrieel complex", "ic").replace("industrial complex", "ic").replace("tanks", "arm")
             .replace("koop", "buy"))
    assert parse(text) == parse(short)


def test_an_unknown_territory_lists_the_near_names():
    s = ENGINE.setup(5)
    with pytest.raises(InvalidMoveError) as caught:
        ENGINE.parse_move("move 1 inf Russsia -> Karelia", s, 0)
    assert caught.value.code == "axis_allies.unknown_territory"
    assert caught.value.params["name"] == "Russsia" and "Russia" in caught.value.params["near"]


def test_an_ambiguous_territory_lists_the_candidates():
    s = ENGINE.setup(5)
    with pytest.raises(AmbiguousMoveError) as caught:
        ENGINE.parse_move("move 1 inf Russia -> Ka", s, 0)
    assert caught.value.code == "axis_allies.ambiguous_territory"
    assert {"Karelia S.S.R.", "Kazakh S.S.R."} <= set(caught.value.params["candidates"])


def test_a_well_formed_but_forbidden_move_is_illegal():
    """``parse_move`` reads the move; ``apply`` (the referee applies the parsed move) refuses it."""
    s = ENGINE.setup(5)
    move = ENGINE.parse_move("move 1 inf Russia -> Karelia", s, 0)
    with pytest.raises(IllegalMoveError) as caught:
        ENGINE.apply(s, 0, move)
    assert caught.value.code == "axis_allies.move_only_in_move_phases"
    with pytest.raises(IllegalMoveError) as caught:
        ENGINE.apply(s, 1, ENGINE.parse_move("end", s, 1))
    assert caught.value.code == "axis_allies.not_your_turn"


# ---------------------------------------------------------------- contract, view, record


def test_is_an_engine():
    assert isinstance(ENGINE, Engine)
    assert ENGINE.slug == "axis_allies" and len(ENGINE.colours) == 5
    assert ENGINE.state_model is AxisAlliesState and ENGINE.options_model is AxisAlliesOptions


def test_options_are_slash_command_friendly():
    """Each option is a bool or a bounded int with a default and a short description."""
    for name, field in AxisAlliesOptions.model_fields.items():
        assert field.description and len(field.description) <= 100, name
        if field.annotation is not bool:
            assert field.annotation is int, name
            assert any(isinstance(m, Ge) for m in field.metadata) and any(isinstance(m, Le) for m in field.metadata)
    assert typing.get_type_hints(AxisAlliesOptions)["round_limit"] is int


def test_setup_accepts_a_mapping_of_options():
    s = ENGINE.setup(4, {"round_limit": 3, "economic_victory": True})
    assert s.options == AxisAlliesOptions(round_limit=3, economic_victory=True)
    assert s.seats == (("ussr",), ("germany", "japan"), ("uk",), ("usa",))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_view_has_no_secrets(name):
    """docs/architecture.md: Axis & Allies hides nothing; every seat and the channel see the same view."""
    state = SAMPLES[name]()
    public = ENGINE.view(state, None)
    assert AxisAlliesView.model_validate(public.model_dump(mode="json")) == public
    for seat in range(len(state.seats)):
        assert ENGINE.view(state, seat).model_copy(update={"viewer": None}) == public
    assert not any(ENGINE.is_secret(m, state) for m in ENGINE.legal_moves(state, seat_to_act(state)))


def test_the_view_shows_the_battle_and_the_powers():
    v = ENGINE.view(_attacker_casualties(), None)
    assert v.battle is not None and v.battle.territory == "karelia_ssr" and v.battle.waiting == "casualties"
    assert v.battle.last_roll_kind == "defence_fire" and v.battle.last_rolls == (1, 1, 1, 6)
    assert [p.id for p in v.powers] == ["ussr", "germany", "uk", "japan", "usa"]
    opening = ENGINE.view(ENGINE.setup(5), None)
    assert {p.id: (p.ipcs, p.production, p.capital_held) for p in opening.powers}["japan"] == (25, 25, True)


def test_chance_outcomes_are_checked_and_described():
    s = _karelia_battle()
    with pytest.raises(ValueError):
        ENGINE.apply_chance(s, Outcome(kind="defence_fire", values=(0,) * 4))
    with pytest.raises(ValueError):
        ENGINE.apply_chance(s, Outcome(kind="attack_fire", values=(0,)))
    code, params = ENGINE.describe_chance(Outcome(kind="attack_fire", values=(0, 5)), s)
    assert code.startswith("axis_allies.rolled") and params["faces"] == [1, 6], "faces 1-6 are shown"
    code, params = ENGINE.describe_chance(Outcome(kind="tech_chart", values=(2,)), s)
    assert code.startswith("axis_allies.rolled") and 3 in (params.get("face"), *params.get("faces", ()))


def test_no_move_after_the_end():
    s = position(power="usa", phase="place", options=AxisAlliesOptions(round_limit=1))
    s = play(s, "end")
    assert s.result is not None and s.result.draw
    with pytest.raises(IllegalMoveError) as caught:
        AxisAllies().apply(s, 4, EndAction())
    assert caught.value.code == "axis_allies.game_over"


def test_the_record_replays_to_the_live_state():
    """docs/architecture.md, "the record is the truth": moves and dice replayed give the same state."""
    options = AxisAlliesOptions(round_limit=2)
    state = ENGINE.setup(5, options)
    events: list = [StartEvent(players=5)]
    script = ["tech 1", ("tech_dice", (5,)), ("tech_chart", (0,)), "buy 2 inf", "end",
              "move 1 arm Soviet Far East -> Manchuria", "end", "attack Manchuria",
              ("attack_fire", (0,)), "lose 1 ftr", ("defence_fire", (5, 5, 5, 5)), "retreat Soviet Far East",
              "end", "end", "place 2 inf Russia", "end", "end", "end"]
    for step in script:
        if isinstance(step, tuple):
            kind, values = step
            spec = ENGINE.chance(state)
            events.append(ChanceEvent(kind=kind, first_index=0, sizes=spec.sizes, values=values))
            state = ENGINE.apply_chance(state, Outcome(kind=kind, values=values))
            continue
        seat = seat_to_act(state)
        move = ENGINE.parse_move(step, state, seat)
        events.append(MoveEvent(seat=seat, text=ENGINE.format_move(move, state), move=move.model_dump(mode="json")))
        state = ENGINE.apply(state, seat, move)
    assert (state.power, state.phase, state.techs["ussr"]) == ("germany", "combat_move", ("jet_power",))
    assert replay(ENGINE, options, events) == state
    assert AxisAlliesState.model_validate(state.model_dump(mode="json")) == state


def test_a_move_s_record_leaves_out_the_fields_it_does_not_use():
    """The record (and the hash chain over it) of a move reads as before the optional fields
    came: ``until done``'s plan, ``end anyway`` and the transport an unload names."""
    from engines.axis_allies.notation import parse

    assert parse("end").model_dump(mode="json") == {
        "kind": "end", "count": 0, "units": [], "path": [], "to": None, "frm": None}
    assert parse("end anyway").model_dump(mode="json")["anyway"] is True
    unload = parse("unload 1 inf North Sea -> Western Europe from trn with 2 inf").model_dump(mode="json")
    assert unload["aboard"] == [["infantry", 2]]
    assert "aboard" not in parse("unload 1 inf North Sea -> Western Europe").model_dump(mode="json")


def test_end_anyway_and_a_named_transport_read_in_dutch_too():
    from engines.axis_allies.notation import parse

    assert parse("einde toch") == parse("end anyway") == parse("End Anyway")
    assert parse("los 1 inf Noordzee -> West-Europa van trn met 1 inf 1 arm") == parse(
        "unload 1 inf North Sea -> Western Europe from trn with 1 inf 1 arm")


def test_an_unknown_territory_with_no_name_near_it_says_where_the_names_are():
    """"Moscow" is close to no name of the map: the answer was "Close to it: ." with nothing
    after it; now it says that no name is close and where the names are (the map, `/board`)."""
    import tomllib
    from pathlib import Path

    messages = tomllib.loads((Path(__file__).resolve().parents[3] / "bot" / "i18n" / "messages" / "axis_allies.toml")
                             .read_text(encoding="utf-8"))
    s = ENGINE.setup(5)
    for text in ("place 6 inf Moscow", "move 1 inf Moskou -> Russia"):
        with pytest.raises(InvalidMoveError) as caught:
            ENGINE.parse_move(text, s, 0)
        assert caught.value.code == "axis_allies.unknown_territory_far", text
        for language in ("en", "nl"):
            worded = messages["unknown_territory_far"][language].format(**caught.value.params)
            assert "/board" in worded and ": ." not in worded


@pytest.mark.parametrize(("text", "example"), [
    ("retreat", "retreat Karelia"), ("attack", "attack Karelia"), ("buy", "buy 3 inf 1 arm"),
    ("terug", "retreat Karelia"), ("lose infantry x", "lose 2 inf"), ("place 2 inf", "place 3 inf Germany"),
    ("move all Eastern Europe -> Karelia", "move 2 inf 1 arm Ukraine -> Caucasus"), ("tech x", "tech 2"),
    ("rocket Germany", "rocket Germany -> Russia"), ("stay here", "stay"),
    ("move 2 inf Russia", "move 2 inf 1 arm Ukraine -> Caucasus"),
])
def test_an_order_begun_but_not_whole_gets_the_form_of_that_order(text, example):
    """A newcomer's `retreat` (without the place) or `move all ...` was answered with the form of
    every order there is; the answer is now the form of the order they began."""
    s = ENGINE.setup(5)
    with pytest.raises(InvalidMoveError) as caught:
        ENGINE.parse_move(text, s, 0)
    assert caught.value.code == "axis_allies.incomplete_order", text
    assert caught.value.params == {"move": text, "example": example}


@pytest.mark.parametrize(("text", "word", "place"), [
    ("move 3 inf from Caucasus to Ukraine", "from", "Caucasus"),
    ("retreat to Caucasus", "to", "Caucasus"),
    ("zet 3 inf van Kaukasus naar Oekraïne", "van", "Caucasus"),
])
def test_a_place_written_with_from_or_to_says_to_leave_the_word_out(text, word, place):
    """A newcomer writes `move 3 inf from Caucasus to Ukraine`: "from Caucasus" is no place, and
    the answer says to leave the word out (the order is not read as another one)."""
    s = ENGINE.setup(5)
    with pytest.raises(InvalidMoveError) as caught:
        ENGINE.parse_move(text, s, 0)
    assert caught.value.code == "axis_allies.stray_word", text
    assert caught.value.params["word"] == word and caught.value.params["place"] == place


OLD_RECORD_MOVES = [
    # As records stored orders when they were one model: every field, the other kinds' empty.
    ({"kind": "buy", "count": 0, "units": [["infantry", 3]], "path": [], "to": None, "frm": None}, "buy 3 inf"),
    ({"kind": "move", "count": 0, "units": [["armour", 1]], "path": ["russia", "karelia_ssr"], "to": None,
      "frm": None}, "move 1 arm Russia -> Karelia S.S.R."),
    ({"kind": "unload", "count": 0, "units": [["infantry", 1]], "path": ["sz_north_sea", "western_europe"],
      "to": None, "frm": None, "aboard": [["infantry", 1], ["armour", 1]]},
     "unload 1 inf North Sea Zone -> Western Europe from trn with 1 inf 1 arm"),
    ({"kind": "attack", "count": 0, "units": [], "path": [], "to": "karelia_ssr", "frm": None, "until_done": True,
      "retreat_below": 2}, "attack Karelia S.S.R. until done retreat when below 2"),
    ({"kind": "end", "count": 0, "units": [], "path": [], "to": None, "frm": None, "anyway": True}, "end anyway"),
    ({"kind": "tech", "count": 2, "units": [], "path": [], "to": None, "frm": None}, "tech 2"),
    ({"kind": "press_on", "count": 0, "units": [], "path": [], "to": None, "frm": None}, "continue"),
]


@pytest.mark.parametrize(("data", "text"), OLD_RECORD_MOVES)
def test_an_order_recorded_as_one_model_still_reads(data, text):
    """Orders are one model per kind now; a record written before holds every kind's fields, the
    others empty (``count: 0`` too): it reads back as the same order, the text it was."""
    move = ENGINE.move_model.model_validate(data)
    assert ENGINE.format_move(move, ENGINE.setup(2)) == text
    assert ENGINE.move_model.model_validate(move.model_dump(mode="json")) == move


def test_an_order_with_another_kinds_field_set_is_refused():
    with pytest.raises(ValueError):
        ENGINE.move_model.model_validate({"kind": "end", "count": 2})
    with pytest.raises(ValueError):
        ENGINE.move_model.model_validate({"kind": "buy", "units": [["infantry", 1]], "to": "russia"})
