"""A reply says what a move of Axis & Allies did: research, purchases and
placements (Aktie 1 and 5), AA fire ("Luchtdoelkanonnen"), each battle round's casualties and how
the battle ended (Aktie 3, "Het Gevecht", step 8), conquests, neutrals, capitals and plunder,
liberation ("Resultaten van zowel land- als zeegevechten"), raids, income (Aktie 6) and the next
power in the turn order (chapter 1). Every line is worded in English and Dutch through the real
catalog (``tests/engines/narration.py``)."""

from __future__ import annotations

from engines.axis_allies.state import AxisAlliesState
from engines.core.contract import NarratingGame, Outcome
from tests.engines.narration import said, worded

from .conftest import ENGINE, play, position, roll, seat_to_act

SLUG = "axis_allies"


def narrate(state: AxisAlliesState, text: str, *dice: tuple[str, tuple[int, ...]]) -> tuple[AxisAlliesState, tuple]:
    """Play ``text`` for the seat that acts, then the ``dice`` (kind, faces 1-6) the referee rolls
    before anyone acts again; the state after, and the move's lines."""
    seat = seat_to_act(state)
    move = ENGINE.parse_move(text, state, seat)
    after = ENGINE.apply(state, seat, move)
    for kind, faces in dice:
        after = roll(after, kind, *faces)
    assert ENGINE.chance(after) is None, "the test must roll every die the move called for"
    return after, ENGINE.describe_move(state, seat, move, after)


def test_the_engine_narrates():
    assert isinstance(ENGINE, NarratingGame)


def test_aktie1_a_purchase_says_what_it_cost():
    _, lines = narrate(ENGINE.setup(2), "buy 3 inf 1 arm")
    assert worded(SLUG, lines) == ["USSR buys 3 infantry, 1 tank for 14 IPCs (10 left)."]
    assert worded(SLUG, lines, "nl") == ["U.S.S.R. koopt 3 infanterie, 1 tank voor 14 IPC's (nog 10 over)."]


def test_aktie1_research_without_a_six():
    _, lines = narrate(ENGINE.setup(2), "tech 2", ("tech_dice", (3, 5)))
    assert said(SLUG, lines) == "USSR rolls 2 research dice for 10 IPCs: no breakthrough."


def test_aktie1_a_breakthrough_names_the_development():
    """Aktie 1: a 6 is a breakthrough; the chart die (face 1: jet power, decision 3) names it."""
    _, lines = narrate(ENGINE.setup(2), "tech 1", ("tech_dice", (6,)), ("tech_chart", (1,)))
    assert said(SLUG, lines) == "Breakthrough: USSR develops jet power (its fighters defend at 5)."
    assert "straalmotoren" in said(SLUG, lines, "nl")


def test_aktie5_placement_and_what_is_left():
    s = play(ENGINE.setup(2), "buy 3 inf", "end", "end", "end", "end")
    s, lines = narrate(s, "place 2 inf Russia")
    assert worded(SLUG, lines) == ["USSR places 2 infantry in Russia.", "Still to place: 1 infantry."]


def test_conquest_of_an_empty_territory_and_its_complex():
    """Resultaten: land units entering an undefended enemy territory take it; the industrial
    complex there changes hands (decision 10)."""
    s = position(("germany", "armour", "eastern_europe"), ("ussr", "factory", "karelia_ssr"))
    _, lines = narrate(s, "move 1 arm Eastern Europe -> Karelia")
    assert worded(SLUG, lines) == [
        "Germany takes Karelia S.S.R. from USSR.",
        "Now held by Germany: 1 industrial complex in Karelia S.S.R.",
    ]
    assert worded(SLUG, lines, "nl")[0] == "Duitsland verovert Karelië op U.S.S.R."  # Dutch names for Dutch readers


def test_a_neutral_taken_costs_three_ipcs():
    s = position(("germany", "armour", "western_europe"))
    after, lines = narrate(s, "move 1 arm Western Europe -> Spain")
    assert said(SLUG, lines) == "Germany takes neutral Spain and pays 3 IPCs to the bank."
    assert after.ipcs["germany"] == s.ipcs["germany"] - 3


