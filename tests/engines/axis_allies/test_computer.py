"""The computer's knowledge of Axis & Allies (``engines/axis_allies/ai.py``): aircraft are landed
before the non-combat move ends, land units close up to the front, new units are placed nearest
the front, land is attacked only where a land unit can take it, and the evaluation counts a
battle begun at its odds. "game knowledge where search alone is weak"."""

from __future__ import annotations

import pytest

from engines.axis_allies import ai, movement
from engines.axis_allies.units import UNITS
from tests.engines.axis_allies.conftest import ENGINE, play, position, seat_to_act, units


def candidates(state):
    seat = seat_to_act(state)
    return ai.candidates(ENGINE, state, seat, ENGINE.legal_moves(state, seat))


def test_front_distance_counts_land_steps_to_enemy_held_land() -> None:
    state = position(("germany", "infantry", "germany"), ("ussr", "infantry", "russia"), phase="noncombat_move")
    front = ai.front_distance(state)
    assert (front["karelia_ssr"], front["eastern_europe"], front["germany"], front["southern_europe"]) == (0, 1, 2, 2)
    assert "japan" not in front, "an island of its own side is no land step from the enemy"
    assert "switzerland" not in front, "neutrals are not crossed"


def test_land_units_move_up_to_the_front_in_the_noncombat_move() -> None:
    state = position(("germany", "infantry", "germany", 2), ("germany", "infantry", "western_europe"),
                     ("ussr", "infantry", "russia"), phase="noncombat_move")
    (first,) = candidates(state)
    assert (first.kind, first.path) == ("move", ("germany", "eastern_europe"))
    # One plain rule at a time: both units in Germany go, then Western Europe's moves up a step.
    state = play(state, ENGINE.format_move(first, state))
    (second,) = candidates(state)
    assert second.path == ("germany", "eastern_europe")
    state = play(state, ENGINE.format_move(second, state))
    (third,) = candidates(state)
    assert third.path[0] == "western_europe" and third.path[-1] in ("germany", "southern_europe")


def test_units_next_to_the_enemy_stay_and_the_move_ends() -> None:
    state = position(("germany", "infantry", "eastern_europe", 3), ("ussr", "infantry", "russia"),
                     phase="noncombat_move")
    assert [m.kind for m in candidates(state)] == ["end"]


def test_aircraft_land_where_they_survive_before_the_move_ends() -> None:
    """A fighter over land conquered this turn would be lost at the end of the move (M6): the
    computer flies it to land held since the turn began first."""
    state = position(("germany", "fighter", "karelia_ssr"), ("germany", "infantry", "karelia_ssr"),
                     ("ussr", "infantry", "russia"), owners={"karelia_ssr": "germany"}, phase="noncombat_move")
    state = state.model_copy(update={"conquered": ("karelia_ssr",)})
    assert movement.landings(state, "germany").lost, "the position: the fighter would be lost"
    (rescue,) = candidates(state)
    assert rescue.units == (("fighter", 1),) and rescue.path[0] == "karelia_ssr"
    state = play(state, ENGINE.format_move(rescue, state), "end")
    assert units(state, rescue.path[-1], "germany") == {"fighter": 1}


def test_new_units_are_placed_nearest_the_front() -> None:
    """Japan holds Kazakh S.S.R. (next to Russia); Germany is pushed back two steps from Karelia."""
    owners = {"kazakh_ssr": "japan", "eastern_europe": "ussr", "finland_norway": "ussr", "ukraine_ssr": "ussr"}
    state = position(("ussr", "factory", "russia"), ("ussr", "factory", "karelia_ssr"),
                     ("germany", "infantry", "germany"), owners=owners, power="ussr", phase="place")
    state = state.model_copy(update={"purchased": (("infantry", 1),)})
    assert {m.to for m in ENGINE.legal_moves(state, seat_to_act(state)) if m.kind == "place"} == {"karelia_ssr", "russia"}
    assert candidates(state)[0].to == "russia"


