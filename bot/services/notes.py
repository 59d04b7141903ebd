"""``/note``: a player's private notes on a match, kept with it and shown to their author only
(always as an ephemeral reply; never in history, export, or anyone else's answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import Msg
from bot.services import presenter
from bot.services.delivery import Delivery, reply
from bot.services.match import access
from bot.services.match.answers import Refused
from bot.services.people import Actor, Place
from bot.storage.models import NoteRow

if TYPE_CHECKING:
    from bot.services.match.core import Core

NOTE_LIMIT = 1000
"""The longest note, in characters (Discord's message limit leaves room for the list)."""
NOTES_SHOWN = 20
"""The most recent notes ``/note`` lists."""


async def note(core: Core, place: Place, actor: Actor, text: str) -> list[Delivery]:
    """Keep ``text`` as the actor's note on the match here (the live one, else the latest); without
    text, list the actor's notes on it. Only a player of the match keeps notes on it."""
    match = await access.latest(core, place)
    if match is None:
        raise access.no_match()
    if match.seat_of(actor.user_id) is None:
        raise Refused("replays.note_not_seated")
    text = text.strip()
    if text:
        if len(text) > NOTE_LIMIT:
            raise Refused("replays.note_too_long", {"most": NOTE_LIMIT, "length": len(text)})
        await core.repo.add_note(NoteRow(match_id=match.id, user_id=actor.user_id, at=core.clock.now(), text=text))
        return [reply(actor.language, Msg("replays.note_kept", {"id": match.id}), ephemeral=True)]
    notes = await core.repo.notes(match.id, actor.user_id)
    if not notes:
        return [reply(actor.language, Msg("replays.notes_none", {"id": match.id}), ephemeral=True)]
    head = Msg("replays.notes_head", {"id": match.id, "game": presenter.game_name(match.row.game), "count": len(notes)})
    lines = [Msg("replays.note_line", {"n": n, "text": row.text, "at": row.at})
             for n, row in enumerate(notes, start=1)][-NOTES_SHOWN:]
    return [reply(actor.language, head, *lines, ephemeral=True)]
