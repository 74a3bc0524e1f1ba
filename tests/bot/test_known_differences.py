"""The options that mend the Known differences of docs/rules-coverage.md, typed as slash commands: what the
channel shows, what the database holds, and the refusals.

Starts from ``ready`` (tests/bot/test_commands.py): pete's Kid and polly's Wyatt, Supporting Characters with a
single action revolver each, no phase dealt. Dice are scripted.
"""

from __future__ import annotations

from tests.rules.scripted import Dice

from .helpers import text_of
from .test_commands import each_row, ready, refused_and_unchanged, step  # noqa: F401


def buttons(result) -> list[str]:
    return [button["label"] for row in result.response.components for button in row["components"]]


WRONG_HAND = "+ 2 (Hit by a shot fired from the shooter’s wrong hand)"


async def test_shoot_wrong_hand_raises_the_dv_unless_ambidextrous(ready):
    # Wanting to Shoot 7, to hit 8, effect 5 at DV 2 (the wrong hand): a courage test, 6
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6,
                                                 "wrong_hand": True}, (7, 8, 5, 6))
    assert f"DV 0 (no armour) {WRONG_HAND} = 2" in text_of(result)
    await step(ready, "pete", "cast skill", {"character": "Kid", "skill": "ambidextrous"})
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6,
                                                 "wrong_hand": True}, (7, 8, 5, 6))
    assert WRONG_HAND not in text_of(result)


async def test_fight_hasty_and_behind_defences_raise_the_defenders_dv(ready):
    # Wanting to Attack 7, to hit 7, effect 9 at DV 4: a Near Miss
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "hasty": True,
                                                 "behind_defences": True}, (7, 7, 9))
    assert "+ 2 (Behind defences in combat)" in text_of(result)
    assert "+ 2 (Hit by a hasty shot or hasty attack)" in text_of(result)


async def test_fight_riposte_fights_back_with_a_reroll_to_hit(ready):
    # Kid attacks: wants 7, misses on 1 (A Deadly Riposte!)
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt"}, (7, 1))
    assert "A Deadly Riposte!" in text_of(result)
    # Wyatt fights back at once, no Wanting to Attack: to hit 3, with the riposte's re-roll offered
    result = await step(ready, "polly", "fight", {"attacker": "Wyatt", "defender": "Kid", "riposte": True}, (3,))
    assert "Wanting to Attack" not in text_of(result)
    assert "Re-roll (A Deadly Riposte!)" in buttons(result)


async def test_test_athletic_and_strength_open_the_rerolls_of_athletic_and_strong(ready):
    await step(ready, "pete", "cast skill", {"character": "Kid", "skill": "athletic"})
    await step(ready, "polly", "cast skill", {"character": "Wyatt", "skill": "strong"})
    result = await step(ready, "pete", "test", {"character": "Kid", "chart": "task", "athletic": True}, (3,))
    assert "Re-roll (Athletic)" in buttons(result) and "Re-roll (Strong)" not in buttons(result)
    await keep(ready, result)
    result = await step(ready, "polly", "test", {"character": "Wyatt", "chart": "task", "athletic": True}, (3,))
    assert result.response.components == []
    result = await step(ready, "polly", "test", {"character": "Wyatt", "chart": "task", "strength": True}, (3,))
    assert "Re-roll (Strong)" in buttons(result)


async def keep(scene, result) -> None:
    """Keep the roll that waits for its owner's decision."""
    scene.env.bot.rng = Dice()
    await scene.pete.click(result.response.message, label="Keep")


async def test_the_new_options_are_refused_where_the_rules_do_not_allow_them(ready):
    await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "horse"})
    rows = [
        ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "aim": True, "wrong_hand": True},
         "Aiming fires no shot"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "riposte": True}, "not in combat with Wyatt"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "run_down": True, "hasty": True},
         "A run-down is a charge of the mount"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "run_down": True, "behind_defences": True},
         "A run-down is a charge of the mount"),
        ("pete", "test", {"character": "Kid", "chart": "courage", "athletic": True}, "test them on the task chart"),
        ("pete", "test", {"character": "Kid", "chart": "move", "strength": True}, "test them on the task chart"),
    ]
    await each_row(rows, lambda *row: refused_and_unchanged(ready, *row))


async def test_a_rider_trapped_under_the_dead_mount_cannot_move_until_an_action_test_frees_them(ready):
    await step(ready, "polly", "cast add", {"name": "Boss", "type": "hero", "personality": "ordinary"})
    await step(ready, "polly", "cast mount", {"character": "Boss", "mount": "horse"})
    # Kid attacks Boss's moving horse: wants 6, hits 6, rider or mount 7 (the horse); its effect [1, 1]: 2 Hits, it
    # collapses; Boss's fall [1, 1] at DV -1 (high impact): 3 Hits, and trapped; his courage test [6, 6]
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Boss", "at_mount": True,
                                                 "rider_moving": True}, (6, 6, 7, 1, 1, 1, 1, 6, 6))
    assert "Boss is trapped under the dead horse" in text_of(result)
    await refused_and_unchanged(ready, "polly", "move", {"character": "Boss"},
                                "trapped under their dead mount and cannot move")
    result = await step(ready, "polly", "test", {"character": "Boss", "chart": "task"}, (6, 2))
    assert "Boss gets free of the dead mount." in text_of(result)
    await step(ready, "polly", "move", {"character": "Boss"}, (6, 6))


async def test_shoot_cover_loophole_reads_the_loophole_column_and_is_refused_at_a_beast(ready):
    # Wanting to Shoot 6, to hit 8, effect 8 at DV 4 (the loophole column): a Near Miss
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6,
                                                 "cover": "loophole"}, (6, 8, 8))
    assert "Wyatt fires through a loophole" in text_of(result) and "DV 4 (a loophole)" in text_of(result)
    assert "Near Miss" in text_of(result)
    await step(ready, "dora", "cast beast", {"name": "Cougar", "animal": "large_cat", "active": True})
    await refused_and_unchanged(ready, "pete", "shoot", {"shooter": "Kid", "target": "Cougar", "paces": 6,
                                                         "cover": "loophole"}, "Only a character fires through")


async def test_shoot_raised_counts_a_shoulder_arm_as_drawn_and_is_refused_for_a_handgun(ready):
    await step(ready, "pete", "cast weapon", {"character": "Kid", "weapon": "repeating_rifle"})
    # a snap shot with the rifle just raised: Wanting to Shoot 6, to hit 8, effect 8 at DV 2 (hasty), courage 6
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6,
                                                 "weapon": "repeating_rifle", "shot": "snap", "raised": True},
                        (6, 8, 8, 6))
    assert "Kid raised the Repeating rifle and fired this turn: it counts as drawing." in text_of(result)
    assert "+ 2 (Hit by a hasty shot or hasty attack)" in text_of(result)
    rows = [
        ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "raised": True},
         "Only a shoulder arm is raised"),
        ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "weapon": "repeating_rifle",
                           "aim": True, "raised": True}, "Aiming fires no shot"),
    ]
    await each_row(rows, lambda *row: refused_and_unchanged(ready, *row))