def test_an_attack_begun_counts_at_its_odds() -> None:
    """The evaluation sees a battle the combat move has set up before any die is cast: a strong
    attack on weak defence raises the attacker's value, a weak one on strong defence lowers it."""
    pieces = (("germany", "armour", "eastern_europe", 3), ("germany", "infantry", "germany"),
              ("ussr", "infantry", "karelia_ssr"), ("ussr", "infantry", "ukraine_ssr", 4))
    state = position(*pieces, owners={"ukraine_ssr": "ussr"})
    germany = seat_to_act(state)
    before = ai.evaluate(ENGINE, state, 5)[germany]
    strong = play(state, "move 3 arm Eastern Europe -> Karelia S.S.R.")
    weak = play(state, "move 1 arm Eastern Europe -> Ukraine S.S.R.")
    assert ai.evaluate(ENGINE, strong, 5)[germany] > before > ai.evaluate(ENGINE, weak, 5)[germany]


def test_aircraft_alone_are_not_sent_to_take_empty_land() -> None:
    """Aircraft cannot take a territory (C16): an empty enemy territory is worth a land unit's
    move, never a fighter's or a bomber's on its own."""
    state = position(("germany", "infantry", "eastern_europe"), ("germany", "bomber", "germany"),
                     ("germany", "fighter", "germany"), ("ussr", "infantry", "russia"), owners={"ukraine_ssr": "ussr"})
    chosen = [m for m in candidates(state) if m.kind == "move"]
    assert ("eastern_europe", "ukraine_ssr") in [m.path for m in chosen]
    assert not [m for m in chosen if all(k in ("bomber", "fighter") for k, _ in m.units)
                and not [u for u in state.units_at(m.path[-1]) if u.power == "ussr"]]


def test_an_attack_by_aircraft_alone_counts_no_land_changing_side() -> None:
    """C16: aircraft cannot take territory, so the evaluation counts their battle's units only."""
    from engines.axis_allies.odds import expected_losses

    state = position(("germany", "fighter", "eastern_europe", 3), ("germany", "infantry", "germany"),
                     ("ussr", "infantry", "karelia_ssr"))
    moved = play(state, "move 3 ftr Eastern Europe -> Karelia S.S.R.")
    before, after = ai.side_scores(state), ai.side_scores(moved)
    lost_attackers, lost_defenders = expected_losses(["fighter"] * 3, ["infantry"])
    assert after["axis"] - before["axis"] == pytest.approx(-lost_attackers / 2)
    assert after["allies"] - before["allies"] == pytest.approx(-lost_defenders / 2)


def test_a_battle_begun_counts_the_winners_losses_too() -> None:
    """Three fighters against one infantry win nearly always, and lose a fighter now and then
    while winning: the evaluation counts those expected losses, not only the losses of a defeat."""
    from engines.axis_allies.odds import expected_losses, win_chance

    lost_attackers, lost_defenders = expected_losses(["fighter"] * 3, ["infantry"])
    win = win_chance(["fighter"] * 3, ["infantry"])
    assert lost_attackers > (1 - win) * 3 * 12, "a won battle costs fighters too"
    assert 3 * win <= lost_defenders <= 3, "the infantry falls whenever the fighters do not all fall"


def aboard(state, zone: str):
    """The land units in ``zone`` ride the power's transport there (a position's cargo)."""
    (ship,) = [u for u in state.units_at(zone) if u.kind == "transport"]
    cargo = [u.model_copy(update={"carried_by": ship.id}) if u.at == zone and u.kind in ("infantry", "armour") else u
             for u in state.units]
    return state.model_copy(update={"units": tuple(cargo)})


def play_candidates(state, steps: int):
    """Play the computer's only candidate ``steps`` times; the moves played, as text."""
    played = []
    for _ in range(steps):
        (move,) = candidates(state)
        played.append(ENGINE.format_move(move, state))
        state = play(state, played[-1])
    return state, played