def test_a_capital_taken_is_plundered():
    """Capitals (rules notes): the conqueror takes the victim's unspent IPCs."""
    s = position(("germany", "armour", "karelia_ssr"), owners={"karelia_ssr": "germany"}, ipcs={"ussr": 12})
    _, lines = narrate(s, "move 1 arm Karelia -> Russia")
    assert said(SLUG, lines) == (
        "Germany takes Russia, the capital of USSR, and plunders its 12 IPCs; USSR collects no income and buys "
        "nothing while it is held."
    )


def test_liberation_gives_the_land_back_to_its_ally():
    """Resultaten: an ally's original territory retaken goes back to that ally while it holds its capital."""
    s = position(("uk", "armour", "russia"), owners={"karelia_ssr": "germany"}, power="uk")
    _, lines = narrate(s, "move 1 arm Russia -> Karelia")
    assert said(SLUG, lines) == "United Kingdom liberates Karelia S.S.R.; it goes back to USSR."


def battle(attackers: int = 2, defenders: int = 1) -> AxisAlliesState:
    """Germany's armour moved into the USSR's infantry in Ukraine; the combat step is on."""
    s = position(("germany", "armour", "eastern_europe", attackers), ("ussr", "infantry", "ukraine_ssr", defenders),
                 owners={"ukraine_ssr": "ussr"})
    return play(s, f"move {attackers} arm Eastern Europe -> Ukraine")


def test_ending_the_combat_move_names_the_battles():
    _, lines = narrate(battle(), "end")
    assert said(SLUG, lines) == "Battles for Germany to fight, one at a time (attack <territory>): Ukraine S.S.R."


def test_aktie3_a_won_battle_says_the_losses_of_each_side_and_the_conquest():
    """Aktie 3: the attacker's 1 hits, the infantry fires back from the casualty zone (a 1 hits);
    the round's casualties per side, then the end (8 C: the attacker wins) and the conquest."""
    s = play(battle(), "end")
    _, lines = narrate(s, "attack Ukraine", ("attack_fire", (1, 6)), ("defence_fire", (1,)))
    assert worded(SLUG, lines) == [
        "Battle in Ukraine S.S.R., round 1: Germany loses 1 tank.",
        "Battle in Ukraine S.S.R., round 1: USSR loses 1 infantry.",
        "Germany wins the battle for Ukraine S.S.R.",
        "Germany takes Ukraine S.S.R. from USSR.",
    ]
    assert worded(SLUG, lines, "nl")[1] == "Gevecht in Oekraïne, ronde 1: U.S.S.R. verliest 1 infanterie."


def test_aktie3_a_round_without_an_end_then_a_retreat():
    """Aktie 3, 8 A: after a round the attacker may retreat to where it came from."""
    s = play(battle(2, 2), "end")
    s, lines = narrate(s, "attack Ukraine", ("attack_fire", (6, 6)), ("defence_fire", (1, 6)))
    assert said(SLUG, lines) == "Battle in Ukraine S.S.R., round 1: Germany loses 1 tank."
    _, lines = narrate(s, "retreat Eastern Europe")
    assert said(SLUG, lines) == "Germany retreats from Ukraine S.S.R. to Eastern Europe."


def test_aktie3_the_defender_holds():
    """Aktie 3, 8 B: every attacker lost, the defender holds the territory."""
    s = play(battle(1, 1), "end")
    _, lines = narrate(s, "attack Ukraine", ("attack_fire", (6,)), ("defence_fire", (2,)))
    assert worded(SLUG, lines) == [
        "Battle in Ukraine S.S.R., round 1: Germany loses 1 tank.",
        "USSR holds Ukraine S.S.R.: the attack of Germany is wiped out.",
    ]


def test_aktie3_casualties_chosen_by_the_defender_are_said_when_the_round_ends():
    """The defender picks which unit a hit takes (App. I); the reply to that choice says the
    round's losses of both sides."""
    s = position(("germany", "armour", "eastern_europe", 2), ("ussr", "infantry", "ukraine_ssr"),
                 ("ussr", "armour", "ukraine_ssr"), owners={"ukraine_ssr": "ussr"})
    s = play(s, "move 2 arm Eastern Europe -> Ukraine", "end")
    s, lines = narrate(s, "attack Ukraine", ("attack_fire", (1, 6)))
    assert lines == ()  # the USSR chooses its casualty now (the step line says so)
    _, lines = narrate(s, "lose 1 inf", ("defence_fire", (6, 6)))
    assert worded(SLUG, lines) == ["Battle in Ukraine S.S.R., round 1: USSR loses 1 infantry."]


