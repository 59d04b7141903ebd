"""``make bench-ai``: how strong the computer is, per game.

For each game: every level (easy, normal, hard) against a uniformly random player and against a
one-ply greedy player and a plain two-ply material search (``twoply``), and each level against the one below, over seeded games with the seats
swapped every game. Prints the score (a win 1, a draw 1/2) with its 95 % Wilson interval and the
computer's time per move (median, p99). A game still running after ``AI_MAX_MOVES`` moves is
adjudicated by the game's evaluation (above 0.6 a win, below 0.4 a loss, else a draw) and counted
in the ``adj`` column: long games (Axis & Allies) cannot be played out in a bench. The ``value``
column is the mean of each game's end value for the first player (1 a win, 0 a loss, 1/2 a draw;
for an adjudicated game the evaluation itself) with a 95 % normal interval: it tells levels apart
where most games are adjudicated near even. The columns ``hung``, ``pass``, ``face`` and ``same``
count the first named player's blunders over the games (``bench/blunders.py``; the aim is none).

Bounded by default; knobs: ``AI_GAMES`` (games per pairing, default 4), ``AI_FIRST_GAME`` (the
first game's number, default 0: a later run adds new seeded games to an earlier one), ``AI_MAX_MOVES``
(default 150; none when ``AI_MAX_ROUNDS`` is given), ``AI_MAX_ROUNDS`` (Axis & Allies: adjudicate after this many rounds, default none),
``AI_SLUGS`` (comma-separated, default all), ``AI_PAIRS`` (e.g. ``hard-random,hard-greedy``),
``AI_WORKERS`` (processes, default 2), ``AI_CLOCK`` (``cpu``: the levels' time budgets count
processor time, so a loaded machine does not starve them; default ``wall``), ``AI_PLAN`` (``0``: the levels decide one order at a time
with their budget per order, as the computer did before it planned a phase at once).
Each game is printed on stderr as it ends; ``kill -USR1`` the bench's process to stop it early
with the tables of the games played so far.

The levels play as the bot seats them: where a game plans a part of a turn at once (Axis & Allies'
phases, ``engines.ai.plan``) a plan's orders are played together (one post in the bot). Axis & Allies
also gets a table of the first named player's power turns: the seconds it thought per power turn
(median and p90: wall-clock, so they depend on the machine's load), the plans and the posts per turn
(the bot's; before plans, one per order) and, counted whatever the load, the decisions and
the positions evaluated per turn. The ``move s`` columns are then per decision (a plan's time over
its decisions).

Axis & Allies also gets a row per side the first player played (``hard-normal as axis``: its score
as the Axis only) and a second table of what happened on the board, per game: transports loaded,
amphibious assaults (cargo unloaded into enemy land in the combat move) and the games with at least
one, aircraft lost for want of a landing at the end of a non-combat move (``reachable``: of them, those
a legal move of theirs would still have landed then), the games in which a
capital fell, and the games whose end evaluation left 0.35-0.65 (undecided).
"""

from __future__ import annotations

import math
import os
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench import blunders
from engines.ai.baselines import greedy_choice, random_choice, two_ply_choice
from engines.ai.games import knowledge_for
from engines.ai.plan import plan
from engines.ai.player import LEVELS
from engines.ai.referee import Referee
from engines.ai.rng import Rng
from engines.ai.search import search
from engines.axis_allies import movement as aa_movement
from engines.core.record import MoveEvent, StartEvent, resolve_chance
from engines.registry import ENGINES, get_engine

REFEREE = Referee()
"""This bench process's replays (full states, kept out of every ``engines`` module)."""
PAIRS = ("easy-random", "normal-random", "hard-random", "easy-greedy", "normal-greedy", "hard-greedy",
         "normal-twoply", "hard-twoply", "normal-easy", "hard-normal")


PLANNED = os.environ.get("AI_PLAN", "1") != "0"
"""Whether the levels plan a part of a turn at once as the bot does (``engines.ai.plan``); ``0``
decides one order at a time with the level's budget per order (the computer before plans)."""