def test_a_loaded_transport_next_to_enemy_land_lands_its_cargo_there() -> None:
    """The UK's transport in the North Sea with an infantry and an armour aboard, Western Europe
    held by one German infantry (Germany by four): the amphibious assault ("van een kustgebied of eiland naar een
    ander", unloading into enemy land in the combat move, decision M8) wins at least 70 %."""
    from engines.axis_allies.odds import win_chance

    state = position(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "sz_north_sea"), ("uk", "armour", "sz_north_sea"),
                     ("germany", "infantry", "western_europe"), ("germany", "infantry", "germany", 4), power="uk")
    state = aboard(state, "sz_north_sea")
    assert win_chance(["infantry", "armour"], ["infantry"]) >= ai.ATTACK_AT
    state, played = play_candidates(state, 2)
    assert sorted(played) == ["unload 1 arm North Sea Zone -> Western Europe", "unload 1 inf North Sea Zone -> Western Europe"]
    assert units(state, "western_europe", "uk") == {"infantry": 1, "armour": 1}


def test_land_units_board_sail_and_land_in_one_combat_move() -> None:
    """Two American infantry in the Eastern United States, an empty transport next to them,
    Western Europe left empty: they board, the transport sails two sea zones and they land."""
    state = position(("usa", "transport", "sz_east_us"), ("usa", "infantry", "eastern_united_states", 2),
                     ("germany", "infantry", "germany"), power="usa")
    state, played = play_candidates(state, 5)
    assert [text.split()[0] for text in played] == ["load", "load", "move", "unload", "unload"]
    assert units(state, "western_europe", "usa") == {"infantry": 2}


def test_a_lone_transport_is_never_sent_into_a_battle() -> None:
    """A transport has no attack (C-table: aanval 0): the fighter may attack the German
    transport in the Baltic, the British transport does not go with it alone."""
    state = position(("uk", "transport", "sz_north_sea"), ("uk", "fighter", "united_kingdom"),
                     ("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany"), power="uk")
    legal = ENGINE.legal_moves(state, seat_to_act(state))
    assert any(m.kind == "move" and m.units == (("transport", 1),) and m.path[-1] == "sz_baltic_sea" for m in legal)
    chosen = candidates(state)
    assert any(m.kind == "move" and m.units == (("fighter", 1),) and m.path[-1] == "sz_baltic_sea" for m in chosen)
    assert not [m for m in chosen if m.kind == "move" and m.units == (("transport", 1),)]


def test_a_fighter_is_not_sent_where_only_a_carrier_yet_to_come_could_take_it_back() -> None:
    """The rules let a fighter attack with its last movement when a carrier could still come
    (M6); the computer does not count on that: it attacks only where it reaches held land or a
    carrier that is there now."""
    state = position(("germany", "fighter", "western_europe"), ("germany", "carrier", "sz_west_spain"),
                     ("uk", "transport", "sz_east_us"), ("uk", "infantry", "united_kingdom"))
    legal = ENGINE.legal_moves(state, seat_to_act(state))
    assert any(m.kind == "move" and m.units == (("fighter", 1),) and m.path[-1] == "sz_east_us" for m in legal)
    assert not [m for m in candidates(state) if m.kind == "move" and m.units == (("fighter", 1),)
                and m.path[-1] == "sz_east_us"]


