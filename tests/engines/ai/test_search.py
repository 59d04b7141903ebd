"""The computer player: it decides from what its seat knows only, its worlds agree
with what that seat sees, and its choices are legal and reproducible."""

from __future__ import annotations

import math
import random

import pytest

from engines.ai.baselines import greedy_choice, random_choice, two_ply_choice
from engines.ai.games import knowledge_for
from engines.ai.observation import Observation
from engines.ai.referee import observation_of
from engines.ai.rng import Rng
from engines.ai.search import Budget, search
from engines.core.record import MoveEvent, StartEvent, replay, resolve_chance
from engines.masters_victory.moves import SetupAction
from engines.registry import ENGINES, get_engine

SMALL = Budget(iterations=12, rollout_scale=0.25)


class Match:
    """A record built like the referee builds one: moves, then every chance with the dice."""

    def __init__(self, slug: str, seed: bytes = bytes(32)) -> None:
        self.engine = get_engine(slug)
        self.options = self.engine.options_model()
        self.seed = seed
        self.events: list = [StartEvent(players=2)]
        self.state = self.engine.setup(2, self.options)
        self.draws = 0
        self.settle()

    def settle(self) -> None:
        self.state, chances = resolve_chance(self.engine, self.state, self.seed, self.draws)
        self.draws += sum(len(c.sizes) for c in chances)
        self.events += chances

    def play(self, seat: int, move) -> None:
        e = self.engine
        self.events.append(MoveEvent(seat=seat, text=e.format_move(move, self.state),
                                     move=move.model_dump(mode="json"), secret=e.is_secret(move, self.state)))
        self.state = e.apply(self.state, seat, move)
        self.settle()

    def random_moves(self, count: int, rng: random.Random) -> None:
        for _ in range(count):
            if self.engine.result(self.state) is not None or not self.engine.to_act(self.state):
                return
            seat = min(self.engine.to_act(self.state))
            self.play(seat, rng.choice(self.engine.legal_moves(self.state, seat)))

    def observation(self, seat: int) -> Observation:
        return observation_of(self.engine, self.options, self.events, seat)


@pytest.mark.parametrize("slug", sorted(ENGINES))
@pytest.mark.parametrize("length", [3, 40])
def test_every_world_shows_the_seat_what_it_sees(slug: str, length: int) -> None:
    """A world drawn from an observation gives that seat the very view it has (so the worlds
    agree with everything it can see), and the seat's legal moves are the real ones."""
    match = Match(slug, seed=bytes([length]) * 32)
    match.random_moves(length if slug != "axis_allies" else 8, random.Random(length))
    if match.engine.result(match.state) is not None or not match.engine.to_act(match.state):
        pytest.skip("the playout ended")
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    sample = knowledge_for(slug).worlds(match.engine, obs)
    rng = Rng(5)
    for _ in range(3):
        world = sample(rng)
        assert match.engine.view(world, seat) == obs.view
        assert set(match.engine.legal_moves(world, seat)) == set(match.engine.legal_moves(match.state, seat))


def _no_peek(first: Match, second: Match, seat: int, public_commitments: set[str] = frozenset()) -> None:
    """``public_commitments``: view fields that show a digest of the secret (a seal): they
    differ, as they must, and the player reads them nowhere."""
    assert first.state != second.state, "the two positions must differ in a secret"
    one, two = first.observation(seat), second.observation(seat)
    assert one.model_copy(update={"view": None}) == two.model_copy(update={"view": None})
    assert one.view.model_dump(exclude=public_commitments) == two.view.model_dump(exclude=public_commitments)
    assert search(one, SMALL, 7).text == search(two, SMALL, 7).text


def test_masters_victory_never_peeks_at_back_numbers() -> None:
    """The other seat's secret setup differs; the seat to move decides the same."""
    plain = SetupAction(numbers=("11223m",) * 3)
    probe = Match("masters_victory")
    probe.play(0, plain)
    probe.play(1, plain)
    seat = probe.state.to_move  # the start roll does not depend on the setups
    matches = []
    for numbers in (("11223m",) * 3, ("m32211",) * 3):
        match = Match("masters_victory")
        match.play(seat, plain)
        match.play(1 - seat, SetupAction(numbers=numbers))
        matches.append(match)
    _no_peek(*matches, seat=seat)


