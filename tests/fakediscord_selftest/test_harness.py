"""Self-tests of the fake Discord harness, with a throwaway bot defined here."""

from __future__ import annotations

import asyncio
import io
import time
import zlib
import struct

import discord
import pytest
import pytest_asyncio
from discord import app_commands

from tests.fakediscord import PNG_SIGNATURE, DiscordHarness, FakeDiscord, HarnessError
from tests.fakediscord import payloads as P


def tiny_png() -> bytes:
    """A valid 1x1 PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00\xff\x00\x00")
    return PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


GAMES = ["chess", "checkers", "go", "stratego", "risk", "diplomacy"]


class JoinView(discord.ui.View):
    """A persistent view: timeout None, every item has a custom_id."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", style=discord.ButtonStyle.green, custom_id="selftest:join")
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} joined", ephemeral=True)


class CounterView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.count = 0

    @discord.ui.button(label="+1", custom_id="selftest:count")
    async def bump(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)


class ResetView(discord.ui.View):
    """A component answered with a deferred update (type 6), then an edit of the message it sits on."""

    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Reset", custom_id="selftest:reset")
    async def reset(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="reset done", view=None)
        await interaction.followup.send("only you see this", ephemeral=True)


class SeatButton(discord.ui.DynamicItem[discord.ui.Button], template=r"selftest:seat:(?P<seat>[0-9]+)"):
    def __init__(self, seat: int) -> None:
        super().__init__(discord.ui.Button(label=f"Seat {seat}", custom_id=f"selftest:seat:{seat}"))
        self.seat = seat

    @classmethod
    async def from_custom_id(cls, interaction, item, match):  # type: ignore[override]
        return cls(int(match["seat"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.display_name} took seat {self.seat}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Name your army"):
    army = discord.ui.TextInput(label="Army", custom_id="selftest:army")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"army {self.army.value} ready", ephemeral=True)


class SelftestClient(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.setup_hook_ran = False
        build_commands(self.tree)

    async def setup_hook(self) -> None:
        self.setup_hook_ran = True
        self.add_view(JoinView())
        self.add_dynamic_items(SeatButton)


def build_commands(tree: app_commands.CommandTree) -> None:
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="ping", description="Ephemeral pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    tree.add_command(demo)

    admin = app_commands.Group(name="admin", description="Admin", parent=None)
    game = app_commands.Group(name="game", description="Game admin", parent=admin)

    @game.command(name="reset", description="Reset the game")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(interaction: discord.Interaction, force: bool = False) -> None:
        await interaction.response.send_message(f"reset force={force}", ephemeral=True)

    @reset.error
    async def reset_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message("you may not", ephemeral=True)

    tree.add_command(admin)

    @tree.command(name="board", description="Post the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("The board", file=discord.File(io.BytesIO(tiny_png()), filename="board.png"))

    @tree.command(name="board_reply", description="Reply with the board")
    async def board_reply(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "board", file=discord.File(io.BytesIO(tiny_png()), filename="reply.png"), ephemeral=True
        )

    @tree.command(name="secret", description="DM a secret")
    async def secret(interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send(f"your secret card, {who.display_name}: ace of spades")
        except discord.Forbidden as e:
            await interaction.response.send_message(f"cannot DM {who.display_name} ({e.code})", ephemeral=True)
            return
        await interaction.response.send_message(f"sent to {who.display_name}", ephemeral=True)

    @tree.command(name="play", description="Pick a game")
    async def play(interaction: discord.Interaction, game: str, seats: int = 2) -> None:
        await interaction.response.send_message(f"playing {game} with {seats}")

    @play.autocomplete("game")
    async def play_game(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=g.title(), value=g) for g in GAMES if current.lower() in g][:25]

    @tree.command(name="lobby", description="Open a lobby")
    async def lobby(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Lobby open", view=JoinView())

    @tree.command(name="counter", description="A counter")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=CounterView())

    @tree.command(name="slow", description="Defer, then follow up")
    async def slow(interaction: discord.Interaction, private: bool = True, followup_ephemeral: bool = True) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        await asyncio.sleep(0)
        await interaction.followup.send("done thinking", ephemeral=followup_ephemeral)
        await interaction.followup.send("second followup", ephemeral=True)

    @tree.command(name="edit", description="Reply, then edit the reply")
    async def edit(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("draft")
        await interaction.edit_original_response(content="final")

    @tree.command(name="match", description="Create a match thread")
    async def match(interaction: discord.Interaction, private: bool = False) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
        thread = await interaction.channel.create_thread(name="Match 1", type=kind)
        await thread.add_user(interaction.user)
        await thread.send(f"Welcome {interaction.user.mention}")
        await interaction.response.send_message(f"thread {thread.id} cached={interaction.guild.get_thread(thread.id) is not None}")

    @tree.command(name="discuss", description="Start a thread on the reply")
    async def discuss(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("discussion")
        msg = await interaction.original_response()
        thread = await msg.create_thread(name="Discussion")
        await thread.send("first post")

    @tree.command(name="resettable", description="A message with a reset button")
    async def resettable(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("state: messy", view=ResetView())

    @tree.command(name="seats", description="Seat buttons")
    async def seats(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        for seat in (1, 2):
            view.add_item(SeatButton(seat))
        await interaction.response.send_message("pick a seat", view=view)

    @tree.command(name="tidy", description="Send, edit, delete a channel message")
    async def tidy(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        temp = await interaction.channel.send("temporary")
        kept = await interaction.channel.send(embed=discord.Embed(title="Score", description="alice 3"))
        await temp.edit(content="temporary, edited")
        await temp.delete()
        await kept.edit(embed=discord.Embed(title="Score", description="alice 4").add_field(name="bob", value="2"))
        fetched = await interaction.channel.fetch_message(kept.id)
        await interaction.followup.send(f"kept {fetched.embeds[0].description}")

    @tree.command(name="report", description="Defer, then a followup with a file")
    async def report(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await interaction.followup.send("report", file=discord.File(io.BytesIO(tiny_png()), filename="report.png"))

    @tree.command(name="name", description="Name your army")
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @tree.command(name="whoami", description="Where am I")
    async def whoami(interaction: discord.Interaction) -> None:
        where = interaction.channel.name if isinstance(interaction.channel, discord.TextChannel) else "dm"
        guild = interaction.guild.name if interaction.guild else None
        await interaction.response.send_message(
            f"{interaction.user.name}/{interaction.user.display_name} in {where} guild={guild} "
            f"locale={interaction.locale.value} admin={interaction.permissions.manage_guild}",
            ephemeral=True,
        )

    @tree.command(name="emojis", description="Calls a route the fake does not know")
    async def emojis(interaction: discord.Interaction) -> None:
        try:
            await interaction.guild.fetch_emojis()
        except discord.NotFound:
            await interaction.response.send_message("no emojis", ephemeral=True)

    @tree.command(name="slowwork", description="Works on, slowly, as a loaded machine does")
    async def slowwork(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await asyncio.to_thread(trickle, WORK_BURSTS)
        await interaction.followup.send("done working")

    @tree.command(name="stuck", description="Waits for something that never comes")
    async def stuck(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await asyncio.Event().wait()

    @tree.command(name="boom", description="Fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")


WORK_BURSTS = 40
"""``/slowwork``'s bursts of work: ``WORK_BURST`` of processor time each, a pause after each."""
WORK_BURST = 0.004
"""Seconds of processor time a burst takes (``time.thread_time``: however loaded the machine)."""
STEP_TIMEOUT = 0.3
"""The harness's timeout in the timeout tests: /slowwork's pauses alone outlast it (40 x 10 ms)."""


def trickle(bursts: int) -> None:
    """Work as a step on a loaded machine does: a little processor time, then a pause (another
    process has the core), ``bursts`` times; at least ``bursts`` x 10 ms of wall time."""
    for _ in range(bursts):
        began = time.thread_time()
        while time.thread_time() - began < WORK_BURST:
            pass
        time.sleep(0.01)


@pytest_asyncio.fixture
async def h(fake_discord: FakeDiscord):
    client = SelftestClient()
    async with DiscordHarness(client, fake_discord) as harness:
        yield harness


# ------------------------------------------------------------------------------------------------


async def test_login_and_world(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    client = h.client
    assert client.setup_hook_ran
    assert client.user is not None and client.user.id == fake_discord.bot_id
    assert client.application_id == fake_discord.application_id
    paths = [(r.method, r.path) for r in fake_discord.requests]
    assert paths[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    assert fake_discord.requests[0].headers["Authorization"] == "Bot fake-token"
    guild = client.get_guild(int(h.guild["id"]))
    assert guild is not None and guild.name == "Scheids Test"
    assert guild.me is not None
    assert [c.name for c in guild.text_channels] == ["general", "games"]
    assert client.is_ready()
    assert client.ws is None  # no gateway
    assert discord.http.Route.BASE == fake_discord.api_base


async def test_ping_is_ephemeral(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    result = await h.slash("demo ping", user=h.bob)
    assert [(r.method, r.path.split("/")[1]) for r in result] == [("POST", "interactions")]
    callback = result[0]
    assert callback.path == f"/interactions/{result.interaction.id}/{result.interaction.token}/callback"
    assert callback.query == {"with_response": "1"}
    assert callback.headers["Content-Type"] == "application/json"
    assert callback.json["type"] == 4
    assert callback.json["data"]["content"] == "pong"
    assert callback.json["data"]["flags"] & 64
    reply = fake_discord.last_reply()
    assert reply is result.reply
    assert reply.content == "pong" and reply.ephemeral and reply.kind == "response"
    assert fake_discord.audience(reply) == {int(h.bob["id"])}
    assert reply not in fake_discord.visible_to(h.alice["id"])
    assert fake_discord.interaction_replies(result.interaction.id) == [reply]
    assert not fake_discord.unhandled and not fake_discord.errors


async def test_interaction_context(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("whoami", user=h.carol, channel=h.channels["games"], locale="nl")
    assert r.reply.content == "carol/Carol in games guild=Scheids Test locale=nl admin=False"
    r = await h.slash("whoami", user=h.carol, permissions=P.MANAGER_PERMISSIONS)
    assert r.reply.content.endswith("admin=True")
    # in a DM with the bot: user instead of member, no guild
    r = await h.slash("whoami", user=h.dave, channel=h.dm_channel(h.dave))
    assert r.reply.content == "dave/Dave in dm guild=None locale=en-US admin=False"
    assert r.interaction.payload["context"] == 1 and "member" not in r.interaction.payload
    # channels and users added on the fly
    war_room = h.add_channel("war-room")
    eve = h.user("eve", global_name="Eve the Great")
    r = await h.slash("whoami", user=eve, channel=war_room)
    assert r.reply.content == "eve/Eve the Great in war-room guild=Scheids Test locale=en-US admin=False"


async def test_admin_check_and_group_nesting(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("admin game reset", {"force": True}, user=h.alice)
    assert r.reply.content == "you may not"
    r = await h.slash("admin game reset", {"force": True}, user=h.alice, permissions=P.MEMBER_PERMISSIONS | P.MANAGE_GUILD)
    assert r.reply.content == "reset force=True"
    options = r.interaction.payload["data"]["options"]
    assert options[0]["type"] == 2 and options[0]["name"] == "game"
    assert options[0]["options"][0] == {"name": "reset", "type": 1, "options": [{"name": "force", "type": 5, "value": True}]}


async def test_channel_message_with_png(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    result = await h.slash("board")
    posts = [r for r in result if r.path == f"/channels/{h.channel['id']}/messages"]
    assert len(posts) == 1
    post = posts[0]
    assert post.headers["Content-Type"].startswith("multipart/form-data")
    assert [p.name for p in post.parts] == ["payload_json", "files[0]"]
    assert post.json["content"] == "The board"
    assert post.json["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert post.files[0].filename == "board.png" and post.files[0].data.startswith(PNG_SIGNATURE)

    [msg] = fake_discord.messages(h.channel["id"], kind="channel")
    assert msg.content == "The board" and not msg.ephemeral
    att = msg.attachment("board.png")
    assert att.data.startswith(PNG_SIGNATURE) and att.content_type == "image/png"
    assert fake_discord.audience(msg) is None  # everyone in the guild
    # the attachment is served, so discord.Attachment.read() works
    assert await h.client.http.get_from_cdn(att.url) == att.data


async def test_reply_with_attachment(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    result = await h.slash("board_reply")
    callback = result[0]
    assert callback.headers["Content-Type"].startswith("multipart/form-data")
    assert callback.json == {
        "type": 4,
        "data": {"content": "board", "tts": False, "flags": 64, "attachments": [{"id": 0, "filename": "reply.png"}]},
    }
    assert callback.files[0].filename == "reply.png" and callback.files[0].data.startswith(PNG_SIGNATURE)
    reply = result.reply
    assert reply.ephemeral
    assert reply.attachment().data.startswith(PNG_SIGNATURE)


async def test_dm_and_closed_dm(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("secret", {"who": h.bob}, user=h.alice)
    assert r.reply.content == "sent to Bob"
    assert ("POST", "/users/@me/channels") in [(q.method, q.path) for q in r]
    create_dm = next(q for q in r if q.path == "/users/@me/channels")
    assert create_dm.json == {"recipient_id": int(h.bob["id"])}  # discord.py sends an int
    [dm] = fake_discord.dms(h.bob["id"])
    assert dm.content == "your secret card, Bob: ace of spades" and dm.kind == "dm"
    assert fake_discord.audience(dm) == {int(h.bob["id"])}
    assert dm in fake_discord.visible_to(h.bob["id"]) and dm not in fake_discord.visible_to(h.alice["id"])
    assert fake_discord.dms(h.alice["id"]) == []

    fake_discord.close_dms(h.carol["id"])
    r = await h.slash("secret", {"who": h.carol}, user=h.alice)
    assert r.reply.content == "cannot DM Carol (50007)"
    assert fake_discord.dms(h.carol["id"]) == []
    [refused] = [q for q in r if q.status == 403]
    assert refused.response == {"message": "Cannot send messages to this user", "code": 50007}


async def test_user_option_resolves_member(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    payload = h.slash_payload("secret", {"who": h.carol})
    resolved = payload["data"]["resolved"]
    assert resolved["users"][h.carol["id"]]["username"] == "carol"
    assert "user" not in resolved["members"][h.carol["id"]]
    await h.invoke(payload)
    assert fake_discord.dms(h.carol["id"])[0].content.startswith("your secret card, Carol")


async def test_autocomplete(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    choices = await h.autocomplete("play", {"game": "che", "seats": 3}, focused="game")
    assert choices == [{"name": "Chess", "value": "chess"}, {"name": "Checkers", "value": "checkers"}]
    assert fake_discord.autocomplete_choices() == choices
    rec = fake_discord.interaction()
    assert rec.type == 4 and rec.response_type == 8 and rec.callbacks == [{"type": 8, "data": {"choices": choices}}]
    focused = [o for o in rec.payload["data"]["options"] if o.get("focused")]
    assert focused == [{"name": "game", "type": 3, "focused": True, "value": "che"}]
    assert fake_discord.messages() == []


async def test_persistent_view_click(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("lobby")
    lobby = r.reply
    assert not lobby.ephemeral
    assert lobby.custom_ids() == ["selftest:join"]
    # click on the message the bot sent
    r = await h.click("selftest:join", lobby, user=h.dave)
    assert r.reply.content == "Dave joined" and r.reply.ephemeral
    assert r.interaction.type == 3
    # a persistent view also answers a click on a message it never saw (e.g. after a restart)
    r = await h.click("selftest:join", user=h.carol)
    assert r.reply.content == "Carol joined"


async def test_component_update_message(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("counter")
    msg = r.reply
    r1 = await h.click("selftest:count", msg, user=h.bob)
    assert r1[0].json["type"] == 7
    assert r1.reply is msg and msg.content == "count 1"
    await h.click("selftest:count", msg, user=h.bob)
    assert msg.content == "count 2"
    assert [s["content"] for s in msg.history] == ["count 0", "count 1"]
    assert msg.custom_ids() == ["selftest:count"]


async def test_defer_then_followups(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("slow")
    assert [q.json.get("type") if q.path.startswith("/interactions") else q.path for q in r] == [
        5,
        f"/webhooks/{fake_discord.application_id}/{r.interaction.token}",
        f"/webhooks/{fake_discord.application_id}/{r.interaction.token}",
    ]
    assert r[0].json == {"type": 5, "data": {"flags": 64}}
    first, second = r.replies
    assert first.kind == "response" and first.content == "done thinking" and first.ephemeral and not first.loading
    assert first.history[0]["flags"] & 128  # it was the "thinking..." message
    assert second.kind == "followup" and second.content == "second followup" and second.ephemeral
    assert fake_discord.last_reply() is second


async def test_first_followup_after_public_defer_is_public(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    # Discord ignores the followup's ephemeral flag for the first followup after a deferral
    r = await h.slash("slow", {"private": False, "followup_ephemeral": True})
    first, second = r.replies
    assert r[1].json["flags"] & 64  # the bot asked for ephemeral...
    assert not first.ephemeral  # ...but it filled the public "thinking..." message
    assert fake_discord.audience(first) is None
    assert second.ephemeral


async def test_edit_original(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("edit")
    assert [q.method for q in r] == ["POST", "PATCH"]
    assert r[1].path == f"/webhooks/{fake_discord.application_id}/{r.interaction.token}/messages/@original"
    assert r.reply.content == "final" and r.reply.history[0]["content"] == "draft"


async def test_thread_creation(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("match", user=h.alice)
    create = next(q for q in r if q.path == f"/channels/{h.channel['id']}/threads")
    assert create.json["name"] == "Match 1" and create.json["type"] == 11
    [thread] = fake_discord.threads()
    assert thread["type"] == 11 and thread["parent_id"] == h.channel["id"] and thread["name"] == "Match 1"
    [post] = fake_discord.messages(thread["id"])
    assert post.content == f"Welcome <@{h.alice['id']}>"
    assert r.reply.content == f"thread {thread['id']} cached=True"  # THREAD_CREATE was fed to the client
    g = h.client.get_guild(int(h.guild["id"]))
    assert g.get_thread(int(thread["id"])).name == "Match 1"
    got = await h.client.fetch_channel(int(thread["id"]))
    assert isinstance(got, discord.Thread)


async def test_private_thread_audience(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    await h.slash("match", {"private": True}, user=h.bob)
    [thread] = fake_discord.threads()
    assert thread["type"] == 12
    [post] = fake_discord.messages(thread["id"])
    assert fake_discord.audience(post) == {fake_discord.bot_id, int(h.bob["id"])}
    assert post not in fake_discord.visible_to(h.alice["id"])


async def test_thread_from_message(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("discuss")
    original = r.reply
    create = next(q for q in r if q.path.endswith("/threads"))
    assert create.path == f"/channels/{h.channel['id']}/messages/{original.id}/threads"
    [thread] = fake_discord.threads()
    assert int(thread["id"]) == original.id and thread["type"] == 11
    assert [m.content for m in fake_discord.messages(thread["id"])] == ["first post"]


async def test_modal(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("name")
    modal = r.interaction.modal
    assert r.interaction.response_type == 9 and modal["title"] == "Name your army"
    r = await h.submit_modal(modal["custom_id"], {"selftest:army": "Blue"})
    assert r.reply.content == "army Blue ready"
    r = await h.slash("name")
    r = await h.submit_modal(r.interaction.modal["custom_id"], {"selftest:army": "Red"}, labelled=False)
    assert r.reply.content == "army Red ready"


async def test_rate_limit_retry_rest_and_webhook(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    fake_discord.rate_limit("POST", r"^/channels/\d+/messages$", retry_after=0.02)
    fake_discord.rate_limit("POST", r"/callback$", retry_after=0.02)
    r = await h.slash("board")
    statuses = [(q.path.rsplit("/", 1)[-1], q.status) for q in r]
    assert statuses == [("callback", 429), ("callback", 200), ("messages", 429), ("messages", 200)]
    limited = r[0]
    assert limited.rate_limited
    assert limited.response["retry_after"] == 0.02
    # the retried upload carried the file again
    assert r[3].files[0].data.startswith(PNG_SIGNATURE)
    assert len(fake_discord.messages(h.channel["id"], kind="channel")) == 1


async def test_sync_records_commands(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    synced = await h.client.tree.sync()
    put = fake_discord.find_requests("PUT", r"/applications/\d+/commands$")[0]
    assert put.path == f"/applications/{fake_discord.application_id}/commands"
    names = sorted(c["name"] for c in fake_discord.synced_commands())
    assert names == sorted(c.name for c in synced)
    demo = next(c for c in fake_discord.synced_commands() if c["name"] == "demo")
    assert demo["options"][0]["name"] == "ping" and demo["options"][0]["type"] == 1
    play = next(c for c in fake_discord.synced_commands() if c["name"] == "play")
    assert play["options"][0]["autocomplete"] is True
    reset_group = next(c for c in fake_discord.synced_commands() if c["name"] == "admin")
    assert reset_group["options"][0]["options"][0]["name"] == "reset"
    # guild sync
    guild = discord.Object(int(h.guild["id"]))
    h.client.tree.copy_global_to(guild=guild)
    await h.client.tree.sync(guild=guild)
    assert {c["name"] for c in fake_discord.synced_commands(h.guild["id"])} == set(names)
    assert all(c["guild_id"] == h.guild["id"] for c in fake_discord.synced_commands(h.guild["id"]))


async def test_unhandled_routes_are_recorded(fake_discord: FakeDiscord) -> None:
    client = SelftestClient()
    async with DiscordHarness(client, fake_discord) as h:
        r = await h.slash("emojis")
        assert r.reply.content == "no emojis"
        assert [(q.method, q.path) for q in fake_discord.unhandled] == [("GET", f"/guilds/{h.guild['id']}/emojis")]
    fake_discord.unhandled.clear()  # the fixture asserts there are none


async def test_bot_errors_fail_the_step(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    with pytest.raises(HarnessError, match="kaboom"):
        await h.slash("boom")
    r = await h.slash("boom", raise_errors=False)
    assert isinstance(r.errors[0].exception.__cause__, RuntimeError)
    with pytest.raises(HarnessError, match="CommandNotFound|not found"):
        await h.slash("nosuchcommand")
    assert len(fake_discord.unanswered()) == 3  # each failure left the user with "did not respond"
    fake_discord.excuse_unanswered()


async def test_an_interaction_never_answered_fails_the_test(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    with pytest.raises(HarnessError):
        await h.slash("nosuchcommand")
    with pytest.raises(AssertionError, match="never answered"):
        fake_discord.assert_conformant()
    fake_discord.violations.clear()


async def test_a_first_answer_after_three_seconds_is_refused(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    """Measured on the fake's clock from the dispatch: here the clock moves 3.5 s before the bot runs."""
    payload = h.slash_payload("demo ping")
    fake_discord.register_interaction(payload)
    fake_discord.advance(3.5)
    with pytest.raises(HarnessError, match="10062"):
        await h.invoke(payload)
    assert "answered 3.5 s after it was sent (Discord allows 3 s)" in str(fake_discord.violations[0])
    fake_discord.violations.clear()
    fast = await h.slash("demo ping")  # within the window: answered as usual
    assert fast.interaction.responded and not fake_discord.violations


async def test_an_interaction_token_lasts_fifteen_minutes(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    import aiohttp

    r = await h.slash("demo ping")
    url = f"{fake_discord.api_base}/webhooks/{fake_discord.application_id}/{r.interaction.token}"
    async with aiohttp.ClientSession() as session:
        fake_discord.advance(14 * 60)
        async with session.post(url, json={"content": "still in time"}) as answer:
            assert answer.status == 200
        fake_discord.advance(2 * 60)
        async with session.post(url, json={"content": "too late"}) as answer:
            assert answer.status == 401 and (await answer.json())["code"] == 50027
    assert "token used 16.0 min after the interaction (Discord keeps it 15 min)" in str(fake_discord.violations[0])
    fake_discord.violations.clear()


async def test_callback_twice_is_rejected(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    payload = h.slash_payload("demo ping")
    await h.invoke(payload)
    with pytest.raises(HarnessError, match="40060"):
        await h.invoke(payload)  # the same interaction again: Discord refuses a second callback


async def test_no_leftovers_after_close(fake_discord: FakeDiscord) -> None:
    before = set(asyncio.all_tasks())
    client = SelftestClient()
    async with DiscordHarness(client, fake_discord) as h:
        await h.slash("counter")  # a view with a timeout: a timeout task runs
        await h.slash("lobby")
        assert client.persistent_views
    assert client.is_closed()
    assert client.http._HTTPClient__session.closed
    await asyncio.sleep(0)
    leftovers = [t for t in asyncio.all_tasks() if t not in before and t is not asyncio.current_task()]
    assert leftovers == []


async def test_patch_is_restored() -> None:
    base = discord.http.Route.BASE
    gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        assert discord.http.Route.BASE == f"http://127.0.0.1:{fake.port}/api/v10"
        assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY.host == "127.0.0.1"
    assert discord.http.Route.BASE == base == "https://discord.com/api/v10"
    assert discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY == gateway


async def test_harness_owns_its_fake_when_none_given() -> None:
    client = SelftestClient()
    async with DiscordHarness(client) as h:
        r = await h.slash("demo ping")
        assert h.fake.last_reply().content == "pong" and r.reply.ephemeral
    assert discord.http.Route.BASE == "https://discord.com/api/v10"


async def test_deferred_component_update(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    msg = (await h.slash("resettable")).reply
    r = await h.click("selftest:reset", msg, user=h.carol)
    assert r[0].json == {"type": 6}
    assert r[1].method == "PATCH" and r[1].path.endswith("/messages/@original")
    assert msg.content == "reset done" and msg.components == []
    assert r.replies[0] is msg
    note = r.replies[1]
    assert note.kind == "followup" and note.ephemeral  # after a type 6 the first followup is a new message
    assert fake_discord.audience(note) == {int(h.carol["id"])}


async def test_dynamic_items(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    msg = (await h.slash("seats")).reply
    assert msg.custom_ids() == ["selftest:seat:1", "selftest:seat:2"]
    r = await h.click("selftest:seat:2", msg, user=h.bob)
    assert r.reply.content == "Bob took seat 2"


async def test_channel_message_edit_delete_fetch(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("tidy")
    assert [(q.method, q.status) for q in r if q.path.startswith("/channels/")] == [
        ("POST", 200), ("POST", 200), ("PATCH", 200), ("DELETE", 204), ("PATCH", 200), ("GET", 200),
    ]
    [kept] = fake_discord.messages(h.channel["id"], kind="channel")
    assert kept.embeds[0]["description"] == "alice 4" and "bob\n2" in kept.text
    [temp] = [m for m in fake_discord.messages(h.channel["id"], kind="channel", include_deleted=True) if m.deleted]
    assert temp.content == "temporary, edited"
    assert r.reply.content == "kept alice 4"


async def test_followup_with_file_fills_deferred_message(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    r = await h.slash("report")
    follow = r[1]
    assert [p.name for p in follow.parts] == ["payload_json", "files[0]"]
    [msg] = r.replies
    assert msg.kind == "response" and msg.ephemeral
    assert msg.attachment("report.png").data.startswith(PNG_SIGNATURE)


async def test_rest_lookups(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    client = h.client
    g = await client.fetch_guild(int(h.guild["id"]))
    assert g.name == "Scheids Test"
    member = await g.fetch_member(int(h.bob["id"]))
    assert member.display_name == "Bob"
    user = await client.fetch_user(int(h.carol["id"]))
    assert user.name == "carol" and user.global_name == "Carol"
    channel = await client.fetch_channel(int(h.channel["id"]))
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
    assert [c.name for c in await g.fetch_channels()] == ["general", "games"]
    with pytest.raises(discord.NotFound):
        await g.fetch_member(1)
    assert fake_discord.errors[-1].response["code"] == 10007


async def test_with_commands_bot(fake_discord: FakeDiscord) -> None:
    from discord.ext import commands

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(name="hello", description="Hello")
    async def hello(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {interaction.user.mention}")

    async with DiscordHarness(bot, fake_discord) as h:
        r = await h.slash("hello", user=h.dave)
        assert r.reply.content == f"hello <@{h.dave['id']}>" and not r.reply.ephemeral


async def test_unauthorised_calls_are_refused(fake_discord: FakeDiscord) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake_discord.api_base}/users/@me") as resp:
            assert resp.status == 401
            assert resp.headers["Content-Type"] == "application/json"
            assert await resp.json() == {"message": "401: Unauthorized", "code": 0}


async def test_setup_hook_guild_sync_with_fixed_guild_id(fake_discord: FakeDiscord) -> None:
    dev_guild = 1111111111111111111

    class SyncingClient(SelftestClient):
        async def setup_hook(self) -> None:
            await super().setup_hook()
            guild = discord.Object(dev_guild)
            self.tree.copy_global_to(guild=guild)
            self.synced = await self.tree.sync(guild=guild)

    client = SyncingClient()
    async with DiscordHarness(client, fake_discord, guild_id=dev_guild) as h:
        assert h.guild["id"] == str(dev_guild)
        assert {c.name for c in client.synced} >= {"demo", "play"}
        assert fake_discord.synced_commands(dev_guild)[0]["guild_id"] == str(dev_guild)
        r = await h.slash("demo ping", command_guild_id=dev_guild)
        assert r.reply.content == "pong"


async def test_a_file_over_the_interactions_size_limit_is_refused(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    small = len(tiny_png()) - 1  # the reply's picture is one byte too large here
    with pytest.raises(HarnessError, match="40005"):
        await h.slash("board_reply", attachment_size_limit=small)
    assert "reply.png has" in str(fake_discord.violations[0]) and f"the limit here is {small}" in str(fake_discord.violations[0])
    fake_discord.violations.clear()
    fake_discord.excuse_unanswered()
    fits = await h.slash("board_reply", attachment_size_limit=len(tiny_png()))
    assert fits.reply.attachments


async def test_dms_refused_for_no_mutual_server(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    fake_discord.close_dms(h.carol["id"], code=50278)
    r = await h.slash("secret", {"who": h.carol}, user=h.alice)
    assert r.reply.content == "cannot DM Carol (50278)"
    [refused] = [q for q in r if q.status == 403]
    assert refused.response["code"] == 50278 and "no mutual guilds" in refused.response["message"]


async def test_a_step_that_works_on_is_waited_for_however_slow(h: DiscordHarness) -> None:
    """The timeout bounds a step's work, not the wall clock: a step that keeps working (the bot's
    process or its workers use the processor) is waited for past it, as on a loaded machine."""
    h.timeout = STEP_TIMEOUT
    began = time.monotonic()
    r = await h.slash("slowwork")
    assert time.monotonic() - began > STEP_TIMEOUT  # past the timeout in wall time, by its pauses
    assert r.reply.content == "done working"


async def test_a_step_that_waits_for_nothing_times_out(h: DiscordHarness) -> None:
    """A step whose handler waits for what never comes (no work meanwhile) fails after the
    timeout, naming the task still running."""
    h.timeout = STEP_TIMEOUT
    with pytest.raises(TimeoutError, match="CommandTree-invoker"):
        await h.slash("stuck")


async def test_a_message_sent_again_with_its_nonce_is_the_one_made_before(h: DiscordHarness, fake_discord: FakeDiscord) -> None:
    """Discord's create message: "If true and nonce is present, it will be checked for uniqueness
    in the past few minutes. If another message was created by the same author with the same
    nonce, that message will be returned and no new message will be created." (``enforce_nonce``;
    discord.py sends it with every nonce.)"""
    channel = h.client.get_channel(int(h.channel["id"]))
    other = h.client.get_channel(int(h.channels["games"]["id"]))
    first = await channel.send("told once", nonce="league-1-result-2")
    again = await channel.send("told once", nonce="league-1-result-2")
    assert again.id == first.id
    assert [m.content for m in fake_discord.messages(h.channel["id"], kind="channel")] == ["told once"]
    elsewhere = await other.send("told once", nonce="league-1-result-2")  # another channel: another message
    assert elsewhere.id != first.id
    fake_discord.advance(fake_discord.nonce_window + 1)  # no longer "the past few minutes"
    later = await channel.send("told once", nonce="league-1-result-2")
    assert later.id != first.id
    assert len(fake_discord.messages(h.channel["id"], kind="channel")) == 2
    unchecked = await channel.send("no nonce")
    assert unchecked.id not in (first.id, later.id)
