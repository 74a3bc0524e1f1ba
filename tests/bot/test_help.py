"""/help: how a game runs and every command, shown only to the member who asks, in any channel."""

from __future__ import annotations

from .arena import leaves


async def test_help_shows_how_a_game_runs_and_every_command_to_the_asker_alone(scene):
    result = await scene.stranger.slash(scene.channel, "help")       # no game here, and no part in one
    assert result.response.ephemeral
    [embed] = result.response.embeds
    assert embed.description.startswith("**1.** A Director types `/game start`")
    listed = "\n".join(field.value for field in embed.fields)
    commands = {command.qualified_name for command in leaves(scene.env.bot.tree)} - {"help"}
    assert {name for name in commands if f"`/{name}`" not in listed} == set()
    assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields)
    assert scene.channel.history() == []                              # nothing for the channel to see