def test_battle_island_never_peeks_at_the_bombs() -> None:
    """The same record but for the secret seal draw (another layout of live blocks)."""
    first = Match("battle_island")
    first.random_moves(25, random.Random(3))  # blocks and the first characters: nothing went off
    second = Match("battle_island")
    seal = next(i for i, e in enumerate(first.events) if getattr(e, "secret", False))
    other = first.events[seal].model_copy(update={"values": ((first.events[seal].values[0] + 1) % 210, 5)})
    second.events = [*first.events[:seal], other, *first.events[seal + 1:]]
    second.state = replay(second.engine, second.options, second.events)
    _no_peek(first, second, seat=min(first.engine.to_act(first.state)), public_commitments={"seal"})


def test_militakiri_never_peeks_at_the_other_setup() -> None:
    first, second = Match("militakiri"), Match("militakiri")
    setups = first.engine.legal_moves(first.state, 1)
    first.play(1, setups[0])
    second.play(1, setups[-1])
    _no_peek(first, second, seat=0)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_players_choose_legal_moves_and_repeat_themselves(slug: str) -> None:
    match = Match(slug, seed=bytes([9]) * 32)
    match.random_moves(12 if slug != "axis_allies" else 4, random.Random(9))
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    legal = {match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, seat)}
    chosen = search(obs, SMALL, 3)
    assert chosen.text in legal and chosen.text == search(obs, SMALL, 3).text
    assert random_choice(obs, 1).text in legal
    assert greedy_choice(obs, 1).text in legal
    assert two_ply_choice(obs, 1).text in legal


def test_axis_allies_buys_by_plan_and_attacks_only_with_good_odds() -> None:
    """The first purchase is the plan's (infantry first), and every attack the computer may
    start is one that everything able to reach it would win with at least 70 % (a move names one
    unit: every unit of that kind in its territory may make it)."""
    from engines.axis_allies import ai
    from engines.axis_allies.odds import win_chance

    match = Match("axis_allies")
    engine, state = match.engine, match.state
    seat = min(engine.to_act(state))
    chosen = ai.candidates(engine, state, seat, engine.legal_moves(state, seat))
    assert [engine.format_move(m, state) for m in chosen] == ["buy 1 inf"]
    while state.phase != "combat_move":
        seat = min(engine.to_act(state))
        state = engine.apply(state, seat, ai.candidates(engine, state, seat, engine.legal_moves(state, seat))[0])
    moves = engine.legal_moves(state, seat)
    attacks = [m for m in ai.candidates(engine, state, seat, moves) if m.kind == "move"]
    assert attacks, "the Soviet Union has a good attack on its first turn"
    for move in attacks:
        target = move.path[-1]
        reaching: dict[tuple[str, str], int] = {}
        for m in moves:
            if m.kind == "move" and m.path[-1] == target:
                for k, _ in m.units:
                    reaching[(m.path[0], k)] = sum(1 for u in state.units_at(m.path[0]) if u.power == state.power
                                                   and u.kind == k and u.carried_by is None)
        everything = [k for (_, k), n in reaching.items() for _ in range(n)]
        defenders = [u.kind for u in state.units if u.at == target]
        assert win_chance(everything, defenders) >= ai.ATTACK_AT


def test_temperature_plays_the_searched_moves_in_proportion() -> None:
    """Temperature 0 plays the most visited root move; above 0 a move is drawn with chances in
    proportion to ``visits ** (1 / temperature)``: a lower level's occasional second-best move."""
    from engines.ai.search import _played

    ranked = [(9, 0.4, 0, "b"), (90, 0.6, 1, "a"), (1, 0.1, 2, "c")]
    assert {_played(ranked, 0.0, Rng(seed)) for seed in range(50)} == {"a"}
    for temperature, share_of_a in ((1.0, 0.90), (0.5, 8100 / 8182)):
        rng = Rng(7)
        draws = [_played(ranked, temperature, rng) for _ in range(4000)]
        assert abs(draws.count("a") / len(draws) - share_of_a) < 0.02
        assert set(draws) <= {"a", "b", "c"}
    assert [_played(ranked, 1.0, Rng(3)) for _ in range(5)] == [_played(ranked, 1.0, Rng(3)) for _ in range(5)]


