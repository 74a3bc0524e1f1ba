"""/help: how a game runs and every command, shown only to the member who asks, in any channel: a message for each
topic, the channel's ruleset first, each within Discord's limits and nothing cut short."""

from __future__ import annotations

from .arena import leaves
from .helpers import words_of


def pages(result) -> list:
    """The messages /help answers with: its response, then its follow-ups."""
    return [result.response, *result.followups]


def fits_whole(message) -> None:
    """One embed within Discord's limits (6,000 characters, 25 fields of 1,024), no field clipped."""
    [embed] = message.embeds
    assert message.ephemeral and len(embed) <= 6000 and len(embed.fields) <= 25
    assert all(len(field.value) <= 1024 and not field.value.endswith("…") for field in embed.fields)


async def test_help_shows_how_a_game_runs_and_every_command_to_the_asker_alone(scene):
    result = await scene.stranger.slash(scene.channel, "help")       # no game here, and no part in one
    for message in pages(result):
        fits_whole(message)
    [embed] = result.response.embeds
    assert embed.description.startswith("No game plays in this channel yet. A Director starts one with `/game start")
    assert [field.name for field in embed.fields][:2] == ["Quick on the Draw (`/game start ruleset:qotd`)",
                                                        "Steve Burt's Wild West Skirmish (`/game start ruleset:burt`)"]
    listed = "\n".join(words_of(message) for message in pages(result))
    commands = {command.qualified_name for command in leaves(scene.env.bot.tree)} - {"help"}
    assert {name for name in commands if f"`/{name}`" not in listed} == set()
    assert scene.channel.history() == []                              # nothing for the channel to see


async def test_help_in_a_game_describes_the_channels_ruleset_first_and_all_of_it(scene):
    """In a gunfight channel: how the gunfight plays and its commands, described, in the first message; the other
    rulesets' commands (Quick on the Draw's `/cast add` among them) by name only, after every ruleset's own."""
    await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    result = await scene.pete.slash(scene.channel, "help")
    for message in pages(result):
        fits_whole(message)
    first, *rest = [words_of(message) for message in pages(result)]
    assert first.startswith("\nDirector — this channel plays Mackenzie Norman's card gunfight\n")
    assert "`/gunfight contact` Close combat: your Shoot cards out of sight" in first
    assert "`/shoot`" not in first and "`/cast add`" not in first
    assert "`/cast show` " in rest[0] and "`/cast add`" not in rest[0]                # every ruleset's /cast only
    assert "`/deal` Deal the next phase or turn, as the channel's ruleset deals" in rest[0]
    assert "`/hold`" not in rest[0]                                                   # Quick on the Draw's alone
    assert "`/cast add` `/cast beast`" in rest[-1] and "`/gunfight" not in rest[-1]   # names, the others'


async def test_help_in_a_game_of_quick_on_the_draw_tells_every_step_of_how_a_game_runs(scene):
    await scene.dora.slash(scene.channel, "game start")
    result = await scene.pete.slash(scene.channel, "help")
    [embed] = result.response.embeds
    assert embed.description.startswith("**1.** A Director types `/game start`")
    assert "**5.** `/status` shows the cast" in embed.description       # every step, none cut to "…"
    assert "`/cast add` " in words_of(result.response) and "`/shoot` " in words_of(result.response)