def test_a_fighter_does_not_count_on_carrier_room_another_fighter_has_taken() -> None:
    """A carrier holds two fighters (C-table; "Japan moet alle aanvallende vliegtuigen in deze
    zet laten landen", Aktie 4): with one fighter on the carrier in the North Atlantic, one more
    from Western Europe may attack the British transport off the East US and come back to it;
    a second one would find the deck full and be lost (the rules allow the order: M5 counts the
    room per order). The carrier's own fighter may still go: it frees its own place."""
    state = position(("germany", "fighter", "western_europe", 2), ("germany", "carrier", "sz_north_atlantic"),
                     ("germany", "fighter", "sz_north_atlantic"), ("uk", "transport", "sz_east_us"),
                     ("uk", "infantry", "united_kingdom"))
    far = "move 1 ftr Western Europe -> West Spain Sea Zone -> North Atlantic Sea Zone -> East US Sea Zone"
    state = play(state, far)
    legal = ENGINE.legal_moves(state, seat_to_act(state))
    from_land = [m for m in legal if m.kind == "move" and m.units == (("fighter", 1),) and m.path[0] == "western_europe"
                 and m.path[-1] == "sz_east_us"]
    assert from_land, "the rules let the second fighter go"
    chosen = candidates(state)
    assert not [m for m in chosen if m in from_land]
    assert [m for m in chosen if m.kind == "move" and m.units == (("fighter", 1),) and m.path == ("sz_north_atlantic", "sz_east_us")]
    assert not ai.stranded_aircraft(state)
    # Both gone anyway: the evaluation counts the one the deck cannot take as lost.
    both = play(state, ENGINE.format_move(from_land[0], state))
    assert [u.at for u in ai.stranded_aircraft(both)] == ["sz_east_us"]


def test_a_carrier_does_not_sail_away_from_a_fighter_that_counts_on_it() -> None:
    """A fighter that attacked off the East US with one move left counts on the carrier in the
    North Atlantic; the carrier may sail to the East Canada Sea Zone (the fighter still reaches
    it there), not attack the British transport off North Brazil, out of the fighter's reach."""
    state = position(("germany", "fighter", "western_europe"), ("germany", "carrier", "sz_north_atlantic"),
                     ("germany", "battleship", "sz_west_spain"), ("uk", "transport", "sz_east_us"),
                     ("uk", "transport", "sz_north_brazil"),
                     ("uk", "infantry", "united_kingdom"))
    state = play(state, "move 1 ftr Western Europe -> West Spain Sea Zone -> North Atlantic Sea Zone -> East US Sea Zone")
    legal = ENGINE.legal_moves(state, seat_to_act(state))
    away = [m for m in legal if m.kind == "move" and m.units == (("carrier", 1),) and m.path[-1] == "sz_north_brazil"]
    near = [m for m in legal if m.kind == "move" and m.units == (("carrier", 1),) and m.path[-1] == "sz_east_canada"]
    assert away and near, "the rules let the carrier go either way"
    chosen = candidates(state)
    assert not [m for m in chosen if m in away]
    assert ai.stranded_aircraft(play(state, ENGINE.format_move(away[0], state)))
    assert not ai.stranded_aircraft(play(state, ENGINE.format_move(near[0], state)))


def test_a_fighter_does_not_count_on_a_carrier_that_is_in_a_battle() -> None:
    """A carrier sailed into a sea battle may be sunk there before the fighters come down: a
    fighter does not attack counting on it as its only landing."""
    state = position(("germany", "fighter", "western_europe"), ("germany", "carrier", "sz_west_spain"),
                     ("germany", "battleship", "sz_west_spain"), ("uk", "battleship", "sz_north_atlantic"),
                     ("uk", "transport", "sz_east_us"), ("uk", "infantry", "united_kingdom"))
    state = play(state, "move 1 car West Spain Sea Zone -> North Atlantic Sea Zone",
                 "move 1 bb West Spain Sea Zone -> North Atlantic Sea Zone")
    legal = ENGINE.legal_moves(state, seat_to_act(state))
    far = [m for m in legal if m.kind == "move" and m.units == (("fighter", 1),) and m.path[-1] == "sz_east_us"]
    assert far, "the rules let the fighter go (the carrier may win its battle)"
    assert not [m for m in candidates(state) if m in far]