THINKING_CLOCK = time.process_time if os.environ.get("AI_CLOCK", "wall") == "cpu" else time.perf_counter
"""The clock the levels' time budgets count on. ``wall`` (the default) is the bot's; ``cpu``
(``AI_CLOCK=cpu``) counts this process's own processor time, so on a shared, loaded machine each
level still gets the thinking it gets on an idle one (what the bot does when it has its cores)."""


def choose(player: str, obs, seed: int) -> tuple[list[str], float, int, int, float]:
    """The orders ``player`` plays now, the seconds it took, the decisions made, the positions
    evaluated (the work, whatever the load) and the processor seconds it took."""
    start = time.perf_counter()
    cpu = time.process_time()
    if player == "random":
        texts, decisions, evaluations = [random_choice(obs, seed).text], 1, 0
    elif player == "greedy":
        texts, decisions, evaluations = [greedy_choice(obs, seed).text], 1, 0
    elif player == "twoply":
        texts, decisions, evaluations = [two_ply_choice(obs, seed).text], 1, 0
    elif PLANNED:
        made = plan(obs, LEVELS[player], seed, THINKING_CLOCK)
        texts, decisions, evaluations = list(made.texts), made.decisions, made.evaluations
    else:
        choice = search(obs, LEVELS[player], seed, THINKING_CLOCK)
        texts, decisions, evaluations = [choice.text], 1, choice.evaluations
    return texts, time.perf_counter() - start, decisions, evaluations, time.process_time() - cpu


def board_counts(slug: str, state, move, counts: dict[str, float]) -> None:
    """Axis & Allies: count what ``move`` (about to be applied to ``state``) does on the board."""
    if slug != "axis_allies":
        return
    if move.kind == "load":
        counts["loads"] = counts.get("loads", 0) + 1
    elif move.kind == "unload" and state.phase == "combat_move":
        sides = {p.id: p.side for p in state.map.powers}
        owner = state.owner(move.path[-1])
        if owner is not None and sides[owner] != sides[state.power]:
            counts["assaults"] = counts.get("assaults", 0) + 1
    elif move.kind == "end" and state.phase == "noncombat_move":
        lost = aa_movement.landings(state, state.power).lost
        counts["air_lost"] = counts.get("air_lost", 0) + len(lost)
        counts["air_lost_reachable"] = counts.get("air_lost_reachable", 0) + len(landable(state, lost))


def landable(state, lost: tuple[int, ...]) -> list[int]:
    """Of the aircraft ``lost`` at the end of a non-combat move, those a legal move of theirs
    would still have saved then (a landing they could reach, not taken)."""
    if not lost:
        return []
    engine = get_engine("axis_allies")
    seat = min(engine.to_act(state))
    at = {u.id: u.at for u in state.units if u.id in lost}
    saved = []
    for uid, where in at.items():
        for m in engine.legal_moves(state, seat):
            if m.kind == "move" and m.path[0] == where and all(k in ("fighter", "bomber") for k, _ in m.units):
                after = aa_movement.landings(engine.apply(state, seat, m), state.power).lost
                if len(after) < len(lost):
                    saved.append(uid)
                    break
    return saved


def end_counts(slug: str, state, counts: dict[str, float]) -> None:
    if slug != "axis_allies":
        return
    counts["capital_fell"] = float(any(state.owner(p.capital) != p.id for p in state.map.powers))
    counts["rounds"] = state.round


Turn = tuple[float, int, int, int, int, float]
"""A power's turn (Axis & Allies; elsewhere a move) of the first named player: seconds thinking,
plans handed over, posts (the bot holds a plan's post while the same seat plays on alone in the
same phase), decisions, positions evaluated, processor seconds thinking."""
Played = tuple[float, float, bool, list[float], list[Counter[str]], list[tuple[str, ...]], dict[str, float], list[list[Turn]]]


