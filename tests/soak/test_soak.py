"""The soak: a short run in CI, and the end checks shown to fail.

The short run: 8 matches of all five games (two through discord.py and the fake Discord),
bots SIGKILLed every 1.5 to 4 wall seconds and restarted, deadlines of a scaled clock (half an
hour, 15 wall seconds) firing in the abandoned matches; the others have a day a move (12 wall
minutes), so a loaded machine's slow answers do not end them on time before they are played.
Bounded by work: at least 10 wall seconds of play, then on until 20 moves and every game were
acknowledged (with a 15-minute guard against a hang, not a measure of the work).
``make soak`` runs the longer one (``python -m soak``).
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from bot.clock import ManualClock
from bot.services.time_control import TimeControl
from soak.checks import Command, align, check_database
from soak.run import GAMES, Settings, Soak
from tests.bot.conftest import ALICE, PLACE, START, Harness


async def test_the_short_soak_passes_every_check(tmp_path, capsys):
    # At least 10 s of play; on a loaded machine on until 20 moves (of every game) were acknowledged.
    # The abandoned matches' half-hour deadline (15 wall seconds) fires; the others' do not.
    settings = Settings(matches=8, seconds=10, moves=25, kill_every=(1.5, 4.0), folder=tmp_path, seed=7,
                        deadline_hours=0.5, until_acked=20, max_seconds=900,
                        played_deadline_hours=24.0, played_militakiri_clock="24h", absent_computer=1.0)
    soak = Soak(settings)
    figures = await soak.run()
    with capsys.disabled():
        print("\nshort soak:\n" + figures.table())
    assert figures.ok, "\n".join(figures.problems())
    # The run did what it is for: kills, moves of every game, timeouts, bad commands, the Discord share.
    assert figures.kills >= 2
    assert figures.findings.matches == 8 and figures.findings.acked >= 20
    assert figures.findings.timeouts + figures.findings.takeovers >= 1
    assert figures.findings.graces >= 1  # a missed deadline is forgiven once first
    assert figures.bad_commands >= 5 and figures.bad_refused >= 1
    played = {GAMES[int(channel.split("-")[1]) % len(GAMES)] for channel, commands in soak.ledger.items()
              if any(c.outcome == "acked" for c in commands)}
    assert played == set(GAMES)
    assert any(c.outcome == "acked" for k in soak.through_discord for c in soak.ledger.get(soak.channel(k), []))


def test_only_the_abandoned_matches_get_the_short_deadline():
    """A played match's deadline is not what ends it on a slow machine: it gets the long one."""
    soak = Soak(Settings(deadline_hours=0.5, played_deadline_hours=24.0, played_militakiri_clock="24h"))
    militakiri = GAMES.index("militakiri")
    other = next(k for k, game in enumerate(GAMES) if game != "militakiri")
    assert soak.create_fields(other, abandoned=True)["hours"] == 0.5
    assert soak.create_fields(other, abandoned=False)["hours"] == 24.0
    assert soak.create_fields(militakiri, abandoned=True)["options"] == {"time_control": "60m"}
    assert soak.create_fields(militakiri, abandoned=False)["options"] == {"time_control": "24h"}
    plain = Soak(Settings(deadline_hours=0.5))  # without them, as before: one deadline for all
    assert plain.create_fields(other, abandoned=False)["hours"] == 0.5
    # A game's only match is played on, so every game is played; others may be left.
    every = Soak(Settings(matches=8, abandon=1.0))
    assert every.abandoned == {5, 6, 7}


def test_align_counts_lost_and_doubled_moves():
    acked = Command("m", "a", "e2", "legal", "acked", "e2")
    doubt = Command("m", "a", "e2", "legal", "doubt")
    refused = Command("m", "a", "zz", "malformed", "refused")
    assert align([acked], [("a", "e2")]) == (0, 0)
    assert align([acked], []) == (1, 0)  # told it was played, not stored: lost
    assert align([acked], [("a", "e2"), ("a", "e2")]) == (0, 1)  # stored twice: doubled
    assert align([doubt, acked], [("a", "e2")]) == (0, 0)  # the retry after a kill
    assert align([doubt], []) == (0, 0) and align([doubt], [("a", "e2")]) == (0, 0)
    assert align([refused], [("a", "zz")]) == (0, 1)  # refused yet stored
    assert align([acked], [("b", "e2")]) == (1, 1)  # someone else's move


