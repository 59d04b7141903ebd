"""/match replay and its stepper, /match history at:, /match catchup, the rematch button, /odds and
/note through the real discord.py against the fake Discord: what reached Discord is what counts."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from PIL import Image

from bot.services.people import Actor, Place
from tests.bot_discord.test_discord_flow import custom_ids, legal_move, start_match, to_move
from tests.fakediscord import PNG_SIGNATURE

GIF_SIGNATURE = b"GIF89a"


async def play_moves(world, count: int) -> list[str]:
    played = []
    for _ in range(count):
        mover = await to_move(world)
        move = await legal_move(world)
        await world.h.slash("move", {"text": move}, user=mover)
        played.append(move)
    return played


async def test_replay_is_an_animated_picture_with_a_stepper(world):
    h = world.h
    await start_match(world)
    played = await play_moves(world, 3)
    await h.slash("match resign", user=h.alice)
    replayed = await h.slash("match replay", user=h.carol)
    gif = replayed.reply.attachments[0].data
    assert gif.startswith(GIF_SIGNATURE)
    assert Image.open(io.BytesIO(gif)).n_frames == 4  # the start and each of the three moves
    assert "3 moves" in replayed.reply.content
    ids = custom_ids(replayed.reply)
    assert ids == [f"scheids:replay:1:{p}:{w}" for p, w in ((0, "first"), (0, "back"), (1, "next"), (3, "last"))]
    stepped = await h.click(ids[2], replayed.reply, user=h.carol)
    assert stepped.reply.ephemeral and stepped.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    assert "▶ 1. " in stepped.reply.content and f"`{played[0]}`" in stepped.reply.content
    assert custom_ids(stepped.reply)[2] == "scheids:replay:1:2:next"
    assert not world.fake.unhandled


async def test_replay_fits_the_upload_limit(world, monkeypatch):
    """A server whose limit is small gets a smaller picture, never a refused upload."""
    from bot.services import replays

    h = world.h
    await start_match(world)
    await play_moves(world, 4)
    full = (await h.slash("match replay", user=h.carol)).reply.attachments[0].data
    monkeypatch.setattr(replays, "DEFAULT_UPLOAD", len(full) // 3)
    monkeypatch.setattr(replays, "HEADROOM", 1.0)
    world.bot.services.matches.renderer.cache.__init__()  # nothing cached in between
    small = await world.bot.services.matches.replay(Place(str(h.guild["id"]), str(h.channel["id"])), Actor("c", "Carol"), None)
    data = small[0].attachments[0].data
    assert data.startswith(GIF_SIGNATURE) and len(data) <= len(full) // 3


async def test_history_marks_and_shows_the_board_at_a_move(world):
    h = world.h
    await start_match(world)
    played = await play_moves(world, 2)
    at = await h.slash("match history", {"at": 1}, user=h.carol)
    assert at.reply.ephemeral and at.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    assert "after move 1 of 2" in at.reply.content and "▶ 1. " in at.reply.content and played[0] in at.reply.content
    start = await h.slash("match history", {"at": 0}, user=h.carol)
    assert "after move 0 of 2" in start.reply.content
    beyond = await h.slash("match history", {"at": 9}, user=h.carol)
    assert "There is no move 9" in beyond.reply.content and not beyond.reply.attachments


async def test_history_marks_a_capture_and_a_battle_where_the_player_reads_it(world):
    """The move that took a piece (Helden & Steden) and the shot that hit (Slag om het Eiland: a
    battle) are marked on their lines of /match history, and no other line is."""
    from tests.bot.conftest import SEED
    from tests.bot.marked_moves import moves_to_a_mark

    h = world.h
    players = {0: h.alice, 1: h.bob}
    for number, (slug, mark, word, rng_seed) in enumerate(
            (("heroes_cities", "capture", "⚔ capture", 1), ("battle_island", "battle", "🎲 battle", 3)), start=1):
        channel = h.add_channel(f"table-{slug}")
        await h.slash(f"match create {slug}", {"opponent": h.bob}, user=h.alice, channel=channel)
        await h.slash("match join", user=h.bob, channel=channel)
        await h.slash("match start", user=h.alice, channel=channel)
        moves = moves_to_a_mark(slug, SEED, mark, rng_seed=rng_seed)
        for seat, text in moves:
            played = await h.slash("move", {"text": text}, user=players[seat], channel=channel)
            assert not played.reply.ephemeral, played.reply.content
        pages = (len(moves) + 19) // 20
        history = await h.slash("match history", {"page": pages}, user=h.carol, channel=channel)
        marked = [line for line in history.reply.content.splitlines() if word in line]
        assert len(marked) == 1 and marked[0].startswith(f"{len(moves)}. ") and f"`{moves[-1][1]}`" in marked[0], (
            history.reply.content)
        assert (await world.bot.services.repo.get_match(number)).game == slug
        at = await h.slash("match history", {"at": len(moves)}, user=h.carol, channel=channel)
        assert f"▶ {len(moves)}. " in at.reply.content and word in at.reply.content, at.reply.content


async def test_catchup_lists_what_changed_since_your_last_move(world):
    h = world.h
    await start_match(world)
    first = await to_move(world)
    nothing = await h.slash("match catchup", user=first)
    assert "Nothing happened" in nothing.reply.content
    await play_moves(world, 2)  # first moves, then the other
    caught = await h.slash("match catchup", user=first)
    assert caught.reply.ephemeral and "(moves: 1)" in caught.reply.content
    assert caught.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    stranger = await h.slash("match catchup", user=h.carol)
    assert stranger.reply.ephemeral and "no seat" in stranger.reply.content


async def test_the_turn_dm_carries_the_catch_up(world):
    fake = world.fake
    await start_match(world, deadline="48h")
    first = await to_move(world)
    await play_moves(world, 2)
    dms = fake.dms(first["id"])
    last = dms[-1]
    assert last.content.startswith("Your move in") and "Since your last move" in last.content
    assert last.attachments and last.attachments[0].data.startswith(PNG_SIGNATURE)
    assert all(m.content.startswith("Your move in") for m in dms)  # no second message


async def test_a_pinged_player_catches_up_as_a_dm_notified_one_even_after_a_restart(world):
    """A player told of their turn by a ping in the channel (``/notify how:ping``) gets the same
    "since your last move" from ``/match catchup``; after a restart (the states kept in memory
    lost) it is read from the record again and is the same."""
    h = world.h
    for player in (h.alice, h.bob):
        await h.slash("notify", {"how": "ping"}, user=player)
    await start_match(world, deadline="48h")
    first = await to_move(world)
    played = await play_moves(world, 2)
    assert not any("Since your last move" in m.content for m in world.fake.dms(first["id"]))
    caught = await h.slash("match catchup", user=first)
    assert any(f"<@{first['id']}>" in m.content for m in world.fake.messages(h.channel["id"]))  # pinged
    assert caught.reply.ephemeral and "Since your last move" in caught.reply.content and "(moves: 1)" in caught.reply.content
    assert played[1] in caught.reply.content and caught.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    await world.restart()
    again = await world.h.slash("match catchup", user=first)
    assert again.reply.content == caught.reply.content
    assert again.reply.attachments[0].data == caught.reply.attachments[0].data


async def test_rematch_needs_both_players_and_swaps_the_seats(world):
    h = world.h
    await start_match(world)
    await play_moves(world, 1)
    ended = await h.slash("match resign", user=h.alice)
    final = ended.reply
    assert "scheids:rematch:1" in custom_ids(final)
    stranger = await h.click("scheids:rematch:1", final, user=h.carol)
    assert stranger.reply.ephemeral and "Only the players" in stranger.reply.content
    waiting = await h.click("scheids:rematch:1", final, user=h.alice)
    assert "Waiting for" in waiting.reply.content
    made = await h.click("scheids:rematch:1", final, user=h.bob)
    assert "Rematch of match #1" in made.replies[0].content
    repo = world.bot.services.repo
    new = await repo.live_match_in(str(h.channel["id"]))
    assert new is not None and new.id == 2 and new.status == "active"
    old_seats = [s.user_id for s in await repo.seats(1)]
    assert [s.user_id for s in await repo.seats(2)] == old_seats[::-1]
    again = await h.click("scheids:rematch:1", final, user=h.alice)
    assert "already been made" in again.reply.content


async def test_a_rematch_of_a_casual_match_is_casual(world):
    """Made rated before: the rematch of a ``rated:false`` match changed both ratings at its end."""
    h = world.h
    await start_match(world, rated=False, deadline="72h", mixed_lines="whole_run")
    ended = await h.slash("match resign", user=h.alice)
    await h.click("scheids:rematch:1", ended.reply, user=h.alice)
    made = await h.click("scheids:rematch:1", ended.reply, user=h.bob)
    assert "A casual match" in made.replies[0].content
    repo = world.bot.services.repo
    first, second = await repo.get_match(1), await repo.get_match(2)
    assert not second.rated and second.options == first.options and second.options["mixed_lines"] == "whole_run"
    assert second.time_control == first.time_control and second.time_control["per_move_hours"] == 72
    status = await h.slash("match status", user=h.bob)
    assert "Match #2" in status.reply.content and "A casual match" in status.reply.content


async def test_odds_from_text_and_its_refusals(world):
    h = world.h
    answer = await h.slash("odds", {"attack": "3 inf 2 arm 1 ftr", "defend": "4 inf 1 aa"}, user=h.carol)
    text = answer.reply.content
    assert answer.reply.ephemeral and "Attacker wins 93.0%" in text and "defender holds 5.8%" in text
    assert "Attackers left on average" in text and "fighter" in text
    bad = await h.slash("odds", {"attack": "3 inf 2 tnk", "defend": "4 inf"}, user=h.carol)
    assert "“tnk” is no unit" in bad.reply.content and "Armour" in bad.reply.content and "Battleship" in bad.reply.content
    aa = await h.slash("odds", {"attack": "1 aa", "defend": "1 inf"}, user=h.carol)
    assert "does not attack" in aa.reply.content
    half = await h.slash("odds", {"attack": "3 inf"}, user=h.carol)
    assert "Give both sides" in half.reply.content
    await start_match(world)
    not_aa = await h.slash("odds", {"territory": "Karelia"}, user=h.carol)
    assert "is for Axis & Allies" in not_aa.reply.content


async def test_notes_are_private_and_never_in_the_record(world):
    h = world.h
    await start_match(world)
    kept = await h.slash("note", {"text": "push the left heroes"}, user=h.alice)
    assert kept.reply.ephemeral and "Only you can read it" in kept.reply.content
    mine = await h.slash("note", user=h.alice)
    assert mine.reply.ephemeral and "push the left heroes" in mine.reply.content
    theirs = await h.slash("note", user=h.bob)
    assert "no notes" in theirs.reply.content and "push" not in theirs.reply.content
    stranger = await h.slash("note", {"text": "hi"}, user=h.carol)
    assert "Only the players" in stranger.reply.content
    await play_moves(world, 1)
    history = await h.slash("match history", user=h.bob)
    await h.slash("match resign", user=h.alice)
    exported = await h.slash("match export", user=h.bob)
    assert "push the left" not in history.reply.content
    assert "push the left" not in json.dumps(json.loads(exported.reply.attachments[0].data))
    public = [m.content for m in world.fake.messages(h.channel["id"], kind="channel")]
    assert not any("push the left" in c for c in public)


async def test_odds_of_a_territory_in_an_axis_and_allies_match(world, monkeypatch):
    """In a live A&A match: a territory without a battle is named in the refusal; one with a
    battle waiting gets the odds of the units there (the battle put on the stored board's state)."""
    from bot.services.match import access
    from engines.axis_allies.state import Unit
    from tests.bot_discord.test_axis_allies_pictures import start_axis_allies

    h = world.h
    await start_axis_allies(world)
    none = await h.slash("odds", {"territory": "Karelia"}, user=h.carol)
    assert none.reply.ephemeral and "No battle waits in Karelia S.S.R. now." in none.reply.content
    unknown = await h.slash("odds", {"territory": "Atlantis"}, user=h.carol)
    assert "is not a territory or sea zone" in unknown.reply.content
    matches = world.bot.services.matches
    match = await matches.book.load(1)
    germans = tuple(Unit(id=9000 + n, kind="armour", power="germany", at="karelia_ssr", combat=True) for n in range(3))
    state = match.state.model_copy(update={"power": "germany", "phase": "combat", "battles": ("karelia_ssr",),
                                           "units": (*match.state.units, *germans)})
    fighting = replace(match, progress=replace(match.progress, state=state))

    async def shown(core, place):
        return fighting

    monkeypatch.setattr(access, "shown", shown)
    answer = await h.slash("odds", {"territory": "karelia"}, user=h.carol)
    assert "Battle odds in Karelia S.S.R." in answer.reply.content and "Attacker wins" in answer.reply.content
    assert "tank" in answer.reply.content  # the unit's one name in the messages


async def test_the_refusals_of_replay_history_at_notes_and_odds(world):
    h = world.h
    nothing = await h.slash("match replay", user=h.carol)
    assert nothing.reply.ephemeral and "no match in this channel" in nothing.reply.content
    await h.slash("match create heroes_cities", {"opponent": h.bob}, user=h.alice)
    early = await h.slash("match replay", user=h.carol)
    assert "not started" in early.reply.content.lower()
    long = await h.slash("note", {"text": "x" * 1001}, user=h.alice)  # past Discord's limit too: refused by both
    assert long.reply.ephemeral and "at most 1000 characters; this one has 1001" in long.reply.content
    many = await h.slash("odds", {"attack": "101 inf", "defend": "1 inf"}, user=h.carol)
    assert "At most 100 units a side" in many.reply.content
    mangled = await h.click("scheids:replay:1:2:sideways", user=h.carol)
    assert "belongs to no match" in mangled.reply.content
    elsewhere = await h.click("scheids:replay:1:0:first", user=h.carol, guild_id=1)  # another server
    assert elsewhere.reply.ephemeral and "belongs to no match" in elsewhere.reply.content


async def test_a_stepper_press_steps_in_its_own_message_even_after_a_restart(world):
    """Each press of first/back/next/last edits the message it sits on (the interaction's update):
    no new message per press; the match and the position live in the custom_id, so the buttons of
    a message made before a restart still step it."""
    h = world.h
    await start_match(world)
    played = await play_moves(world, 3)
    await h.slash("match resign", user=h.alice)
    shown = (await h.slash("match history", {"at": 1}, user=h.carol)).reply
    stepped = await h.click("scheids:replay:1:2:next", shown, user=h.carol)
    assert stepped.interaction.response_type == 7  # an update of the pressed message, not a new one
    assert stepped.reply.id == shown.id and stepped.reply.ephemeral
    assert stepped.reply.attachments[0].filename.endswith("-at2.png")
    assert stepped.reply.attachments[0].data.startswith(PNG_SIGNATURE)
    assert "after move 2 of 3" in stepped.reply.content and "▶ 2. " in stepped.reply.content
    assert played[1] in stepped.reply.content
    assert custom_ids(stepped.reply) == [f"scheids:replay:1:{p}:{w}" for p, w in ((0, "first"), (1, "back"), (3, "next"), (3, "last"))]
    assert len(stepped.replies) == 1 and shown.history  # the one message, edited
    await world.restart()
    h = world.h
    back = await h.click("scheids:replay:1:1:back", shown, user=h.carol)
    assert back.interaction.response_type == 7 and back.reply.id == shown.id
    assert "after move 1 of 3" in back.reply.content and back.reply.attachments[0].filename.endswith("-at1.png")
    # The animation's buttons step in its message too: the picture becomes the board at that move.
    replayed = (await h.slash("match replay", user=h.carol)).reply
    first = await h.click("scheids:replay:1:0:first", replayed, user=h.carol)
    assert first.interaction.response_type == 7 and first.reply.id == replayed.id
    assert "after move 0 of 3" in first.reply.content and first.reply.attachments[0].data.startswith(PNG_SIGNATURE)


async def test_a_slow_stepper_press_defers_as_an_update_of_its_own_message(world, monkeypatch):
    """A press answered after the deferral still replaces its own message: the deferral is
    Discord's deferred update (no "thinking…" message), then the pressed message is edited."""
    from bot.discord_app import answering
    from tests.bot_discord.conftest import storage_held

    h = world.h
    await start_match(world)
    await play_moves(world, 2)
    shown = (await h.slash("match history", {"at": 0}, user=h.carol)).reply
    before = len(world.fake.messages(h.channel["id"], kind="response"))
    monkeypatch.setattr(answering, "DEFER_AFTER", 0)
    async with storage_held(world, lambda: h.click("scheids:replay:1:1:next", shown, user=h.carol)) as first:
        assert world.fake.answered_in_time(first) and first.response_type == 6
    assert len(world.fake.messages(h.channel["id"], kind="response")) == before  # no new message
    edited = world.fake.last_reply()
    assert edited.id == shown.id and "after move 1 of 2" in edited.content
    assert edited.attachments[0].filename.endswith("-at1.png")
