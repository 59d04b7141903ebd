"""Rulebook, "Einde van het spel" (decision 8); passing (decision 9); the quiet-move limit (decision 10)."""

from __future__ import annotations

import pytest

from engines.core.errors import IllegalMoveError
from engines.heroes_cities import HeroesCitiesOptions
from engines.heroes_cities.moves import PASS, MoveAction, PromoteAction
from engines.heroes_cities.rules import legal_moves

ALL_RED_BUT_A8 = {"a8": 1, "d7": 0, "g7": 0, "j8": 0}


def test_einde_alle_steden(make, move, engine):
    """Einde: "Een speler heeft de controle over alle steden. Deze speler wint"."""
    state = make("A:b6,a1,c1 a:a10,c10,e10", cities=ALL_RED_BUT_A8)
    assert state.result is None
    after = move(state, "b6-a8")
    assert after.result is not None
    assert after.result.winners == (0,) and after.result.reason == "heroes_cities.all_cities"
    assert after.result.params == {"seat": 0}
    assert engine.to_act(after) == frozenset()
    assert legal_moves(after, 1) == []
    with pytest.raises(IllegalMoveError) as err:
        engine.apply(after, 1, MoveAction(frm="a10", to="a9"))
    assert err.value.code == "heroes_cities.game_over"
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("a10-a9", after, 1)
    assert err.value.code == "heroes_cities.game_over"


def test_einde_alle_steden_gaat_voor(make, move):
    """Decision 8: (a) is tried first, even when the last conquest also leaves few pieces."""
    after = move(make("A:b6 a:a10", cities=ALL_RED_BUT_A8), "b6-a8")
    assert after.result.reason == "heroes_cities.all_cities"


def test_einde_een_speelstuk_over(make, move):
    """Einde: "Een speler heeft nog slechts één speelstuk op het bord staan. De andere speler wint"."""
    state = make("A:c5,g5,a1 a:d5,e5,a10", quiet=12)
    after = move(state, "g5-f5")
    assert after.result.winners == (0,)
    assert after.result.reason == "heroes_cities.last_piece"
    assert after.result.params == {"seat": 0, "loser": 1, "pieces": 1}


def test_einde_nul_speelstukken(make, move):
    """Decision 8 (b): a mass capture can take every piece of a player; a side with no piece
    left loses."""
    state = make("A:c5,h5,a1,c1 h:d5,e5,f5")
    after = move(state, "h5-g5")
    assert after.result.reason == "heroes_cities.last_piece"
    assert after.result.params["pieces"] == 0 and after.result.winners == (0,)


def test_einde_nul_speelstukken_verliest_ook_met_meer_steden(make, move):
    """Einde: "op één na alle speelstukken van de ander weet te slaan, wint het spel" — so taking
    all of them wins too. Red's mover on e5 is captured together with both blue pieces (the run
    c5-g5 is R B R B R), leaving red 2 pieces and blue none; blue controls more cities (5 to 3)
    but has nothing left: red wins, it is not settled on cities."""
    state = make("A:c5,g5,e3 a:d5,f5", cities={"a3": 1})
    assert state.result is None
    after = move(state, "e3-e5")
    assert after.board.count(".") == 100 - 2
    assert after.result.reason == "heroes_cities.last_piece"
    assert after.result.winners == (0,)
    assert after.result.params == {"seat": 0, "loser": 1, "pieces": 0}


def test_einde_reserve_telt_niet(make, move):
    """Decision 8: heroes in the reserve are not on the board and do not count."""
    after = move(make("A:c5,g5,a1 a:d5,e5,a10", reserve=(8, 8)), "g5-f5")
    assert after.result.reason == "heroes_cities.last_piece"


def test_einde_beide_hoogstens_twee_gelijk(make, move):
    """Einde: "Beide spelers hebben slechts 1 of 2 speelstukken ... In geval van een gelijke stand
    eindigt het spel onbeslist" (4 cities each)."""
    after = move(make("A:c5,g5 a:d5,a10,j10"), "g5-e5")
    assert after.result.draw and after.result.winners == ()
    assert after.result.reason == "heroes_cities.few_pieces"
    assert after.result.params == {"red_cities": 4, "blue_cities": 4, "red_pieces": 2, "blue_pieces": 2}


