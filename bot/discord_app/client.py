"""The Discord bot: opens the services, registers cogs and persistent buttons, syncs commands.

- Gateway: only the ``guilds`` intent (channels, threads and our own permissions); every command
  and button arrives as an interaction, which needs no intent.
- Commands are synced only when what we would register changed: the hash of the translated
  command payloads is stored per target (global, or the development guild). ``clear_commands``
  removes the copies of one target (``python -m bot --clear-commands global|guild``), e.g. the
  global ones left from before a ``dev_guild_id`` was set, which Discord would show twice.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock, SystemClock
from bot.config import Config
from bot.discord_app import teams_cog
from bot.discord_app.absence_cog import AbsenceCog
from bot.discord_app.answering import tree_error
from bot.discord_app.buttons import DYNAMIC_ITEMS
from bot.discord_app.cogs import MatchCog, PlayCog
from bot.discord_app.delivery import Deliverer
from bot.discord_app.guide_cog import GuideCog
from bot.discord_app.league_cog import DiscordThreads, LeagueCog
from bot.discord_app.organize_cog import OrganizeCog
from bot.discord_app.people import DmMemory
from bot.discord_app.replays_cog import ReplaysCog
from bot.discord_app.settings_cog import SettingsCog, SettingsMenu
from bot.i18n import Msg, catalog, locale_of
from bot.services.channels import mark_deleted
from bot.wiring import Services, open_services

log = logging.getLogger(__name__)

COMMANDS_HASH = "commands_hash:{target}"


def intents() -> discord.Intents:
    """What the bot subscribes to: guilds (channels, threads, roles for our permissions), no more."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class CatalogTranslator(app_commands.Translator):
    """Command and option descriptions and choice names in Dutch for Dutch clients, from the catalog
    (the ``key`` each ``locale_str`` carries). Command and option names stay English: our messages
    name them (`/match join`) in both languages."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        language = locale_of(locale.value)
        if key is None or language == "en" or not catalog().has(key):
            return None
        return catalog().render(Msg(key), language)


class ScheidsBot(commands.AutoShardedBot):
    """The bot. It runs the gateway shards ``shard_ids`` of ``shard_count`` (discord.py's
    ``AutoShardedBot``; both unset: all shards Discord recommends, in this process). Any process
    answers any match, since everything a match needs lives in the database."""

    def __init__(
        self,
        database: str,
        *,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        start_scheduler: bool = True,
        clock: Clock | None = None,
        seed_source: Callable[[], bytes] | None = None,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
    ) -> None:
        # discord.py takes shard_ids as a list, or no key at all for every shard
        shards: dict[str, Any] = {"shard_ids": list(shard_ids)} if shard_ids is not None else {}
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
            shard_count=shard_count, **shards,
        )
        self.database = database
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.start_scheduler = start_scheduler
        self.clock = clock
        self.seed_source = seed_source
        self.deliverer = Deliverer(self)
        self.services: Services
        self.dms: DmMemory
        self.tree.error(tree_error)

    async def setup_hook(self) -> None:
        self.services = await open_services(
            self.database, self.deliverer.deliver, clock=self.clock, seed_source=self.seed_source,
            places=DiscordThreads(self),
        )
        self.dms = DmMemory(self.services.repo, self.clock or SystemClock())
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(MatchCog(self))
        await self.add_cog(PlayCog(self))
        await self.add_cog(GuideCog(self))
        await self.add_cog(SettingsCog(self))
        await self.add_cog(OrganizeCog(self))
        await self.add_cog(AbsenceCog(self))
        await self.add_cog(ReplaysCog(self))
        await self.add_cog(LeagueCog(self))
        await teams_cog.add_to(self)
        # Buttons parse their match from the custom_id: they work on messages sent before a restart.
        self.add_dynamic_items(*DYNAMIC_ITEMS, SettingsMenu)
        if self.sync_commands:
            await self.sync()
        if self.start_scheduler:
            await self.services.start()

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A deleted channel or thread: remembered, so its matches are named as deleted."""
        try:
            await mark_deleted(self.services.repo, str(channel_id))
        except Exception:
            log.exception("could not remember that channel %s was deleted", channel_id)

    def _target(self) -> discord.Object | None:
        return discord.Object(id=self.dev_guild_id) if self.dev_guild_id else None

    async def command_payloads(self, guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
        """The commands as ``tree.sync`` sends them (translated), for one target."""
        translator = self.tree.translator
        return [
            await command.get_translated_payload(self.tree, translator) if translator else command.to_dict(self.tree)
            for command in self.tree.get_commands(guild=guild)
        ]

    async def sync(self, *, force: bool = False) -> list[app_commands.AppCommand] | None:
        """Sync to the development guild when configured (instant), otherwise globally; only when the
        commands changed since the last sync to that target (``force`` syncs anyway)."""
        guild = self._target()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = await self.command_payloads(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        key = COMMANDS_HASH.format(target=guild.id if guild else "global")
        if not force and await self.services.repo.setting(key) == digest:
            log.info("commands unchanged since the last sync to %s: not synced", guild.id if guild else "global")
            return None
        synced = await self.tree.sync(guild=guild)
        await self.services.repo.set_setting(key, digest)
        if guild is not None:
            log.info(
                "synced %d commands to guild %s (global copies from earlier runs stay until "
                "`python -m bot --clear-commands global`)", len(synced), guild.id,
            )
        else:
            log.info("synced %d commands globally", len(synced))
        return synced

    async def clear_commands(self, where: str) -> None:
        """Remove every command registered ``globally`` or in the development ``guild``."""
        if where not in ("global", "guild"):
            raise ValueError("clear 'global' or 'guild'")
        guild = self._target() if where == "guild" else None
        if where == "guild" and guild is None:
            raise ValueError("no dev_guild_id configured: there is no guild copy to clear")
        self.tree.clear_commands(guild=guild)
        await self.tree.sync(guild=guild)
        await self.services.repo.set_setting(COMMANDS_HASH.format(target=guild.id if guild else "global"), "")
        log.info("cleared the %s commands", where)

    async def close(self) -> None:
        services = getattr(self, "services", None)
        if services is not None:
            await services.close()
        await super().close()


def run_discord(config: Config, database: str) -> int:
    token = config.token
    if token is None:
        raise ValueError(f"no Discord token in ${config.token_env}")
    bot = ScheidsBot(
        database, dev_guild_id=config.dev_guild_id, sync_commands=config.syncs_commands,
        shard_count=config.shard_count, shard_ids=config.shard_ids,
    )
    bot.run(token, log_handler=None)
    return 0


async def clear_discord_commands(config: Config, database: str, where: str) -> int:
    """``python -m bot --clear-commands global|guild``: log in, clear, log out (no gateway, no timers)."""
    bot = ScheidsBot(database, dev_guild_id=config.dev_guild_id, sync_commands=False, start_scheduler=False)
    async with bot:
        await bot.login(config.token or "")
        await bot.clear_commands(where)
    return 0