def test_aa_fire_downs_an_aircraft():
    """Luchtdoelkanonnen: every 1 downs an aircraft flying into the gun's territory."""
    s = position(("uk", "fighter", "sz_north_sea"), ("germany", "aa_gun", "western_europe"),
                 ("germany", "infantry", "western_europe"), power="uk")
    _, lines = narrate(s, "move 1 ftr North Sea -> Western Europe", ("aa_fire", (1,)))
    assert said(SLUG, lines) == "AA fire in Western Europe downs 1 fighter of United Kingdom."
    _, lines = narrate(s, "move 1 ftr North Sea -> Western Europe", ("aa_fire", (4,)))
    assert said(SLUG, lines) == "AA fire in Western Europe downs none of United Kingdom's aircraft."


def test_a_bombing_raid_says_the_damage():
    """"Strategische bommenwerper aanval": the victim pays the sum of the dice to the bank."""
    s = position(("uk", "bomber", "united_kingdom"), ("germany", "factory", "germany"), power="uk")
    s = play(s, "bomb 1 bmr United Kingdom -> Germany", "end")
    _, lines = narrate(s, "attack Germany", ("bombing", (5,)))
    assert said(SLUG, lines) == "Bombing raid by United Kingdom on Germany: Germany pays 5 IPCs to the bank."


def test_aktie6_income_and_the_next_power():
    """Aktie 6 and chapter 1: income, then the next power in the turn order and who plays it."""
    s = play(ENGINE.setup(2), "end", "end", "end", "end", "end")
    assert s.phase == "place"
    _, lines = narrate(s, "end")
    assert worded(SLUG, lines) == [
        "USSR collects 24 IPCs of income (48 in the bank).",
        "Next in the turn order: Germany, played by bob.",
    ]
    assert worded(SLUG, lines, "nl")[1] == "Volgende in de beurtvolgorde: Duitsland, gespeeld door bob."


def test_a_new_round_after_the_united_states():
    s = position(power="usa", phase="place", players=2)
    _, lines = narrate(s, "end")
    assert worded(SLUG, lines)[-1] == "The United States ended the round. Round 2 begins with USSR, played by alice."


def test_no_income_while_the_capital_is_held():
    s = position(power="ussr", phase="place", owners={"russia": "germany"}, players=2)
    _, lines = narrate(s, "end")
    assert worded(SLUG, lines)[0] == "USSR collects no income: the enemy holds its capital Russia."


def test_aircraft_with_nowhere_to_land_are_said_lost():
    """Non-combat move: aircraft that cannot land are lost when the step ends (this one could
    fly to Algeria: ``end anyway``, decision M15)."""
    s = position(("germany", "fighter", "sz_south_atlantic"), phase="noncombat_move")
    _, lines = narrate(s, "end anyway")
    assert said(SLUG, lines) == "Germany's aircraft with nowhere to land are lost: 1 fighter."


def test_a_dice_outcome_and_its_narration_agree():
    """Sanity: every line of a long seeded game is worded (no code or param is missing)."""
    import random

    rng = random.Random(18)
    state = ENGINE.setup(3)
    for _ in range(400):
        if ENGINE.result(state) is not None:
            break
        spec = ENGINE.chance(state)
        if spec is not None:
            state = ENGINE.apply_chance(state, Outcome(kind=spec.kind, values=tuple(rng.randrange(6) for _ in spec.sizes)))
            continue
        (seat,) = ENGINE.to_act(state)
        moves = ENGINE.legal_moves(state, seat)
        move = rng.choice(moves)
        after = ENGINE.apply(state, seat, move)
        while ENGINE.chance(after) is not None and ENGINE.result(after) is None:
            spec = ENGINE.chance(after)
            after = ENGINE.apply_chance(after, Outcome(kind=spec.kind, values=tuple(rng.randrange(6) for _ in spec.sizes)))
        worded(SLUG, ENGINE.describe_move(state, seat, move, after))
        state = after
