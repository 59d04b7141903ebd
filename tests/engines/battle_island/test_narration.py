"""A reply says what an action of Slag om het Eiland did: what a shot hit, whether a
block was live or safe, who was caught in the crossfire or a blast (by owner, kind and square),
chain reactions, characters lost on landing or entering on a block, the zero options, the pad
moving, the free removals (rules 1a/1b), why the same seat acts again and why the turn passes
-- and never more than the channel may know: "Beide spelers mogen niet naar de onderkant van
de obstakelblokken kijken". Also: typographic dashes are read as ``-`` (test_notation.py)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from bot.i18n import Msg, catalog
from engines.battle_island import BattleIslandOptions
from engines.battle_island import board as B
from engines.core.contract import NarratingGame
from engines.core.record import resolve_chance

from ..narration import codes, said, worded
from .conftest import ENGINE, gone, play, position, random_action, roll, seat_of, set_up
from .test_secrets import states, twin

SLUG = "battle_island"
BLUE = "tl12s"
"""A blue tank far away, so blue still has a character and the game goes on."""


def narrate(state, text: str, face: int | None = None):
    """The lines for the seat to act playing ``text``; the referee's die then shows ``face``.
    (Not the shared ``tests/engines/narration.narrate``: here most actions roll the die, and a
    free removal is made by the seat that is not ``to_move``.)"""
    seat = seat_of(state)
    move = ENGINE.parse_move(text, state, seat)
    after = ENGINE.apply(state, seat, move)
    if ENGINE.chance(after) is not None:
        assert face is not None, "this action rolls the die: give its face"
        after = roll(ENGINE, after, face)
    return ENGINE.describe_move(state, seat, move, after)


def test_the_engine_narrates(engine):
    assert isinstance(engine, NarratingGame)


# --- "Een doel schieten" and rule 10 ---------------------------------------------------------


def test_a_shot_at_a_safe_block_says_safe(engine):
    """"`shoot h4 f4` never says live or safe". A block that is hit "wordt omgedraaid";
    a safe one harms nobody, also not the character on its line of fire (decision 11)."""
    state = position(f"Sh4w sg4e {BLUE}", safe="f4", die=2)
    lines = narrate(state, "shoot h4 f4")
    assert lines == (("battle_island.block_safe", {"square": "f4"}),)
    assert said(SLUG, lines) == "The obstacle block on f4 was safe: it is removed and harms nobody."
    assert said(SLUG, lines, "nl") == "Het obstakelblok op f4 was veilig: het wordt weggenomen en raakt niemand."


def test_a_shot_at_a_live_block_says_live_and_whom_the_blast_took(engine):
    """"Over de obstakelblokken": a live block goes with every character on its eight
    neighbouring squares, whoever owns them; the words name them by owner, kind and square."""
    state = position(f"Sh4w sf5s Jg3n jf3s {BLUE}", live="f4", die=2)
    lines = narrate(state, "shoot h4 f4")
    assert lines == (
        ("battle_island.block_live", {"square": "f4"}),
        ("battle_island.blast_took", {"square": "f4", "seat": 1, "kind": "soldier", "squares": ["f5"]}),
        ("battle_island.blast_took", {"square": "f4", "seat": 1, "kind": "jeep", "squares": ["f3"]}),
        ("battle_island.blast_took", {"square": "f4", "seat": 0, "kind": "jeep", "squares": ["g3"]}),
    )
    assert worded(SLUG, lines) == [
        "💥 The obstacle block on f4 was live.",
        "The blast on f4 takes bob's soldier on f5.",
        "The blast on f4 takes bob's jeep on f3.",
        "The blast on f4 takes alice's jeep on g3.",
    ]
    assert worded(SLUG, lines[:2], "nl") == [
        "💥 Het obstakelblok op f4 was levend.",
        "De ontploffing op f4 neemt soldaat van bob op f5 mee.",
    ]


def test_several_of_a_kind_are_one_line_in_the_plural(engine):
    state = position(f"Sh4w se5s se3n {BLUE}", live="f4", die=2)
    lines = narrate(state, "shoot h4 f4")
    assert lines[1:] == (("battle_island.blast_took", {"square": "f4", "seat": 1, "kind": "soldiers", "squares": ["e3", "e5"]}),)
    assert said(SLUG, lines[1:]) == "The blast on f4 takes bob's soldiers on e3, e5."
    assert said(SLUG, lines[1:], "nl") == "De ontploffing op f4 neemt soldaten van bob op e3, e5 mee."


def test_a_live_block_with_nobody_around(engine):
    lines = narrate(position(f"Sh4w {BLUE}", live="f4", die=2), "shoot h4 f4")
    assert lines == (("battle_island.block_live", {"square": "f4"}), ("battle_island.blast_nobody", {"square": "f4"}))


def test_rule_10_a_hit_and_the_crossfire_on_the_line(engine):
    """Rule 10 (decision 11): a shot passes over characters, and those on its line of fire are
    caught in the crossfire of a hit on a character, the shooter's own too."""
    state = position(f"Jc2n Sc3n sc4s sc5s {BLUE}", die=3)
    lines = narrate(state, "shoot c2 c5")
    assert lines == (
        ("battle_island.shot_hit", {"seat": 1, "kind": "soldier", "square": "c5"}),
        ("battle_island.crossfire", {"seat": 1, "kind": "soldier", "squares": ["c4"]}),
        ("battle_island.crossfire", {"seat": 0, "kind": "soldier", "squares": ["c3"]}),
    )
    assert worded(SLUG, lines) == [
        "Hit: bob's soldier on c5 leaves the island.",
        "Caught in the crossfire on the line of fire: bob's soldier on c4.",
        "Caught in the crossfire on the line of fire: alice's soldier on c3.",
    ]
    assert said(SLUG, lines[:2], "nl") == (
        "Raak: soldaat van bob op c5 verlaat het eiland. Gevangen in het kruisvuur op de vuurlijn: soldaat van bob op c4."
    )


