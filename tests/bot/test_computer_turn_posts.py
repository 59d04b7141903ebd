"""A computer power's turn at the table: one post per phase (in the combat phase one more for
each question the other player must answer first), its orders merged as a player would write them ("buy 5 inf 2 arm",
one ``move 3 inf …`` for three units on the same path), each order still its own event in the
record. Played through the services: Alice (the Allies) ends the USSR's turn at once and
answers the battle questions; the computer (normal) plays Germany."""

from __future__ import annotations

import re
from itertools import pairwise

from bot.services.delivery import Delivery
from bot.services.people import computer_actor
from bot.wiring import open_services
from engines.core.record import ChanceEvent, MoveEvent
from tests.bot.conftest import ALICE, BOB, PLACE, words

FAST = {"render_workers": 0, "computer_workers": 0, "computer_delay": 0.0, "computer_seconds": 0.1}
PHASES_WITHOUT_DICE = 4
"""Purchase (with technology), combat move, non-combat move, placement; and the combat phase."""
PLAYED = re.compile(r"played ((?:`[^`]+`(?:, )?)+)")


def played_texts(delivery: Delivery) -> list[str]:
    """The order texts a post says were played, in order."""
    return [t for group in PLAYED.findall(words([delivery])) for t in re.findall(r"`([^`]+)`", group)]


async def germany_by_the_computer(tmp_path) -> tuple[list[Delivery], list, int]:
    """The computer's posts during Germany's first turn, the record's events of that turn and
    how many questions Alice answered in it."""
    posted: list[Delivery] = []

    async def deliver(deliveries: list[Delivery]) -> None:
        posted.extend(deliveries)

    services = await open_services(str(tmp_path / "db.sqlite3"), deliver, **FAST)
    try:
        await services.start()
        await services.matches.create(PLACE, ALICE, "axis_allies", opponent=computer_actor("normal"), players=2)
        row = await services.repo.live_match_in(PLACE.channel_id)
        match = await services.matches.book.load(row.id)
        while match.state.power == "ussr":
            await services.matches.submit(PLACE, ALICE, "end")
            match = await services.matches.book.load(row.id)
        first = match.progress.seq
        answers = 0
        for _ in range(100):  # Alice answers the questions Germany's battles ask her
            await services.computer.idle()
            match = await services.matches.book.load(row.id)
            if match.state.power != "germany" or match.result() is not None:
                break
            if 0 in match.to_act():
                choices = match.engine.question_choices(match.state, 0) or [
                    match.engine.format_move(match.engine.legal_moves(match.state, 0)[0], match.state)]
                await services.matches.submit(PLACE, ALICE, choices[0])
                answers += 1
        assert match.state.power == "uk", "Germany's turn ended"
        entries = await services.repo.entries(row.id)
        return [d for d in posted if d.attachments], [e.event for e in entries if e.seq > first], answers
    finally:
        await services.close()


async def test_a_computer_power_turn_is_one_post_per_phase_with_merged_orders(tmp_path) -> None:
    posts, events, answers = await germany_by_the_computer(tmp_path)
    germany = [e for e in events if isinstance(e, MoveEvent) and e.seat == 1]
    assert germany and any(isinstance(e, ChanceEvent) for e in events), "the computer played Germany, with battles"
    # One post for each phase; in combat one more for each question Alice was asked first (was:
    # a post per single-unit order, 86 for this turn).
    assert len(posts) <= PHASES_WITHOUT_DICE + 1 + answers, [played_texts(p) for p in posts]
    texts = [played_texts(p) for p in posts]
    # Every order the computer played is in a post, merged where it was one of a run.
    buys = [t for post in texts for t in post if t.startswith("buy ")]
    assert len(buys) == 1, texts
    bought = [e.text for e in germany if e.text.startswith("buy ")]
    units: dict[str, int] = {}
    for text in bought:
        for count, kind in re.findall(r"(\d+) (\w+)", text):
            units[kind] = units.get(kind, 0) + int(count)
    for kind, count in units.items():
        assert f"{count} {kind}" in buys[0], (buys, bought)
    for post in texts:  # no two neighbouring orders a player would have written as one
        for a, b in pairwise(post):
            assert not (a.split(" ")[0] == b.split(" ")[0] == "buy"), post
            if a.split(" ")[0] == b.split(" ")[0] in ("move", "load", "unload", "place"):
                assert re.sub(r"^\w+ (\d+ \w+ )+", "", a) != re.sub(r"^\w+ (\d+ \w+ )+", "", b), post


async def _ignore(deliveries: list[Delivery]) -> None:
    return None


async def test_a_players_orders_are_one_post_written_together_and_each_its_own_event(tmp_path) -> None:
    services = await open_services(str(tmp_path / "db.sqlite3"), _ignore, **FAST)
    try:
        await services.matches.create(PLACE, ALICE, "axis_allies")
        await services.matches.join(PLACE, BOB)
        await services.matches.start(PLACE, ALICE)
        orders = ("buy 1 inf; buy 1 inf; buy 1 arm; end; move 1 inf Caucasus -> Ukraine; "
                  "move 1 inf Caucasus -> Ukraine; move 1 arm Karelia -> Ukraine")
        out = await services.matches.submit_orders(PLACE, ALICE, orders)
        pictured = [d for d in out if d.attachments]
        assert len(pictured) == 1
        assert played_texts(pictured[0]) == ["buy 2 inf 1 arm", "end", "move 2 inf Caucasus -> Ukraine S.S.R.",
                                             "move 1 arm Karelia S.S.R. -> Ukraine S.S.R."]
        row = await services.repo.live_match_in(PLACE.channel_id)
        moves = [e.event.text for e in await services.repo.entries(row.id) if isinstance(e.event, MoveEvent)]
        assert moves == ["buy 1 inf", "buy 1 inf", "buy 1 arm", "end", "move 1 inf Caucasus -> Ukraine S.S.R.",
                         "move 1 inf Caucasus -> Ukraine S.S.R.", "move 1 arm Karelia S.S.R. -> Ukraine S.S.R."]
    finally:
        await services.close()