def play(slug: str, players: tuple[str, str], game: int, max_moves: int, max_rounds: int = 0) -> Played:
    """Seat 0 plays ``players[0]``. Returns seat 0's score, its end value (the evaluation if
    adjudicated, else the score), whether adjudicated, the times of ``players[0]``'s moves, per
    seat its blunders and its setup's moves, and the board counts (``board_counts``)."""
    engine = get_engine(slug)
    options = engine.options_model()
    seed = game.to_bytes(4, "big") * 8
    events: list = [StartEvent(players=2)]
    state = engine.setup(2, options)
    draws = 0
    times: list[float] = []
    moves = 0
    knowledge = knowledge_for(slug)
    found: list[Counter[str]] = [Counter(), Counter()]
    setups: list[list[str]] = [[], []]
    last_seat = None
    counts: dict[str, float] = {}
    turns: list[dict[object, list]] = [{}, {}]
    """Per seat, per turn key (Axis & Allies' power and round): [seconds, plans, posts, decisions, evaluations, cpu seconds]."""
    last_plan: tuple[int, object] | None = None

    def turned() -> list[list[Turn]]:
        return [[(t[0], t[1], t[2], t[3], t[4], t[5]) for t in seat_turns.values()] for seat_turns in turns]

    while True:
        state, chances = resolve_chance(engine, state, seed, draws)
        draws += sum(len(c.sizes) for c in chances)
        events += chances
        result = engine.result(state)
        if result is not None:
            score = 0.5 if result.draw or not result.winners else float(0 in result.winners)
            end_counts(slug, state, counts)
            return score, score, False, times, found, [tuple(s) for s in setups], counts, turned()
        over = max_rounds and getattr(state, "round", 0) > max_rounds
        if moves >= max_moves or over or not engine.to_act(state):
            value = knowledge.evaluate(engine, state, 2)[0]
            end_counts(slug, state, counts)
            verdict = 1.0 if value > 0.6 else 0.0 if value < 0.4 else 0.5
            return verdict, value, True, times, found, [tuple(s) for s in setups], counts, turned()
        seat = min(engine.to_act(state))
        obs = REFEREE.observation(engine, options, events, seat)
        texts, spent, decisions, evaluations, cpu = choose(players[seat], obs, game * 1000 + moves)
        if seat == 0:
            times.append(spent / decisions)
        key = (state.power, state.round) if slug == "axis_allies" else moves
        turn = turns[seat].setdefault(key, [0.0, 0, 0, 0, 0, 0.0])
        part = knowledge.phase(state) if knowledge.phase is not None else None
        turn[0] += spent
        turn[1] += 1
        turn[2] += int(not (PLANNED and part is not None and last_plan == (seat, part) and last_seat == seat))
        turn[3] += decisions
        turn[4] += evaluations
        turn[5] += cpu
        last_plan = (seat, part)
        for text in texts:
            move = engine.parse_move(text, state, seat)
            found[seat] += blunders.count(engine, knowledge, state, seat, move, last_seat != seat, 2, Rng(game * 1000 + moves))
            if blunders.setup_text(text):
                setups[seat].append(text)
            last_seat = seat
            board_counts(slug, state, move, counts)
            events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=engine.is_secret(move, state)))
            state = engine.apply(state, seat, move)
            moves += 1


Row = tuple[float, float, bool, list[float], Counter[str], tuple[str, ...], dict[str, float], list[Turn]]


def match(args: tuple[str, str, str, int, int, int]) -> tuple[str, str, Row]:
    """One game; the row is the first named player's: score, end value, adjudicated, times,
    blunders, setup, board counts (Axis & Allies: with the side it played)."""
    slug, player, opponent, game, max_moves, max_rounds = args
    if game % 2 == 0:
        score, value, adjudicated, times, found, setups, counts, turns = play(slug, (player, opponent), game, max_moves, max_rounds)
        seat = 0
    else:  # seats swapped: the computer is seat 1
        score, value, adjudicated, times, found, setups, counts, turns = play(slug, (opponent, player), game, max_moves, max_rounds)
        score, value = 1.0 - score, 1.0 - value
        times = []  # seat 0's times belong to the opponent here
        seat = 1
    if slug == "axis_allies":  # two players: seat 0 the Allies, seat 1 the Axis
        counts["axis"] = float(game % 2 == 1)
        counts["value"] = value
    return slug, f"{player}-{opponent}", (score, value, adjudicated, times, found[seat], setups[seat], counts, turns[seat])


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (draws count a half)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float]:
    """The mean of ``values`` and the half width of its normal 95 % interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.5
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


NO_CAP = 1_000_000
"""The move cap when a round limit is given (none, in effect: the rounds end the game)."""


def limits(environ: Mapping[str, str]) -> tuple[int, int]:
    """The move cap and the round limit (``AI_MAX_MOVES``, ``AI_MAX_ROUNDS``). With a round limit
    and no cap given there is no cap: an Axis & Allies round alone has 150-300 orders, so the
    short games' default of 150 would cut every game in its first round."""
    max_rounds = int(environ.get("AI_MAX_ROUNDS", "0"))
    return int(environ.get("AI_MAX_MOVES", str(NO_CAP) if max_rounds else "150")), max_rounds