def test_decision_10_a_chain_and_who_each_blast_took(engine):
    """Decision 10: a live block a character set off sets off the blocks around it; each blast
    is told with the characters it took; the crossfire on the line comes last (a character both
    on the line and in a blast went in the blast)."""
    state = position(f"Tc2n Sc3n Je4n sd7s {BLUE}", live="c6 d5", die=4)
    lines = narrate(state, "shoot c2 c6")
    assert lines == (
        ("battle_island.block_live", {"square": "c6"}),
        ("battle_island.blast_took", {"square": "c6", "seat": 1, "kind": "soldier", "squares": ["d7"]}),
        ("battle_island.chain_live", {"square": "d5"}),
        ("battle_island.blast_took", {"square": "d5", "seat": 0, "kind": "jeep", "squares": ["e4"]}),
        ("battle_island.crossfire", {"seat": 0, "kind": "soldier", "squares": ["c3"]}),
    )
    assert said(SLUG, lines[2:3]) == "💥 The blast sets off the block on d5: live too."


def test_decision_10_a_safe_block_in_the_chain(engine):
    lines = narrate(position(f"Tc2n {BLUE}", live="c6", safe="d5", die=4), "shoot c2 c6")
    assert codes(SLUG, lines) == ["block_live", "blast_nobody", "chain_safe"]
    assert said(SLUG, lines[2:]) == "The blast sets off the block on d5: safe, it harms nobody."


# --- landing and entering on a block (decisions 9, 14) ---------------------------------------


def test_decision_9_landing_on_a_live_block_takes_the_mover(engine):
    """"een personage erop landt ... activeert": on a live block the mover goes with it."""
    state = position(f"Je2n sf6s {BLUE}", live="e5", die=3)
    lines = narrate(state, "e2-e5")
    assert lines == (
        ("battle_island.block_live", {"square": "e5"}),
        ("battle_island.blast_took", {"square": "e5", "seat": 1, "kind": "soldier", "squares": ["f6"]}),
        ("battle_island.blast_took", {"square": "e5", "seat": 0, "kind": "jeep", "squares": ["e5"]}),
    )


def test_decision_9_landing_on_a_safe_block(engine):
    lines = narrate(position(f"Je2n {BLUE}", safe="e5", die=3), "e2-e5")
    assert lines == (("battle_island.block_safe", {"square": "e5"}),)


def test_a_plain_move_says_nothing(engine):
    assert narrate(position(f"Je2n {BLUE}", die=3), "e2-e5") == ()


