"""Verifiable dice and the record: the documented recipe, verification, tampering."""

from __future__ import annotations

import hashlib
import hmac
import re
from datetime import UTC, datetime
from pathlib import Path

from engines.core import first_player
from engines.core.contract import Outcome
from engines.core.dice import commitment, draw, draws
from engines.core.record import ChanceEvent, Entry, StartEvent, resolve_chance, verify
from engines.registry import get_engine

ROOT = Path(__file__).resolve().parents[2]
AT = datetime(2026, 1, 1, tzinfo=UTC)


def test_draws_follow_the_documented_recipe():
    seed = bytes(range(32))
    for index in range(50):
        digest = hmac.new(seed, index.to_bytes(8, "big"), hashlib.sha256).digest()
        assert draw(seed, index, 6) == int.from_bytes(digest, "big") % 6
    assert commitment(seed) == hashlib.sha256(seed).hexdigest()
    assert draws(seed, 3, (6, 6, 100)) == (draw(seed, 3, 6), draw(seed, 4, 6), draw(seed, 5, 100))


def test_draws_are_roughly_uniform():
    seed = b"\x07" * 32
    counts = [0] * 6
    for index in range(6000):
        counts[draw(seed, index, 6)] += 1
    assert all(850 < c < 1150 for c in counts), counts


def test_the_script_in_docs_dice_md_agrees():
    """The recipe printed for players is the one the code uses."""
    text = (ROOT / "docs" / "dice.md").read_text()
    assert "hmac.new(seed, (event[\"first_index\"] + k).to_bytes(8, \"big\"), hashlib.sha256)" in text


def test_first_player_roll_rerolls_ties():
    assert first_player.decide((6, 6)) is None
    assert first_player.decide((2, 5)) == 1


def _entries(engine, seed):
    state = engine.setup(2, engine.options_model())
    _, chance = resolve_chance(engine, state, seed, 0)
    events = [StartEvent(players=2), *chance]
    return [Entry(seq=i + 1, at=AT, event=e) for i, e in enumerate(events)]


def test_verify_accepts_an_honest_record_and_catches_tampering():
    engine = get_engine("heroes_cities")
    seed = bytes(range(32))
    entries = _entries(engine, seed)
    ok, checks = verify(engine, engine.options_model(), entries, seed, commitment(seed))
    assert ok and checks and all(c.ok for c in checks)
    wrong_seed = bytes(32)
    assert not verify(engine, engine.options_model(), entries, wrong_seed, commitment(seed))[0]
    chance = entries[1].event
    forged = Entry(seq=2, at=AT, event=chance.model_copy(update={"values": tuple((v + 1) % 6 for v in chance.values)}))
    assert isinstance(chance, ChanceEvent)
    ok, checks = verify(engine, engine.options_model(), [entries[0], forged, *entries[2:]], seed, commitment(seed))
    assert not ok and not checks[0].ok


def test_resolve_chance_rolls_until_no_tie():
    engine = get_engine("heroes_cities")
    for number in range(40):
        seed = number.to_bytes(32, "big")
        state = engine.setup(2, engine.options_model())
        state, events = resolve_chance(engine, state, seed, 0)
        assert engine.chance(state) is None and events
        faces = [first_player.faces(Outcome(kind=e.kind, values=e.values)) for e in events]
        assert all(f[0] == f[1] for f in faces[:-1]) and faces[-1][0] != faces[-1][1]
        assert [e.first_index for e in events] == [2 * i for i in range(len(events))]
        assert re.fullmatch(r"[0-9a-f]{64}", commitment(seed))
