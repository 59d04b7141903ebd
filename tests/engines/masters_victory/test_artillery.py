"""R3, artillery: a 3x3 firing zone straight ahead removes every enemy piece in it before,
during and after the artillery's move, only in its owner's turn; firing without moving is
not one of the 3 moves (rulebook R3, figure 4; decision 7)."""

from __future__ import annotations

import pytest

from engines.core.errors import AmbiguousMoveError, IllegalMoveError
from engines.masters_victory import board as B
from engines.masters_victory.rules import legal_moves


def illegal(engine, state, text):
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move(text, state, state.to_move)
    return err.value


def texts(engine, state):
    return [engine.format_move(m, state) for m in legal_moves(state, state.to_move)]


def test_r3_fig4_before_during_and_after_the_move(engine, make, move, on):
    """Figure 4: "Step1: voor verplaatsing; Step2: tijdens verplaatsing; Step3: na
    verplaatsing. In totaal worden in dit voorbeeld 3 groene pionnen uitgeschakeld tijdens
    één spelbeurt van speler rood." The red artillery on e6 moves north to g6: the green tank
    on f5 is in its zone before the move, the green fighter on i7 while it passes f6, the
    green soldier on j5 only after it arrived on g6."""
    state = make("A:e6 t1:f5 f2:i7 s3:j5 s1:r1")
    after = move(state, "e6-g6")
    assert on(after, "g6") == "A"
    for sq in ("f5", "i7", "j5"):
        assert on(after, sq) == "."
    assert sorted(after.off[1][i:i + 3] for i in range(0, 9, 3)) == ["F2x", "S3x", "T1x"]
    action = after.current[-1]
    assert action.path == ("e6", "f6", "g6")
    assert action.removed_squares == ("f5", "i7", "j5")  # in the order of the sweep
    assert set(action.swept) == {B.NAMES[z] for s in ("e6", "f6", "g6") for z in B.ZONE[0][B.index(s)]}
    assert on(after, "r1") == "s1"


def test_r3_zone_north_for_south_player_south_for_north_player(engine, make, move, on):
    """"zuidelijke speelhelte ... enkel schietzone noord, ... noordelijke speelhelte ... enkel
    schietzone zuid. Schietzone oost en west zijn onbestaande."""
    red = move(make("A:e6 t1:f6 t2:d6 t3:e7 S1:a1"), "fire e6")
    assert (on(red, "f6"), on(red, "d6"), on(red, "e7")) == (".", "t2", "t3")
    green = make("a:m6 T1:l6 T2:n6 T3:m7 s1:r1", to_move=1)
    green = move(green, "fire m6")
    assert (on(green, "l6"), on(green, "n6"), on(green, "m7")) == (".", "T2", "T3")


def test_r3_fire_without_moving_is_not_one_of_the_3_moves(engine, make, move):
    """"Uitschakelen van een vijandelijke pion zonder de artilleriepion te verplaatsen geldt
    niet als beurt"."""
    state = move(make("A:e6 T1:a1 T2:a3 T3:a5 t1:g6"), "fire e6")
    assert state.used == 0 and state.moved == ()
    state = move(state, "a1-b1", "a3-b3")
    assert state.to_move == 0
    state = move(state, "a5-b5")
    assert state.to_move == 1


def test_r3_the_artillery_that_fired_may_still_move(engine, make, move, on):
    state = move(make("A:e6 t1:g6 s1:j5"), "fire e6", "e6-f6-g6")
    assert on(state, "g6") == "A" and on(state, "j5") == "."


def test_r3_fire_needs_a_target_and_an_artillery(engine, make):
    state = make("A:e6 T1:a1 t1:m6")
    assert illegal(engine, state, "fire e6").code == "masters_victory.fire_empty"
    assert illegal(engine, state, "fire a1").code == "masters_victory.fire_not_artillery"
    assert "fire e6" not in texts(engine, state)


def test_r3_zones_act_only_in_their_owners_turn(engine, make, move, on):
    """"De artilleriezones zijn enkel actief tijdens de spelbeurt van de betreffende speler":
    a green piece may enter the red zone in green's turn; red may remove it in red's turn."""
    state = make("A:e6 T1:a1 t1:k6", to_move=1)
    state = move(state, "k6-g6", "end")
    assert on(state, "g6") == "t1"
    assert "fire e6" in texts(engine, state)
    assert on(move(state, "fire e6"), "g6") == "."


