"""What both adapters answer to ``/help`` and ``/rules``: the games there are, and each game's
rules for players.

The rules texts are the "For players" sections of ``docs/games/<slug>.md`` (English) and
``docs/games/<slug>.nl.md`` (Dutch), shipped as the catalog namespace ``rules``
(``bot/i18n/messages/rules.toml``, written by ``python -m bot.i18n.rules_source``; a test keeps it
equal to the docs). One topic is one message, within Discord's 2,000 characters. Every game has
the topics summary, notation and options, and those of the others (``TOPICS``) its rules need.
"""

from __future__ import annotations

from bot.i18n import Msg, catalog
from bot.i18n.rules_source import TOPICS as TOPIC_HEADINGS
from bot.services.delivery import Delivery, reply
from bot.services.presenter import game_name
from engines.registry import ENGINES

TOPICS = tuple(TOPIC_HEADINGS)
"""Every topic of ``/rules``, in the order shown; a game has those its rules text has."""
ALL = "all"
"""The topic that asks for every topic of a game, one message each."""


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
    return [reply(language, Msg("core.help"), Msg("absence.help"), Msg("replays.help"), Msg("league.help"),
                  Msg("core.help_games"), *game_lines(), Msg("core.help_rules"))]


def game_topics(game: str) -> tuple[str, ...]:
    """The topics ``game``'s rules text has, in ``TOPICS`` order."""
    return tuple(topic for topic in TOPICS if catalog().has(f"rules.{game}_{topic}"))


def _topic_list(game: str | None = None) -> list[Msg]:
    """The topics of ``game`` (of every game without one) and ``all``, each as code."""
    return [Msg("core.rules_topic_code", {"topic": topic}) for topic in (*(game_topics(game) if game else TOPICS), ALL)]


def rules(language: str, game: str, topic: str | None = None) -> list[Delivery]:
    """``/rules``: one message per topic, each headed by game and topic. Without a topic the
    summary and, after it, the game's other topics and how to ask for one; ``all`` gives every
    topic of the game."""
    game = game.strip().lower()
    if game not in ENGINES:
        return [reply(language, unknown_game(game))]
    topic = (topic or "").strip().lower() or None
    if topic is not None and topic != ALL and topic not in TOPICS:
        return [reply(language, Msg("core.rules_unknown_topic", {"topic": topic, "topics": _topic_list()}))]
    topics = game_topics(game)
    if topic is not None and topic != ALL and topic not in topics:
        return [
            reply(language, Msg("core.rules_no_such_topic", {"game": game_name(game), "topic": topic, "topics": _topic_list(game)}))
        ]
    chosen = topics if topic == ALL else (topic or "summary",)
    answers = [
        reply(
            language,
            Msg("core.rules_head", {"game": game_name(game), "topic": Msg(f"core.rules_topic_{name}")}),
            Msg(f"rules.{game}_{name}"),
            *([Msg("core.rules_more", {"topics": _topic_list(game)})] if topic is None else []),
        )
        for name in chosen
    ]
    return answers