def test_positions_reached_without_dice_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Along moves with no dice in between (an A&A combat move), every iteration reaches the same
    positions: the tree keeps them, so the move list of each is made once, not per iteration."""
    from engines.axis_allies import ai

    match = Match("axis_allies")
    engine = match.engine
    while not (match.state.power == "germany" and match.state.phase == "combat_move"):
        seat = min(engine.to_act(match.state))
        plain = ai.candidates(engine, match.state, seat, engine.legal_moves(match.state, seat))
        match.play(seat, plain[-1] if match.state.phase == "combat_move" else plain[0])  # the Soviet Union ends at once
    obs = match.observation(min(engine.to_act(match.state)))
    made = []
    legal_moves = engine.legal_moves
    monkeypatch.setattr(engine, "legal_moves", lambda state, seat: made.append(state) or legal_moves(state, seat))
    choice = search(obs, Budget(iterations=30), 5)
    assert choice.iterations == 30
    assert len(made) <= 30 + 1, "one list per position the tree expanded (and the root's own)"


def test_freehand_searches_every_legal_move_where_the_plain_rules_would_choose() -> None:
    """Axis & Allies' purchase plan leaves one move (``buy 1 inf``): a level with ``freehand``
    searches every legal move there instead now and then, one with none never does."""
    match = Match("axis_allies")
    obs = match.observation(min(match.engine.to_act(match.state)))
    legal = {match.engine.format_move(m, match.state) for m in match.engine.legal_moves(match.state, obs.seat)}
    planned = {search(obs, Budget(iterations=8), seed).text for seed in range(6)}
    free = [search(obs, Budget(iterations=8, freehand=1.0), seed) for seed in range(6)]
    assert planned == {"buy 1 inf"}
    assert all(c.iterations == 8 and c.text in legal for c in free), "searched, not the plan's single move"
    assert {c.text for c in free} != {"buy 1 inf"}


def test_freehand_never_searches_a_move_the_game_rules_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level that now and then searches every legal move (``Budget.freehand``) still leaves out
    the moves the game's knowledge says no level plays (``Knowledge.never``: Axis & Allies'
    aircraft sent where they cannot land)."""
    from dataclasses import replace

    from engines.ai import search as search_module

    match = Match("militakiri")
    match.random_moves(6, random.Random(4))
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    legal = list(match.engine.legal_moves(match.state, seat))
    assert len(legal) > 4
    allowed = set(legal[:3])
    knowledge = replace(knowledge_for("militakiri"), candidates=lambda engine, state, seat, moves: list(moves)[:1],
                        never=lambda engine, state, seat, move: move not in allowed)
    monkeypatch.setattr(search_module, "knowledge_for", lambda slug: knowledge)
    roots: list = []
    iterate = search_module._iterate

    def watched(engine, knowledge, state, root, *rest):
        roots.append(rest[-1])
        return iterate(engine, knowledge, state, root, *rest)

    monkeypatch.setattr(search_module, "_iterate", watched)
    for seed in range(3):
        roots.clear()
        choice = search(obs, Budget(iterations=10, rollout_scale=0.25, freehand=1.0), seed)
        assert roots and set(roots[0]) == allowed
        assert choice.move in allowed


def test_overlook_searches_only_the_moves_the_level_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level that overlooks three moves in four (``Budget.overlook``) sees a quarter of the
    root's moves, drawn per decision, and searches and plays only those."""
    from engines.ai import search as search_module

    match = Match("militakiri")
    match.random_moves(6, random.Random(4))
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    legal = match.engine.legal_moves(match.state, seat)
    assert len(legal) > 8
    roots: list = []
    iterate = search_module._iterate

    def watched(engine, knowledge, state, root, *rest):
        roots.append((root, rest[-1]))
        return iterate(engine, knowledge, state, root, *rest)

    monkeypatch.setattr(search_module, "_iterate", watched)
    sights = []
    for seed in range(4):
        roots.clear()
        choice = search(obs, Budget(iterations=20, rollout_scale=0.25, overlook=0.75), seed)
        root, searched = roots[0]
        assert all(r is root and s is searched for r, s in roots)
        seen = set(searched)
        assert len(seen) == math.ceil(len(legal) / 4) and seen <= set(legal)
        assert set(root.children) <= seen and choice.move in seen
        sights.append(frozenset(seen))
    assert len(set(sights)) > 1, "drawn anew per decision"
    roots.clear()
    search(obs, Budget(iterations=20, rollout_scale=0.25), 0)
    assert set(roots[0][1]) == set(legal), "a level that overlooks nothing sees every move"


def _roots(monkeypatch: pytest.MonkeyPatch) -> list:
    """The root node of every search run from here on (the first of each search)."""
    from engines.ai import search as search_module

    roots: list = []
    iterate = search_module._iterate

    def watched(engine, knowledge, state, root, *rest):
        if not roots or roots[-1] is not root:
            roots.append(root)
        return iterate(engine, knowledge, state, root, *rest)

    monkeypatch.setattr(search_module, "_iterate", watched)
    return roots