def test_a_move_ending_in_a_quarter_turn_says_the_new_facing(engine):
    """"Je mag ook één vakje minder lopen en dan een kwartslag draaien": the reply says which
    way the character faces now (facing said in words, not only on the picture)."""
    lines = narrate(position(f"Je2n {BLUE}", die=3), "e2-e4 left")
    assert lines == (("battle_island.now_faces", {"seat": 0, "kind": "jeep", "square": "e4", "facing": "w"}),)
    assert said(SLUG, lines) == "alice's jeep on e4 ends with a quarter turn and now faces west."
    assert said(SLUG, lines, "nl") == "jeep van alice op e4 eindigt met een kwartslag en kijkt nu naar het westen."


# --- a zero (rules 2, 2a; decision 14) ---------------------------------------------------------


def zero_state(**kw):
    """Red rolled a zero: a soldier on e3 and a jeep on h5, a pad with slots 1-3 and 5."""
    return position(f"Se3n Jh5n {BLUE}", pads=("sjt.s", "....."), die=0, **kw)


def test_rule_2_a_zero_says_why_the_seat_acts_again(engine):
    """"Als je een nul gooit, krijg je nog een worp" after choosing an option."""
    lines = narrate(position(f"Se3n {BLUE}"), "roll", 0)
    assert lines == (("battle_island.zero", {"seat": 0}),)
    assert said(SLUG, lines) == "A zero: alice rolls again once a zero option is chosen (rule 2)."
    assert said(SLUG, lines, "nl") == "Een nul: alice gooit opnieuw zodra een nul-optie gekozen is (regel 2)."


def test_zero_option_1_a_reinforcement_and_only_it_moves(engine):
    """Option 1 and rule 2a: only the character brought on may move with the new roll."""
    lines = narrate(zero_state(), "reinforce 3", 2)
    assert lines == (
        ("battle_island.zero_reinforce", {"seat": 0, "kind": "tank", "slot": 3, "square": "c1"}),
        ("battle_island.only_it_moves", {"square": "c1", "die": 2}),
    )
    assert worded(SLUG, lines) == [
        "Zero option 1: alice's tank from pad slot 3 enters on c1.",
        "Only the character on c1 may move with the 2 (rule 2a); all may still shoot.",
    ]


def test_zero_option_1_onto_a_live_block_the_roll_is_lost(engine):
    """Decision 14: a reinforcement entering onto a live block goes with it, and the re-roll is
    lost (nothing may move)."""
    lines = narrate(zero_state(live="c1"), "reinforce 3", 2)
    assert lines == (
        ("battle_island.zero_reinforce", {"seat": 0, "kind": "tank", "slot": 3, "square": "c1"}),
        ("battle_island.block_live", {"square": "c1"}),
        ("battle_island.blast_took", {"square": "c1", "seat": 0, "kind": "tank", "squares": ["c1"]}),
        ("battle_island.roll_unusable", {"die": 2}),
    )
    assert said(SLUG, lines[-1:]) == "The character the zero option brought on is gone: the 2 is lost."


def test_zero_option_2_the_pad_then_moves(engine):
    """Option 2 and decision 3: the re-roll moves the pad; the words say where its rocket is."""
    lines = narrate(zero_state(), "move pad", 3)
    assert lines == (("battle_island.zero_pad", {"seat": 0}),)
    state = play(ENGINE, zero_state(), "move pad")
    state = roll(ENGINE, state, 3)
    lines = narrate(state, "pad right")
    assert lines == (("battle_island.pad_moved", {"seat": 0, "count": 3, "file": "f"}),)
    assert said(SLUG, lines) == "alice's carrier pad moves 3 squares; its rocket is now beside file f."
    assert said(SLUG, lines, "nl") == "Het draagplatform van alice schuift 3 vakken op; de raket ligt nu bij kolom f."


def test_zero_option_3_a_turn_and_only_it_moves(engine):
    lines = narrate(zero_state(), "turn e3 right", 2)
    assert lines == (
        ("battle_island.zero_turn", {"seat": 0, "kind": "soldier", "square": "e3", "facing": "e"}),
        ("battle_island.only_it_moves", {"square": "e3", "die": 2}),
    )
    assert said(SLUG, lines[:1]) == "Zero option 3: alice's soldier on e3 turns where it stands and now faces east."
    assert said(SLUG, lines[:1], "nl") == (
        "Nul-optie 3: soldaat van alice op e3 draait ter plaatse en kijkt nu naar het oosten."
    )