def test_einde_beide_hoogstens_twee_meeste_steden(make, move):
    """Einde: "De speler die de meeste steden controleert wint het spel"."""
    after = move(make("A:c5,g5 a:d5,a10,j10", cities={"a8": 0}), "g5-e5")
    assert after.result.winners == (0,) and not after.result.draw
    after = move(make("A:c5,g5 a:d5,a10,j10", cities={"a3": 1, "d4": 1}), "g5-e5")
    assert after.result.winners == (1,)


def test_een_speelstuk_gaat_voor_beide_een_of_twee(make, move):
    """Einde: "Een speler heeft nog slechts één speelstuk op het bord staan. De andere speler wint"
    comes before "Beide spelers hebben slechts 1 of 2 speelstukken op het bord staan. De speler die
    de meeste steden controleert wint het spel": red 2 pieces, blue 1 after
    the capture; blue controls more cities (5 to 3) yet red wins."""
    after = move(make("A:c5,g5 a:d5,a10", cities={"a3": 1}), "g5-e5")
    assert after.result.reason == "heroes_cities.last_piece"
    assert after.result.winners == (0,)
    assert after.result.params == {"seat": 0, "loser": 1, "pieces": 1}
    after = move(make("A:c5,g5,e3 a:d5,f5,a10", cities={"a3": 1}), "e3-e5")  # 3 taken at once
    assert after.result.reason == "heroes_cities.last_piece" and after.result.winners == (0,)


@pytest.mark.parametrize(
    ("red", "blue", "cities", "reason", "winners"),
    [
        ("b5,c7", "h5,h7", {}, "heroes_cities.few_pieces", ()),  # 2 against 2, 4 cities each
        ("b5", "h5", {"a8": 0}, "heroes_cities.few_pieces", (0,)),  # 1 against 1, on cities
        ("b5", "h5", {"a3": 1}, "heroes_cities.few_pieces", (1,)),
        ("b5", "h5,h7", {"a8": 0}, "heroes_cities.last_piece", (1,)),  # 1 against 2: one-piece rule
        ("", "h5", {"a8": 0}, "heroes_cities.last_piece", (1,)),  # 0 against 1: no piece loses
        ("b5,c7,e5", "", {"a3": 1}, "heroes_cities.last_piece", (0,)),
        ("", "", {"a8": 0}, "heroes_cities.few_pieces", (0,)),  # nothing left at all: on cities
        ("", "", {}, "heroes_cities.few_pieces", ()),
    ],
)
def test_volgorde_van_de_einden(red, blue, cities, reason, winners):
    """Decision 8, the order of "Einde van het spel": a side without pieces
    loses; then "Een speler heeft nog slechts één speelstuk op het bord staan. De andere speler
    wint"; then "Beide spelers hebben slechts 1 of 2 speelstukken op het bord staan. De speler die
    de meeste steden controleert wint het spel. In geval van een gelijke stand eindigt het spel
    onbeslist", which so settles 1 against 1 and 2 against 2 (and 0 against 0, decision 8)."""
    from engines.heroes_cities import board as B
    from engines.heroes_cities.endings import result_of

    cells = ["."] * B.CELLS
    for kind, squares in (("A", red), ("a", blue)):
        for sq in filter(None, squares.split(",")):
            cells[B.index(sq)] = kind
    owners = list(B.CITY_START_OWNERS)
    for sq, seat in cities.items():
        owners[B.CITY_SLOT[B.index(sq)]] = seat
    result = result_of("".join(cells), tuple(owners), 0, 0, HeroesCitiesOptions())
    assert result.reason == reason and result.winners == winners
    assert result.draw == (winners == ())


def _full_board(make, hole: str | None = None, **kwargs):
    """Files a-e red heroes, f-j blue heroes: no empty square (but ``hole``), no enclosure
    (every line crosses from red to blue at most once), nobody can move."""
    rows = ["H:" + ",".join(f"{f}{r}" for f in "abcde" for r in range(1, 11)),
            "h:" + ",".join(f"{f}{r}" for f in "fghij" for r in range(1, 11) if f"{f}{r}" != hole)]
    return make(" ".join(rows), **kwargs)


def test_passen_alleen_zonder_zet(make, engine):
    """Decision 9: ``pass`` is the only legal move when there is no move and no promotion."""
    state = _full_board(make, hole="j10")
    assert legal_moves(state, 0) == [PASS]
    assert len(legal_moves(state.model_copy(update={"to_move": 1}), 1)) == 3
    assert engine.parse_move(" PASS ", state, 0) == PASS
    after = engine.apply(state, 0, PASS)
    assert after.result is None and after.passes == 1 and after.to_move == 1
    assert after.turn == state.turn + 1 and after.quiet == state.quiet + 1
    assert after.last_move.text == "pass" and after.last_move.path == ()
    after = engine.apply(after, 1, MoveAction(frm="j9", to="j10"))
    assert after.passes == 0 and after.result is None