def main() -> None:
    games = int(os.environ.get("AI_GAMES", "4"))
    first = int(os.environ.get("AI_FIRST_GAME", "0"))
    max_moves, max_rounds = limits(os.environ)
    slugs = [s for s in os.environ.get("AI_SLUGS", ",".join(sorted(ENGINES))).split(",") if s]
    pairs = [p for p in os.environ.get("AI_PAIRS", ",".join(PAIRS)).split(",") if p]
    workers = int(os.environ.get("AI_WORKERS", "2"))
    jobs: list[tuple[str, str, str, int, int, int]] = []
    for slug in slugs:
        for pair in pairs:
            player, opponent = pair.split("-")
            jobs += [(slug, player, opponent, game, max_moves, max_rounds) for game in range(first, first + games)]
    results: dict[tuple[str, str], list[Row]] = {}
    boards: dict[tuple[str, str], list[dict[str, float]]] = {}
    pool = ProcessPoolExecutor(workers)
    signal.signal(signal.SIGUSR1, stop)
    try:
        futures = {pool.submit(match, job): job[3] for job in jobs}
        for done in as_completed(futures):
            slug, pair, row = done.result()
            progress(slug, pair, futures[done], row)
            results.setdefault((slug, pair), []).append(row)
            counts = row[6]
            if counts:
                side = "axis" if counts["axis"] else "allies"
                results.setdefault((slug, f"{pair} as {side}"), []).append(row)
                boards.setdefault((slug, pair), []).append(counts)
    except Stopped:  # stopped early (kill -USR1): the tables of the games played so far
        print(f"stopped early: {sum(len(r) for (_, p), r in results.items() if ' as ' not in p)} games of {len(jobs)}")
        report(results, boards)
        for process in list(getattr(pool, "_processes", {}).values()):  # the games still running
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        return
    pool.shutdown()
    report(results, boards)


def report(results: dict[tuple[str, str], list[Row]], boards: dict[tuple[str, str], list[dict[str, float]]]) -> None:
    print(f"{'game':16} {'pairing':22} {'n':>3} {'score':>6} {'95% Wilson':>14} {'value':>13} {'adj':>4} {'move s p50':>10} {'p99':>6}"
          f" {'hung':>5} {'pass':>5} {'face':>5} {'same':>5}")
    for (slug, pair), rows in sorted(results.items()):
        n = len(rows)
        total = sum(r[0] for r in rows)
        low, high = wilson(total, n)
        mean, half = mean_interval([r[1] for r in rows])
        times = sorted(t for r in rows for t in r[3])
        p50 = statistics.median(times) if times else 0.0
        p99 = times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)] if times else 0.0
        adj = sum(r[2] for r in rows)
        found = sum((r[4] for r in rows), Counter())
        same = blunders.repeats([r[5] for r in rows])
        print(f"{slug:16} {pair:22} {n:3d} {total / n:6.2f} {f'[{low:.2f}, {high:.2f}]':>14} {f'{mean:.2f} ± {half:.2f}':>13} {adj:4d} {p50:10.3f} {p99:6.3f}"
              f" {found['hung']:5d} {found['passed']:5d} {found['facing']:5d} {same:5d}")
    print_turns(results)
    if boards:
        print()
        print(f"{'game':16} {'pairing':14} {'n':>3} {'rounds':>6} {'loads/g':>7} {'assaults/g':>10} {'g w/ assault':>12} "
              f"{'air lost':>8} {'reachable':>9} {'capital fell':>12} {'undecided':>9}")
        for (slug, pair), games in sorted(boards.items()):
            n = len(games)
            mean_of = {key: sum(g.get(key, 0) for g in games) / n for key in ("rounds", "loads", "assaults")}
            with_assault = sum(1 for g in games if g.get("assaults", 0) > 0)
            fell = sum(int(g.get("capital_fell", 0)) for g in games)
            undecided = sum(1 for g in games if 0.35 <= g.get("value", 0.5) <= 0.65)
            print(f"{slug:16} {pair:14} {n:3d} {mean_of['rounds']:6.1f} {mean_of['loads']:7.1f} {mean_of['assaults']:10.1f} "
                  f"{with_assault:12d} {int(sum(g.get('air_lost', 0) for g in games)):8d} "
                  f"{int(sum(g.get('air_lost_reachable', 0) for g in games)):9d} {fell:12d} {undecided:9d}")
    sys.stdout.flush()


