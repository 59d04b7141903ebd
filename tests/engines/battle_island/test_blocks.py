"""Rulebook "Over de obstakelblokken" (decisions 8-11): ten blocks, six live; a live block goes
with every character on its eight neighbouring squares and, when a character set it off, sets
off the blocks there (one step); a safe one is only removed; landing exactly on a block
activates it; a move cannot turn on it."""

from __future__ import annotations

import pytest

from engines.battle_island import BattleIslandOptions
from engines.core.errors import IllegalMoveError

from .conftest import at, block_at, gone, play, position, texts

BLUE = "tl12s"


def test_blokken_ten_blocks_six_live(engine):
    """"Er zijn tien obstakelblokken in totaal zes levende blokken en vier veilige blokken"."""
    from engines.battle_island.rules import BLOCKS, LAYOUTS, LIVE_BLOCKS

    assert (BLOCKS, LIVE_BLOCKS, len(LAYOUTS)) == (10, 6, 210)
    state = engine.setup(2, BattleIslandOptions())
    for value in (0, 77, 209):
        sealed = engine.apply_chance(state, engine_outcome(value))
        assert len(sealed.live) == 10 and sum(sealed.live) == 6


def engine_outcome(layout: int):
    from engines.core.contract import Outcome

    return Outcome(kind="seal_layout", values=(layout, 99))


def test_blokken_live_block_removes_the_characters_around_it(engine):
    """"als het obstakelblok is gemarkeerd met doodshoofd en botten dan moet het obstakelblok van
    het eiland worden verwijderd, samen met alle tekens die op een van de acht aangrenzende
    vierkanten rond het obstakelblok"."""
    around = "sd5s sf5s jd6s sf6s sd7s je7s tf7s"  # the neighbours of e6 but e5, the line of fire
    state = position(f"Te2n {around} Sg6w Sc6e je8s Sg4n {BLUE}", live="e6", die=2)
    after = play(engine, state, "shoot e2 e6")
    assert not block_at(after, "e6")
    for square in ("d5", "f5", "d6", "f6", "d7", "e7", "f7"):
        assert at(after, square) is None, square
    assert (at(after, "g6"), at(after, "c6"), at(after, "e8"), at(after, "g4")) == ("Sg6w", "Sc6e", "je8s", "Sg4n")
    assert gone(after) == (gone(state)[0], gone(state)[1] + 7)
    (seen,) = engine.view(after, None).revealed
    assert seen.live and set(seen.blast) == {"d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"}


@pytest.mark.parametrize("square", ["d5", "e5", "f5", "d6", "f6", "d7", "e7", "f7"])
def test_blokken_live_block_takes_each_of_the_eight_neighbours(engine, square):
    """Each of the eight squares around the block, diagonals too (shot from a side whose line
    does not pass that square)."""
    shooter = "Te2n" if square != "e5" else "Te10s"
    state = position(f"{shooter} s{square}s {BLUE}", live="e6", die=2)
    after = play(engine, state, f"shoot {shooter[1:-1]}")
    assert at(after, square) is None and gone(after)[1] == gone(state)[1] + 1


def test_blokken_safe_block_removes_only_itself(engine):
    """"Als het geopenbaarde obstakelblok leeg is, is het veilig en wordt het van het eiland
    verwijderd. Dan zijn alle karakters op of rond de acht aangrenzende vierkanten rond het
    veilige obstakelblok veilig om op het eiland te blijven"."""
    state = position(f"Te2n sd5s Jf5n sf7s {BLUE}", safe="e6", die=2)
    after = play(engine, state, "shoot e2 e6")
    assert not block_at(after, "e6")
    assert (at(after, "d5"), at(after, "f5"), at(after, "f7")) == ("sd5s", "Jf5n", "sf7s")
    assert gone(after) == gone(state) and not after.lost_this_turn


def test_blokken_live_block_sets_off_a_neighbouring_block(engine):
    """"Een levend obstakelblok kan ook een ander obstakelblok activeren als het zich rond een
    van de acht omliggende vierkanten bevindt"."""
    state = position(f"Je2n sg7s sc2n {BLUE}", live="e5 f6", die=2)
    after = play(engine, state, "shoot e2 e5")
    assert not block_at(after, "e5") and not block_at(after, "f6")
    assert at(after, "g7") is None  # beside f6 only: the chain reached it
    assert at(after, "c2") == "sc2n"


def test_blokken_a_chain_goes_one_step(engine):
    """"Een levend obstakelblok kan ook een ander obstakelblok activeren ..., maar alleen als het
    obstakelblok aanvankelijk door een personage werd geactiveerd" (decision 10): d4, shot, sets
    off e5; e5 explodes and takes its own ring, but it was set off by a block, so f6 stays."""
    state = position(f"Jd1n sc3s sf5s sg7s Je9s {BLUE}", live="d4 e5 f6", safe="i2", die=2)
    after = play(engine, state, "shoot d1 d4")
    assert not block_at(after, "d4") and not block_at(after, "e5")
    assert block_at(after, "f6") and block_at(after, "i2")
    assert at(after, "c3") is None and at(after, "f5") is None  # d4's ring, e5's ring
    assert at(after, "g7") == "sg7s" and at(after, "e9") == "Je9s"  # f6's ring only: untouched
    assert [(r.square, r.live) for r in engine.view(after, None).revealed] == [("d4", True), ("e5", True)]


