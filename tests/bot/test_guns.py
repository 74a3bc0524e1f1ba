"""The options and refusals issue 12 added for guns, Main Street and movement, through slash commands:
what the channel shows and what the database holds (the engine's scenarios are in tests/rules/test_guns.py)."""

from __future__ import annotations

from bot.rules.qotd.state import Condition, WeaponCondition

from .helpers import refused, stored_game, text_of
from .test_commands import about, assert_unchanged, ready, run, step, view

__all__ = ["ready"]


async def game_now(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def test_game_settings_show_and_change_the_rules_readings(ready):
    scene = ready
    shown = text_of(await step(scene, "dora", "game settings"))
    assert "Any 1s, misfires and jams" in shown and "read on every die thrown" in shown
    assert "A shot drawn and fired" in shown and "hasty, +2 DV" in shown
    shown = text_of(await step(scene, "dora", "game settings", {"ones": "kept die", "drawing": "plus one"}))
    assert "read on the kept die only (default: read on every die thrown)" in shown
    assert "+1 DV for drawing (default: hasty, +2 DV)" in shown
    rules = (await game_now(scene)).settings
    assert (rules.every_die_thrown, rules.drawing_is_hasty) == (False, False)
    before = await view(scene)
    refused(await run(scene, "pete", "game settings", {"ones": "every die"}), "director")
    await assert_unchanged(scene, before)


async def test_shoot_aim_then_an_aimed_shot(ready):
    scene = ready
    before = await view(scene)
    refused(await run(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "shot": "aimed"}),
            "needs a turn spent aiming")
    await assert_unchanged(scene, before)
    result = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "aim": True})
    assert "Kid takes aim at Wyatt" in text_of(result)
    assert Condition.AIMING in (await game_now(scene)).characters["kid"].conditions
    # an aimed shot: Wanting to Shoot 7, to hit 8, effect 5 at DV -1 (1 Hit), courage 6
    result = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "shot": "aimed"},
                        (7, 8, 5, 6))
    assert "Hit by an aimed shot" in text_of(result)
    assert Condition.AIMING not in (await game_now(scene)).characters["kid"].conditions


async def test_shoot_spread_names_others_for_a_shotgun_and_is_refused_for_a_revolver(ready):
    scene = ready
    await step(scene, "dora", "cast add", {"name": "Ike", "type": "minor", "personality": "ordinary"})
    before = await view(scene)
    for options, words in (({"spread": "Ike"}, "cannot be spread"), ({"spread": "Nobody"}, "no character called"),
                           ({"spread": "Kid"}, "others than the shooter and the target")):
        refused(await run(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 4, **options}),
                words)
    await assert_unchanged(scene, before)
    await step(scene, "pete", "cast weapon", {"character": "Kid", "weapon": "sawn_off"})
    # Wanting to Shoot 7; both barrels of a sawn-off (2D10 both can score) [8, 9]; at DV -1 (high impact)
    # effect 5 on Wyatt (1 Hit) and 1 on Ike (3 Hits); Wyatt's courage test 6
    result = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 4, "weapon": "sawn_off",
                                                 "shot": "both barrels", "spread": "Ike"}, (7, 8, 9, 5, 1, 6))
    assert "Effect of hit 2 of 2 (spread to Ike)" in text_of(result)
    assert (await game_now(scene)).characters["ike"].casualty


async def test_reload_quickly_reduces_a_bows_dice(ready):
    scene = ready
    await step(scene, "pete", "cast weapon", {"character": "Kid", "weapon": "bow"})
    result = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "weapon": "bow"},
                        (7, 3))
    result = await step(scene, "pete", "reload", {"character": "Kid", "weapon": "bow", "quickly": True}, (6, 8))
    assert "reduced dice 2D10 take worst (reloading while moving quickly)" in text_of(result)
    assert about("kid", lambda c, s: c.weapons[1].condition)(await view(scene), scene) is WeaponCondition.READY


async def test_fight_drawing_raises_the_defenders_dv(ready):
    scene = ready
    # Wanting to Attack 7, to hit 7, effect 3 at DV 1 (1 Hit), courage 6
    result = await step(scene, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "drawing": True},
                        (7, 7, 3, 6))
    assert "Hit by opponent Drawing weapon on this turn" in text_of(result)


async def test_a_second_move_is_tracked_and_uses_reduced_dice(ready):
    scene = ready
    await step(scene, "pete", "move", {"character": "Kid"}, (6,))
    result = await step(scene, "pete", "move", {"character": "Kid"}, (6, 8))
    assert "reduced dice 2D10 take worst (a second move this phase)" in text_of(result)


async def test_hold_once_a_phase_and_no_normal_action_while_holding(ready):
    scene = ready
    await step(scene, "dora", "deal")
    while (await game_now(scene)).acting is None or (await game_now(scene)).acting.key != "kid":
        await step(scene, "dora", "draw")
    await step(scene, "pete", "hold", {"character": "Kid"})
    before = await view(scene)
    refused(await run(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}), "is holding")
    refused(await run(scene, "pete", "move", {"character": "Kid"}), "is holding")
    await assert_unchanged(scene, before)
    await step(scene, "pete", "test", {"character": "Kid", "chart": "respond_opportunity"}, (3,))
    before = await view(scene)
    refused(await run(scene, "pete", "hold", {"character": "Kid"}), "held once this phase")
    await assert_unchanged(scene, before)


async def test_quickdraw_refuses_a_long_pistol(ready):
    scene = ready
    await step(scene, "pete", "cast add", {"name": "Bat", "type": "supporting", "personality": "ordinary"})
    await step(scene, "pete", "cast weapon", {"character": "Bat", "weapon": "long_pistol"})
    before = await view(scene)
    refused(await run(scene, "pete", "quickdraw", {"shooter": "Bat", "target": "Wyatt", "paces": 10}),
            "cannot be drawn and fired in the same turn")
    await assert_unchanged(scene, before)


async def test_a_harmonica_rifle_is_cast_empty_with_two_slides(ready):
    scene = ready
    await step(scene, "pete", "cast weapon", {"character": "Kid", "weapon": "harmonica_rifle"})
    carried = (await game_now(scene)).characters["kid"].weapons[1]
    assert (carried.condition, carried.loaded, carried.slides) == (WeaponCondition.EMPTY, 0, 2)
    before = await view(scene)
    refused(await run(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6,
                                               "weapon": "harmonica_rifle"}), "reload first")
    await assert_unchanged(scene, before)
    result = await step(scene, "pete", "reload", {"character": "Kid", "weapon": "harmonica_rifle"}, (6,))
    assert "loaded (5 shots; 1 slide left)" in text_of(result)
