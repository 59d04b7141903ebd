"""The match service end to end, on both storage backends: lifecycle, moves, draws, aborts, records."""

from __future__ import annotations

import random

from bot.services.delivery import ChannelPost, DirectMessage, Reply
from bot.services.people import Actor, Place
from bot.services.time_control import TimeControl
from engines.core.record import MoveEvent, Record, replay
from tests.bot.conftest import ALICE, BOB, CAROL, PLACE, on_both_backends, words


@on_both_backends
async def test_create_join_start_posts_board_and_commitment(harness):
    created = await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    assert "Alice opened match #1" in words(created)
    assert not created[0].target.ephemeral
    joined = await harness.service.join(PLACE, BOB)
    assert "Bob joins and plays blue" in words(joined)
    started = await harness.service.start(PLACE, ALICE)
    text = words(started)
    row = await harness.repo.live_match_in(PLACE.channel_id)
    assert row.status == "active"
    assert row.commitment in text
    assert "Start roll" in text and "is to move" in text
    board = started[0]
    assert isinstance(board.target, Reply) and not board.target.ephemeral
    assert board.attachments[0].data.startswith(b"\x89PNG")
    assert [b.kind for b in board.buttons] == ["view_pieces"]


@on_both_backends
async def test_one_live_match_per_channel(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    again = await harness.service.create(PLACE, CAROL, "heroes_cities")
    assert again[0].target.ephemeral
    assert "already has a match" in words(again)
    elsewhere = await harness.service.create(Place("guild-1", "chan-2"), CAROL, "heroes_cities")
    assert "Carol opened match #2" in words(elsewhere)


@on_both_backends
async def test_bad_options_and_unknown_game_are_explained(harness):
    bad = await harness.service.create(PLACE, ALICE, "heroes_cities", {"quiet_move_limit": 5000})
    assert "quiet_move_limit" in words(bad) and bad[0].target.ephemeral
    unknown = await harness.service.create(PLACE, ALICE, "chess")
    assert "Unknown game `chess`" in words(unknown)
    # ... and says which games there are ("`Unknown game chess.` lists the known games").
    for slug in ("heroes_cities", "masters_victory", "militakiri", "battle_island", "axis_allies"):
        assert f"`{slug}`" in words(unknown)
    assert "Heroes & Cities" in words(unknown)
    empty = await harness.service.create(PLACE, ALICE, "")
    assert "Unknown game ``" in words(empty) and "`militakiri`" in words(empty)
    assert await harness.repo.live_match_in(PLACE.channel_id) is None


@on_both_backends
async def test_invitation_reserves_the_seat(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB)
    refused = await harness.service.join(PLACE, CAROL)
    assert "reserved for Bob" in words(refused)


@on_both_backends
async def test_an_invitation_reserves_one_seat_not_all(harness):
    """``opponent:`` on a game for more than two players keeps one seat for the invited
    player; the others may still join (Axis & Allies seats five)."""
    await harness.service.create(PLACE, ALICE, "axis_allies", opponent=BOB)
    joined = await harness.service.join(PLACE, CAROL)
    assert "Carol" in words(joined) and "reserved" not in words(joined)
    for name in ("dave", "erin"):
        assert "reserved" not in words(await harness.service.join(PLACE, Actor(name, name.title(), "en")))
    # four seated: the last seat is Bob's
    assert "reserved for Bob" in words(await harness.service.join(PLACE, Actor("frank", "Frank", "en")))
    assert "Bob joins" in words(await harness.service.join(PLACE, BOB))


@on_both_backends
async def test_only_creator_starts_and_needs_enough_players(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    alone = await harness.service.start(PLACE, ALICE)
    assert "1 seated, 2 needed" in words(alone)
    await harness.service.join(PLACE, CAROL)
    by_other = await harness.service.start(PLACE, CAROL)
    assert "Only Alice" in words(by_other)


@on_both_backends
async def test_leave_before_start_frees_the_seat(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    await harness.service.join(PLACE, CAROL)
    left = await harness.service.leave(PLACE, CAROL)
    assert "Carol left" in words(left)
    match = await harness.match((await harness.repo.live_match_in(PLACE.channel_id)).id)
    assert [s.user_id for s in match.seats] == ["alice"]
    creator = await harness.service.leave(PLACE, ALICE)
    assert "/match abort" in words(creator)


@on_both_backends
async def test_wrong_turn_and_illegal_move_change_nothing(harness):
    match_id = await harness.started_match()
    before = (await harness.repo.get_match(match_id)).last_seq
    mover = await harness.to_move(match_id)
    other = BOB if mover is ALICE else ALICE
    wrong_turn = await harness.service.submit(PLACE, other, await harness.first_legal(match_id))
    assert wrong_turn[0].target.ephemeral
    assert "is to move" in words(wrong_turn) or "aan zet" in words(wrong_turn)
    illegal = await harness.service.submit(PLACE, mover, "a1-a2")
    assert illegal[0].target.ephemeral
    garbage = await harness.service.submit(PLACE, mover, "hello")
    assert garbage[0].target.ephemeral
    assert (await harness.repo.get_match(match_id)).last_seq == before


@on_both_backends
async def test_spectator_cannot_move(harness):
    match_id = await harness.started_match()
    refused = await harness.service.submit(PLACE, CAROL, await harness.first_legal(match_id))
    assert "no seat" in words(refused)


@on_both_backends
async def test_a_move_posts_the_board_with_the_last_move(harness):
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    move = await harness.first_legal(match_id)
    played = await harness.service.submit(PLACE, mover, move)
    assert not played[0].target.ephemeral
    assert f"played `{move}`" in words(played[:1]) or f"speelde `{move}`" in words(played[:1])
    assert played[0].attachments[0].data.startswith(b"\x89PNG")
    match = await harness.match(match_id)
    assert match.engine.view(match.state, None).last_move.text == move


@on_both_backends
async def test_suggestions_only_for_the_player_to_move(harness):
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    other = BOB if mover is ALICE else ALICE
    suggestions = await harness.service.suggest_moves(PLACE, mover, "")
    assert 0 < len(suggestions) <= 25
    assert await harness.service.suggest_moves(PLACE, other, "") == []
    first = suggestions[0][:2]
    assert all(first in s for s in await harness.service.suggest_moves(PLACE, mover, first))


async def test_a_whole_game_replays_from_its_record(harness):
    """On SQLite only: a whole random game takes minutes on a loaded machine; the moves it makes
    are covered on both backends by the shorter tests above. Boards are not drawn (the record
    is what this checks; drawing each of some hundred boards was most of its time)."""

    async def no_picture(*args, **kwargs) -> bytes:
        return b""

    harness.service.renderer.render = no_picture
    match_id = await harness.started_match()
    assert await harness.play_random(match_id, random.Random(7), 5000) < 5000  # the game ended
    live = await harness.match(match_id)
    row = await harness.repo.get_match(match_id)
    assert row.status == "finished" and row.result is not None
    record = Record.model_validate_json((await harness.service.export(PLACE, ALICE))[0].attachments[0].data)
    assert record.seed_hex == row.seed.hex()
    engine = live.engine
    replayed = replay(engine, engine.options_model.model_validate(record.options), [e.event for e in record.entries])
    assert replayed == live.state
    assert replayed.model_dump_json() == live.state.model_dump_json()
    verified = await harness.service.verify(PLACE, BOB)
    assert "Every roll matches" in words(verified)


@on_both_backends
async def test_export_before_the_end_keeps_the_seed_secret(harness):
    match_id = await harness.started_match()
    exported = await harness.service.export(PLACE, ALICE)
    record = Record.model_validate_json(exported[0].attachments[0].data)
    assert record.seed_hex is None
    row = await harness.repo.get_match(match_id)
    assert row.seed.hex() not in exported[0].attachments[0].data.decode()
    refused = await harness.service.verify(PLACE, ALICE)
    assert "only when the match is over" in words(refused)


@on_both_backends
async def test_resign_ends_the_match(harness):
    match_id = await harness.started_match()
    resigned = await harness.service.resign(PLACE, BOB)
    assert "Alice wins" in words(resigned) and "Bob resigned" in words(resigned)
    assert (await harness.repo.get_match(match_id)).status == "finished"
    again = await harness.service.submit(PLACE, ALICE, "pass")
    assert again[0].target.ephemeral


@on_both_backends
async def test_draw_offer_declined_then_accepted(harness):
    match_id = await harness.started_match()
    offered = await harness.service.offer_draw(PLACE, ALICE)
    assert [b.kind for b in offered[0].buttons] == ["draw_accept", "draw_decline"]
    own = await harness.service.answer_draw(match_id, ALICE, True)
    assert "own draw offer" in words(own)
    declined = await harness.service.answer_draw(match_id, BOB, False)
    assert "Bob declines the draw" in words(declined)  # public: the server's language
    await harness.service.offer_draw(PLACE, BOB)
    accepted = await harness.service.answer_draw(match_id, ALICE, True)
    assert "a draw" in words(accepted)
    assert (await harness.repo.get_match(match_id)).status == "finished"


@on_both_backends
async def test_abort_rights(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    await harness.service.join(PLACE, CAROL)
    refused = await harness.service.abort(PLACE, CAROL)
    assert "Manage Server" in words(refused)
    done = await harness.service.abort(PLACE, ALICE)
    assert "aborted" in words(done)
    match_id = await harness.started_match()
    refused_after_start = await harness.service.abort(PLACE, ALICE)
    assert "Manage Server" in words(refused_after_start)
    admin = Actor("mod", "Mod", "en", is_admin=True)
    await harness.service.abort(PLACE, admin)
    assert (await harness.repo.get_match(match_id)).status == "aborted"


@on_both_backends
async def test_history_pages(harness):
    match_id = await harness.started_match()
    assert await harness.play_random(match_id, random.Random(3), 25) == 25
    first = await harness.service.history(PLACE, ALICE)
    assert first[0].page == (1, 2)
    assert len(first[0].lines) == 21
    second = await harness.service.history(PLACE, ALICE, page=2)
    assert second[0].page == (2, 2)


@on_both_backends
async def test_games_lists_my_matches_and_which_wait_on_me(harness):
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    mine = await harness.service.my_games("guild-1", mover)
    assert "your move" in words(mine) or "jij bent aan zet" in words(mine)
    none = await harness.service.my_games("guild-1", CAROL)
    assert "no open matches" in words(none)


@on_both_backends
async def test_private_replies_use_the_users_language(harness):
    """Bob's Discord client is Dutch: what only he sees is in Dutch, public posts follow the server."""
    await harness.service.create(PLACE, ALICE, "heroes_cities")
    refused = await harness.service.start(PLACE, BOB)
    assert "Alleen Alice" in words(refused)
    none = await harness.service.my_games("guild-1", CAROL)
    assert "no open matches" in words(none)


@on_both_backends
async def test_closed_dms_are_reported_once_with_the_button(harness):
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=24))
    first = await harness.service.dm_refused(match_id, "bob")
    assert isinstance(first[0].target, ChannelPost)
    assert [b.kind for b in first[0].buttons] == ["view_pieces"]
    assert await harness.service.dm_refused(match_id, "bob") == []


@on_both_backends
async def test_correspondence_turns_are_announced_by_dm(harness):
    await harness.service.create(PLACE, ALICE, "heroes_cities", opponent=BOB, time_control=TimeControl(per_move_hours=48))
    await harness.service.join(PLACE, BOB)
    started = await harness.service.start(PLACE, ALICE)
    dms = [d for d in started if isinstance(d.target, DirectMessage)]
    assert len(dms) == 1
    match = await harness.match((await harness.repo.live_match_in(PLACE.channel_id)).id)
    (seat,) = match.to_act()
    assert dms[0].target.user_id == match.seats[seat].user_id


@on_both_backends
async def test_private_view_is_ephemeral_with_an_image(harness):
    await harness.started_match()
    view = await harness.service.my_view(ALICE, place=PLACE)
    assert view[0].target.ephemeral and view[0].attachments[0].data.startswith(b"\x89PNG")


@on_both_backends
async def test_all_replies_to_moves_are_recorded_before_delivery(harness):
    """A move is committed before anything is sent: the deliveries come after the append."""
    match_id = await harness.started_match()
    mover = await harness.to_move(match_id)
    seq_before = (await harness.repo.get_match(match_id)).last_seq
    await harness.service.submit(PLACE, mover, await harness.first_legal(match_id))
    entries = await harness.repo.entries(match_id)
    assert entries[-1].seq == seq_before + 1 and isinstance(entries[-1].event, MoveEvent)
