"""Write ``examples/<slug>.txt``: a whole console match that ends with a winner.

    .venv/bin/python examples/generate.py militakiri [--tries 200] [--max-moves 600] [--prefer shoot] [--option round_limit=2] [--players 2]

Plays seeded random games through the engine with the console's fixed dice seed (all zero
bytes, as ``--seed`` in the script's header), keeps the shortest one that ends with a winner,
and writes the console commands of it. ``--prefer`` makes the players pick moves starting
with that word when they can (random play seldom shoots, say), so the example shows more. The console then replays exactly that game, because
the dice draws come from the same seed in the same order.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engines.core.record import resolve_chance
from engines.registry import get_engine

SEED = bytes(32)
PLAYERS = ("alice", "bob", "carol", "dave", "erin")


def play(
    slug: str, game: int, max_moves: int, prefer: tuple[str, ...] = (), options: dict | None = None, players: int = 0,
    end_chance: float = 0.0,
) -> tuple[list[tuple[int, str]], object] | None:
    """One seeded random game: the (seat, move text) list and the result, or None if too long."""
    engine = get_engine(slug)
    rng = random.Random(game)
    state = engine.setup(players or engine.min_players, engine.options_model(**(options or {})))
    state, events = resolve_chance(engine, state, SEED, 0)
    draws = sum(len(e.values) for e in events)
    moves: list[tuple[int, str]] = []
    while engine.result(state) is None:
        if len(moves) >= max_moves:
            return None
        seat = min(engine.to_act(state))
        legal = list(engine.legal_moves(state, seat))
        texts = [engine.format_move(m, state) for m in legal]
        preferred = [m for m, t in zip(legal, texts) if t.startswith(prefer)] if prefer else []
        ends = [m for m, t in zip(legal, texts) if t == "end"]
        move = ends[0] if ends and rng.random() < end_chance else rng.choice(preferred or legal)
        moves.append((seat, engine.format_move(move, state)))
        state = engine.apply(state, seat, move)
        state, events = resolve_chance(engine, state, SEED, draws)
        draws += sum(len(e.values) for e in events)
    return moves, engine.result(state)


def script(slug: str, moves: list[tuple[int, str]], players: int, options: dict | None = None) -> str:
    names = PLAYERS[:players]
    lines = [
        f"# A whole match of {slug}, played on the console to its end.",
        f"# Run it: .venv/bin/python -m bot --console --seed {'00' * 32} < examples/{slug}.txt",
        "# (the fixed --seed makes the dice come out the same every time; never use one for real matches)",
        f"as {names[0]}: /match create game:{slug}"
        + (f" opponent:{names[1]}" if players == 2 else "")
        + "".join(f" {key}:{value}" for key, value in (options or {}).items()),
        *[f"as {name}: /match join" for name in names[1:]],
        f"as {names[0]}: /match start",
    ]
    lines += [f"as {names[seat]}: /move {text}" for seat, text in moves]
    lines += ["/match status", f"as {names[-1]}: /match verify", f"as {names[0]}: /match export"]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=600)
    parser.add_argument("--prefer", action="append", default=[], help="prefer moves starting with this word")
    parser.add_argument("--option", action="append", default=[], help="a match option, name=value")
    parser.add_argument("--players", type=int, default=0, help="seats (default: the fewest the game allows)")
    parser.add_argument("--draws", action="store_true", help="accept a game that ends in a draw")
    parser.add_argument("--end-chance", type=float, default=0.0, help="play 'end' with this chance when it is legal")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    best = None
    for game in range(args.tries):
        played = play(args.slug, game, args.max_moves, tuple(args.prefer), options, args.players, args.end_chance)
        if played is not None and (played[1].winners or args.draws) and (best is None or len(played[0]) < len(best[0])):
            best = played
            print(f"game {game}: {len(played[0])} moves, {played[1].reason}", file=sys.stderr)
    if best is None:
        sys.exit("no game ended with a winner within the limits")
    engine = get_engine(args.slug)
    path = ROOT / "examples" / f"{args.slug}.txt"
    path.write_text(script(args.slug, best[0], args.players or engine.min_players, options))
    print(f"wrote {path} ({len(best[0])} moves)", file=sys.stderr)


if __name__ == "__main__":
    main()