def test_no_level_sends_an_aircraft_where_it_cannot_land() -> None:
    """A level that now and then searches every legal move (``freehand``) still never plays one
    after which an aircraft can reach no landing (``Knowledge.never``): the second fighter to
    the full deck is ruled out, the first is not."""
    state = position(("germany", "fighter", "western_europe", 2), ("germany", "carrier", "sz_north_atlantic"),
                     ("germany", "fighter", "sz_north_atlantic"), ("uk", "transport", "sz_east_us"),
                     ("uk", "infantry", "united_kingdom"))
    far = "move 1 ftr Western Europe -> West Spain Sea Zone -> North Atlantic Sea Zone -> East US Sea Zone"
    seat = seat_to_act(state)
    assert not ai.KNOWLEDGE.never(ENGINE, state, seat, ENGINE.parse_move(far, state, seat))
    state = play(state, far)
    assert ai.KNOWLEDGE.never(ENGINE, state, seat, ENGINE.parse_move(far, state, seat))
    assert not ai.KNOWLEDGE.never(ENGINE, state, seat, ENGINE.parse_move("end", state, seat))


def test_an_overseas_power_without_transports_buys_one_first() -> None:
    """The UK's land units cannot reach the enemy over land: with no transport it buys one
    before its land units; Germany, on the front, buys land units."""
    uk = position(("uk", "infantry", "united_kingdom", 3), ("germany", "infantry", "germany"), power="uk",
                  phase="purchase", ipcs={"uk": 30})
    assert ai.transports_wanted(uk) == 2
    assert [m.units for m in candidates(uk)] == [(("transport", 1),)]
    germany = position(("germany", "infantry", "germany"), ("ussr", "infantry", "russia"), phase="purchase",
                       ipcs={"germany": 30})
    assert ai.transports_wanted(germany) == 0
    assert candidates(germany)[0].units != (("transport", 1),)


def test_units_far_from_the_front_are_shipped_in_the_noncombat_move() -> None:
    """American infantry in the Eastern United States (no land way to the enemy) board the
    transport next to them, which sails toward land next to the enemy."""
    state = position(("usa", "transport", "sz_east_us"), ("usa", "infantry", "eastern_united_states", 2),
                     ("germany", "infantry", "germany"), power="usa", phase="noncombat_move")
    state, played = play_candidates(state, 3)
    assert played[:2] == ["load 1 inf Eastern United States -> East US Sea Zone"] * 2
    assert played[2].startswith("move 1 trn East US Sea Zone ->")
    ship = next(u for u in state.units if u.kind == "transport")
    assert ship.at != "sz_east_us" and len([u for u in state.units if u.carried_by == ship.id]) == 2


def test_a_battle_begun_below_the_odds_is_reinforced_before_the_move_ends() -> None:
    """One armour sent against four infantry is a battle begun that would rarely be won: the
    combat move offers only moves that add to it (while there are any), not its end."""
    state = position(("germany", "armour", "eastern_europe", 4), ("germany", "infantry", "germany"),
                     ("ussr", "infantry", "karelia_ssr", 2))
    state = play(state, "move 1 arm Eastern Europe -> Karelia S.S.R.")
    assert ai.weak_battles(state) == ["karelia_ssr"]
    chosen = candidates(state)
    assert chosen and all(m.kind == "move" and m.path[-1] == "karelia_ssr" for m in chosen)


def test_the_capital_counts_aircraft_in_range_and_armour_two_steps_away() -> None:
    """Moscow with one infantry: German armour two land steps away and bombers four away can all
    attack it next turn, so it is threatened; placed further than they reach, it is not."""
    near = position(("ussr", "infantry", "russia"), ("germany", "armour", "ukraine_ssr", 2),
                    ("germany", "bomber", "eastern_europe", 2), ("germany", "infantry", "germany"), power="ussr",
                    phase="noncombat_move")
    assert ai.capital_threat(near) >= ai.THREAT
    far = position(("ussr", "infantry", "russia"), ("germany", "armour", "western_europe", 2),
                   ("germany", "infantry", "germany"), power="ussr", phase="noncombat_move")
    assert ai.capital_threat(far) == 0.0