def test_zero_option_the_named_character_cannot_use_the_roll(engine):
    """Decision 15: after a zero option a roll that cannot be used is lost (no rule 1a); the
    reply says so at the roll, and again at ``end``."""
    state = position(f"Se3n sf3s {BLUE}", die=0)  # turned east, f3 blocks it
    lines = narrate(state, "turn e3 right", 3)
    assert lines[1:] == (("battle_island.only_it_stuck", {"square": "e3", "die": 3}),)
    assert said(SLUG, lines[1:]) == (
        "Only the character on e3 may move (rule 2a), and it cannot use the 3: the roll is lost."
    )
    after = roll(ENGINE, play(ENGINE, state, "turn e3 right"), 3)
    lines = narrate(after, "end")
    assert lines == (("battle_island.roll_lost", {"seat": 0, "die": 3}),)
    assert said(SLUG, lines) == "alice cannot use the 3: the roll is lost and the turn passes."


def test_rule_2a_another_zero_starts_the_options_over(engine):
    lines = narrate(zero_state(), "turn e3 left", 0)
    assert lines == (
        ("battle_island.zero_turn", {"seat": 0, "kind": "soldier", "square": "e3", "facing": "w"}),
        ("battle_island.zero_again", {}),
    )


# --- rules 1a, 1b and 4 ----------------------------------------------------------------------


def test_rule_1a_blocked_roll_the_end_and_the_free_removal(engine):
    """1a: no character can use the whole roll; at ``end`` the opponent removes one of them for
    free, and that ends the turn -- said at the roll, at ``end`` and at the removal."""
    state = position(f"Sa1s Jb1w sb3s {BLUE}")
    lines = narrate(state, "roll", 3)
    assert lines == (("battle_island.all_blocked", {"seat": 0, "die": 3}),)
    state = roll(ENGINE, play(ENGINE, state, "roll"), 3)
    lines = narrate(state, "end")
    assert lines == (("battle_island.roll_lost_1a", {"seat": 0, "die": 3}),)
    assert said(SLUG, lines) == (
        "None of alice's characters can use the whole 3: the opponent removes one of them for free, "
        "and that ends alice's turn (rule 1a)."
    )
    state = play(ENGINE, state, "end")
    lines = narrate(state, "remove b1")
    assert lines == (("battle_island.removed_from_island", {"seat": 0, "kind": "jeep", "square": "b1"}),)
    assert said(SLUG, lines) == "Removed for free (rule 1a): alice's jeep on b1."
    assert said(SLUG, lines, "nl") == "Gratis verwijderd (regel 1a): jeep van alice op b1."


def test_rule_4_the_next_turn_starts_with_a_character_brought_on(engine):
    """4: with no character on the island but some on the pad, the turn begins by bringing one
    on, then the roll "as normal"."""
    state = position(f"sh9s {BLUE}", pads=("s.t..", "....."), to_move=1, die=2, moved=True)
    lines = narrate(state, "end")
    assert lines == (("battle_island.must_bring_on", {"seat": 0}),)
    state = play(ENGINE, state, "end")
    lines = narrate(state, "reinforce 3", 4)
    assert lines == (("battle_island.brought_on", {"seat": 0, "kind": "tank", "slot": 3, "square": "c1"}),)
    assert said(SLUG, lines) == "Rule 4: alice's tank from pad slot 3 enters on c1; then the roll as normal."


def test_rule_1b_none_can_come_on_and_the_pad_removal(engine):
    """1b: no island character and none can come on (a character on every entry square): the
    opponent removes one from the pad for free."""
    state = position(f"sa1s sc1s {BLUE}", pads=("s.t..", "....."), to_move=1, die=2, moved=True)
    lines = narrate(state, "end")
    assert lines == (("battle_island.none_can_come_on", {"seat": 0}),)
    state = play(ENGINE, state, "end")
    lines = narrate(state, "remove pad 3")
    assert lines == (("battle_island.removed_from_pad", {"seat": 0, "kind": "tank", "slot": 3}),)
    assert said(SLUG, lines) == "Removed for free (rule 1b): alice's tank on pad slot 3."


