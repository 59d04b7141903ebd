"""The fake Discord refuses what Discord would refuse (its OpenAPI description and documented limits),
naming route, field and rule; and its failure modes (403, 500 now and then) behave like Discord's."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.conformance import Conformance, command_size

CHECK = Conformance.load()


def rules(method: str, path: str, body) -> list[str]:
    return [str(v) for v in CHECK.check(method, path, body)]


def command(**overrides) -> dict:
    base = {"name": "demo", "description": "A demo", "type": 1, "options": []}
    base.update(overrides)
    return base


def test_the_spec_fixture_is_small_and_carries_its_licence():
    from tests.fakediscord.conformance import SPEC_FILE

    assert SPEC_FILE.stat().st_size < 1_000_000
    licence = (SPEC_FILE.parent / "LICENSE").read_text()
    assert "MIT License" in licence and "Discord" in licence


def test_a_body_against_discords_schema_names_the_field():
    assert rules("POST", "/channels/1/messages", {"content": 5}) == [
        "POST /channels/{channel_id}/messages: content: 5 is not of type 'string', 'null'"
    ]
    problems = rules("POST", "/interactions/1/tok/callback", {"type": 4, "data": {"flags": "x"}})
    assert problems and all(p.startswith("POST /interactions/{interaction_id}/{interaction_token}/callback: ") for p in problems)


def test_snowflakes_may_be_integers_as_discord_accepts():
    assert rules("POST", "/users/@me/channels", {"recipient_id": 123}) == []
    assert rules("POST", "/users/@me/channels", {"recipient_id": "12x"}) != []


def test_message_limits():
    # the spec itself says 2,000 for webhooks (4,000 for channel messages: Nitro); the documented limit is 2,000
    assert "POST /webhooks/{webhook_id}/{webhook_token}: content: at most 2000 characters (2001)" in rules(
        "POST", "/webhooks/1/tok", {"content": "x" * 2001}
    )
    button = {"type": 2, "style": 1, "label": "go", "custom_id": "x" * 101}
    problems = rules("PATCH", "/webhooks/1/tok/messages/@original", {"components": [{"type": 1, "components": [button]}]})
    assert any("components.0.components.0.custom_id: 1-100 characters (101)" in p for p in problems)
    six_rows = [{"type": 1, "components": [dict(button, custom_id=f"b{i}")]} for i in range(6)]
    assert any("at most 5 action rows (6)" in p for p in rules("POST", "/channels/1/messages", {"components": six_rows}))


def test_autocomplete_limits():
    many = [{"name": f"m{i}", "value": f"m{i}"} for i in range(26)]
    assert any("at most 25 choices (26)" in p for p in rules("POST", "/interactions/1/t/callback", {"type": 8, "data": {"choices": many}}))
    long = [{"name": "ok", "value": "v" * 101}]
    problems = rules("POST", "/interactions/1/t/callback", {"type": 8, "data": {"choices": long}})
    assert any("data.choices.0.value" in p and "(101)" in p for p in problems)


def test_command_limits():
    assert any("must match" in p for p in rules("PUT", "/applications/1/commands", [command(name="Demo")]))
    assert any("description: 1-100" in p for p in rules("PUT", "/applications/1/commands", [command(description="d" * 101)]))
    options = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    assert any("at most 25 options (26)" in p for p in rules("PUT", "/applications/1/commands", [command(options=options)]))
    order = [{"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d", "required": True}]
    assert any("required options come before optional ones" in p for p in rules("PUT", "/applications/1/commands", [command(options=order)]))
    big = [
        {"type": 3, "name": f"o{i}", "description": "d" * 100, "choices": [{"name": "n" * 100, "value": "v" * 100} for _ in range(3)]}
        for i in range(20)
    ]
    assert command_size(command(options=big)) > 8000
    assert any("at most 8000 characters" in p for p in rules("PUT", "/applications/1/commands", [command(options=big)]))


def test_command_size_counts_the_longest_localisation():
    plain = command(description="abc")
    dutch = command(description="abc", description_localizations={"nl": "abcdefg"})
    assert command_size(dutch) - command_size(plain) == 4


async def test_the_fake_answers_a_refused_body_with_400_and_records_the_violation():
    async with FakeDiscord() as fake:
        async with aiohttp.ClientSession() as session:
            async with session.post(
                f"{fake.api_base}/channels/1/messages", json={"content": "x" * 2001}, headers={"Authorization": "Bot t"}
            ) as response:
                body = await response.json(content_type=None)
        assert response.status == 400 and body["code"] == 50035
        assert [str(v) for v in fake.violations] == [
            "POST /channels/{channel_id}/messages: content: at most 2000 characters (2001)"
        ]
        with pytest.raises(AssertionError, match="content: at most 2000"):
            fake.assert_conformant()
        fake.violations.clear()


async def test_a_followup_right_after_a_deferral_is_a_violation_unless_allowed():
    for allowed in (False, True):
        async with FakeDiscord(deprecated_followups=allowed) as fake:
            client = discord.Client(intents=discord.Intents.none())
            tree = discord.app_commands.CommandTree(client)

            @tree.command(name="slow", description="defer then followup")
            async def slow(interaction: discord.Interaction) -> None:
                await interaction.response.defer(thinking=True)
                await interaction.followup.send("done")

            from tests.fakediscord import DiscordHarness

            async with DiscordHarness(client, fake) as h:
                await h.slash("slow")
            assert bool(fake.violations) is not allowed
            fake.violations.clear()


async def test_fail_mode_answers_discord_errors_now_and_then():
    async with FakeDiscord() as fake:
        fake.fail("GET", r"^/users/@me$", code=50001, count=2, every=2)
        statuses = []
        async with aiohttp.ClientSession() as session:
            for _ in range(5):
                async with session.get(f"{fake.api_base}/users/@me", headers={"Authorization": "Bot t"}) as response:
                    body = await response.json(content_type=None)
                    statuses.append((response.status, body.get("code")))
        assert statuses == [(200, None), (403, 50001), (200, None), (403, 50001), (200, None)]
