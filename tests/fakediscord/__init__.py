"""Test harness: the real discord.py 2.7.1 against a fake Discord REST API on 127.0.0.1.

- :class:`FakeDiscord` (``server.py``): the fake API; records requests, messages, DMs, attachments.
- :class:`DiscordHarness` (``harness.py``): logs a client in against it and delivers interactions.
- ``payloads`` (``payloads.py``): real-shaped users, guilds, channels and INTERACTION_CREATE payloads.
- ``fixtures.py``: pytest fixtures (``fake_discord``).
"""

from . import payloads
from .harness import CapturedError, DiscordHarness, HarnessError, InvokeResult
from .server import EPHEMERAL, LOADING, Attachment, FakeDiscord, Interaction, Message, Part, Request

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

__all__ = [
    "Attachment",
    "CapturedError",
    "DiscordHarness",
    "EPHEMERAL",
    "FakeDiscord",
    "HarnessError",
    "Interaction",
    "InvokeResult",
    "LOADING",
    "Message",
    "PNG_SIGNATURE",
    "Part",
    "Request",
    "payloads",
]
