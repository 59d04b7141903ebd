"""A paused match and agreements to abort are part of a match's progress: a snapshot keeps them
(a restart loads them as they were), and a snapshot of a match without them is written as before."""

from __future__ import annotations

import json
from datetime import timedelta

from bot.services.book import _progress_from_json, _progress_to_json
from bot.services.progress import Progress
from engines.core.record import PauseEvent
from engines.registry import ENGINES
from tests.bot.conftest import START


def test_a_snapshot_keeps_the_pause_and_the_agreements_and_adds_nothing_without_them():
    engine = ENGINES["heroes_cities"]
    plain = Progress(seq=3, last_at=START, idle_since=START, turn_started=START)
    assert set(json.loads(_progress_to_json(plain))) == {
        "state", "seq", "draw_index", "meta", "used", "last_at", "turn_started", "moves", "turn_state", "orders", "hash",
    }
    pause = PauseEvent(by="42", name="Carol", reason="a dispute")
    held = Progress(seq=5, last_at=START + timedelta(days=2), idle_since=START + timedelta(days=1), turn_started=START,
                    paused=pause, paused_at=START + timedelta(hours=5), abort_agreed=frozenset({0, 2}))
    back = _progress_from_json(engine, _progress_to_json(held))
    assert (back.paused, back.paused_at, back.abort_agreed, back.idle_since) == (
        pause, START + timedelta(hours=5), frozenset({0, 2}), START + timedelta(days=1))
    assert _progress_from_json(engine, _progress_to_json(plain)).idle_since == START
