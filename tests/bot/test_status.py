"""/status on a server that pins it: one board per game, edited in place, posted anew if deleted."""

from __future__ import annotations

import discord

from .helpers import text_of


def manager(scene):
    """A member who manages the server and its messages."""
    role = scene.guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True, manage_messages=True))
    return scene.guild.add_member(scene.env.create_user("boss"), roles=[role])


async def status_message_id(scene, channel=None) -> int | None:
    return (await scene.db().load_game(scene.guild.id, (channel or scene.channel).id)).status_message_id


async def test_the_pinned_board_is_edited_rather_than_reposted(scene):
    boss = manager(scene)
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="supporting", personality="ordinary")
    result = await boss.slash(scene.channel, "game settings", pin_status=True)
    assert "Status board: pinned, and kept up to date by `/status`" in text_of(result)

    first = await scene.polly.slash(scene.channel, "status")
    [board] = scene.channel.pinned_messages()
    assert first.response.ephemeral
    assert first.response.content == f"The status board is posted and pinned: {board.jump_url}"
    assert board.embeds[0].title == "Before the first phase" and board.embeds[0].footer.text == "Updated by /status"
    assert [a.filename for a in board.attachments] == ["status.png"]
    assert await status_message_id(scene) == board.id

    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    shown = len(scene.channel.history())
    again = await scene.pete.slash(scene.channel, "status")
    [edited] = scene.channel.pinned_messages()
    assert again.response.ephemeral
    assert again.response.content == f"The status board is up to date: {board.jump_url}"
    assert edited.id == board.id and edited.embeds[0].title.startswith("Phase 1 — ")
    assert edited.embeds[0].title.endswith(" is up") and [a.filename for a in edited.attachments] == ["status.png"]
    assert len(scene.channel.history()) == shown                       # nothing new in the channel

    await boss.delete(edited)
    anew = await scene.pete.slash(scene.channel, "status")
    [board] = scene.channel.pinned_messages()
    assert board.id != edited.id and anew.response.content.endswith(board.jump_url)
    assert "posted and pinned" in anew.response.content
    assert await status_message_id(scene) == board.id


async def test_a_board_the_bot_may_not_pin_is_posted_and_the_user_told(scene):
    boss = manager(scene)
    await boss.slash(scene.channel, "game settings", pin_status=True)
    bot_member = scene.guild.me
    closed = scene.guild.create_text_channel(
        "back-room", overwrites={bot_member: discord.PermissionOverwrite(manage_messages=False)})
    await scene.dora.slash(closed, "game start")

    result = await scene.dora.slash(closed, "status")
    [board] = [m for m in closed.history() if m.embeds and m.interaction_metadata is None]
    assert result.response.ephemeral and "I could not pin it: give me the *Pin Messages* permission" in (
        result.response.content)
    assert closed.pinned_messages() == [] and await status_message_id(scene, closed) == board.id
    again = await scene.dora.slash(closed, "status")
    assert again.response.content == f"The status board is up to date: {board.jump_url}"
