"""``/odds``: the exact battle odds of Axis & Allies, from the chain the computer plays by
(``engines.axis_allies.odds``): for two armies typed as text, or for the battle waiting in a
territory of the live match here. The chain is solved in a worker process (``Renderer.run``),
never on the event loop; each side is limited to ``odds.MOST_UNITS`` units."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import Msg
from bot.services.delivery import Delivery, reply
from bot.services.match import access
from bot.services.match.answers import Refused
from bot.services.people import Actor, Place
from engines.axis_allies import odds
from engines.core.errors import EngineError

if TYPE_CHECKING:
    from bot.services.match.core import Core

GAME = "axis_allies"

Answer = tuple[str, odds.BattleOdds] | tuple[str, dict[str, Any]]


def from_text(attack: str, defend: str) -> Answer:
    """In a worker: the odds of the armies typed, or the refusal's code and params."""
    try:
        return "", odds.odds_of_text(attack, defend)
    except EngineError as error:  # an exception would not cross back from the worker intact
        return error.code, error.params


def from_board(state: Any, territory: str) -> Answer:
    """In a worker: the territory's name and the odds of its battle, or the refusal."""
    try:
        name, found = odds.odds_of_battle(state, territory)
    except EngineError as error:
        return error.code, error.params
    return name, found


async def odds_command(core: Core, place: Place | None, actor: Actor, attack: str, defend: str,
                       territory: str) -> list[Delivery]:
    if territory.strip():
        if place is None:
            raise access.no_match()
        match = await access.shown(core, place)
        if match.row.game != GAME:
            raise access.not_offered(match, "replays.odds_not_offered")
        code, found = await core.renderer.run(from_board, match.state, territory)
        if isinstance(found, dict):
            raise _refusal(code, found)
        assert isinstance(found, odds.BattleOdds)
        head = Msg("replays.odds_board_head", {"territory": code})
    else:
        if not attack.strip() or not defend.strip():
            raise Refused("replays.odds_need_sides")
        code, found = await core.renderer.run(from_text, attack, defend)
        if isinstance(found, dict):
            raise _refusal(code, found)
        assert isinstance(found, odds.BattleOdds)
        head = Msg("replays.odds_head", {"attack": attack.strip(), "defend": defend.strip()})
    return [reply(actor.language, head, *odds_lines(found))]


def _refusal(code: str, params: dict[str, Any]) -> Refused:
    """The calculator's refusal (worded in the game's messages: ``axis_allies.odds_…``)."""
    return Refused(code, params)


def odds_lines(found: odds.BattleOdds) -> list[Msg]:
    """The chances in percent and the units left on average, by kind."""
    lines = [Msg("replays.odds_chances", {
        "win": _percent(found.win), "lose": _percent(found.lose), "draw": _percent(found.draw),
    })]
    for key, left in (("replays.odds_attackers_left", found.attackers_left), ("replays.odds_defenders_left", found.defenders_left)):
        units = [Msg("replays.odds_units", {"count": f"{n:.2f}", "unit": Msg(f"axis_allies.unit_{kind}")}) for kind, n in left if n >= 0.005]
        lines.append(Msg(key, {"units": units or [Msg("replays.odds_none_left")]}))
    if found.scale > 1:
        lines.append(Msg("replays.odds_scaled", {"scale": found.scale, "largest": odds.LARGEST}))
    return lines


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%"
