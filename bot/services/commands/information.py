"""What a player may look at: the board, a place on it, the status, their own matches and private
view, ratings and tables (``match.queries``, ``match.standings``), private notes and battle odds."""

from __future__ import annotations

from bot.services import notes, odds
from bot.services.delivery import Delivery
from bot.services.match import queries, standings
from bot.services.match.access import Pressed
from bot.services.match.answers import answered
from bot.services.match.core import Core
from bot.services.people import Actor, Place
from engines.core import capabilities as offers


class InformationCommands(Core):
    @answered
    async def board(self, place: Place, actor: Actor, region: str | None = None) -> list[Delivery]:
        """The board again; with ``region`` one part of the map at full size (``RegionsGame``)."""
        return await queries.board(self, place, region)

    @answered
    async def territory(self, place: Place, actor: Actor, name: str) -> list[Delivery]:
        """``/territory``: what the game says about one place of the board of the match here."""
        return await queries.territory(self, place, actor, name)

    async def place_choices(self, place: Place, actor: Actor, typed: str) -> list[tuple[str, str]]:
        """Autocomplete for ``/territory``: (shown name, value) of the places that fit what was typed."""
        return await queries.place_choices(self, place, actor, typed)

    @answered
    async def status(self, place: Place, actor: Actor) -> list[Delivery]:
        return await queries.status(self, place, actor)

    @answered
    async def my_games(self, guild_id: str | None, actor: Actor) -> list[Delivery]:
        return await queries.my_games(self, guild_id, actor)

    async def my_match_choices(self, actor: Actor, typed: str) -> list[tuple[int, str]]:
        """Autocomplete: (number, name) of the actor's live matches that fit what was typed."""
        return await queries.my_match_choices(self, actor, typed)

    @answered
    async def my_view(
        self, actor: Actor, *, place: Place | None = None, match_id: int | None = None, piece: str | None = None,
        pressed: Pressed | None = None,
    ) -> list[Delivery]:
        """The actor's private view, as an ephemeral reply (``/view`` and the button); with
        ``piece``, the squares it can reach drawn on it, where the game shows them to beginners."""
        return await queries.my_view(self, actor, place, match_id, piece, pressed)

    @answered
    async def profile(self, guild_id: str | None, actor: Actor, user: Actor | None = None) -> list[Delivery]:
        """``user``'s (default the actor's) ratings on this server, per game, with a rating chart;
        points and rank status where the game keeps them."""
        return await standings.profile(self, guild_id, actor, user)

    @answered
    async def leaderboard(self, guild_id: str | None, actor: Actor, game: str, board: str | None = None) -> list[Delivery]:
        """The server's table for ``game`` by rating, best first, and the actor's place; with
        ``board``, the rulebook's points table of that board."""
        return await standings.leaderboard(self, guild_id, actor, game, board)

    def rated_games(self) -> dict[str, tuple[str, ...]]:
        """Slug -> boards of every game that keeps points (for the leaderboard's choices)."""
        return {slug: e.rating_boards() for slug, e in self.book.engines().items() if offers.rated(e)}

    @answered
    async def note(self, place: Place, actor: Actor, text: str = "") -> list[Delivery]:
        """``/note``: keep a private note on the match here, or (no text) list your own."""
        return await notes.note(self, place, actor, text)

    @answered
    async def odds(self, place: Place | None, actor: Actor, attack: str = "", defend: str = "", territory: str = "") -> list[Delivery]:
        """``/odds``: Axis & Allies battle odds of two armies typed, or of a territory's battle here."""
        return await odds.odds_command(self, place, actor, attack, defend, territory)
