"""Hidden facts stay hidden: two states that differ only in what ``blind`` viewers may not know
(``profile.Twin``) must look and answer alike to them.

For every blind viewer the views are equal and (every ``picture_every``-th check, for the first
blind viewer) so are the PNG bytes ``render.registry`` draws of them. What every seat sees at once is equal too: who acts,
the chance node, the result, the step line (``StepGame``) and the published seals
(``SealingGame``). For every blind seat: the legal moves, the buttons (``ButtonGame``) and, when
it is to act, the answer to each probe text and to each listed move (parsed and applied: a
refusal's class, code, params and words; an accepted move's text and ``after_probe``) and, when
the channel's view after the move (dice drawn alike) is the same, the move's narration
(``NarratingGame``): the channel must not hear what it may not see.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core.contract import ButtonGame, Engine, NarratingGame, SealingGame, Seat, StepGame
from engines.core.errors import MoveError
from engines.core.record import resolve_chance
from render.registry import render_view
from tests.engines.conformance.profile import Profile, Twin

LISTED_PROBES = 3
"""Listed moves per check also played on both twins (each is an apply)."""


PROBE_SEED = bytes(32)
"""The dice after a probe: the same for both twins."""


def answer(engine: Engine, profile: Profile, state: Any, seat: Seat, text: str) -> tuple[tuple, Any, Any]:
    """What ``seat`` hears typing ``text``: the refusal or the move's text (and ``after_probe``);
    then the channel's view once the dice fell and the move's narration (``NarratingGame``)."""
    try:
        move = engine.parse_move(text, state, seat)
        after = engine.apply(state, seat, move)
    except MoveError as error:
        return (type(error).__name__, error.code, error.params, str(error)), None, None
    after, _ = resolve_chance(engine, after, PROBE_SEED, 0)
    words = engine.describe_move(state, seat, move, after) if isinstance(engine, NarratingGame) else None
    return ("ok", engine.format_move(move, state), profile.after_probe(after)), engine.view(after, None), words


def public(engine: Engine, state: Any) -> tuple:
    """What every seat sees at once."""
    return (
        engine.to_act(state),
        engine.chance(state),
        engine.result(state),
        engine.step_message(state) if isinstance(engine, StepGame) else None,
        engine.seals(state, reveal=False) if isinstance(engine, SealingGame) else None,
    )


def check_twin(engine: Engine, profile: Profile, state: Any, twin: Twin, rng: random.Random, picture: bool, where: str) -> None:
    other = twin.state
    for viewer in twin.blind:
        mine, theirs = engine.view(state, viewer), engine.view(other, viewer)
        assert mine == theirs, f"{where}: viewer {viewer} tells the twins apart"
        if picture:
            assert render_view(engine.slug, mine) == render_view(engine.slug, theirs), f"{where}: pictures for {viewer}"
            picture = False  # one viewer's: a picture costs as much as some hundred moves
    assert public(engine, state) == public(engine, other), f"{where}: what everyone sees differs"
    for seat in twin.blind:
        if seat is None:
            continue
        listed = engine.legal_moves(state, seat)
        assert listed == engine.legal_moves(other, seat), f"{where}: seat {seat}'s legal moves differ"
        if isinstance(engine, ButtonGame):
            assert engine.action_buttons(state, seat) == engine.action_buttons(other, seat), f"{where}: buttons"
        if seat in engine.to_act(state):
            texts = list(profile.probes(state, seat, rng))
            texts += [engine.format_move(m, state) for m in rng.sample(list(listed), min(LISTED_PROBES, len(listed)))]
            for text in texts:
                (mine_, channel, words), (theirs_, other_channel, other_words) = (
                    answer(engine, profile, state, seat, text), answer(engine, profile, other, seat, text)
                )
                assert mine_ == theirs_, f"{where}: seat {seat} typing {text!r}: {mine_} / {theirs_}"
                if channel == other_channel:  # nothing revealed: the channel hears the same words
                    assert words == other_words, f"{where}: seat {seat} playing {text!r} is told apart: {words} / {other_words}"


class TwinChecker:
    """The observer of a playout that builds twins at the profile's steps and checks them."""

    def __init__(self, engine: Engine, profile: Profile, game: int) -> None:
        self.engine, self.profile, self.game = engine, profile, game
        self.rng = random.Random(f"{engine.slug} twins {game}")
        self.checked = self.differing = 0

    def __call__(self, state: Any, step: int) -> None:
        if step >= self.profile.twin_every and step % self.profile.twin_every:
            return
        assert self.profile.twins is not None
        for twin in self.profile.twins(state, self.rng):
            every = self.profile.picture_every
            picture = every > 0 and self.checked % every == 0
            where = f"{self.engine.slug} twins game {self.game} step {step}"
            check_twin(self.engine, self.profile, state, twin, self.rng, picture, where)
            self.checked += 1
            self.differing += twin.state != state
