"""The meta fold of teams (``engines.core.record.advance_meta``): a team wins and loses as a whole,
a record made before teams were recorded replays as it did, draws count teams."""

from __future__ import annotations

from engines.axis_allies.engine import AxisAllies
from engines.core.record import (
    DrawAnswerEvent,
    DrawOfferEvent,
    GraceEvent,
    MetaState,
    MoveEvent,
    ResignEvent,
    StartEvent,
    TeamChoiceEvent,
    TeamsEvent,
    TimeoutEvent,
    advance_meta,
    teams_of,
)


def fold(events, players: int = 5) -> MetaState:
    meta = MetaState()
    for event in events:
        meta = advance_meta(meta, event, players)
    return meta


ALLIES_AXIS = TeamsEvent(teams=((0, 2, 4), (1, 3)))


def test_axis_and_allies_teams_are_read_off_the_seating() -> None:
    engine = AxisAllies()
    assert teams_of(engine, 5, engine.options_model()) == ((0, 2, 4), (1, 3))
    assert teams_of(engine, 4, engine.options_model()) == ((0, 2, 3), (1,))
    assert teams_of(engine, 2, engine.options_model()) == ()  # one seat a side: nothing to record


def test_a_record_without_teams_replays_as_before() -> None:
    """Before teams: a resignation made every other seat a winner. Such a record still says so."""
    meta = fold([StartEvent(players=5), ResignEvent(seat=2)])
    assert meta.result is not None and meta.result.winners == (0, 1, 3, 4)
    assert meta == MetaState(result=meta.result)


def test_a_seat_with_allies_left_hands_the_choice_to_its_team() -> None:
    meta = fold([StartEvent(players=5), ALLIES_AXIS, TimeoutEvent(seat=3)])
    assert meta.result is None and meta.undecided == 3 and meta.lapse == "core.timeout"


def test_a_team_that_concedes_loses_as_a_whole() -> None:
    meta = fold([StartEvent(players=5), ALLIES_AXIS, ResignEvent(seat=2), TeamChoiceEvent(seat=2, choice="concede", by=4)])
    assert meta.result.winners == (1, 3) and meta.result.reason == "teams.conceded"
    assert meta.result.params == {"seat": 4}


def test_the_last_seat_of_a_team_ends_the_match_for_the_team() -> None:
    four = TeamsEvent(teams=((0, 2, 3), (1,)))
    meta = fold([StartEvent(players=4), four, ResignEvent(seat=1)], players=4)
    assert meta.result.winners == (0, 2, 3)


def test_a_draw_needs_one_answer_of_every_other_team() -> None:
    meta = fold([StartEvent(players=5), ALLIES_AXIS, DrawOfferEvent(seat=0), DrawAnswerEvent(seat=3, accepted=True)])
    assert meta.result is not None and meta.result.draw
    declined = fold([StartEvent(players=5), ALLIES_AXIS, DrawOfferEvent(seat=0), DrawAnswerEvent(seat=1, accepted=False)])
    assert declined.result is None and declined.draw_offer is None and declined.teams == ALLIES_AXIS.teams
    # Without teams, every other seat still has to accept.
    plain = fold([StartEvent(players=3), DrawOfferEvent(seat=0), DrawAnswerEvent(seat=1, accepted=True)], players=3)
    assert plain.result is None


def test_a_grace_extends_the_move_and_is_counted_per_seat() -> None:
    meta = fold([StartEvent(players=2), GraceEvent(seat=0, hours=24)], players=2)
    assert meta.graces == {0: 1} and meta.extension_hours == 24
    after = advance_meta(meta, MoveEvent(seat=0, text="x", move={}), 2)
    assert after.graces == {0: 1} and after.extension_hours == 0