def test_r3_own_pieces_in_the_zone_are_safe(engine, make, move, on):
    state = move(make("A:e6 T1:f6 t1:g6"), "fire e6")
    assert on(state, "f6") == "T1" and on(state, "g6") == "."


def test_r3_bunker_protects_ground_units_not_aircraft(engine, make, move, on):
    """"Pionnen (enkel landmacht ...) op bunkerzones staan beschermd tegen aanvallen van
    artillerie": the green tank in the bunker i4 stays, the green fighter in the bunker i8
    is removed."""
    state = make("A:g4,g8 t1:i4 f1:i8 S1:a1")
    assert illegal(engine, state, "fire g4").code == "masters_victory.fire_nothing"
    state = move(state, "fire g8")
    assert on(state, "i8") == "." and on(state, "i4") == "t1"


def test_r3_aircraft_on_mines_are_hit(engine, make, move, on):
    """"Op mines zones staan vliegtuigen beschermd tegen soldaatpionnen (en niet tegen
    artillerieaanvallen)"."""
    state = move(make("A:h6 f1:i6 b:j6 S1:a1"), "fire h6")
    assert on(state, "i6") == "." and on(state, "j6") == "."


def test_r3_a_piece_in_the_way_is_removed_before_the_artillery_passes(engine, make, move, on):
    """Decision 7: the zone acts before the move, so an enemy directly ahead is removed and
    the square may then be entered; a bunker-protected tank keeps blocking."""
    state = move(make("A:e6 s1:f6"), "e6-g6")
    assert on(state, "g6") == "A" and on(state, "f6") == "."
    blocked = make("A:h4 t1:i4 S1:a1")
    assert illegal(engine, blocked, "h4-i4").code == "masters_victory.occupied"


def test_r3_up_to_15_pieces_per_artillery_per_turn(engine, make, move):
    """"Met een artilleriepion daarentegen zou men, theoretisch althans, 15 pionnen per beurt
    en per pion kunnen uitschakelen": a move of 2 sweeps 3 x 5 squares (decision 4)."""
    squares = [f"{r}{c}" for r in "fghij" for c in (5, 6, 7)]
    green = " ".join(f"{'f1' if sq in ('i6', 'j6') else 's1'}:{sq}" for sq in squares)
    state = move(make(f"A:e6 {green} S1:a1"), "e6-g6")
    assert len(state.off[1]) == 15 * 3
    assert len(state.current[-1].swept) == 15


def test_r3_artillery_paths_are_listed_and_a_turning_path_needs_its_corner(engine, make, move):
    state = make("A:e6 t1:k1")
    listed = [t for t in texts(engine, state) if t.startswith("e6-")]
    assert "e6-f6-f7" in listed and "e6-e7-f7" in listed and "e6-g6" in listed
    with pytest.raises(AmbiguousMoveError) as err:
        engine.parse_move("e6-f7", state, 0)
    assert sorted(err.value.params["candidates"]) == ["e6-e7-f7", "e6-f6-f7"]
    assert engine.parse_move("e6-f6-f7", state, 0).via == ("f6", "f7")


def test_r3_artillery_cannot_enter_mines_or_pass_pieces(engine, make):
    state = make("A:h6 T1:h5,h7 t1:r1")
    assert illegal(engine, state, "h6-i6").code == "masters_victory.mines"
    assert illegal(engine, state, "h6-h7-h8").code in ("masters_victory.occupied", "masters_victory.path_blocked")
    assert {t for t in texts(engine, state) if t.startswith("h6-")} == {"h6-g6", "h6-g6-g5", "h6-g6-g7", "h6-f6"}


def test_r3_fire_with_nothing_in_the_zone_does_not_speak_of_bunkers(engine, make):
    """`fire e4` with no enemy in the zone said "(ground units in a bunker are safe)",
    as if a bunker were the reason. Nothing in the zone: `fire_empty`; only ground units safe in
    bunkers there ("Pionnen (enkel landmacht ...) op bunkerzones staan beschermd"): `fire_nothing`."""
    from bot.i18n import Msg, catalog

    empty = illegal(engine, make("A:e4 t1:p7 T1:c1"), "fire e4")
    assert empty.code == "masters_victory.fire_empty"
    worded = catalog().render(Msg(empty.code, empty.params), "en")
    assert "bunker" not in worded and "No enemy piece stands in the firing zone" in worded
    safe = illegal(engine, make("A:e4 t1:f3"), "fire e4")  # f3 is a bunker in the zone
    assert safe.code == "masters_victory.fire_nothing"
    assert "bunker" in catalog().render(Msg(safe.code, safe.params), "en")
