"""/game: one game per channel, joining with a suit, the Director's chair, settings."""

from .helpers import end_game, refused, stored_game, text_of


async def test_start_makes_the_channel_a_set_with_its_director(scene):
    result = await scene.dora.slash(scene.channel, "game start")
    assert not result.response.ephemeral
    assert "Director" in text_of(result)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game is not None and game.characters == {}


async def test_a_second_start_in_the_same_channel_is_refused(scene):
    await scene.dora.slash(scene.channel, "game start")
    refused(await scene.pete.slash(scene.channel, "game start"), "already has a game")


async def test_players_join_with_a_suit_each(scene):
    await scene.game()
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.seats[scene.pete.id].suits == [("hearts", 1)]
    assert game.seats[scene.polly.id].suits == [("spades", 1)]
    refused(await scene.pete.slash(scene.channel, "game join"), "already playing")


async def test_commands_in_a_channel_without_a_game_are_refused(scene):
    other = scene.guild.create_text_channel("livery")
    for command in ("draw", "deal", "deck", "status", "game join", "cast list"):
        refused(await scene.pete.slash(other, command), "no game in this channel")


async def test_only_a_director_ends_the_game(scene):
    await scene.game()
    refused(await scene.stranger.slash(scene.channel, "game end"), "only a director")
    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) is not None
    result = await end_game(scene.dora, scene.channel)
    assert "wrap" in text_of(result)
    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) is None


async def test_the_directors_chair_is_handed_over(scene):
    await scene.game()
    refused(await scene.pete.slash(scene.channel, "game director", member=scene.pete), "only a director")
    await scene.dora.slash(scene.channel, "game director", member=scene.polly)
    refused(await scene.dora.slash(scene.channel, "game end"), "only a director")
    await end_game(scene.polly, scene.channel)
    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) is None


async def test_server_settings_need_manage_server(scene):
    await scene.game()
    role = scene.guild.create_role("Marshal")
    refused(await scene.pete.slash(scene.channel, "game settings", director_role=role), "manage the server")