def test_a_quiet_root_searches_more_than_the_first_moves_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the start of Helden & Steden every move is worth the same by material. The root used
    to search the first ``widen`` moves of the engine's listing (all of one piece); now the
    moves enter in a ranking with positional terms and random ties, more of them as the visits
    grow, so the search sees several pieces' moves and more than ``widen`` moves."""
    match = Match("heroes_cities")
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    listed = match.engine.legal_moves(match.state, seat)
    roots = _roots(monkeypatch)
    searched = []
    for seed in range(3):
        search(obs, Budget(iterations=150, rollout_scale=0.25, widen=8), seed)
        searched.append(set(roots[-1].children))
    for moves in searched:
        assert len(moves) > 8
        assert len({match.engine.format_move(m, match.state).split("-")[0] for m in moves}) >= 3, "several pieces"
        assert moves != set(listed[:len(moves)])
    assert searched[0] != searched[1] or searched[1] != searched[2], "ties are broken at random, per seed"


def _exposure(match: Match, seat: int, move) -> float | None:
    from engines.ai.tactics import exposure

    return exposure(match.engine, knowledge_for(match.engine.slug), match.state, seat, move, 2, Rng(0))


def _fast_clock(tick: float):
    """A clock that moves on ``tick`` seconds each time it is read."""
    ticks = iter(range(10**9))
    return lambda: next(ticks) * tick


@pytest.mark.parametrize("rushed", [False, True])
@pytest.mark.parametrize("slug", ["heroes_cities", "militakiri"])
def test_the_search_never_leaves_material_to_an_immediate_reply_when_it_need_not(slug: str, rushed: bool) -> None:
    """Positions (seeded random playouts) where some moves lose material to the other side's
    best immediate reply and others do not: the level with the safety check plays one that
    does not. ``rushed``: a clock that runs fast (a busy machine) leaves the ranking time for
    about fifty moves (of a hundred and more): the check looks on until it has found a safe move,
    and the move played, if not checked, is checked before it is played."""
    checked = 0
    for game in range(40):
        match = Match(slug, seed=bytes([game]) * 32)
        match.random_moves(14 + game % 9, random.Random(game))
        if match.engine.result(match.state) is not None or not match.engine.to_act(match.state):
            continue
        seat = min(match.engine.to_act(match.state))
        moves = match.engine.legal_moves(match.state, seat)
        losses = [_exposure(match, seat, m) for m in moves]
        if not any(x is not None and x > 1e-6 for x in losses) or not any(x is not None and x <= 1e-6 for x in losses):
            continue
        clock = _fast_clock(0.003) if rushed else None
        chosen = search(match.observation(seat), Budget(iterations=40, rollout_scale=0.25, widen=8, safety=True,
                                                        seconds=1.0 if rushed else None), game, clock)
        move = match.engine.parse_move(chosen.text, match.state, seat)
        assert (_exposure(match, seat, move) or 0.0) <= 1e-6, f"game {game}: {chosen.text} loses material at once"
        checked += 1
        if checked == 4:
            break
    assert checked >= 2, "the playouts gave positions with a move that loses material"


def _worst(match: Match, seat: int, move) -> float | None:
    from engines.ai.tactics import worst_reply

    after = match.engine.apply(match.state, seat, move)
    return worst_reply(match.engine, knowledge_for(match.engine.slug), after, seat, 2, Rng(0))


@pytest.mark.parametrize("slug", ["heroes_cities", "militakiri"])
def test_the_search_takes_the_material_a_two_ply_look_shows_is_safe_to_take(slug: str) -> None:
    """Positions (seeded random playouts) where some move wins material the other side's best
    immediate reply does not win back, and others win nothing: the level with the safety check
    plays a move that keeps as much material after the reply as the best one does (what a plain
    two-ply material search would play), not one that merely loses nothing."""
    checked = 0
    for game in range(60):
        match = Match(slug, seed=bytes([game]) * 32)
        match.random_moves(14 + game % 9, random.Random(game))
        if match.engine.result(match.state) is not None or not match.engine.to_act(match.state):
            continue
        seat = min(match.engine.to_act(match.state))
        now = knowledge_for(slug).material(match.engine, match.state, 2)[seat]
        moves = match.engine.legal_moves(match.state, seat)
        worst = [w for w in (_worst(match, seat, m) for m in moves) if w is not None]
        if not worst or max(worst) <= now + 1e-6 or not any(abs(w - now) <= 1e-6 for w in worst):
            continue
        chosen = search(match.observation(seat), Budget(iterations=40, rollout_scale=0.25, widen=8, safety=True), game)
        move = match.engine.parse_move(chosen.text, match.state, seat)
        assert (_worst(match, seat, move) or 0.0) >= max(worst) - 1e-6, f"game {game}: {chosen.text} takes less"
        checked += 1
        if checked == 3:
            break
    assert checked >= 2, "the playouts gave positions with material safe to take"


