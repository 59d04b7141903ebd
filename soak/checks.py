"""What a soak checks at the end, on a bot's database and the parent's ledger of commands.

- acknowledged moves = stored moves: every move a user was told was played is stored, once;
  every stored move is explained by a command that was acknowledged or in doubt (sent, then
  the bot was killed before it answered);
- every match loads (snapshot and newer events) and replays (from the first event) to the same
  state, result and sequence number; every stored move was legal where it stands; every roll
  comes from the match's seed;
- every due timeout is recorded exactly once, never early, and nothing follows the end; a
  missed deadline's grace and the computer taking a seat after the graces (``absent: computer``)
  are never early, never more graces than the match gives a seat, the computer takes a seat once;
  a seat the computer plays is not waiting for its timeout, and its moves need no command;
- every hash chain is intact, where the repository offers a chain check.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from bot.services.book import MatchBook
from bot.services.match.grace import team_deadline
from bot.services.match.records import played_by
from bot.services.progress import LoadedMatch, Progress, advance
from bot.storage.repository import DamagedRecordError
from bot.storage.sqlite import SqliteRepository
from bot.wiring import open_repository
from engines.core.record import (
    AutopilotEvent,
    GraceEvent,
    MoveEvent,
    TeamChoiceEvent,
    TimeoutEvent,
    chain_break,
    verify,
)


@dataclass
class Command:
    """One ``submit`` the parent sent, and what came of it."""

    match: str
    user: str
    text: str
    kind: str
    """legal, illegal, malformed, out_of_turn, duplicate"""
    outcome: str = "sent"
    """acked, refused, doubt (killed before the answer), error (the bot raised), unanswered"""
    move: str | None = None
    """The canonical text the bot said it played (acked only)."""


@dataclass
class Findings:
    matches: int = 0
    acked: int = 0
    stored: int = 0
    in_doubt: int = 0
    lost: int = 0
    doubled: int = 0
    timeouts: int = 0
    timeouts_lost: int = 0
    timeouts_doubled: int = 0
    timeouts_early: int = 0
    graces: int = 0
    """Missed deadlines forgiven once (``GraceEvent``)."""
    graces_doubled: int = 0
    """Graces beyond the match's ``grace`` for a seat (one fired twice)."""
    graces_early: int = 0
    takeovers: int = 0
    """Seats the computer took after the graces (``absent: computer``)."""
    takeovers_doubled: int = 0
    takeovers_early: int = 0
    team_defaults: int = 0
    """Teams that did not choose in time (the match's default: ``TeamChoiceEvent`` by the seat itself)."""
    team_defaults_wrong: int = 0
    """A team's default recorded before its time, or with no question open (fired twice)."""
    team_defaults_lost: int = 0
    """A team's time to choose passed and its default is not recorded."""
    replay_failures: int = 0
    after_end: int = 0
    chain: str = "not available"
    problems: list[str] = field(default_factory=list)

    def add(self, other: Findings) -> None:
        for name in (
            "matches", "acked", "stored", "in_doubt", "lost", "doubled", "timeouts", "timeouts_lost",
            "timeouts_doubled", "timeouts_early", "graces", "graces_doubled", "graces_early", "takeovers",
            "takeovers_doubled", "takeovers_early", "team_defaults", "team_defaults_wrong", "team_defaults_lost",
            "replay_failures", "after_end",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.problems += other.problems
        if other.chain != "not available":
            self.chain = other.chain if self.chain in ("not available", "intact") else self.chain


def align(commands: list[Command], stored: list[tuple[str, str]]) -> tuple[int, int]:
    """(lost, doubled) of the best match between the commands of one match, in the order sent
    (one at a time per match), and its stored moves ``(user, text)`` in order.

    An acknowledged command must match a stored move with its canonical text (else it is lost);
    one in doubt may match (any text, for the bad kinds: the bot's reading of them is unknown)
    or not; a refused one must not. A stored move no command explains is doubled.

    >>> acked = Command("m", "a", "e2", "legal", "acked", "e2")
    >>> align([acked], [("a", "e2")]), align([acked], []), align([acked], [("a", "e2"), ("a", "e2")])
    ((0, 0), (1, 0), (0, 1))
    >>> doubt = Command("m", "a", "e2", "legal", "doubt")
    >>> align([doubt, acked], [("a", "e2")]), align([doubt, acked], [("a", "e2"), ("a", "e2")])
    ((0, 0), (0, 0))
    """
    n, m = len(commands), len(stored)
    worst = (10**9, 0, 0)
    # best[i][j]: (lost + doubled, lost, doubled) explaining the first j stored moves with the first i commands
    best = [[worst] * (m + 1) for _ in range(n + 1)]
    best[0][0] = (0, 0, 0)
    for j in range(1, m + 1):
        best[0][j] = (j, 0, j)
    for i in range(1, n + 1):
        command = commands[i - 1]
        for j in range(m + 1):
            total, lost, doubled = best[i - 1][j]
            skip = (total + 1, lost + 1, doubled) if command.outcome == "acked" else (total, lost, doubled)
            options = [skip]
            if j:
                user, text = stored[j - 1]
                total, lost, doubled = best[i][j - 1]
                options.append((total + 1, lost, doubled + 1))
                if user == command.user and _explains(command, text):
                    options.append(best[i - 1][j - 1])
            best[i][j] = min(options)
    _, lost, doubled = best[n][m]
    return lost, doubled


log = logging.getLogger(__name__)


def _explains(command: Command, text: str) -> bool:
    if command.outcome == "acked":
        return command.move == text
    if command.outcome == "doubt":
        return command.kind != "legal" or command.text == text
    return False


async def chain_status(repo: SqliteRepository, match_ids: list[int]) -> tuple[str, list[str]]:
    """``intact`` or ``broken (n)``: every match's stored events chained from its seed commitment
    (``engines.core.record.chain_break``), as a player holding an export would check them."""
    broken = []
    for match_id in match_ids:
        row = await repo.get_match(match_id)
        try:
            entries = await repo.entries(match_id)
        except DamagedRecordError as error:  # an event that no longer reads breaks the chain: reported, not a crash
            broken.append(f"match {match_id}: events unreadable ({type(error).__name__}: {error})")
            continue
        if row is not None and (found := chain_break(row.commitment, entries)) is not None:
            broken.append(f"match {match_id}: hash chain broken at event {found[0]} ({found[1]})")
    return ("intact" if not broken else f"broken ({len(broken)})"), broken


async def match_ids(repo: Any) -> list[int]:
    """Every match in the database (the repository contract lists no such thing; the soak reads
    the table itself)."""
    sql = "SELECT id FROM matches ORDER BY id"
    if isinstance(repo, SqliteRepository):
        return [row[0] for row in await repo._read(sql)]
    return [row[0] for row in await repo.pool.fetch(sql)]


async def check_database(
    database: Path | str,
    ledger: dict[str, list[Command]],
    checked_at: datetime,
    name_of_channel: Callable[[str], str] = str,
    name_of_user: Callable[[str], str] = str,
) -> Findings:
    """Every check above on one bot's database (a SQLite file or a PostgreSQL URL). ``ledger``
    maps a match's channel name to its commands; ``checked_at`` is the clock time by which every
    due timeout must be recorded."""
    findings = Findings()
    repo = await open_repository(str(database))
    try:
        ids = await match_ids(repo)
        book = MatchBook(repo)
        for match_id in ids:
            await _check_match(repo, book, match_id, ledger, checked_at, name_of_channel, name_of_user, findings)
        findings.chain, problems = await chain_status(repo, ids)
        findings.problems += problems
    finally:
        await repo.close()
    return findings


async def _check_match(repo, book, match_id, ledger, checked_at, name_of_channel, name_of_user, findings) -> None:
    findings.matches += 1
    where = f"match {match_id}"
    try:
        loaded = await book.load_known(match_id)
    except Exception as error:  # any failure to load is this match's finding; the others are checked on
        log.exception("soak check: %s does not load", where)
        findings.replay_failures += 1
        findings.problems.append(f"{where}: does not load: {type(error).__name__}: {error}")
        return
    row, engine, options = loaded.row, loaded.engine, loaded.options
    where = f"match {match_id} ({row.game}, #{name_of_channel(row.channel_id)})"
    if loaded.damage is not None:  # the chain check names where (``chain_status``)
        findings.replay_failures += 1
        findings.problems.append(f"{where}: damaged at event {loaded.damage.seq} ({loaded.damage.reason})")
        return
    entries = await repo.entries(match_id)
    players = len(loaded.seats)

    # Replay from the first event, one event at a time, checking each move, timeout and the end.
    progress = Progress()
    ended_at: int | None = None
    timeouts = 0
    for entry in entries:
        before = LoadedMatch(row, loaded.seats, engine, options, progress)
        event = entry.event
        if ended_at is not None:
            findings.after_end += 1
            findings.problems.append(f"{where}: event {entry.seq} ({event.type}) after the end at {ended_at}")
        if isinstance(event, MoveEvent):
            move = engine.move_model.model_validate(event.move)
            if event.seat not in before.to_act() or move not in engine.legal_moves(before.state, event.seat):
                findings.replay_failures += 1
                findings.problems.append(f"{where}: stored move {entry.seq} is not legal there")
        if isinstance(event, TimeoutEvent):
            timeouts += 1
            deadline = before.deadline(event.seat) if event.seat in before.to_act() else None
            if deadline is None or entry.at < deadline:
                findings.timeouts_early += 1
                findings.problems.append(f"{where}: timeout {entry.seq} at {entry.at} before its deadline {deadline}")
        if isinstance(event, GraceEvent) or (isinstance(event, AutopilotEvent) and event.why == "absent"):
            _check_lapse(where, entry, before, findings)
        if isinstance(event, TeamChoiceEvent) and event.by == event.seat:
            _check_team_default(where, entry, before, findings)
        try:
            progress = advance(engine, options, players, progress, entry)
        except Exception as error:  # an engine failing on a stored event is a finding, not the check's end
            log.exception("soak check: %s: event %s does not replay", where, entry.seq)
            findings.replay_failures += 1
            findings.problems.append(f"{where}: event {entry.seq} does not replay: {type(error).__name__}: {error}")
            return
        replayed = LoadedMatch(row, loaded.seats, engine, options, progress)
        if ended_at is None and progress.state is not None and replayed.result() is not None:
            ended_at = entry.seq
    replayed = LoadedMatch(row, loaded.seats, engine, options, progress)
    findings.timeouts += timeouts
    if timeouts > 1:
        findings.timeouts_doubled += timeouts - 1
        findings.problems.append(f"{where}: {timeouts} timeouts recorded")
    if (replayed.state, replayed.result(), progress.seq) != (loaded.state, loaded.result(), loaded.progress.seq) or progress.seq != row.last_seq:
        findings.replay_failures += 1
        findings.problems.append(f"{where}: loading and replaying disagree (seq {loaded.progress.seq} / {progress.seq} / row {row.last_seq})")
    over = replayed.result() is not None
    if over != (row.status in ("finished", "aborted")):
        findings.replay_failures += 1
        findings.problems.append(f"{where}: status {row.status} but the replay says {'over' if over else 'not over'}")
    ok, _ = verify(engine, options, entries, row.seed, row.commitment)
    if not ok:
        findings.replay_failures += 1
        findings.problems.append(f"{where}: a roll does not come from the match's seed")
    if row.status == "active" and not over:
        late = [
            seat for seat in replayed.to_act()
            if seat not in progress.meta.autopilot and (d := replayed.deadline(seat)) is not None and d < checked_at
        ]
        if late:
            findings.timeouts_lost += 1
            deadline = min(replayed.deadline(seat) for seat in late)
            findings.problems.append(f"{where}: due timeout not recorded (deadline {deadline:%H:%M:%S}, checked at {checked_at:%H:%M:%S})")

    if row.status == "active" and not over and (asked := team_deadline(replayed)) is not None and asked < checked_at:
        findings.team_defaults_lost += 1
        findings.problems.append(f"{where}: the team's time to choose passed at {asked:%H:%M:%S}, its default not recorded")

    # Acknowledged moves = stored moves (but those the computer played on a seat it took over).
    stored = [
        (name_of_user(loaded.seats[event.seat].user_id), event.text)
        for _, event, _, computer in played_by([seat.name for seat in loaded.seats], entries) if not computer
    ]
    commands = ledger.get(name_of_channel(row.channel_id), [])
    findings.stored += len(stored)
    findings.acked += sum(1 for c in commands if c.outcome == "acked")
    findings.in_doubt += sum(1 for c in commands if c.outcome == "doubt")
    lost, doubled = align(commands, stored)
    findings.lost += lost
    findings.doubled += doubled
    if lost or doubled:
        findings.problems.append(f"{where}: {lost} acknowledged moves not stored, {doubled} stored moves no command explains")


def _check_team_default(where: str, entry: Any, before: LoadedMatch, findings: Findings) -> None:
    """A team's default choice: only while its question is open (once), never before its time."""
    findings.team_defaults += 1
    due = team_deadline(before)
    if before.progress.meta.undecided != entry.event.seat or due is None or entry.at < due:
        findings.team_defaults_wrong += 1
        findings.problems.append(f"{where}: the team's default {entry.seq} at {entry.at} with no question open or before {due}")


def _check_lapse(where: str, entry: Any, before: LoadedMatch, findings: Findings) -> None:
    """A grace or the computer taking a seat after the graces: never before the seat's deadline,
    never more graces than the match gives a seat, and the computer takes a seat once."""
    event = entry.event
    deadline = before.deadline(event.seat) if event.seat in before.to_act() else None
    early = deadline is None or entry.at < deadline
    meta = before.progress.meta
    if isinstance(event, GraceEvent):
        findings.graces += 1
        if early:
            findings.graces_early += 1
            findings.problems.append(f"{where}: grace {entry.seq} at {entry.at} before its deadline {deadline}")
        if meta.graces.get(event.seat, 0) >= before.time_control.grace:
            findings.graces_doubled += 1
            findings.problems.append(f"{where}: grace {entry.seq} beyond the match's {before.time_control.grace}")
        return
    findings.takeovers += 1
    if early:
        findings.takeovers_early += 1
        findings.problems.append(f"{where}: the computer took seat {event.seat} at {entry.at} before its deadline {deadline}")
    if event.seat in meta.autopilot:
        findings.takeovers_doubled += 1
        findings.problems.append(f"{where}: the computer took seat {event.seat} twice ({entry.seq})")
