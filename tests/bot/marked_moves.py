"""A game's moves up to the first one ``/match history`` marks (a capture, a battle), found by
playing the game as the referee does (the same opening and dice from the match's seed): a seeded
random move, but a move that makes the mark wanted whenever one is legal. The console and the
fake-Discord tests type these moves and look for the mark where the player reads the history."""

from __future__ import annotations

import random

from bot.services.match.referee import chance_trail, opening
from bot.services.match.replays import MARKS
from engines.registry import get_engine


def moves_to_a_mark(slug: str, seed: bytes, mark: str, *, rng_seed: int = 3, limit: int = 200) -> list[tuple[int, str]]:
    """(seat, move text) of each move up to and including the first marked ``mark``."""
    engine = get_engine(slug)
    options = engine.options_model()
    events, states = opening(engine, 2, options, seed)
    state = states[-1]
    drawn = sum(len(getattr(event, "values", ())) for event in events)
    rng = random.Random(rng_seed)
    played: list[tuple[int, str]] = []
    def marked(before, seat: int, move) -> bool:
        after = engine.apply(before, seat, move)
        return any(MARKS.get(code) == mark for code, _ in engine.describe_move(before, seat, move, after))

    def sets_up(before, seat: int, move) -> bool:
        """After ``move`` the mover could make the mark (were it their turn again)."""
        after = engine.apply(before, seat, move)
        return engine.result(after) is None and any(marked(after, seat, m) for m in engine.legal_moves(after, seat))

    for _ in range(limit):
        seats = [s for s in range(2) if engine.legal_moves(state, s)]
        if not seats:
            break
        seat = seats[0]
        legal = list(engine.legal_moves(state, seat))
        wanted = [move for move in legal if marked(state, seat, move)]
        ready = [] if wanted else [move for move in legal if sets_up(state, seat, move)]
        move = wanted[0] if wanted else rng.choice(ready or legal)
        played.append((seat, engine.format_move(move, state)))
        if wanted:
            return played
        state = engine.apply(state, seat, move)
        for event, after in chance_trail(engine, state, seed, drawn):
            drawn += len(event.values)
            state = after
    raise AssertionError(f"no {mark} in {limit} moves of {slug}")