async def played_match(tmp_path) -> tuple[Harness, list[Command], int]:
    """A heroes_cities match with a 1 h deadline and three acknowledged moves, and its ledger."""
    from bot.storage.sqlite import SqliteRepository

    repo = await SqliteRepository.open(tmp_path / "soak.sqlite3")
    harness = Harness(repo, ManualClock(START))
    match_id = await harness.started_match(time_control=TimeControl(per_move_hours=1))
    ledger = []
    for _ in range(3):
        mover, move = await harness.to_move(match_id), await harness.first_legal(match_id)
        answer = await harness.service.submit(PLACE, mover, move)
        assert not answer[0].target.ephemeral
        ledger.append(Command(PLACE.channel_id, mover.user_id, move, "legal", "acked", move))
    return harness, ledger, match_id


async def test_the_checks_pass_a_clean_record_and_catch_each_fault(tmp_path):
    harness, ledger, match_id = await played_match(tmp_path)
    path = tmp_path / "soak.sqlite3"
    now = harness.clock.now()
    await harness.repo.close()
    clean = await check_database(path, {PLACE.channel_id: ledger}, now)
    assert (clean.acked, clean.stored, clean.lost, clean.doubled, clean.timeouts_lost, clean.replay_failures) == (3, 3, 0, 0, 0, 0)
    assert clean.problems == [] and clean.chain == "intact"

    extra = Command(PLACE.channel_id, ALICE.user_id, "a1-a2", "legal", "acked", "a1-a2")
    assert (await check_database(path, {PLACE.channel_id: [*ledger, extra]}, now)).lost == 1
    refused = [*ledger[:2], Command(PLACE.channel_id, ledger[2].user, ledger[2].text, "legal", "refused")]
    assert (await check_database(path, {PLACE.channel_id: refused}, now)).doubled == 1

    # The deadline passed and no timeout was recorded (no scheduler ran): a lost timeout.
    late = await check_database(path, {PLACE.channel_id: ledger}, now + timedelta(hours=2))
    assert late.timeouts_lost == 1 and "due timeout not recorded" in late.problems[0]

    # A stored move changed behind the services' back no longer replays as legal.
    with sqlite3.connect(path) as db:
        (payload,) = db.execute("SELECT payload FROM events WHERE match_id = ? AND type = 'move' ORDER BY seq LIMIT 1", (match_id,)).fetchone()
        db.execute("DELETE FROM snapshots")
        db.execute("UPDATE events SET payload = ? WHERE match_id = ? AND type = 'move' AND seq = (SELECT MAX(seq) FROM events WHERE type = 'move')", (payload, match_id))
    forged = await check_database(path, {PLACE.channel_id: ledger}, now)
    assert forged.replay_failures >= 1
    # ... and its hash no longer chains: the edit shows without replaying anything.
    assert forged.chain == "broken (1)"
    assert any("hash chain broken at event" in problem for problem in forged.problems)


async def test_a_timeout_recorded_twice_or_early_is_caught(tmp_path):
    harness, ledger, match_id = await played_match(tmp_path)
    harness.clock.advance(minutes=30)
    from engines.core.record import TimeoutEvent

    row = await harness.repo.get_match(match_id)
    mover = await harness.to_move(match_id)
    seat = 0 if mover is ALICE else 1
    # Early: half-way to the deadline; then a second one after it.
    await harness.repo.append(match_id, row.last_seq, [TimeoutEvent(seat=seat)], harness.clock.now())
    await harness.repo.append(match_id, row.last_seq + 1, [TimeoutEvent(seat=seat)], harness.clock.advance(hours=1))
    await harness.repo.close()
    found = await check_database(tmp_path / "soak.sqlite3", {PLACE.channel_id: ledger}, harness.clock.now())
    # Both are early: the first before the deadline, the second after the end (nothing was due).
    assert found.timeouts_early == 2 and found.timeouts_doubled == 1 and found.after_end == 1