# --- the end and the setup -------------------------------------------------------------------


def test_the_last_loss_is_told_the_result_does_the_rest(engine):
    """The end is worded by the result: the reply names the loss, nothing about turns."""
    state = position("Jc2n tc5s", die=3)
    lines = narrate(state, "shoot c2 c5")
    assert lines == (("battle_island.shot_hit", {"seat": 1, "kind": "tank", "square": "c5"}),)


def test_the_setup_says_nothing_but_the_secret_arming(engine):
    """Placing blocks, characters and pads says no more than the move; ``arm`` is secret: only
    that a seat has marked its blocks (decision 21)."""
    state = ENGINE.setup(2, BattleIslandOptions(blocks="armed_by_owner"))
    state, _ = resolve_chance(ENGINE, state, bytes(32), 0)
    assert narrate(state, "block e5") == ()
    for square in ("e5", "g8", "b6", "j7", "d4", "h9", "c10", "k3", "l11", "a12"):
        state = play(ENGINE, state, f"block {square}")
    own = {seat: [B.name(b.square) for b in state.blocks if b.owner == seat] for seat in (0, 1)}
    move = ENGINE.parse_move("arm " + " ".join(own[0][:3]), state, 0)
    one = ENGINE.apply(state, 0, move)
    assert ENGINE.describe_move(state, 0, move, one) == (("battle_island.armed", {"seat": 0}),)
    assert said(SLUG, ENGINE.describe_move(state, 0, move, one)) == "alice has marked their live blocks (secretly)."
    for trio in (own[1][:3], own[1][2:]):  # whichever blocks, the same words
        move = ENGINE.parse_move("arm " + " ".join(trio), one, 1)
        both, _ = resolve_chance(ENGINE, ENGINE.apply(one, 1, move), bytes(32), 5)
        assert both.phase == "characters"
        assert ENGINE.describe_move(one, 1, move, both) == (("battle_island.both_armed", {}),)


# --- no leak ---------------------------------------------------------------------------------


def relaid(state, live: dict[str, bool]):
    """``state`` with other hidden contents for the unactivated blocks on the given squares."""
    flags = list(state.live)
    for square, flag in live.items():
        block = state.block_at(B.index(square))
        assert block is not None and not state.blocks[block].active
        flags[block] = flag
    return state.model_copy(update={"live": tuple(flags)})


NO_LEAK = [
    # (characters, blocks live / safe, die, action, the blocks whose hidden content changes)
    (f"Jc2n Sc3n sc4s sc5s {BLUE}", ("c7", "d5"), 3, "shoot c2 c5", {"c7": False, "d5": False}),
    (f"Je2n {BLUE}", ("e7", "f4"), 3, "e2-e4 left", {"e7": False, "f4": False}),  # beside a block
    (f"Sh4n {BLUE}", ("e4", "g6"), 2, "h4-h6", {"e4": False, "g6": False}),
    (f"Sa1s Jb1w sb3s {BLUE}", ("c2", "d4"), None, "roll", {"c2": False, "d4": False}),
]


@pytest.mark.parametrize(("characters", "blocks", "die", "action", "changed"), NO_LEAK, ids=[c[3] for c in NO_LEAK])
def test_no_leak_same_public_action_same_words(characters, blocks, die, action, changed):
    """Two states that differ only in the hidden content of blocks not yet activated give the
    same words for the same public action, where nothing is revealed."""
    state = position(characters, live=" ".join(blocks), die=die)
    twin_state = relaid(state, changed)
    assert twin_state.live != state.live
    face = 3 if action == "roll" else None
    assert narrate(state, action, face) == narrate(twin_state, action, face)