def test_blokken_a_landing_starts_a_chain_too(engine):
    """"... aanvankelijk door een personage werd geactiveerd": landing on a block is activating
    it with a character, so its live neighbour goes off; that one's neighbour does not."""
    state = position(f"Jd1n sg7s {BLUE}", live="d4 e5 f6", die=3)
    after = play(engine, state, "d1-d4")
    assert not block_at(after, "d4") and not block_at(after, "e5") and block_at(after, "f6")
    assert at(after, "g7") == "sg7s"


def test_option_long_chains(engine):
    """Option ``long_chains`` (our variant, decision 10): a block set off by another block sets
    off its own neighbours too, so a chain runs on: d4 sets off e5, e5 sets off f6."""
    state = position(f"Jd1n sc3s sg7s sh8s Je9s {BLUE}", live="d4 e5 f6", safe="i2", die=2, long_chains=True)
    after = play(engine, state, "shoot d1 d4")
    for square in ("d4", "e5", "f6"):
        assert not block_at(after, square)
    assert block_at(after, "i2")
    assert at(after, "c3") is None and at(after, "g7") is None
    assert at(after, "h8") == "sh8s" and at(after, "e9") == "Je9s"
    assert [(r.square, r.live) for r in engine.view(after, None).revealed] == [("d4", True), ("e5", True), ("f6", True)]


def test_blokken_chain_sets_off_a_safe_block_which_goes_no_further(engine):
    """Decision 10: safe blocks set nothing off, but a live neighbour turns them over too."""
    state = position(f"Jd1n sh8s {BLUE}", live="d4 g7", safe="e5", die=2)
    after = play(engine, state, "shoot d1 d4")
    assert not block_at(after, "d4") and not block_at(after, "e5")
    assert block_at(after, "g7") and at(after, "h8") == "sh8s"
    assert [(r.square, r.live) for r in engine.view(after, None).revealed] == [("d4", True), ("e5", False)]


def test_blokken_not_a_chain_across_a_gap(engine):
    state = position(f"Jd1n {BLUE}", live="d4 f6", die=2)
    after = play(engine, state, "shoot d1 d4")
    assert block_at(after, "f6")


def test_blokken_landing_exactly_activates_live(engine):
    """"Je kunt ook een obstakelblokkering activeren door je personage er bovenop te landen. Om
    dit te doen moet je het exacte nummer op de dobbelsteen hebben" (decision 9: on a live block
    the character goes with it)."""
    state = position(f"Je2n sf6s Jb2n {BLUE}", live="e5", die=3)
    assert "e2-e5" in texts(engine, state)
    after = play(engine, state, "e2-e5")
    assert not block_at(after, "e5") and at(after, "e5") is None and at(after, "f6") is None
    assert gone(after) == (gone(state)[0] + 1, gone(state)[1] + 1)
    assert after.step == "moved" and at(after, "b2") == "Jb2n"


def test_blokken_landing_exactly_activates_safe(engine):
    """Decision 9: on a safe block the character stays on that square."""
    state = position(f"Je2n sf6s {BLUE}", safe="e5", die=3)
    after = play(engine, state, "e2-e5")
    assert not block_at(after, "e5") and at(after, "e5") == "Je5n" and at(after, "f6") == "sf6s"


def test_blokken_no_turn_after_landing(engine):
    """"(U kunt niet op een obstakelblok landen en vervolgens links of rechts draaien)"."""
    state = position(f"Je2n {BLUE}", live="e5", die=4)
    assert {t for t in texts(engine, state) if t.startswith("e2")} == set()  # e5 on the way: no move
    state = position(f"Je2n {BLUE}", live="e5", die=3)
    assert {t for t in texts(engine, state) if t.startswith("e2")} == {"e2-e5", "e2-e4 left", "e2-e4 right"}
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("e2-e5 left", position(f"Je2n {BLUE}", live="e5", die=4), 0)
    assert err.value.code == "battle_island.cannot_move_there"


def test_blokken_barricade_for_moves_and_shots(engine):
    """"Obstakelblokken fungeren ook als barricades wanneer ze niet zijn geactiveerd, je kunt
    niets schieten dat voorbij een obstakelblok is en je kunt niet door een obstakelblok bewegen
    dat zich op je bewegingspad bevindt"."""
    state = position(f"Te2n se7s {BLUE}", safe="e4", die=4)
    legal = texts(engine, state)
    assert not any(t.startswith("e2-") for t in legal)
    assert "shoot e2 e6" not in legal and legal == {"end"}


def test_blokken_activated_blocks_are_gone(engine):
    """An activated block no longer blocks: once the safe e3 is shot, the tank shoots past it."""
    state = position(f"Te1n Jb3e se5s {BLUE}", safe="e3", die=4)
    assert {t for t in texts(engine, state) if t.startswith("shoot")} == {"shoot b3 e3"}
    after = play(engine, state, "shoot b3 e3")
    assert "shoot e1 e5" in texts(engine, after)


def test_blokken_crossfire_takes_ones_own_characters_too(engine):
    """Decision 11: characters around an exploding live block go, whoever owns them."""
    state = position(f"Je1n Sd5n Tf4e {BLUE}", live="e4", die=2)
    after = play(engine, state, "shoot e1 e4")
    assert at(after, "d5") is None and at(after, "f4") is None and at(after, "e1") == "Je1n"