async def test_four_bots_on_one_postgres_database_lose_double_and_fire_nothing_twice(tmp_path, postgres_url, capsys):
    """four bot processes on one PostgreSQL server: three take the service matches
    (each step of a match goes to any of them at random) and one is the real discord.py bot
    against the fake Discord, playing its match by slash commands. Every bot's scheduler fires
    every match's timers (the matches have Discord's kind of ids, so the Discord bot reaches the
    players of the others). The matches are left after six moves so their deadlines pass (an hour
    each: 30 wall seconds, so that a slow machine still plays before them). No acknowledged move
    lost, none doubled, no timeout missed or fired twice, every record replays and chains, no bot
    logs an error. Play ends by moves, not by a clock; no kills here (the SQLite soak above kills;
    ``SOAK_DATABASE`` does both, see docs/operations.md)."""
    settings = Settings(
        matches=4, seconds=600, moves=6, kill_every=(10**6, 10**6), abandon=0.0, deadline_hours=1.0,
        folder=tmp_path, seed=11, database=postgres_url, service_bots=3, discord_share=0.25,
    )
    soak = Soak(settings)
    figures = await soak.run()
    with capsys.disabled():
        print("\nfour bots (one through Discord), one PostgreSQL database:\n" + figures.table())
    assert figures.ok, "\n".join(figures.problems())
    assert [child.name for child in soak.children] == ["service", "service1", "service2", "discord"]
    assert all(child.answered > 0 for child in soak.children)
    assert figures.findings.matches == 4 and figures.findings.acked >= 4
    assert any(c.outcome == "acked" for k in soak.through_discord for c in soak.ledger[soak.channel(k)])
    assert figures.findings.timeouts + figures.findings.takeovers >= 1
    assert figures.findings.graces >= 1  # a missed deadline is forgiven once first


async def test_a_teams_default_not_recorded_early_or_twice_is_caught(tmp_path):
    """A five-player match whose UK resigned: once the team's time to choose (48 hours without a
    deadline) passed, a missing default is caught; a default recorded before its time, or one
    more after it (no question open), is caught too."""
    from bot.storage.sqlite import SqliteRepository
    from engines.core.record import TeamChoiceEvent
    from tests.bot.test_teams import CAROL, five_player_match

    repo = await SqliteRepository.open(tmp_path / "soak.sqlite3")
    harness = Harness(repo, ManualClock(START))
    match_id = await five_player_match(harness)
    await harness.service.resign(PLACE, CAROL)
    asked = harness.clock.now()
    await repo.close()
    path = tmp_path / "soak.sqlite3"
    assert (await check_database(path, {}, asked + timedelta(hours=47))).problems == []
    lost = await check_database(path, {}, asked + timedelta(hours=49))
    assert lost.team_defaults_lost == 1 and "its default not recorded" in lost.problems[0]

    repo = await SqliteRepository.open(path)
    row = await repo.get_match(match_id)
    default = TeamChoiceEvent(seat=2, choice="concede", by=2)
    await repo.append(match_id, row.last_seq, [default], asked + timedelta(hours=1))  # early
    await repo.append(match_id, row.last_seq + 1, [default], asked + timedelta(hours=50))  # twice
    await repo.close()
    found = await check_database(path, {}, asked + timedelta(hours=51))
    assert found.team_defaults == 2 and found.team_defaults_wrong == 2


async def test_an_event_that_no_longer_reads_is_a_finding_not_a_crash(tmp_path):
    """A stored event whose payload no longer reads (a damaged database): the checks report that
    match (its load and its hash chain) and go on with the others; they do not stop at it."""
    harness, ledger, match_id = await played_match(tmp_path)
    now = harness.clock.now()
    await harness.repo.close()
    path = tmp_path / "soak.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM snapshots")
        db.execute("UPDATE events SET payload = '{\"type\": \"move\"}' WHERE match_id = ? AND seq = "
                   "(SELECT MAX(seq) FROM events WHERE match_id = ?)", (match_id, match_id))
    found = await check_database(path, {PLACE.channel_id: ledger}, now)
    assert found.matches == 1 and found.replay_failures >= 1
    assert found.chain == "broken (1)"
    assert any("events unreadable (DamagedRecordError" in problem for problem in found.problems)