@pytest.mark.parametrize("first", [0, 8])
def test_no_leak_words_follow_only_what_the_channel_sees(first):
    """The strong form, over seeded random games: for every action and another hidden layout
    (shuffled among the blocks not yet activated, the seal kept), the words are the same
    whenever the channel's views before and after are; and they never call a block live or
    safe that the channel's view after the action does not show activated."""
    rng = random.Random(first)
    checked = 0
    for game in range(first, first + 4):
        for state in states(BattleIslandOptions(), game):
            other = twin(state, rng)
            seat, move = random_action(ENGINE, state, rng)
            after, other_after = ENGINE.apply(state, seat, move), ENGINE.apply(other, seat, move)
            if ENGINE.chance(after) is not None:
                face = rng.randrange(6) if ENGINE.chance(after).kind == "die" else None
                if face is None:
                    continue
                after, other_after = roll(ENGINE, after, face), roll(ENGINE, other_after, face)
            lines = ENGINE.describe_move(state, seat, move, after)
            shown = {r.square for r in ENGINE.view(after, None).revealed}
            for code, params in lines:
                if code.endswith(("_live", "_safe")):
                    assert params["square"] in shown, (code, params)
            if ENGINE.view(after, None) == ENGINE.view(other_after, None):
                assert lines == ENGINE.describe_move(other, seat, move, other_after)
            checked += 1
    assert checked > 50


LOSS_CODES = {"shot_hit": "square", "blast_took": "squares", "crossfire": "squares",
              "removed_from_island": "square", "removed_from_pad": "slot"}


@pytest.mark.parametrize("game", range(3))
def test_whole_games_every_loss_is_told_once_and_worded(engine, game):
    """Over seeded random games: every character lost is named exactly once (by the hit, a blast,
    the crossfire or a free removal), and every line has its English and Dutch words (no code or
    placeholder left), so no reply shows a raw code."""
    rng = random.Random(game)
    state = set_up(engine, seed=bytes([game]) * 32)
    seen: set[str] = set()
    for _ in range(500):
        if state.result is not None:
            break
        seat, move = random_action(engine, state, rng)
        after = engine.apply(state, seat, move)
        if engine.chance(after) is not None:
            after = roll(engine, after, rng.randrange(6))
        lines = engine.describe_move(state, seat, move, after)
        worded(SLUG, lines)
        named = 0
        for code, params in lines:
            key = LOSS_CODES.get(code.removeprefix("battle_island."))
            if key is not None:
                named += len(params[key]) if key == "squares" else 1
        assert named == sum(gone(after)) - sum(gone(state)), (engine.format_move(move, state), lines)
        seen.update(codes(SLUG, lines))
        state = after
    assert {"zero", "only_it_moves", "only_it_stuck", "removed_from_island"} <= seen


# --- the step line after whose turn it is ------------------------------------------------------


def test_step_messages_never_offer_what_the_roll_cannot_do(engine):
    """Messages that mislead: "move 4 (or shoot)" while nothing can use the 4 (rule 1a
    coming, or a zero option's roll lost) now says so; the pad's roll and a usable roll as before.
    English texts use the English game words (no "draagplatform", "versterking")."""
    words = catalog()
    blocked = position(f"Sa1s Jb1w sb3s {BLUE}", die=4)
    assert engine.step_message(blocked) == ("battle_island.step_move_none", {"die": 4})
    assert words.render(Msg(*engine.step_message(blocked)), "en").startswith("No character can use the 4: shoot if that clears the way")
    free = position(f"Se3n {BLUE}", die=1)
    assert engine.step_message(free) == ("battle_island.step_move", {"die": 1})
    pad = position(f"Se3n {BLUE}", die=3, pad_move=True)
    assert engine.step_message(pad) == ("battle_island.step_move_pad", {"die": 3})
    assert words.render(Msg(*engine.step_message(pad)), "en").startswith("Move the carrier pad 3 squares")


DUTCH_WORDS = ("draagplatform", "draagkussen", "versterking", "obstakel", "personage", "soldaat", "worp", "dobbelsteen", "raket")


def test_english_texts_use_english_game_words():
    """English text must not mix in Dutch game words ("fill your draagplatform"); the
    docs keep no term Dutch on purpose, only the notation is shared (``pad``, ``reinforce``)."""
    messages = tomllib.loads((Path(__file__).parents[3] / "bot/i18n/messages/battle_island.toml").read_text())
    for code, texts in messages.items():
        assert not any(word in texts["en"].lower() for word in DUTCH_WORDS), (code, texts["en"])
    assert "draagplatform" in messages["step_pads"]["nl"]  # the Dutch keeps the rulebook's words
