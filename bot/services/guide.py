"""What both adapters answer to ``/help`` and ``/rules``: the games there are, and each game's
rules for players.

The rules texts are the "For players" sections of ``docs/games/<slug>.md`` (English) and
``docs/games/<slug>.nl.md`` (Dutch), shipped as the catalog namespace ``rules``
(``bot/i18n/messages/rules.toml``, written by ``python -m bot.i18n.rules_source``; a test keeps it
equal to the docs). One topic is one message, within Discord's 2,000 characters.
"""

from __future__ import annotations

from bot.i18n import Msg
from bot.services.delivery import Delivery, reply
from bot.services.presenter import game_name
from engines.registry import ENGINES

TOPICS = ("summary", "notation", "options")


def known_games() -> list[Msg]:
    """Every game as `` `slug` (name) ``, in the registry's order."""
    return [Msg("core.known_game", {"slug": slug, "name": game_name(slug)}) for slug in ENGINES]


def unknown_game(game: str) -> Msg:
    """Names what was asked and every game there is, so the next try can be right."""
    return Msg("core.unknown_game", {"game": game, "games": known_games()})


def game_lines() -> list[Msg]:
    """One line per game for a help text: slug and name."""
    return [Msg("core.help_game", {"slug": slug, "name": game_name(slug)}) for slug in ENGINES]


def help_reply(language: str) -> list[Delivery]:
    """Discord's ``/help``: the commands, then the games (ephemeral)."""
    return [reply(language, Msg("core.help"), Msg("core.help_games"), *game_lines(), Msg("core.help_rules"))]


def rules(language: str, game: str, topic: str | None = None) -> list[Delivery]:
    """``/rules``: one message per topic (all three without ``topic``), each headed by game and topic."""
    game = game.strip().lower()
    if game not in ENGINES:
        return [reply(language, unknown_game(game))]
    topic = (topic or "").strip().lower() or None
    if topic is not None and topic not in TOPICS:
        return [reply(language, Msg("core.rules_unknown_topic", {"topic": topic}))]
    return [
        reply(
            language,
            Msg("core.rules_head", {"game": game_name(game), "topic": Msg(f"core.rules_topic_{name}")}),
            Msg(f"rules.{game}_{name}"),
        )
        for name in ((topic,) if topic else TOPICS)
    ]
