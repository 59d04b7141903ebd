"""A computer opponent through the real discord.py and the fake Discord:
``/match create … computer:easy`` seats and starts it, it answers Alice's moves by itself (its
moves are posted in the channel like anyone's, with the board), and it is offered as a choice."""

from __future__ import annotations

from tests.bot_discord.conftest import BotWorld
from tests.bot_discord.test_discord_flow import custom_ids


async def alice_moves(world: BotWorld) -> str:
    """Alice plays her first legal move (she must be to move); its text."""
    match = await world.bot.services.matches.book.load(1)
    seat = match.seat_of(str(world.h.alice["id"]))
    assert seat in match.to_act()
    text = match.engine.format_move(match.engine.legal_moves(match.state, seat)[0], match.state)
    played = await world.h.slash("move", {"text": text}, user=world.h.alice)
    assert not played.reply.ephemeral and f"played `{text}`" in played.reply.content
    return text


async def test_the_computer_takes_a_seat_and_answers_in_the_channel(world):
    h = world.h
    computer = world.bot.services.computer
    computer.delay, computer.seconds = 0.0, 0.3  # no "natural" pause in a test; a short think
    created = await h.slash("match create heroes_cities", {"computer": "easy"}, user=h.alice)
    assert not created.reply.ephemeral, created.reply.content
    assert "Computer (easy)" in created.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.row.status == "active" and len(match.seats) == 2

    answered = 0
    for _ in range(2):  # Alice moves (when the computer began, after its first move), it answers
        await computer.idle()
        match = await world.bot.services.matches.book.load(1)
        if match.seat_of(str(h.alice["id"])) not in match.to_act():
            continue
        before = match.progress.moves
        await alice_moves(world)
        await computer.idle()
        match = await world.bot.services.matches.book.load(1)
        assert match.progress.moves == before + 2, "the computer answered"
        answered += 1
    assert answered == 2
    posts = [m for m in world.fake.messages(h.channel["id"], kind="channel") if "Computer (easy) played `" in m.content]
    assert posts and all(m.attachments for m in posts), "its moves are posted with the board"
    assert not world.fake.unhandled


async def test_the_level_is_a_choice_of_the_create_command(world):
    h = world.h
    payloads = await world.bot.command_payloads()
    match = next(c for c in payloads if c["name"] == "match")
    create = next(o for o in match["options"] if o["name"] == "create")
    hc = next(o for o in create["options"] if o["name"] == "heroes_cities")
    level = next(o for o in hc["options"] if o["name"] == "computer")
    assert [c["value"] for c in level["choices"]] == ["easy", "normal", "hard"]
    del h


async def test_match_start_lets_the_computer_fill_the_empty_seats(world):
    """Alice opens Axis & Allies, Bob joins, and ``/match start computer:normal players:3`` seats
    the computer in the third seat and starts; the options are typed (choices, a range)."""
    h = world.h
    world.bot.services.computer.stopped = True  # the seating is looked at, not the thinking
    payloads = await world.bot.command_payloads()
    match = next(c for c in payloads if c["name"] == "match")
    start = next(o for o in match["options"] if o["name"] == "start")
    options = {o["name"]: o for o in start["options"]}
    assert [c["value"] for c in options["computer"]["choices"]] == ["easy", "normal", "hard"]
    assert (options["players"]["min_value"], options["players"]["max_value"]) == (2, 5)

    await h.slash("match create axis_allies", {}, user=h.alice)
    await h.slash("match join", {}, user=h.bob)
    refused = await h.slash("match start", {"players": 3}, user=h.alice)
    assert refused.reply.ephemeral and "give `computer:` a level" in refused.reply.content
    started = await h.slash("match start", {"computer": "normal", "players": 3}, user=h.alice)
    assert not started.reply.ephemeral, started.reply.content
    assert "Computer (normal) joins" in started.reply.content and "The match starts" in started.reply.content
    loaded = await world.bot.services.matches.book.load(1)
    assert loaded.row.status == "active" and len(loaded.seats) == 3
    assert loaded.seats[2].user_id == "computer:normal:1"
    assert not world.fake.unhandled