def test_no_unit_boards_a_transport_at_a_capital_that_would_be_left_threatened() -> None:
    """The UK's last infantry stays home while German bombers could strike London."""
    state = position(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "united_kingdom"),
                     ("germany", "bomber", "western_europe", 2), ("germany", "infantry", "germany"), power="uk",
                     phase="noncombat_move")
    assert not [m for m in candidates(state) if m.kind == "load"]
    safe = position(("uk", "transport", "sz_north_sea"), ("uk", "infantry", "united_kingdom"),
                    ("germany", "infantry", "germany"), power="uk", phase="noncombat_move")
    assert [m.kind for m in candidates(safe)] == ["load"]


def test_an_aircraft_that_can_no_longer_land_counts_as_lost() -> None:
    """A fighter flown out to sea beyond the reach of land and of the carrier that is there now
    (the rules allow it: the carrier could still come, M6) is lost unless the carrier does come:
    the evaluation counts it lost at once, so a search that looks at every legal move sees the
    loss before the move ends."""
    state = position(("germany", "fighter", "western_europe"), ("germany", "carrier", "sz_west_spain"),
                     ("germany", "infantry", "germany"), ("uk", "infantry", "united_kingdom"))
    out = play(state, "move 1 ftr Western Europe -> West Spain Sea Zone -> North Atlantic Sea Zone -> Caribbean Sea Zone")
    back = play(state, "move 1 ftr Western Europe -> West Spain Sea Zone")
    assert ai.stranded_aircraft(out) and not ai.stranded_aircraft(back)
    assert ai.side_scores(out)["axis"] == pytest.approx(ai.side_scores(back)["axis"] - UNITS["fighter"].cost / 2)


def test_a_loaded_transport_takes_its_cargo_to_its_sides_front() -> None:
    """Two American infantry aboard in the North Sea, next to German-held Western Europe and
    Finland-Norway but no land of their side at the front: the transport sails to a sea zone
    next to Karelia and lands them there, next to the German army (the Allies' way to the front)."""
    state = position(("usa", "transport", "sz_north_sea"), ("usa", "infantry", "sz_north_sea", 2),
                     ("germany", "infantry", "eastern_europe"), ("ussr", "infantry", "russia"), power="usa",
                     phase="noncombat_move")
    state = aboard(state, "sz_north_sea")
    state, played = play_candidates(state, 3)
    zone = played[0].removeprefix("move 1 trn North Sea Zone -> ")
    assert zone in ("Karelia Sea Zone", "Baltic Sea Zone")
    assert played[1:] == [f"unload 1 inf {zone} -> Karelia S.S.R."] * 2
    assert units(state, "karelia_ssr", "usa") == {"infantry": 2}


def test_a_transport_that_has_landed_its_cargo_takes_no_more() -> None:
    """Two British transports next to the UK (an armour, four infantry), Finland-Norway empty
    next to them and the rest of the coast held: the armour fills the first transport and lands;
    a next load would board that same transport again (the turn picks the first with room), so
    the computer loads no more than the two transports hold: one trip a turn, no shuttle."""
    state = position(("uk", "transport", "sz_north_sea", 2), ("uk", "armour", "united_kingdom"),
                     ("uk", "infantry", "united_kingdom", 4), ("germany", "infantry", "germany", 3),
                     ("germany", "infantry", "western_europe", 3), ("germany", "infantry", "eastern_europe", 3), power="uk")
    played = []
    while (move := candidates(state)[0]).kind != "end" and len(played) < 16:
        played.append(ENGINE.format_move(move, state))
        state = play(state, played[-1])
    from engines.axis_allies.notation import parse

    boarded = [parse(text).units[0][0] for text in played if text.startswith("load")]
    assert "armour" in boarded and sum(UNITS[k].transport_cost or 0 for k in boarded) <= 2 * 2, played