def test_masters_victory_does_not_end_a_turn_without_moving() -> None:
    """At the start of its turn, with hundreds of moves at hand, hard does not play ``end``."""
    plain = SetupAction(numbers=("11223m",) * 3)
    match = Match("masters_victory")
    match.play(0, plain)
    match.play(1, plain)
    seat = match.state.to_move
    obs = match.observation(seat)
    texts = {search(obs, Budget(iterations=40, rollout_scale=0.25, widen=8, safety=True), seed).text for seed in range(3)}
    assert "end" not in texts


def _masters_victory_low_against_high() -> Match:
    """A Masters Victory match at its first move, the fighters on the mover's back line (which
    fly furthest forward) numbered 2 and the other side's 3 and 3M (tanks and soldiers as listed)."""
    low, high = SetupAction(numbers=("22113m", "11223m", "11223m")), SetupAction(numbers=("3m1122", "m32211", "m32211"))
    match = Match("masters_victory")
    match.play(0, low)
    match.play(1, high)
    if match.state.to_move == 1:  # the start roll does not depend on the numbers: swap them
        match = Match("masters_victory")
        match.play(0, high)
        match.play(1, low)
    return match


def test_masters_victory_leaves_no_piece_where_a_hidden_number_could_take_it() -> None:
    """Masters Victory, rulebook "AANVAL", R1: "de pion met het laagste cijfer wordt
    uitgeschakeld". The other side's back-numbers are hidden, so a world the search draws may
    give the fighters that can reach the middle 1s where the real ones are 3s. A fighter of
    the mover's numbered 1 or 2 flown to where one of them can attack it is lost to the reply
    in the real game; the level with the safety check judges the hidden numbers at their
    strongest and plays, whatever the seed, a move the real position's best reply takes
    nothing from (the moves that stay out of reach are many)."""
    match = _masters_victory_low_against_high()
    seat = match.state.to_move
    moves = match.engine.legal_moves(match.state, seat)
    losses = [_exposure(match, seat, m) for m in moves]
    assert any(x is not None and x > 1e-6 for x in losses) and any(x is not None and x <= 1e-6 for x in losses)
    obs = match.observation(seat)
    for seed in range(8):
        chosen = search(obs, Budget(iterations=40, rollout_scale=0.25, widen=8, safety=True), seed)
        move = match.engine.parse_move(chosen.text, match.state, seat)
        assert (_exposure(match, seat, move) or 0.0) <= 1e-6, f"seed {seed}: {chosen.text} loses a piece at once"


def test_battle_island_judges_characters_facing_the_enemy_above_those_facing_off_the_board() -> None:
    """Setting up, a character placed on its own back row facing the other side is worth more
    to the evaluation than the same one facing off the board or along that row."""
    match = Match("battle_island")
    while not any(match.engine.format_move(m, match.state).startswith("place ")
                  for m in match.engine.legal_moves(match.state, min(match.engine.to_act(match.state)))):
        seat = min(match.engine.to_act(match.state))
        match.play(seat, match.engine.legal_moves(match.state, seat)[0])
    seat = min(match.engine.to_act(match.state))
    engine, knowledge = match.engine, knowledge_for("battle_island")
    row = 1 if seat == 0 else 12
    forward, back = ("n", "s") if seat == 0 else ("s", "n")

    def value(text: str) -> float:
        return knowledge.evaluate(engine, engine.apply(match.state, seat, engine.parse_move(text, match.state, seat)), 2)[seat]

    assert value(f"place soldier c{row} {forward}") > value(f"place soldier c{row} e") > value(f"place soldier c{row} {back}")


def test_militakiri_setups_vary_with_the_seed_and_do_not_take_the_first_listed() -> None:
    match = Match("militakiri")
    seat = min(match.engine.to_act(match.state))
    obs = match.observation(seat)
    first = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    texts = [search(obs, Budget(iterations=20, rollout_scale=0.25, widen=8, safety=True), seed).text for seed in range(5)]
    assert len(set(texts)) >= 3 and first not in texts
