"""``/match create <game> computer:<level> seat:<name>`` through the real discord.py and the fake
Discord: the creator plays the seat named, the computer every other seat (it begins when its seat
does), names are offered by autocomplete in the reader's language, and a wrong name is refused."""

from __future__ import annotations

from tests.bot_discord.conftest import BotWorld


async def test_alone_against_the_computer_the_creator_plays_the_axis_after_the_ussrs_turn(world: BotWorld):
    """Axis & Allies chapter 2: the USSR begins ("De U.S.S.R. begint"); with ``seat:axis`` the
    computer plays the Allies, so it takes the USSR's turn and then it is the creator's, as Germany."""
    h = world.h
    computer = world.bot.services.computer
    computer.delay, computer.seconds = 0.0, 0.05  # no "natural" pause in a test; a short think
    created = await h.slash("match create axis_allies", {"computer": "easy", "seat": "axis"}, user=h.alice)
    assert not created.reply.ephemeral, created.reply.content
    assert "Alice (grey: Germany, Japan)" in created.reply.content.split("Seats:", 1)[1].split("Computer (easy)", 1)[1]
    await computer.idle()
    match = await world.bot.services.matches.book.load(1)
    alice = match.seat_of(str(h.alice["id"]))
    assert alice == 1 and match.seats[0].name == "Computer (easy)"
    assert match.progress.moves > 0, "the computer played in the USSR's turn"
    answered = 0
    while match.state.power == "ussr" and answered < 20:  # the USSR's attacks ask Alice for her losses
        assert match.to_act() == {alice}, match.to_act()
        question = match.engine.question_choices(match.state, alice)
        assert question, "Alice is asked only a battle's question in the USSR's turn"
        played = await h.slash("move", {"text": question[0]}, user=h.alice)
        assert not played.reply.ephemeral, played.reply.content
        answered += 1
        await computer.idle()
        match = await world.bot.services.matches.book.load(1)
    assert match.state.power == "germany" and match.to_act() == {alice}, (match.state.power, match.to_act())
    assert not world.fake.unhandled


async def test_a_colour_seats_the_creator_and_a_wrong_name_is_refused_with_the_seats(world: BotWorld):
    h = world.h
    world.bot.services.computer.stopped = True  # the seating is looked at, not the thinking
    refused = await h.slash("match create militakiri", {"computer": "easy", "seat": "purple"}, user=h.alice)
    assert refused.reply.ephemeral and "“purple” is no seat of Militakiri with 2 players: choose one of red, blue." in refused.reply.content
    assert await world.bot.services.matches.book.load(1) is None, "no match was made"
    with_people = await h.slash("match create militakiri", {"seat": "blue"}, user=h.alice)
    assert with_people.reply.ephemeral and "`seat:` chooses your seat against the computer" in with_people.reply.content
    created = await h.slash("match create militakiri", {"computer": "easy", "seat": "blue"}, user=h.alice)
    assert not created.reply.ephemeral, created.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.seat_of(str(h.alice["id"])) == 1 and match.row.status == "active"


async def test_the_seat_names_are_offered_in_the_readers_language(world: BotWorld):
    h = world.h
    every = await h.autocomplete("match create axis_allies", {"seat": ""}, focused="seat", user=h.alice)
    assert [c["value"] for c in every] == ["allies", "ussr", "uk", "usa", "red", "axis", "germany", "japan", "grey"]
    assert every[0]["name"] == "Allies (red)" and every[4]["name"] == "red"
    dutch = await h.autocomplete("match create axis_allies", {"seat": "as-mo"}, focused="seat", user=h.alice, locale="nl")
    assert [(c["name"], c["value"]) for c in dutch] == [("As-mogendheden (grijs)", "axis")]
    colours = await h.autocomplete("match create masters_victory", {"seat": "gr"}, focused="seat", user=h.alice)
    assert [(c["name"], c["value"]) for c in colours] == [("green", "green")]


async def test_match_start_with_the_computer_takes_seat_too(world: BotWorld):
    """``/match start computer:<level> seat:<name>`` seats the creator where the name says, as
    ``/match create … computer: seat:`` does; the names offered are the open match's game's for
    the players there will be, and a wrong one is refused before the computer sits down."""
    h = world.h
    world.bot.services.computer.stopped = True  # the seating is looked at, not the thinking
    payloads = await world.bot.command_payloads()
    match_command = next(c for c in payloads if c["name"] == "match")
    start = next(o for o in match_command["options"] if o["name"] == "start")
    assert next(o for o in start["options"] if o["name"] == "seat")["autocomplete"]
    await h.slash("match create axis_allies", {}, user=h.alice)
    offered = await h.autocomplete("match start", {"players": 2, "seat": "ax"}, focused="seat", user=h.alice)
    assert [c["value"] for c in offered] == ["axis"]
    powers = await h.autocomplete("match start", {"seat": "jap"}, focused="seat", user=h.alice)
    assert [c["value"] for c in powers] == ["japan"]  # five players unless players: says fewer
    refused = await h.slash("match start", {"computer": "easy", "players": 2, "seat": "purple"}, user=h.alice)
    assert refused.reply.ephemeral and "“purple” is no seat of Axis & Allies with 2 players" in refused.reply.content
    assert len((await world.bot.services.matches.book.load(1)).seats) == 1, "the computer did not sit down"
    started = await h.slash("match start", {"computer": "easy", "players": 2, "seat": "axis"}, user=h.alice)
    assert not started.reply.ephemeral, started.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert match.row.status == "active" and match.seat_of(str(h.alice["id"])) == 1
    assert "Alice (grey: Germany, Japan)" in started.reply.content
    assert not world.fake.unhandled


async def test_match_create_takes_the_number_of_players_where_the_game_has_a_choice(world: BotWorld):
    """``/match create axis_allies computer:<level> players:3`` (the console's ``players:N``): the
    computer fills the seats of three players; ``seat:`` names a seat among those three (its names
    offered for them). Only a game played by more than two has the option (Discord's 8,000
    characters); without the computer it is refused, as on ``/match start``."""
    h = world.h
    world.bot.services.computer.stopped = True  # the seating is looked at, not the thinking
    payloads = await world.bot.command_payloads()
    match_command = next(c for c in payloads if c["name"] == "match")
    create = next(o for o in match_command["options"] if o["name"] == "create")
    games = {o["name"]: {p["name"]: p for p in o["options"]} for o in create["options"]}
    assert (games["axis_allies"]["players"]["min_value"], games["axis_allies"]["players"]["max_value"]) == (2, 5)
    assert "players" not in games["heroes_cities"]
    three = await h.autocomplete("match create axis_allies", {"players": 3, "seat": "usa"}, focused="seat", user=h.alice)
    assert [c["name"] for c in three] == ["United States (tan)"]
    two = await h.autocomplete("match create axis_allies", {"seat": "usa"}, focused="seat", user=h.alice)
    assert [c["name"] for c in two] == ["United States (red)"]
    people = await h.slash("match create axis_allies", {"players": 3}, user=h.alice)
    assert people.reply.ephemeral and "give `computer:` a level" in people.reply.content
    assert await world.bot.services.matches.book.load(1) is None, "no match was made"
    created = await h.slash("match create axis_allies", {"computer": "easy", "players": 3, "seat": "usa"}, user=h.alice)
    assert not created.reply.ephemeral, created.reply.content
    match = await world.bot.services.matches.book.load(1)
    assert len(match.seats) == 3 and match.seat_of(str(h.alice["id"])) == 2 and match.row.status == "active"
    assert not world.fake.unhandled
