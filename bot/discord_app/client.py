"""The Discord bot: opens the services, registers cogs and persistent buttons, syncs commands."""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock
from bot.config import Config
from bot.discord_app.buttons import DYNAMIC_ITEMS
from bot.discord_app.cogs import MatchCog, PlayCog
from bot.discord_app.delivery import Deliverer
from bot.i18n import Msg, catalog, locale_of
from bot.wiring import Services, open_services

log = logging.getLogger(__name__)


class CatalogTranslator(app_commands.Translator):
    """Command descriptions in Dutch for Dutch clients, from the ``commands`` catalog."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        language = locale_of(locale.value)
        if key is None or language == "en" or not catalog().has(key):
            return None
        return catalog().render(Msg(key), language)


class ScheidsBot(commands.Bot):
    def __init__(
        self,
        database: str,
        *,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        clock: Clock | None = None,
        seed_source: Callable[[], bytes] | None = None,
    ) -> None:
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None)
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.clock = clock
        self.seed_source = seed_source
        self.deliverer = Deliverer(self)
        self.services: Services

    async def setup_hook(self) -> None:
        self.services = await open_services(
            self.database, self.deliverer.deliver, clock=self.clock, seed_source=self.seed_source
        )
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(MatchCog(self))
        await self.add_cog(PlayCog(self))
        # Buttons parse their match from the custom_id: they work on messages sent before a restart.
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.sync_commands:
            await self.sync()
        self.services.scheduler.start()

    async def sync(self) -> list[app_commands.AppCommand]:
        """Sync to the development guild when configured (instant), otherwise globally."""
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))
        return synced

    async def close(self) -> None:
        services = getattr(self, "services", None)
        if services is not None:
            await services.close()
        await super().close()


def run_discord(config: Config, database: str) -> int:
    bot = ScheidsBot(database, dev_guild_id=config.dev_guild_id)
    bot.run(config.token, log_handler=None)
    return 0