def test_two_loaded_transports_in_one_sea_zone_both_land_their_cargo() -> None:
    """Two American transports with two infantry each in the North Sea, Western and Eastern
    Europe empty: all four land (each unload order takes them from the transport the turn
    picks; one transport may sail on to another target first)."""
    state = position(("usa", "transport", "sz_north_sea", 2), ("usa", "infantry", "sz_north_sea", 4),
                     ("germany", "infantry", "germany", 4), power="usa")
    ships = [u.id for u in state.units if u.kind == "transport"]
    riders = iter([ships[0], ships[0], ships[1], ships[1]])
    state = state.model_copy(update={"units": tuple(u.model_copy(update={"carried_by": next(riders)}) if u.kind == "infantry"
                                                    and u.at == "sz_north_sea" else u for u in state.units)})
    state, played = play_candidates(state, 5)
    assert [text.split()[0] for text in played].count("unload") == 4
    assert not [u for u in state.units if u.kind == "infantry" and u.carried_by is not None], "all four landed"


def test_an_aa_gun_is_not_shipped() -> None:
    """An AA gun fights only aircraft over its own territory ("Ze zijn alleen betrokken bij
    gevechten tegen vliegtuigen"): the ferry does not take it to the front."""
    state = position(("usa", "transport", "sz_east_us"), ("usa", "aa_gun", "eastern_united_states"),
                     ("germany", "infantry", "germany"), power="usa", phase="noncombat_move")
    assert any(m.kind == "load" and m.units == (("aa_gun", 1),) for m in ENGINE.legal_moves(state, seat_to_act(state)))
    assert not [m for m in candidates(state) if m.kind == "load"]


def test_land_units_aboard_a_transport_do_not_fight_its_sea_battle() -> None:
    """Transports carry land units ("speciale vlooteenheden die landeenheden van een kustgebied
    of eiland naar een ander vervoeren"); aboard, they are no combatants of a sea battle and go
    down with their transport (M10). A German submarine next to a British transport with two
    infantry aboard wins there as against the transport alone (3 in 4): the computer attacks it,
    and its odds do not count the infantry as defenders (a submarine's first strike sinks only
    ships, so against them it could never win)."""
    from engines.axis_allies.odds import win_chance

    state = position(("germany", "submarine", "sz_baltic_sea"), ("germany", "infantry", "germany"),
                     ("uk", "transport", "sz_north_sea"), ("uk", "infantry", "sz_north_sea", 2),
                     ("uk", "infantry", "united_kingdom"))
    state = aboard(state, "sz_north_sea")
    assert ai._attack_odds(state, "sz_north_sea", ["submarine"]) == pytest.approx(win_chance(["submarine"], ["transport"]))
    assert [m for m in candidates(state) if m.kind == "move" and m.path == ("sz_baltic_sea", "sz_north_sea")]


def test_a_sea_battle_begun_counts_the_cargo_lost_with_its_transport() -> None:
    """The evaluation of the submarine's attack on the loaded transport: the Allies expect to
    lose the transport's share of the fleet lost, and the infantry aboard with it (they sink
    with the transport); the infantry fire no shot."""
    from engines.axis_allies.odds import expected_losses

    state = position(("germany", "submarine", "sz_baltic_sea"), ("germany", "infantry", "germany"),
                     ("uk", "transport", "sz_north_sea"), ("uk", "infantry", "sz_north_sea", 2),
                     ("uk", "infantry", "united_kingdom"))
    state = aboard(state, "sz_north_sea")
    moved = play(state, "move 1 sub Baltic Sea Zone -> North Sea Zone")
    lost_sub, lost_transport = expected_losses(["submarine"], ["transport"])
    share = lost_transport / UNITS["transport"].cost
    before, after = ai.side_scores(state), ai.side_scores(moved)
    assert after["axis"] - before["axis"] == pytest.approx(-lost_sub / 2)
    assert after["allies"] - before["allies"] == pytest.approx(-(lost_transport + share * 2 * UNITS["infantry"].cost) / 2)


