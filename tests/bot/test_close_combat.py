"""The options close combat, beasts, skills and entangling need, typed as slash commands: what the channel shows,
what the database holds, and the refusals.

Starts from ``ready`` (tests/bot/test_commands.py): pete's Kid and polly's Wyatt, Supporting Characters with a
single action revolver each, no phase dealt (so nobody has a card to come). Dice are scripted.
"""

from __future__ import annotations

from bot.rules.qotd.state import Condition

from .helpers import text_of
from .test_commands import character, codes, each_row, ready, refused_and_unchanged, step, view  # noqa: F401


def words(result) -> str:
    return text_of(result)


def buttons(result) -> list[str]:
    return [button["label"] for row in result.response.components for button in row["components"]]


async def test_a_surprised_defender_is_defenceless_and_the_two_are_in_combat(ready):
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "surprised": True},
                        (6, 6, 9, 6))
    assert "Wyatt is surprised: Defenceless." in words(result) and "Defenceless or helpless" in words(result)
    v = await view(ready)
    assert character(v, "kid").opponents == ["wyatt"] and character(v, "wyatt").opponents == ["kid"]


async def test_a_martial_artists_lethal_blow_with_fists(ready):
    await step(ready, "pete", "cast skill", {"character": "Kid", "skill": "martial_artist"})
    await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "blow": "lethal"}, (6, 6, 6, 6))
    wyatt = character(await view(ready), "wyatt")
    assert codes(wyatt.lost) == ["KS"] and not wyatt.stunned


async def test_a_mount_at_speed_runs_a_character_down(ready):
    await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "horse"})
    # Wyatt has no card to come (no phase dealt), so no evade test: effect 6 at DV -2 (riding, high impact)
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "run_down": True,
                                                 "mount_paces": 8}, (6, 6))
    assert "Hit by a High Impact weapon" in words(result) and "1 Hit" in words(result)
    assert codes(character(await view(ready), "wyatt").lost) == ["KS"]


async def test_a_moving_rider_makes_the_attacker_roll_for_rider_or_mount(ready):
    await step(ready, "polly", "cast mount", {"character": "Wyatt", "mount": "horse"})
    # wants 6, hits 6, rider or mount 7 (as aimed: the horse), effect on the horse 10 at DV 0: a Graze, so
    # Wyatt (no lead character) tests to keep control, 6: Steady!
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "at_mount": True,
                                                 "rider_moving": True}, (6, 6, 7, 10, 6))
    assert "As aimed!" in words(result) and "on the horse" in words(result)


async def test_leaders_command_their_own_players_characters_in_shooting_and_fighting(ready):
    await step(ready, "pete", "cast add", {"name": "Don", "type": "hero", "personality": "dominant"})
    await step(ready, "polly", "cast add", {"name": "Boss", "type": "hero", "personality": "natural_leader"})
    # Kid hits Wyatt (wants 6, hits 6, effect 9: courage); Wyatt's courage test with Boss's dice [3, 8]
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "leader": "Boss"},
                        (6, 6, 9, 3, 8))
    assert "Boss's dice: 2D10 take best" in words(result)
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "leader": "Don"},
                        (2,))
    assert "re-roll or keep" in result.response.content
    assert "Re-roll (Don is Dominant)" in buttons(result)


async def test_restraint_entangles_and_escape_with_help_offers_a_reroll(ready):
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "restrain": True},
                        (6, 6, 3))
    assert "Entangled or restrained" in words(result)
    assert Condition.HELD in character(await view(ready), "wyatt").conditions
    result = await step(ready, "polly", "test", {"character": "Wyatt", "chart": "escape", "helped": True}, (3, 8))
    assert "reduced dice" in words(result) and "Re-roll (a tool, weapon or help)" in buttons(result)


async def test_a_courage_test_in_cover_ducks_down(ready):
    result = await step(ready, "polly", "test", {"character": "Wyatt", "chart": "courage", "in_cover": True}, (1,))
    assert "ducks down" in words(result)
    assert Condition.DUCKED_DOWN in character(await view(ready), "wyatt").conditions


async def test_the_director_sets_how_the_rules_groups_read_differently_are_played(ready):
    shown = await step(ready, "dora", "game settings", {})
    assert "Stunned defenders: Defenceless until they come round" in words(shown)
    assert "Armour: counted once (the basic DV)" in words(shown)
    result = await step(ready, "dora", "game settings", {"stunned_defenceless": False, "rash_all_out": "every fight",
                                                         "armour": "twice", "brave_grazes": "close combat"})
    assert "Defenceless only once passed out (default: Defenceless until they come round)" in words(result)
    assert "forced in every fight (default: forced once a phase)" in words(result)
    settings = (await view(ready)).game.settings
    assert (settings.stunned_defenceless, settings.all_out_every_fight, settings.armour_twice,
            settings.brave_close_combat_only) == (False, True, True, True)
    assert (await view(ready)).log[-1] == ("settings", "Stunned defenders: Defenceless only once passed out. "
                                                       "Rash and Fanatic All Out: forced in every fight. "
                                                       "Armour: counted twice (basic DV and Wearing Armour). "
                                                       "The Brave and grazes: ignored from close combat only.")


async def test_cast_skill_offers_the_books_expert_names(ready):
    offered = await ready.pete.autocomplete(ready.channel, "cast skill", "detail", "pist", character="Kid",
                                            skill="expert")
    assert offered[0]["name"] == "Pistoleer"
    await step(ready, "pete", "cast skill", {"character": "Kid", "skill": "expert", "detail": "Pistoleer"})
    assert [(t.key, t.detail) for t in character(await view(ready), "kid").traits][-1] == ("expert", "Pistoleer")


async def test_close_combat_options_the_rules_do_not_allow_are_refused(ready):
    await step(ready, "dora", "cast add", {"name": "Ike", "type": "minor", "personality": "ordinary"})
    rows = [
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "blow": "lethal"}, "Only a Martial Artist"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "run_down": True}, "not riding a mount"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "mount_paces": 8}, "not riding a mount"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "surprised": True, "defence": "block"},
         "surprised defender cannot respond"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "leader": "Ike"}, "leads only their own"),
        ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "leader": "Kid"}, "another character"),
        ("pete", "test", {"character": "Kid", "chart": "task", "in_cover": True}, "only a courage test"),
        ("pete", "test", {"character": "Kid", "chart": "task", "helped": True}, "only an escape"),
        ("pete", "test", {"character": "Kid", "chart": "escape"}, "not entangled"),
        ("pete", "game settings", {"stunned_defenceless": False}, "only a director"),
    ]
    await each_row(rows, lambda *row: refused_and_unchanged(ready, *row))


async def test_a_cast_beast_shows_the_traits_and_speed_of_its_kind(ready):
    result = await step(ready, "dora", "cast beast", {"name": "Cougar", "animal": "large_cat", "active": True})
    assert "Traits: Fearsome, Surefooted, Stealthy" in words(result) and "Top speed: 16 paces" in words(result)