async def test_a_computer_power_posts_each_phase_once_with_its_orders_merged(world):
    """Axis & Allies against the computer (normal): Alice ends the USSR's turn at once and answers
    the battle questions; Germany's turn reaches the channel as one post per phase (and one for
    each question Alice must answer first), the orders written together (``buy 7 inf 2 arm``),
    not a post per unit."""
    h = world.h
    computer = world.bot.services.computer
    computer.delay, computer.seconds = 0.0, 0.1
    await h.slash("match create axis_allies", {"computer": "normal"}, user=h.alice)
    match = await world.bot.services.matches.book.load(1)
    while match.state.power == "ussr":
        await h.slash("move", {"text": "end"}, user=h.alice)
        match = await world.bot.services.matches.book.load(1)
    before = {m.id for m in world.fake.messages(h.channel["id"], kind="channel")}
    answers = 0
    for _ in range(100):  # Alice answers the casualty questions of Germany's battles
        await computer.idle()
        match = await world.bot.services.matches.book.load(1)
        if match.state.power != "germany":
            break
        if 0 in match.to_act():
            await h.slash("move", {"text": match.engine.question_choices(match.state, 0)[0]}, user=h.alice)
            answers += 1
    assert match.state.power == "uk"
    posts = [m for m in world.fake.messages(h.channel["id"], kind="channel")
             if m.id not in before and m.attachments and "Computer (normal) played `" in m.content]
    buys = [m for m in posts if "played `buy " in m.content]
    assert len(buys) == 1 and "`buy 1 inf`" not in buys[0].content, [m.content[:80] for m in buys]
    assert len(posts) <= 5 + answers, len(posts)  # was a post per order: 60-90 for this turn
    assert not world.fake.unhandled


async def test_a_post_of_the_computers_turn_carries_no_buttons_to_act_for_it(world):
    """Axis & Allies against the computer: a post that leaves the computer's seat to move (its
    phases of Germany's turn) carries no "End phase" or answer buttons, which a human could press
    to act for the computer's seat; a post that leaves Alice to move keeps hers."""
    h = world.h
    computer = world.bot.services.computer
    computer.delay, computer.seconds = 0.0, 0.1
    await h.slash("match create axis_allies", {"computer": "normal"}, user=h.alice)
    match = await world.bot.services.matches.book.load(1)
    while match.state.power == "ussr":
        await h.slash("move", {"text": "end"}, user=h.alice)
        match = await world.bot.services.matches.book.load(1)
    before = {m.id for m in world.fake.messages(h.channel["id"], kind="channel")}
    for _ in range(100):  # Alice answers the casualty questions of Germany's battles
        await computer.idle()
        match = await world.bot.services.matches.book.load(1)
        if match.state.power != "germany":
            break
        if 0 in match.to_act():
            await h.slash("move", {"text": match.engine.question_choices(match.state, 0)[0]}, user=h.alice)
    assert match.state.power == "uk"
    posts = [m for m in world.fake.messages(h.channel["id"], kind="channel") if m.id not in before]
    acting = [m for m in posts if "Computer (normal) (grey) is to move" in m.content]
    assert len(acting) >= 3, [m.content[-120:] for m in posts]  # the phases of Germany's turn
    for post in acting:
        ids = custom_ids(post)
        assert not [i for i in ids if i.startswith(("scheids:move:", "scheids:choose:"))], (post.content[-200:], ids)
    alice_to_move = [m for m in posts if "Alice (red) is to move" in m.content]
    assert alice_to_move and all(
        any(i.startswith(("scheids:move:", "scheids:choose:")) for i in custom_ids(m)) for m in alice_to_move)
    assert not world.fake.unhandled


async def test_a_match_against_the_computer_invites_nobody_and_a_secret_setup_says_how(world):
    """The console test's twin: the computer is not asked to ``/match join`` (it sits down at once),
    and Masters Victory's start tells each player, in the channel, how to send their setup."""
    h = world.h
    world.bot.services.computer.stopped = True  # only what the channel is told is looked at here
    created = await h.slash("match create masters_victory", {"computer": "easy"}, user=h.alice)
    posted = "\n".join(m.content for m in world.fake.messages(h.channel["id"], kind="channel"))
    said = created.reply.content + "\n" + posted
    assert not created.reply.ephemeral and "Computer (easy) joins" in said, said
    assert "you are invited" not in said and "/match join" not in said
    assert "Each player first sends a secret setup: `/setup random`" in said
    assert (await world.bot.services.repo.get_match(1)).status == "active"
