"""/status: the board names each character's player, shows a big cast on pages, and on a server that pins it
is one board per game, edited in place (by /status, and a few seconds after each change), posted anew if
deleted."""

from __future__ import annotations

import discord

from bot.glue.client import REDRAW_BOARDS_AFTER
from bot.pictures import render_board_pages
from bot.pictures.status import PER_PAGE
from bot.rules.qotd.ruleset import QOTD

from tests.pictures.pixels import unlike

from .conftest import make_bot
from .helpers import slow_route, stored_game, text_of


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
    assert board.embeds[0].title == "Before the first phase"
    assert board.embeds[0].footer.text == "Kept up to date as the game goes"
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


async def board_of(result) -> bytes:
    """The status board picture a /status reply shows."""
    [attachment] = result.response.attachments
    return await attachment.read()


async def test_the_board_names_each_characters_player_also_those_not_seen_since_a_restart(scene, db_url):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="supporting", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Wyatt", type="main", personality="disciplined")
    await scene.dora.slash(scene.channel, "cast add", name="Ike", type="minor", personality="rash")
    state = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    named = render_board_pages(QOTD.board(state), {scene.pete.id: "pete", scene.polly.id: "polly",
                                                   scene.dora.id: "dora"})
    assert named != render_board_pages(QOTD.board(state))

    sent = await board_of(await scene.dora.slash(scene.channel, "status"))
    assert sent == named[0], unlike(sent, named[0])
    await scene.env.restart_bot(make_bot(db_url))               # the bot has seen nobody since dora asks:
    calls = len(scene.env.http_requests)
    with slow_route(scene.env.bot, "GET", "/guilds/*/members/*", 2.0):
        first = await scene.dora.slash(scene.channel, "status")  # it answers at once with the names it knows,
    sent, drawn = await board_of(first), render_board_pages(QOTD.board(state), {scene.dora.id: "dora"})[0]
    assert sent == drawn, unlike(sent, drawn)
    asked = [r.path for r in scene.env.http_requests[calls:]]
    assert asked[0].endswith("/callback")
    assert sum("/members/" in path for path in asked) == 2      # and asks Discord for the others meanwhile,
    sent = await board_of(await scene.dora.slash(scene.channel, "status"))
    assert sent == named[0], unlike(sent, named[0])   # for the next board

    scene.guild.remove_member(scene.polly)                     # a player who left the server is not named
    await scene.env.restart_bot(make_bot(db_url))
    await scene.dora.slash(scene.channel, "status")
    unnamed = render_board_pages(QOTD.board(state), {scene.pete.id: "pete", scene.dora.id: "dora"})
    assert await board_of(await scene.dora.slash(scene.channel, "status")) == unnamed[0]


async def test_a_cast_too_big_for_one_picture_is_shown_on_pages(scene):
    await scene.dora.slash(scene.channel, "game start")
    for n in range(PER_PAGE + 3):
        result = await scene.dora.slash(scene.channel, "cast add", name=f"Extra {n}", type="minor",
                                        personality="ordinary")
        assert not result.response.ephemeral, result.response.content
    result = await scene.dora.slash(scene.channel, "status")
    [embed] = result.response.embeds
    assert embed.description == f"{PER_PAGE + 3} in the cast, {PER_PAGE + 3} standing."
    assert embed.image.url == "attachment://status.png"
    state = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    pages = render_board_pages(QOTD.board(state), {scene.dora.id: "dora"})
    assert [a.filename for a in result.response.attachments] == ["status.png", "status-2.png"]
    assert [await a.read() for a in result.response.attachments] == pages


def edits_of(scene, message) -> int:
    """How many times the bot edited the message."""
    path = f"/channels/{message.channel.id}/messages/{message.id}"
    return sum(r.method == "PATCH" and r.path.endswith(path) for r in scene.env.http_requests)


async def test_the_pinned_board_is_redrawn_once_a_few_seconds_after_the_game_changes(scene):
    boss = manager(scene)
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="supporting", personality="ordinary")
    await boss.slash(scene.channel, "game settings", pin_status=True)
    await scene.polly.slash(scene.channel, "status")
    [board] = scene.channel.pinned_messages()

    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    await scene.dora.slash(scene.channel, "hold")                 # three changes in a few seconds
    await scene.env.advance_time(REDRAW_BOARDS_AFTER.total_seconds() - 1)
    assert edits_of(scene, board) == 0 and scene.channel.pinned_messages()[0].embeds[0].title == (
        "Before the first phase")
    await scene.env.advance_time(2)
    [redrawn] = scene.channel.pinned_messages()
    state = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert redrawn.id == board.id and edits_of(scene, board) == 1
    assert redrawn.embeds[0].title == f"Phase 1 — {state.deck.current} is up"
    sent, drawn = await redrawn.attachments[0].read(), render_board_pages(QOTD.board(state), {scene.pete.id: "pete"})[0]
    assert sent == drawn, unlike(sent, drawn)

    await scene.dora.slash(scene.channel, "undo")                 # an undo changes the game too
    await scene.env.advance_time(REDRAW_BOARDS_AFTER.total_seconds() + 1)
    assert edits_of(scene, board) == 2
    await scene.env.advance_time(3600)                            # and nothing more without a change
    assert edits_of(scene, board) == 2


async def test_boards_are_not_redrawn_where_the_server_does_not_pin_them(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="supporting", personality="ordinary")
    await scene.dora.slash(scene.channel, "status")
    await scene.dora.slash(scene.channel, "deal")
    await scene.env.advance_time(3600)
    assert [r for r in scene.env.http_requests if r.method == "PATCH"] == []
