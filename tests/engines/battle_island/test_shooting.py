"""Rulebook "Een doel schieten" (decisions 11-13): soldiers 2, jeeps 3, tanks 4, the range
exact, only straight ahead, no block in between (characters are passed over and caught in the
crossfire); a hit character is removed, a hit block is activated."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError

from .conftest import at, block_at, gone, play, position, texts

BLUE = "tl12s"


def shots(engine, state) -> set[str]:
    return {t for t in texts(engine, state) if t.startswith("shoot")}


@pytest.mark.parametrize("kind,reach", [("S", 2), ("J", 3), ("T", 4)])
def test_schieten_exact_range_per_kind(engine, kind, reach):
    """"Soldaten hebben een schietbereik van 2, Jeeps hebben een schietbereik van 3 en tanks
    hebben een schietbereik van 4 ... dat het schietbereik exact moet zijn"."""
    for distance in range(1, 6):
        target = f"c{2 + distance}"
        state = position(f"{kind}c2n s{target}s {BLUE}", die=3)
        expected = {f"shoot c2 {target}"} if distance == reach else set()
        assert shots(engine, state) == expected, (kind, distance)
    view = engine.view(position(f"{kind}c2n {BLUE}"), None)
    assert next(c for c in view.characters if c.square == "c2").range == reach


def test_schieten_only_straight_ahead(engine):
    """"Je personage moet ook naar voren wijzen in de richting van je beoogde doelwit. (Je
    personage kan niet vanaf de zijkant of vanaf de achterkant schieten)"."""
    state = position(f"Sf6n sf4s sd6e sh6w sh8s {BLUE}", die=3)
    assert shots(engine, state) == set()
    for target in ("f4", "d6", "h6", "h8"):
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move(f"shoot f6 {target}", state, 0)
        assert err.value.code == "battle_island.no_shot"
    assert shots(engine, position(f"Sf6e sh6w {BLUE}", die=3)) == {"shoot f6 h6"}
    assert shots(engine, position(f"Sf6s sf4s {BLUE}", die=3)) == {"shoot f6 f4"}


def test_schieten_a_hit_removes_the_character(engine):
    """"zodra een exacte hit op een personage is vastgesteld, pak je gewoon het beoogde doelwit
    en verwijder je het van het eiland"."""
    state = position(f"Jc2n sc5s {BLUE}", die=3)
    after = play(engine, state, "shoot c2 c5")
    assert at(after, "c5") is None and gone(after)[1] == gone(state)[1] + 1
    assert at(after, "c2") == "Jc2n" and after.lost_this_turn
    assert engine.view(after, None).lost == (gone(after)[0], gone(after)[1])


def test_schieten_a_hit_block_is_activated(engine):
    """"nadat een exacte treffer op een obstakelblok is vastgesteld, controleer je de onderkant
    om te bepalen of deze live of veilig is voordat je hem van het eiland verwijdert"."""
    state = position(f"Tc2n {BLUE}", safe="c6", die=3)
    assert shots(engine, state) == {"shoot c2 c6"}
    after = play(engine, state, "shoot c2 c6")
    assert not block_at(after, "c6")
    (seen,) = engine.view(after, None).revealed
    assert (seen.square, seen.live, seen.blast) == ("c6", False, ())


def test_schieten_never_at_ones_own_character(engine):
    """Decision 12: the target is an opponent's character or a block."""
    state = position(f"Sc2n Jc4s {BLUE}", die=3)
    assert shots(engine, state) == set()


def test_schieten_blocks_in_between_stop_the_shot(engine):
    """Rule 5 ("Je kunt niet iets schieten dat voorbij een obstakelblok is"): an unactivated
    block on the line of fire, safe or live, stops the shot."""
    assert shots(engine, position(f"Tc2n sc6s {BLUE}", safe="c5", die=3)) == set()
    assert shots(engine, position(f"Tc2n sc6s {BLUE}", live="c3", die=3)) == set()
    assert shots(engine, position(f"Tc2n Jc4n sc6s {BLUE}", live="c5", die=3)) == set()


