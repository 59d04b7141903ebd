"""Every organizer action is an event in the match's record naming who did it and why, shown in
the history: a substitution (asked by the player leaving or by an organizer), time given by an
organizer, and an abort by an organizer through ``/match abort``. Records made before these
fields were kept read, dump and hash as they did."""

from __future__ import annotations

import json

from bot.services.people import Actor
from bot.services.settings import change
from bot.services.time_control import TimeControl
from engines.core.record import ExtendEvent, HolderEvent, OrganizerAbortEvent
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, START, words

DAVE = Actor("dave", "Dave", "en")
OLGA = Actor("olga", "Olga", "en", is_admin=True)
ROLE = Actor("rita", "Rita", "en", roles=frozenset({"role-org"}))
"""An organizer by the server's organizer role, not by Manage Server."""


async def events_of(harness, match_id: int, kind) -> list:
    return [e.event for e in await harness.repo.entries(match_id) if isinstance(e.event, kind)]


async def substituted(harness, match_id: int, asker: Actor, leaving: Actor, new: Actor, reason: str = "") -> str:
    asked = await harness.service.substitute(PLACE, asker, leaving, new, reason)
    (button,) = [b for d in asked for b in d.buttons]
    seat, user = button.text.split(":")
    taken = await harness.service.accept_substitute(match_id, new, int(seat), user)
    return words(asked) + "\n" + words(taken)


async def test_a_substitution_by_an_organizer_names_them_and_why_in_record_and_history(harness):
    match_id = await harness.started_match()
    said = await substituted(harness, match_id, OLGA, ALICE, DAVE, "Alice moved abroad")
    assert "Olga asks Dave to take over the seat of Alice" in said and "Alice moved abroad" in said
    (event,) = await events_of(harness, match_id, HolderEvent)
    assert (event.by, event.by_name, event.organizer, event.left, event.reason) == (
        "olga", "Olga", True, "Alice", "Alice moved abroad")
    history = words(await harness.service.history(PLACE, CAROL))
    assert "Olga, as organizer, gave the seat of Alice to Dave: Alice moved abroad" in history, history


async def test_a_player_who_hands_their_seat_on_is_named_in_the_history(harness):
    match_id = await harness.started_match()
    await substituted(harness, match_id, ALICE, ALICE, DAVE)
    (event,) = await events_of(harness, match_id, HolderEvent)
    assert (event.by, event.by_name, event.organizer, event.left, event.reason) == ("alice", "Alice", None, "Alice", None)
    history = words(await harness.service.history(PLACE, CAROL))
    assert "Alice handed their seat to Dave" in history and "Alice handed their seat to Dave:" not in history, history


async def test_an_organizer_by_role_substitutes_and_gives_time(harness):
    """The organizer role of ``/settings``, not Manage Server: substitute and give time."""
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    refused = await harness.service.substitute(PLACE, ROLE, ALICE, DAVE)
    assert "Only Alice or an organizer" in words(refused)
    await change(harness.repo, PLACE.guild_id, OLGA, "organizer_role", "role-org", START)
    said = await substituted(harness, match_id, ROLE, ALICE, DAVE, "asked by mail")
    assert "Rita asks Dave" in said
    match = await harness.match(match_id)
    (seat,) = match.to_act()
    before = match.deadline(seat)
    given = await harness.service.give_time(PLACE, ROLE, None, 12.0, "a power cut")
    assert "The organizer Rita gave" in words(given), words(given)
    assert (await harness.match(match_id)).deadline(seat) - before == TimeControl(per_move_hours=12).per_move
    (extend,) = await events_of(harness, match_id, ExtendEvent)
    assert (extend.name, extend.user_id, extend.reason, extend.by) == ("Rita", "rita", "a power cut", None)
    history = words(await harness.service.history(PLACE, CAROL))
    assert "Rita, as organizer, gave the seat of Alice to Dave: asked by mail" in history, history
    assert "The organizer Rita gave" in history and "12 h more" in history and "a power cut" in history, history


async def test_time_given_by_an_organizer_without_a_reason_names_them(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    await harness.service.give_time(PLACE, OLGA, None, 6.0)
    (extend,) = await events_of(harness, match_id, ExtendEvent)
    assert (extend.name, extend.user_id, extend.reason) == ("Olga", "olga", None)
    history = words(await harness.service.history(PLACE, CAROL))
    assert "The organizer Olga gave" in history and "6 h more" in history and "6 h more:" not in history


async def test_a_reason_is_for_organizers_where_a_player_has_none_to_give(harness):
    """A player's gift of a day and a player's abort take no reason: refused, not dropped."""
    await harness.started_match(time_control=TimeControl(per_move_hours=24))
    match = await harness.match(1)
    (seat,) = match.to_act()
    waiting = ALICE if match.seats[seat].user_id == "bob" else BOB
    refused = await harness.service.give_time(PLACE, waiting, None, None, "be quick")
    assert refused[0].target.ephemeral and "Only an organizer gives a reason" in words(refused), words(refused)
    assert not await events_of(harness, 1, ExtendEvent)
    refused = await harness.service.abort(PLACE, ALICE, None, "bored")
    assert refused[0].target.ephemeral and (await harness.repo.get_match(1)).status == "active"


async def test_an_organizers_abort_reads_well_without_a_reason_and_keeps_one_given(harness):
    first = await harness.started_match()
    await harness.service.abort(PLACE, OLGA)
    history = words(await harness.service.history(PLACE, CAROL))
    assert "Olga aborted the match as organizer" in history
    assert "as organizer:" not in history, history  # no dangling colon
    second = await harness.started_match()
    said = words(await harness.service.abort(PLACE, OLGA, None, "players agreed by mail"))
    assert "players agreed by mail" in said
    (event,) = await events_of(harness, second, OrganizerAbortEvent)
    assert event.reason == "players agreed by mail"
    history = words(await harness.service.history(PLACE, CAROL))
    assert "Olga aborted the match as organizer: players agreed by mail" in history, history
    assert first != second


def test_a_seat_that_changed_hands_before_the_asker_was_kept_is_stored_as_it_was():
    """The hash of every record with a substitution made before reads as it did."""
    old = {"type": "holder", "seat": 1, "user_id": "dave", "name": "Dave", "why": "substitute"}
    assert json.loads(HolderEvent.model_validate(old).model_dump_json()) == old
    asked = HolderEvent(seat=1, user_id="dave", name="Dave", why="substitute", by="olga", by_name="Olga",
                        organizer=True, left="Alice", reason="ill")
    assert HolderEvent.model_validate_json(asked.model_dump_json()) == asked
    assert json.loads(ExtendEvent(seat=0, seconds=60, name="Olga").model_dump_json()) == {
        "type": "extend", "seat": 0, "seconds": 60, "by": None, "name": "Olga"}
