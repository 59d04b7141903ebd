"""The channel permissions the bot needs, checked before it commits to anything.

Answers to interactions go through the interaction's webhook and need no channel permission;
what does need them is posting in a channel or thread later (the board when a clock runs out,
notes, the opening post of a new thread). A match is only opened where those will work, and
the refusal names exactly what is missing. README lists the same permissions for the invite.
"""

from __future__ import annotations

import discord

from bot.i18n import Msg

# Discord's permission attribute names (discord.Permissions) in the order we name them.
POST_IN_CHANNEL = ("view_channel", "send_messages", "attach_files")
POST_IN_THREAD = ("view_channel", "send_messages_in_threads", "attach_files")
OPEN_THREAD = ("view_channel", "create_public_threads", "send_messages_in_threads", "attach_files")

#: Everything the bot may need anywhere: the permissions integer of the invite URL in README.
INVITE = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    attach_files=True,
)


def is_thread(channel: object) -> bool:
    return isinstance(channel, discord.Thread)


def match_needs(channel: object) -> tuple[str, ...]:
    """What a match living in ``channel`` needs to post there."""
    return POST_IN_THREAD if is_thread(channel) else POST_IN_CHANNEL


def missing(granted: discord.Permissions, needs: tuple[str, ...]) -> list[str]:
    """The names in ``needs`` that ``granted`` lacks (an administrator lacks nothing)."""
    if granted.administrator:
        return []
    return [name for name in needs if not getattr(granted, name)]


def worded(names: list[str]) -> list[Msg]:
    """Permission names as Discord shows them, in the reader's language."""
    return [Msg(f"core.permission_{name}") for name in names] or [Msg("core.permission_unknown")]