def test_schieten_a_shot_passes_over_characters(engine):
    """"je kunt niets schieten dat voorbij een obstakelblok is" ("Over de obstakelblokken") names
    only blocks as barriers to a shot; rule 14 ("Je kunt niet over de bovenkant van een ander
    personage ... bewegen") is about moving. Decision 11: a shot passes over characters, of
    either side, to its exact-range target."""
    assert shots(engine, position(f"Tc2n Jc4n sc6s {BLUE}", die=3)) == {"shoot c2 c6"}
    assert shots(engine, position(f"Tc2n sc3s sc6s {BLUE}", die=3)) == {"shoot c2 c6"}
    assert shots(engine, position(f"Tc2n sc3s Jc4n Sc5n {BLUE}", safe="c6", die=3)) == {"shoot c2 c6"}


def test_rule_10_crossfire_on_the_line_of_a_shot_at_a_character(engine):
    """10. "Alle personages die door een exacte slag op een ander personage ... in een kruisvuur
    worden gevangen, worden ook van het eiland verwijderd" (decision 11): the characters on the
    line of fire between shooter and target go with the target, whoever owns them."""
    state = position(f"Tc2n sc3s Jc4n sc6s sd4s {BLUE}", die=3)
    after = play(engine, state, "shoot c2 c6")
    assert [at(after, s) for s in ("c3", "c4", "c6")] == [None, None, None]
    assert at(after, "c2") == "Tc2n" and at(after, "d4") == "sd4s"  # the shooter, and beside the line
    assert gone(after) == (gone(state)[0] + 1, gone(state)[1] + 2)
    (shot,) = [a for a in engine.view(after, None).actions if a.kind == "shoot"]
    assert (shot.frm, shot.to, shot.caught) == ("c2", "c6", ("c3", "c4"))


def test_rule_10_crossfire_on_the_line_of_a_shot_at_a_live_block(engine):
    """10. "... door een exacte slag op een ... live obstakelblok in een kruisvuur worden gevangen,
    worden ook van het eiland verwijderd" (decision 11): the line of fire as well as the eight
    squares around the block."""
    state = position(f"Tc2n sc3s Jc4n sd7s Sb2n {BLUE}", live="c6", die=3)
    after = play(engine, state, "shoot c2 c6")
    assert [at(after, s) for s in ("c3", "c4", "d7")] == [None, None, None]
    assert at(after, "c2") == "Tc2n" and at(after, "b2") == "Sb2n"


def test_rule_10_no_crossfire_on_a_shot_at_a_safe_block(engine):
    """Rule 10 names only hits on a character or a live block, and "Dan zijn alle karakters op of
    rond de acht aangrenzende vierkanten rond het veilige obstakelblok veilig om op het eiland te
    blijven" (decision 11): the characters on the line of a shot at a safe block stay."""
    state = position(f"Tc2n sc3s Jc4n sc5s {BLUE}", safe="c6", die=3)
    after = play(engine, state, "shoot c2 c6")
    assert not block_at(after, "c6")
    assert [at(after, s) for s in ("c3", "c4", "c5")] == ["sc3s", "Jc4n", "sc5s"]
    assert gone(after) == gone(state) and not after.lost_this_turn


def test_option_shots_blocked_by_characters(engine):
    """Option ``shots_blocked_by_characters`` (decision 11, the former reading): a character on
    the line stops the shot as a block does, so a hit takes only its target."""
    for line in ("Jc4n", "sc3s"):
        state = position(f"Tc2n {line} sc6s {BLUE}", die=3, shots_blocked_by_characters=True)
        assert shots(engine, state) == set(), line
        with pytest.raises(IllegalMoveError) as err:
            engine.parse_move("shoot c2 c6", state, 0)
        assert err.value.code == "battle_island.no_shot"
    state = position(f"Jc2n sc5s sc6s sb4s {BLUE}", die=3, shots_blocked_by_characters=True)
    after = play(engine, state, "shoot c2 c5")
    assert at(after, "c5") is None and at(after, "c6") == "sc6s" and at(after, "b4") == "sb4s"


def test_schieten_short_form_names_the_one_target(engine):
    """A character has at most one target: ``shoot c2`` is enough."""
    state = position(f"Jc2n sc5s {BLUE}", die=3)
    assert engine.parse_move("shoot c2", state, 0) == engine.parse_move("shoot c2 c5", state, 0)
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("shoot c2 c6", state, 0)
    assert err.value.code == "battle_island.no_shot"


def test_schieten_view_lists_the_shots(engine):
    state = position(f"Jc2n sc5s Tf1n sf5s {BLUE}", die=3)
    assert {(s.frm, s.to) for s in engine.view(state, 1).shots} == {("c2", "c5"), ("f1", "f5")}
