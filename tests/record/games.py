"""Games played through the bot for the record's tests and gallery: Quick on the Draw on a map."""

from __future__ import annotations

import random


async def qotd_on_a_map(scene) -> None:
    """Doc (pete's Hero) and Virgil (polly's) placed on Main Street, phase 1 dealt; each shoots the other as
    their card comes up, the range and cover read from the map, each roll kept."""
    scene.env.bot.rng = random.Random(10)
    await scene.game()
    await scene.dora.slash(scene.channel, "map set", ready_set="main_street")
    for player, name, kind, at in ((scene.pete, "Doc", "hero", "10,20"), (scene.polly, "Virgil", "supporting", "26,17")):
        await player.slash(scene.channel, "cast add", name=name, type=kind, personality="ordinary")
        await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
        await player.slash(scene.channel, "place", who=name, at=at)
    await scene.dora.slash(scene.channel, "deal")
    owners = {"Doc": scene.pete, "Virgil": scene.polly}
    for _ in range(4):
        drawn = await scene.dora.slash(scene.channel, "draw")
        up = next((name for name in owners if f"**{name}**" in str(drawn.response.embeds[0].to_dict())), None)
        if up is None:
            continue
        shot = await scene.dora.slash(scene.channel, "shoot", shooter=up, target=next(n for n in owners if n != up))
        if "re-roll or keep" in shot.response.content:
            await owners[up].click(shot.response.message, label="Keep")