def test_passen_niet_als_er_een_zet_is(make, engine):
    state = make("A:e5 a:a10,c10,e10")
    with pytest.raises(IllegalMoveError) as err:
        engine.parse_move("pass", state, 0)
    assert err.value.code == "heroes_cities.pass_not_allowed" and err.value.params["closest"]
    with pytest.raises(IllegalMoveError):
        engine.apply(state, 0, PASS)


def test_passen_promotie_is_een_zet(make):
    """A player whose only option is the alternative turn may not pass."""
    full = _full_board(make, cities={"a8": 0})
    state = full.model_copy(update={"board": full.board[:70] + "A" + full.board[71:]})  # a8
    assert legal_moves(state, 0) == [PromoteAction(frm="a8")]


def test_twee_keer_passen_beeindigt_op_steden(make, engine):
    """Decision 9: both players pass in a row: the game ends on cities (``heroes_cities.blocked``)."""
    state = _full_board(make, cities={"a8": 0})  # red 5 cities, blue 3
    assert legal_moves(state, 0) == [PASS]
    state = engine.apply(state, 0, PASS)
    assert state.result is None and legal_moves(state, 1) == [PASS]
    state = engine.apply(state, 1, PASS)
    assert state.result.reason == "heroes_cities.blocked"
    assert state.result.winners == (0,)
    assert state.result.params == {"red_cities": 5, "blue_cities": 3}
    state = engine.apply(engine.apply(_full_board(make), 0, PASS), 1, PASS)
    assert state.result.draw


QUIET3 = HeroesCitiesOptions(quiet_move_limit=3)


def test_stille_zetten_limiet(make, move):
    """Decision 10: after ``quiet_move_limit`` turns without capture or promotion the game ends on cities."""
    state = make("A:e5,a1,c1 a:e8,a10,c10", options=QUIET3, cities={"a8": 0})
    state = move(state, "e5-e4", "e8-e7")
    assert state.quiet == 2 and state.result is None
    state = move(state, "e4-e5")
    assert state.result.reason == "heroes_cities.quiet_limit"
    assert state.result.winners == (0,)
    assert state.result.params == {"red_cities": 5, "blue_cities": 3, "limit": 3}


def test_stille_zetten_reset_door_slaan(make, move):
    state = make("A:c5,g5,a1,c1 a:d5,e5,a10,c10,e10,g10", options=QUIET3, quiet=2)
    state = move(state, "g5-f5")
    assert state.quiet == 0 and state.result is None


def test_stille_zetten_reset_door_promotie(make, move, engine):
    state = make("A:b2,a8,e1 a:a10,c10,e10", options=QUIET3, quiet=2, cities={"a8": 0})
    assert move(state, "b2-a3").quiet == 0
    assert engine.apply(state, 0, PromoteAction(frm="a8")).quiet == 0


def test_stille_zetten_verovering_reset_niet(make, move):
    """Decision 10: a conquest does not reset the counter (it can be undone)."""
    state = make("A:b6,a1,c1 a:a10,c10,e10", options=QUIET3, quiet=2)
    state = move(state, "b6-a8")
    assert state.result is not None and state.result.reason == "heroes_cities.quiet_limit"
    assert state.result.params["red_cities"] == 5


def test_stille_zetten_uit(make, move):
    """``quiet_move_limit=0`` switches the limit off."""
    state = make("A:e5,a1,c1 a:e8,a10,c10", options=HeroesCitiesOptions(quiet_move_limit=0), quiet=5000)
    assert move(state, "e5-e4").result is None


def test_standaard_geen_limiet_op_de_lengte(make, move):
    """Einde: "Het spel is onmiddellijk afgelopen, als aan een van deze drie voorwaarden is
    voldaan" -- three endings and no limit on the length of a game. The default game is the
    rulebook's: ``quiet_move_limit`` is our addition, named
    as ours, and off unless a match sets it."""
    options = HeroesCitiesOptions()
    assert options.quiet_move_limit == 0
    assert HeroesCitiesOptions.model_fields["quiet_move_limit"].description.startswith("(our addition)")
    state = make("A:e5,a1,c1 a:e8,a10,c10", quiet=5000)
    assert state.options == options
    assert move(state, "e5-e4", "e8-e7").result is None
