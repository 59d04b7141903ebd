"""One seeded random game of any engine, played through the contract and checked as it goes.

The dice come from the referee's own ``resolve_chance`` with a per-game seed, the choices from
``random.Random`` seeded by the game; the plan (``profile.Playouts``) picks options, seats and
moves. What is checked:

- once the due chance nodes are drawn (the referee draws them before anyone may act), ``to_act``
  is empty exactly when there is a result; the game ends within the plan's bound;
- every move played: its text parses back to it, it reads back from JSON, it was legal (moves
  the plan's shortcut chose without the list are checked against ``legal_moves`` in the first
  games), it applies; its ``is_secret`` goes into the record; a published seal
  (``SealingGame``) never changes;
- once per game, at a random step: every legal move (a random 1,000 of a longer list) formats,
  parses back, reads back from JSON and applies; seats that do not act have no legal moves; the state and every viewer's view
  read back from JSON;
- at the end: no chance node is due, the result is a draw or names winners among the seats;
  the record (start, moves, chances) replays to the same state, and every 10th game's record as
  the bot keeps it (chained hashes) survives JSON, its chain holds, its dice verify against the
  seed and its seals (``SealingGame``) hold; the state and every view read back from JSON.

``Played.hidden`` lists what showed hidden information (a secret move or chance, views that
differ by viewer): such a game must declare it (``Capabilities.hidden_information``), and the
suite demands twins of every game that declares it (``profile.Profile.twins``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from engines.core.capabilities import capabilities
from engines.core.contract import Engine, SealingGame, Seat, options_as
from engines.core.dice import commitment
from engines.core.record import (
    Entry,
    MoveEvent,
    Record,
    StartEvent,
    chain_break,
    chain_hash,
    replay,
    resolve_chance,
    verify,
    verify_seals,
)
from tests.engines.conformance.profile import Playouts, Profile

SHORTCUT_CHECKED_GAMES = 2
"""Games of a plan whose first shortcut move is checked against the full ``legal_moves`` (a
double-board Militakiri setup lists 49,500 moves: seconds)."""
MOST_TRIED = 1000
"""Legal moves tried at once at most: a double-board Militakiri setup has 49,500 (its setup tests
check that list), any list of play has fewer."""
WHOLE_RECORD_EVERY = 10
"""Every 10th game's record is checked as the bot keeps it (hash chain, JSON, dice, seals: two
more replays); the others replay their events."""
RECORDED_AT = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass
class Played:
    state: Any
    options: BaseModel
    steps: int
    hidden: list[str]


Observer = Callable[[Any, int], None]
Mover = Callable[[Any, Seat, Any, Any], None]
"""``(before, seat, move, after)``: ``after`` is the state once the chance nodes the move led to
are drawn (a raid's dice, a battle's first rolls)."""


def same_from_json(model: BaseModel, where: str) -> None:
    assert type(model).model_validate_json(model.model_dump_json()) == model, f"{where}: {type(model).__name__} JSON"
    assert type(model).model_validate(model.model_dump(mode="json")) == model, f"{where}: {type(model).__name__} dump"


def viewers(players: int) -> tuple[Seat | None, ...]:
    return (None, *range(players))


def public_part(view: BaseModel) -> dict[str, Any]:
    """The view without its ``viewer`` field: what must be equal for all when nothing is hidden."""
    data = view.model_dump(mode="json")
    data.pop("viewer", None)
    return data


def check_views(engine: Engine, state: Any, players: int, where: str) -> bool:
    """Every viewer's view reads back from JSON; whether they all show the same."""
    views = [engine.view(state, viewer) for viewer in viewers(players)]
    for view in views:
        same_from_json(view, where)
    channel = public_part(views[0])
    return all(public_part(view) == channel for view in views[1:])


def check_every_move(engine: Engine, state: Any, seat: Seat, rng: random.Random, where: str) -> None:
    """Every legal move (a random ``MOST_TRIED`` of a longer list) formats, parses back to itself,
    reads back from JSON and applies."""
    moves = list(engine.legal_moves(state, seat))
    if len(moves) > MOST_TRIED:
        moves = rng.sample(moves, MOST_TRIED)
    for move in moves:
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"{where}: {text!r} parses to another move"
        same_from_json(move, f"{where} {text!r}")
        engine.apply(state, seat, move)


def check_record(
    engine: Engine, options: BaseModel, players: int, seed: bytes, events: list, state: Any, whole: bool, where: str
) -> None:
    """The record of the game replays to ``state``; ``whole``: as the bot keeps and exports it
    (hash chain, JSON), with its dice recomputed from the seed and its seals checked."""
    if not whole:
        assert replay(engine, options, events) == state, f"{where}: the replay differs"
        return
    entries, previous = [], commitment(seed)
    for seq, event in enumerate(events, start=1):
        entry = Entry(seq=seq, at=RECORDED_AT, event=event)
        entry = entry.model_copy(update={"hash": chain_hash(previous, entry)})
        entries.append(entry)
        previous = entry.hash
    record = Record(
        game=engine.slug,
        engine_version=engine.version,
        options=options.model_dump(mode="json"),
        seats=tuple(f"seat {seat}" for seat in range(players)),
        seed_commitment=commitment(seed),
        seed_hex=seed.hex(),
        entries=tuple(entries),
    )
    read = Record.model_validate_json(record.model_dump_json())
    assert read == record, f"{where}: the record does not read back from JSON"
    assert chain_break(read.seed_commitment, read.entries) is None, f"{where}: the hash chain breaks"
    read_options = options_as(engine.options_model, read.options)
    assert read_options == options, f"{where}: the options do not read back"
    assert replay(engine, read_options, [e.event for e in read.entries]) == state, f"{where}: the replay differs"
    dice_ok, rolls = verify(engine, read_options, read.entries, bytes.fromhex(read.seed_hex), read.seed_commitment)
    assert dice_ok, f"{where}: dice do not verify: {[r for r in rolls if not r.ok][:3]}"
    if isinstance(engine, SealingGame):
        seals = verify_seals(engine, read_options, read.entries)
        assert all(s.ok for s in seals), f"{where}: seals do not hold: {seals}"


