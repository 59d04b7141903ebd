"""Secret chance events and sealed commitments in the record (``engines/core/record.py``)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from engines.core.record import (
    ChanceEvent,
    Entry,
    MoveEvent,
    StartEvent,
    resolve_chance,
    verify_seals,
)
from engines.registry import get_engine
from tests.bot.toy_bombs import ToyBombs, ToyBombsForged, ToyBombsResealed

AT = datetime(2026, 1, 1, tzinfo=UTC)
SEED = bytes(range(32))


def record(engine: ToyBombs, moves: list[str]) -> list[Entry]:
    """Start, then ``moves`` (the seat to act plays each), every chance node resolved on the way."""
    options = engine.options_model()
    state = engine.setup(2, options)
    state, chance = resolve_chance(engine, state, SEED, 0)
    events: list = [StartEvent(players=2), *chance]
    index = sum(len(e.values) for e in chance)
    for text in moves:
        (seat,) = engine.to_act(state)
        move = engine.parse_move(text, state, seat)
        events.append(MoveEvent(seat=seat, text=text, move=move.model_dump(mode="json")))
        state, chance = resolve_chance(engine, engine.apply(state, seat, move), SEED, index)
        events.extend(chance)
        index += sum(len(e.values) for e in chance)
    return [Entry(seq=i + 1, at=AT, event=e) for i, e in enumerate(events)]


def missing_square(engine: ToyBombs) -> int:
    """A square without the bomb, for this seed."""
    bomb = record(engine, [])[1].event.values[0]
    return (bomb + 5) % 10


def test_a_secret_chance_node_records_a_secret_event_and_old_records_read_as_public():
    entries = record(ToyBombs(), ["roll"])
    bomb, die = entries[1].event, entries[3].event
    assert isinstance(bomb, ChanceEvent) and bomb.secret and bomb.kind == "bomb"
    assert isinstance(die, ChanceEvent) and not die.secret
    old = ChanceEvent.model_validate({"type": "chance", "kind": "die", "first_index": 0, "sizes": [6], "values": [3]})
    assert old.secret is False


def test_an_honest_record_opens_its_seal_to_the_published_digest():
    engine = ToyBombs()
    entries = record(engine, ["roll", f"dig {missing_square(engine)}", "roll"])
    (check,) = verify_seals(engine, engine.options_model(), entries)
    bomb, salt = entries[1].event.values
    assert check.ok and check.name == "bomb" and check.seq == 2  # published with the start's draw
    assert check.opening == f"bomb {bomb} salt {salt}"
    assert check.digest == hashlib.sha256(check.opening.encode()).hexdigest() == check.recomputed
    assert check.changed_seq is None


def test_an_opening_that_does_not_match_the_published_digest_fails():
    engine = ToyBombsForged()
    entries = record(engine, ["roll", f"dig {missing_square(engine)}"])
    (check,) = verify_seals(engine, engine.options_model(), entries)
    assert not check.ok and check.changed_seq is None
    assert check.recomputed != check.digest


def test_a_digest_that_changes_after_publication_fails():
    engine = ToyBombsResealed()
    entries = record(engine, ["roll", f"dig {missing_square(engine)}"])
    (check,) = verify_seals(engine, engine.options_model(), entries)
    assert not check.ok and check.changed_seq == 5  # the dig
    # The opening matches the new digest, but what counts is the one first published.
    assert check.recomputed != check.digest


def test_no_seals_no_checks():
    engine = get_engine("heroes_cities")
    state = engine.setup(2, engine.options_model())
    _, chance = resolve_chance(engine, state, SEED, 0)
    entries = [Entry(seq=i + 1, at=AT, event=e) for i, e in enumerate([StartEvent(players=2), *chance])]
    assert verify_seals(engine, engine.options_model(), entries) == []
    assert verify_seals(ToyBombs(), ToyBombs.options_model(), []) == []