class Stopped(Exception):
    """The bench was asked to stop early (``SIGUSR1``)."""


def stop(signum: int, frame: object) -> None:
    raise Stopped


def progress(slug: str, pair: str, game: int, row: Row) -> None:
    """One finished game on stderr, as it comes (a long run's figures so far, whatever happens to it)."""
    counts = row[6]
    side = (" as axis" if counts.get("axis") else " as allies") if counts else ""
    board = " ".join(f"{k}={v:g}" for k, v in sorted(counts.items()) if k not in ("axis", "value"))
    turns = row[7]
    seconds = ""
    if turns:
        n = len(turns)
        seconds = (f" turns {n} turn s p50 {statistics.median(t[0] for t in turns):.1f} max {max(t[0] for t in turns):.1f}"
                   f" cpu s p50 {statistics.median(t[5] for t in turns):.1f} max {max(t[5] for t in turns):.1f}"
                   f" plans/turn {sum(t[1] for t in turns) / n:.1f} posts/turn {sum(t[2] for t in turns) / n:.1f}"
                   f" decisions/turn {sum(t[3] for t in turns) / n:.1f}")
    print(f"{slug} {pair} game {game}{side}: score {row[0]:g} value {row[1]:.2f} adj {int(row[2])}{seconds} {board}"
          f" blunders {dict(row[4])}", file=sys.stderr, flush=True)


def print_turns(results: dict[tuple[str, str], list[Row]]) -> None:
    """Axis & Allies: the first named player's power turns (one power's turn of a round): seconds
    thinking (median, p90; wall-clock, so they depend on the machine's load; then the processor seconds, which do not), plans handed over,
    posts in the bot (a plan after which the same seat plays on alone in the same phase is said
    with the next), decisions and positions evaluated per turn (the work, which does not depend on
    the load)."""
    rows = [(key, rows) for key, rows in sorted(results.items()) if key[0] == "axis_allies" and " as " not in key[1]]
    if not rows:
        return
    print()
    print(f"{'game':16} {'pairing':14} {'turns':>5} {'turn s p50':>10} {'p90':>6} {'cpu s p50':>9} {'p90':>6} {'plans/turn':>10} "
          f"{'posts/turn':>10} {'decisions/turn':>14} {'evals/turn':>10}")
    for (slug, pair), found in rows:
        turns = [t for r in found for t in r[7]]
        if not turns:
            continue
        seconds = sorted(t[0] for t in turns)
        p90 = seconds[min(len(seconds) - 1, math.ceil(0.9 * len(seconds)) - 1)]
        cpu = sorted(t[5] for t in turns)
        cpu90 = cpu[min(len(cpu) - 1, math.ceil(0.9 * len(cpu)) - 1)]
        n = len(turns)
        print(f"{slug:16} {pair:14} {n:5d} {statistics.median(seconds):10.1f} {p90:6.1f} {statistics.median(cpu):9.1f} {cpu90:6.1f} "
              f"{sum(t[1] for t in turns) / n:10.1f} "
              f"{sum(t[2] for t in turns) / n:10.1f} {sum(t[3] for t in turns) / n:14.1f} {sum(t[4] for t in turns) / n:10.0f}")


if __name__ == "__main__":
    main()