def play(
    engine: Engine, plan: Playouts, game: int, observe: Observer | None = None, moved: Mover | None = None
) -> Played:
    """Game ``game`` of ``plan``, checked (module doc); ``observe(state, step)`` sees every
    state where a seat is to act, ``moved`` every move played (``Mover``)."""
    slug = engine.slug
    rng = random.Random(f"{slug} {plan.name} {game}")
    seed = hashlib.sha256(f"{slug} {plan.name} playout {game}".encode()).digest()
    options = options_as(engine.options_model, plan.options(game))
    players = plan.seats(engine, game)
    bound = plan.max_steps(options)
    state = engine.setup(players, options)
    events: list[BaseModel] = [StartEvent(players=players)]
    hidden: list[str] = []
    sample = rng.randrange(plan.sample_within) if game % plan.sample_games == 0 else -1
    check_shortcut = game < SHORTCUT_CHECKED_GAMES
    sealing = isinstance(engine, SealingGame)  # a protocol check costs as much as a small move
    published: dict[str, str] = {}  # seal name -> the digest first shown
    index = steps = 0
    last: tuple[Any, Seat, Any] | None = None
    while True:
        where = f"{slug} {plan.name} game {game} step {steps}"
        state, chance = resolve_chance(engine, state, seed, index)
        if moved is not None and last is not None:
            moved(*last, state)
        events.extend(chance)
        index += sum(len(c.sizes) for c in chance)
        hidden.extend(f"secret chance {c.kind}" for c in chance if c.secret)
        plan.check_state(engine, state, where)
        result, to_act = engine.result(state), engine.to_act(state)
        assert (result is None) == bool(to_act), f"{where}: to_act {sorted(to_act)} with result {result}"
        if result is not None:
            break
        assert steps < bound, f"{where}: the game has not ended after {bound} moves"
        if observe is not None:
            observe(state, steps)
        seat = rng.choice(sorted(to_act))
        full = steps == sample or plan.try_all_legal(state, steps)
        if full:
            check_every_move(engine, state, seat, rng, where)
            for other in range(players):
                if other not in to_act:
                    assert not engine.legal_moves(state, other), f"{where}: seat {other} has moves out of turn"
        if steps == sample:
            same_from_json(state, where)
            if not check_views(engine, state, players, where):
                hidden.append(f"views differ by viewer at step {steps}")
            plan.check_sample(engine, state)
        move = plan.shortcut(engine, state, seat, rng)
        if move is None:
            moves = engine.legal_moves(state, seat)
            assert moves, f"{where}: seat {seat} must act and has no legal move"
            move = plan.pick(engine, state, seat, moves, rng)
        elif check_shortcut and not plan.unlisted(move):
            assert move in engine.legal_moves(state, seat), f"{where}: {move} applies but is not a legal move"
            check_shortcut = False
        text = engine.format_move(move, state)
        assert engine.parse_move(text, state, seat) == move, f"{where}: {text!r} parses to another move"
        assert engine.move_model.model_validate_json(move.model_dump_json()) == move, f"{where}: {text!r} JSON"
        secret = engine.is_secret(move, state)
        if secret:
            hidden.append(f"secret move {text!r}")
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json"), secret=secret))
        after = engine.apply(state, seat, move)
        if sealing:
            for seal in engine.seals(after, reveal=False):
                first = published.setdefault(seal.name, seal.digest)
                assert seal.digest == first, f"{where}: the seal {seal.name} changed"
        last = (state, seat, move)
        state = after
        steps += 1
    where = f"{slug} {plan.name} game {game} end"
    assert engine.chance(state) is None, f"{where}: a chance node is due after the end"
    assert set(result.winners) <= set(range(players)), f"{where}: {result}"
    assert result.draw != bool(result.winners), f"{where}: a result is a draw or has winners: {result}"
    same_from_json(state, where)
    same_from_json(result, where)
    if not check_views(engine, state, players, where):
        hidden.append("views differ by viewer at the end")
    check_record(engine, options, players, seed, events, state, game % WHOLE_RECORD_EVERY == 0, where)
    plan.check_final(engine, state)
    return Played(state=state, options=options, steps=steps, hidden=hidden)


def demand_twins(slug: str, engine: Engine, profile: Profile, hidden: list[str]) -> None:
    """A game that showed hidden information must declare it (``Capabilities.hidden_information``),
    and a game that declares it must say how to build twins (the leak checks), whether or not
    random play happened to show any."""
    declared = capabilities(engine).hidden_information
    assert declared or not hidden, (
        f"{slug} shows hidden information ({'; '.join(hidden[:3])}) but does not declare it "
        "(hidden_information: ClassVar[bool] = True on its engine class)"
    )
    shown = f" ({'; '.join(hidden[:3])})" if hidden else ""
    assert profile.twins is not None or not declared, (
        f"{slug} declares hidden information{shown} but tests/engines/{slug}/conformance.py "
        "gives no twins to check that it stays hidden"
    )