def test_no_level_sends_a_lone_transport_into_a_battle() -> None:
    """A transport cannot hit (C-table: aanval 0; "Transportschepen kunnen niet aanvallen"): even
    a level that now and then searches every legal move (``freehand``) never sends it alone
    against the German transport in the Baltic (``Knowledge.never``); with the fighter there
    first it may follow."""
    state = position(("uk", "transport", "sz_north_sea"), ("uk", "fighter", "united_kingdom"),
                     ("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "germany"), power="uk")
    seat = seat_to_act(state)
    alone = "move 1 trn North Sea Zone -> Baltic Sea Zone"
    assert ai.KNOWLEDGE.never(ENGINE, state, seat, ENGINE.parse_move(alone, state, seat))
    escorted = play(state, "move 1 ftr United Kingdom -> North Sea Zone -> Baltic Sea Zone")
    assert not ai.KNOWLEDGE.never(ENGINE, escorted, seat, ENGINE.parse_move(alone, escorted, seat))


def test_a_threatened_capital_buys_infantry_first() -> None:
    """Aktie 1 (aanschaf van nieuwe eenheden) buys what Aktie 5 places "om kwetsbare gebieden
    ... te versterken": with a Russian army next to Berlin that would win there, Germany buys
    infantry (the most defence per IPC: 2 for 3), no armour or fighter; the UK with German
    bombers in reach of London and two infantry aboard a transport in the Baltic buys no
    transport first; with the bombers alone (they may clear London, not take it) it does.
    Unthreatened, the plan is the usual one."""
    threatened = position(("germany", "infantry", "germany"), ("ussr", "armour", "eastern_europe", 4),
                          ("ussr", "infantry", "eastern_europe", 4), phase="purchase", ipcs={"germany": 40})
    assert ai.capital_threat(threatened, taking=True) >= ai.DEFEND_AT
    _, played = play_candidates(threatened, 4)
    assert played == ["buy 1 inf"] * 4
    bombers = position(("uk", "infantry", "united_kingdom"), ("germany", "bomber", "western_europe", 3),
                       ("germany", "infantry", "germany"), power="uk", phase="purchase", ipcs={"uk": 30})
    assert ai.capital_threat(bombers) >= ai.DEFEND_AT and ai.capital_threat(bombers, taking=True) == 0.0
    assert [m.units for m in candidates(bombers)] == [(("transport", 1),)]
    uk = position(("uk", "infantry", "united_kingdom"), ("germany", "bomber", "western_europe", 3),
                  ("germany", "transport", "sz_baltic_sea"), ("germany", "infantry", "sz_baltic_sea", 2),
                  ("germany", "infantry", "germany"), power="uk", phase="purchase", ipcs={"uk": 30})
    uk = aboard(uk, "sz_baltic_sea")
    assert ai.capital_threat(uk, taking=True) >= ai.DEFEND_AT
    assert [m.units for m in candidates(uk)] == [(("infantry", 1),)]
    calm = position(("germany", "infantry", "germany", 6), ("ussr", "infantry", "russia"), phase="purchase",
                    ipcs={"germany": 40})
    assert ai.capital_threat(calm, taking=True) < ai.DEFEND_AT
    assert [m.units for m in candidates(calm)] == [(("fighter", 1),)]


def test_a_loaded_transport_waiting_at_sea_gets_an_escort() -> None:
    """A transport cannot hit (aanval 0) and defends with 1: an American transport with two
    infantry aboard waits in the West Spain Sea Zone for an assault on Western Europe; the
    battleship in the East Canada Sea Zone joins it in the non-combat move (TripleA's hard AI
    gives its transports escorts). One with a warship beside it already gets none."""
    pieces = (("usa", "transport", "sz_west_spain"), ("usa", "infantry", "sz_west_spain", 2),
              ("usa", "battleship", "sz_east_canada"), ("germany", "infantry", "western_europe"),
              ("germany", "infantry", "germany"))
    state = aboard(position(*pieces, power="usa", phase="noncombat_move"), "sz_west_spain")
    state = state.model_copy(update={"units": tuple(u.model_copy(update={"moved": 2}) if u.kind == "transport" else u
                                                    for u in state.units)})
    (first,) = candidates(state)
    assert ENGINE.format_move(first, state) == "move 1 bb East Canada Sea Zone -> West Spain Sea Zone"
    escorted = play(state, ENGINE.format_move(first, state))
    assert [m.kind for m in candidates(escorted)] == ["end"]
