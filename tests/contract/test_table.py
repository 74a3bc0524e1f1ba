"""The contract of a game's table, met by every registered ruleset and High Noon: `/game start ruleset:`,
joining and leaving, casting, `/status`, `/help`, refusals that change nothing, and `/game end`."""

from __future__ import annotations

import pytest

from bot.glue.replies import markdown
from bot.pictures import render_board_pages
from tests.bot.helpers import View, end_game, png, refused, stored_rows, text_of
from tests.pictures.pixels import unlike

from .conftest import KEYS
from .driving import PLAYERS, Play, public

pytestmark = pytest.mark.asyncio(loop_scope="module")
"""Every contract of the module plays in the module's one Discord (see conftest.py)."""


async def test_game_start_names_the_ruleset_stores_it_and_help_in_the_channel_names_it(scene, key):
    play = Play(scene, key)
    started = public(await play.start())
    assert play.ruleset.title in started
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert (row.ruleset, row.director_id) == (key, scene.dora.id)
    assert (await play.state()).characters == {}
    before = await play.view()
    refused(await scene.pete.slash(scene.channel, "game start", ruleset=key), "already")
    assert await play.view() == before
    [embed] = (await scene.stranger.slash(scene.channel, "help")).response.embeds
    fields = {field.name: field.value for field in embed.fields}
    told = fields[f"This channel plays {play.ruleset.title}"]
    assert told.splitlines()[0] == markdown(play.ruleset.help()).splitlines()[0]


async def test_a_player_joins_takes_a_seat_and_gives_it_up_once_no_character_of_theirs_is_cast(scene, key):
    play = Play(scene, key)
    await play.start()
    public(await scene.pete.slash(scene.channel, "game join"))
    assert scene.pete.id in (await play.state()).seats
    before = await play.view()
    refused(await scene.pete.slash(scene.channel, "game join"))
    assert await play.view() == before
    await play.cast("pete", "Kid")
    await scene.pete.slash(scene.channel, "game leave")                   # stops the pings; the seat stays
    state = await play.state()
    assert scene.pete.id in state.seats and [c.name for c in state.characters.values()] == ["Kid"]
    public(await scene.pete.slash(scene.channel, "cast remove", character="Kid"))
    public(await scene.pete.slash(scene.channel, "game leave"))
    assert scene.pete.id not in (await play.state()).seats
    assert await play.mirrored("players", "user_id") == []


async def test_a_director_casts_a_character_for_a_player_who_then_plays_it(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    cast = await scene.dora.slash(scene.channel, play.cast_command, name="Joe", player=scene.polly, **play.casting)
    public(cast)
    joe = next(c for c in (await play.state()).characters.values() if c.name == "Joe")
    assert joe.owner == scene.polly.id
    refused(await scene.pete.slash(scene.channel, "cast remove", character="Joe"), "not yours")
    public(await scene.polly.slash(scene.channel, "cast remove", character="Joe"))


async def test_each_player_casts_a_character_that_the_cast_list_and_the_board_name(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    state = await play.state()
    assert {c.name: c.owner for c in state.characters.values()} == {"Kid": scene.pete.id, "Ann": scene.polly.id}
    listed = public(await scene.stranger.slash(scene.channel, "cast list"))
    assert all(f"**{name}**" in listed for name in PLAYERS.values()), listed
    assert sorted(row.name for row in play.ruleset.board(state).rows) == sorted(PLAYERS.values())
    shown = public(await scene.stranger.slash(scene.channel, "cast show", character="Ann"))
    assert "Ann" in shown
    assert await play.mirrored("characters", "name, owner_id") == [("Ann", scene.polly.id), ("Kid", scene.pete.id)]
    assert await play.mirrored("players", "user_id") == sorted([(scene.pete.id,), (scene.polly.id,)])


async def test_a_player_removes_their_character_from_the_game_and_its_mirror(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    before = await play.view()
    refused(await scene.pete.slash(scene.channel, "cast remove", character="Ann"), "not yours")
    assert await play.view() == before
    removed = public(await scene.polly.slash(scene.channel, "cast remove", character="Ann"))
    assert "Ann" in removed and "leaves the cast" in removed
    assert [c.name for c in (await play.state()).characters.values()] == ["Kid"]
    assert await play.mirrored("characters", "name") == [("Kid",)]


async def test_status_answers_with_a_png_of_the_rulesets_board(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    status = await scene.stranger.slash(scene.channel, "status")
    public(status)
    picture = await status.response.attachments[0].read()
    assert png(picture)
    owners = {scene.pete.id: "pete", scene.polly.id: "polly"}
    drawn = render_board_pages(play.ruleset.board(await play.state()), owners)[0]
    assert picture == drawn, unlike(picture, drawn)


async def test_an_unknown_character_is_refused_ephemerally_and_changes_nothing(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    before, rows = await play.view(), await stored_rows(scene.db())
    refused(await scene.pete.slash(scene.channel, "cast show", character="Nobody"), "Nobody")
    refused(await scene.pete.slash(scene.channel, "cast remove", character="Nobody"), "Nobody")
    refused(await scene.dora.slash(scene.channel, play.cast_command, name="Kid", **play.casting), "Kid")
    assert (await play.view(), await stored_rows(scene.db())) == (before, rows)


async def test_commands_in_a_channel_with_no_game_are_refused_ephemerally_and_store_nothing(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    empty = scene.guild.create_text_channel("empty")
    rows = await stored_rows(scene.db())
    for command in ("deal", "draw", "deck", "status", "undo", "log recent", "log export", "verify", "cast list",
                    "game join", "game end"):
        refused(await scene.dora.slash(empty, command), "no game")
    refused(await scene.pete.slash(empty, play.cast_command, name="Joe", **play.casting))
    assert await stored_rows(scene.db()) == rows
    assert await play.view(empty) == View(None, None, [], [])


async def test_help_in_a_channel_with_no_game_tells_how_to_start_the_ruleset(scene, key):
    ruleset = Play(scene, key).ruleset
    [embed] = (await scene.stranger.slash(scene.channel, "help")).response.embeds
    told = "\n".join(f"{field.name}\n{field.value}" for field in embed.fields)
    assert f"{ruleset.title} (`/game start ruleset:{key}`)" in told, [field.name for field in embed.fields]


async def test_another_rulesets_cast_command_is_refused_naming_the_channels_ruleset(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    before, stored = await play.view(), await stored_rows(scene.db())
    for other in KEYS:
        if other != key:
            another = Play(scene, other)
            refused(await scene.pete.slash(scene.channel, another.cast_command, name="Joe", **another.casting),
                    f"This channel plays {play.ruleset.title}")
    assert (await play.view(), await stored_rows(scene.db())) == (before, stored)


async def test_the_game_changes_hands_then_its_new_director_ends_it_and_frees_the_channel(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    refused(await scene.pete.slash(scene.channel, "game end"), "only a director")
    public(await scene.dora.slash(scene.channel, "game director", member=scene.pete))
    assert (await play.view()).director == scene.pete.id
    refused(await scene.dora.slash(scene.channel, "game end"), "only a director")
    assert await play.state() is not None
    ended = await end_game(scene.pete, scene.channel)
    assert not ended.response.ephemeral and "wrap" in text_of(ended), text_of(ended)
    assert await play.state() is None
    ended_status = await scene.stranger.slash(scene.channel, "status")
    assert "ended" in public(ended_status) and png(await ended_status.response.attachments[0].read())
    public(await play.start())
