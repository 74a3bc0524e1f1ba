"""Quick on the Draw's casting verbs (Reel 2): characters and beasts with its types and personalities, their
skills, weapons, armour and mounts, and vehicles. They are subcommands of ``/cast``, the group the shared
:mod:`cogs.cast` owns: the extension adds them to that group when it loads (the launcher loads every shared
extension before the rulesets'), and takes them out when it unloads."""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.casting import announce_cast, cast_for, owned, sheet_embed
from bot.glue.errors import UserError
from bot.glue.options import characters, matching
from bot.glue.pings import invite
from bot.glue.replies import safe, send
from bot.glue.table import clean_name, open_table, slug
from bot.rules.qotd.beasts import ANIMALS, MOUNT_STAMINA
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.dv import ARMOUR
from bot.rules.qotd.on_the_map import dismount, remount
from bot.rules.core.ruleset import CastSpec
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.sheets import character_sheet, vehicle_sheet
from bot.rules.qotd.state import Carried, Character, Mount, Role, Trait
from bot.rules.qotd.traits import SKILLS
from bot.rules.qotd.vehicles import KINDS, add_vehicle, board, new_vehicle, set_speed, vehicle_words
from bot.rules.qotd.weapons import WEAPONS, Ignition

from . import options

ArmourChoice = Literal["none", "minimal", "armour", "heavy"]


class QotdCast(app_commands.Group):
    """Quick on the Draw's verbs of ``/cast``: made for each bot that loads this extension, then handed to its
    ``/cast`` group."""

    @app_commands.command(name="add")
    @app_commands.describe(name="The character's name", type="Hero 4 cards, Main 3, Supporting 2, Minor 1",
                           personality="One personality from the rulebook",
                           player="Who plays the character (Director only; default you)")
    @app_commands.autocomplete(personality=options.personalities)
    async def add(self, interaction: discord.Interaction, name: str,
                  type: Literal["hero", "main", "supporting", "minor"], personality: str,
                  player: discord.Member | None = None) -> None:
        """Cast a character: cards are dealt from the player's suit."""
        name = clean_name(name)
        personality = options.personality(personality)
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            owner = cast_for(table, player, "character")
            table.require_room(owner)
            character = table.cast_spec(CastSpec(slug(name), name, owner, type, {"personality": personality}))
            asked = owner != interaction.user.id and invite(table, owner)
            await table.commit("cast", f"{name} is cast as a {character.type.title}.",
                               {"character": character.key})
            embed = sheet_embed(character_sheet(character))
        await announce_cast(interaction, table, name, embed, owner, asked)

    @app_commands.command(name="beast")
    @app_commands.describe(name="The beast's name", animal="Its kind, from the Animal Types table",
                           active="Whether it is in play now (its card joins the pack)")
    async def beast(self, interaction: discord.Interaction, name: str, animal: str, active: bool = False) -> None:
        """Cast a beast (Director only). Its card goes into the pack once it is activated."""
        name = clean_name(name)
        animal = options.animal(animal)
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            table.require_director("cast beasts")
            table.require_room(interaction.user.id)
            kind = ANIMALS[animal]
            character = Character(slug(name), name, interaction.user.id, CharacterType.MINOR, "ordinary",
                                  animal=animal, attack_dice=kind.attack_dice, active=active)
            table.refuse_look_alike(character.key, character.name)
            table.state.add(character, table.dice)
            await table.commit("cast", f"{name} the {kind.name} is cast.", {"character": character.key})
            embed = sheet_embed(character_sheet(character))
        await send(interaction, content=f"**{safe(name)}** lurks nearby.", embed=embed)

    @beast.autocomplete("animal")
    async def animal_choices(self, interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return matching(((a.name, k) for k, a in ANIMALS.items()), typed)

    @app_commands.command(name="activate")
    @app_commands.describe(character="The beast that comes into play")
    @app_commands.autocomplete(character=characters)
    async def activate(self, interaction: discord.Interaction, character: str) -> None:
        """Bring a beast into play: its card is shuffled into the cards to come (Director only)."""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            table.require_director("activate beasts")
            beast = table.character(character)
            if not beast.is_beast or beast.active:
                raise UserError(f"{safe(beast.name)} is not a beast waiting to come into play.")
            table.state.activate(beast, table.dice)
            await table.commit("activate", f"{beast.name} comes into play.", {"character": beast.key})
        await send(interaction, content=f"**{safe(beast.name)}** comes into play!")

    @app_commands.command(name="skill")
    @app_commands.describe(character="Whose skill", skill="A skill or trait from the rulebook",
                           detail="For 'a particular' skills: the skill, area of study or weapon")
    @app_commands.autocomplete(character=characters, skill=options.skills, detail=options.skill_details)
    async def skill(self, interaction: discord.Interaction, character: str, skill: str,
                    detail: str | None = None) -> None:
        """Give a character a skill or trait, up to the number their type allows."""
        skill = options.skill(skill)
        trait = SKILLS[skill]
        if trait.takes_detail and not detail:
            raise UserError(f"{trait.name} needs a detail: which skill, area or weapon.")
        detail = clean_name(detail, "detail") if trait.takes_detail else ""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            target = owned(table, character)
            if target.is_beast:
                raise UserError("Beasts have the traits of their kind.")
            limit = target.type.row.max_traits
            if len(target.traits) >= limit:
                raise UserError(f"A {target.type.title} has at most {limit} skills and traits.")
            if target.has(skill, detail if trait.takes_detail else None) and any(t.key == skill for t in target.traits):
                raise UserError(f"{safe(target.name)} already has {trait.name}.")
            target.traits.append(Trait(skill, detail))
            await table.commit("skill", f"{target.name} gains {trait.name}.", {"character": target.key})
        await send(interaction, content=f"**{safe(target.name)}** gains {trait.name}"
                                        + (f" ({safe(detail)})" if detail else "") + f": {trait.effect}")

    @app_commands.command(name="weapon")
    @app_commands.describe(character="Who carries it", weapon="From the weapons table",
                           ignition="For guns that come as flintlock or percussion")
    @app_commands.autocomplete(character=characters, weapon=options.weapons)
    async def weapon(self, interaction: discord.Interaction, character: str, weapon: str,
                     ignition: Literal["flintlock", "percussion", "cartridge"] | None = None) -> None:
        """Arm a character with a weapon from the weapons table, loaded."""
        weapon = options.weapon(weapon)
        kind = WEAPONS[weapon]
        chosen = Ignition[ignition.upper()] if ignition else kind.ignitions[0]
        if chosen not in kind.ignitions:
            allowed = ", ".join(i.name.lower() for i in kind.ignitions)
            raise UserError(f"A {kind.name} comes as {allowed}, not {ignition}.")
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            target = owned(table, character)
            if len(target.weapons) >= 6:
                raise UserError("A character carries at most six weapons.")
            target.weapons.append(Carried.ready(weapon, chosen.name if ignition else ""))
            await table.commit("weapon", f"{target.name} carries a {kind.name}.", {"character": target.key})
        await send(interaction, content=f"**{safe(target.name)}** carries a {kind.name}.")

    @app_commands.command(name="armour")
    @app_commands.describe(character="Who wears it", armour="none DV0, minimal DV1, armour DV2, heavy DV3",
                           shield="Carries a shield (+1 DV in close combat and against non-gunpowder missiles)")
    @app_commands.autocomplete(character=characters)
    async def armour(self, interaction: discord.Interaction, character: str, armour: ArmourChoice,
                     shield: bool = False) -> None:
        """Set a character's armour and shield."""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            target = owned(table, character)
            target.armour, target.shield = armour, shield
            await table.commit("armour", f"{target.name} wears {armour} armour.", {"character": target.key})
        await send(interaction, content=f"**{safe(target.name)}**: {armour} armour (DV {ARMOUR[armour]})"
                                        + (" and a shield." if shield else "."))

    @app_commands.command(name="mount")
    @app_commands.describe(character="The rider",
                           mount="What they ride (on a map: a loose one within 2 paces), or none to dismount")
    @app_commands.autocomplete(character=characters)
    async def mount(self, interaction: discord.Interaction, character: str,
                    mount: Literal["horse", "camel", "elephant", "none"]) -> None:
        """Give a character a mount (horse or camel sized: 2 hits; elephant sized: 4)."""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            target = owned(table, character)
            left = dismount(table.state, target) if mount == "none" else ""
            caught = remount(table.state, target, mount) if mount != "none" else ""
            if not caught:
                target.mount = None if mount == "none" else Mount(mount, MOUNT_STAMINA[mount])
            await table.commit("mount", f"{target.name} rides a {mount}." if target.mount
                               else f"{target.name} has no mount.", {"character": target.key})
        article = "an" if mount[0] in "aeiou" else "a"
        ride = f"mounts {safe(caught)}." if caught else f"rides {article} {mount}."
        await send(interaction, content=f"**{safe(target.name)}** " + (ride if mount != "none" else "goes on foot.")
                   + (f" {safe(left)}" if left else ""))

    @app_commands.command(name="vehicle")
    @app_commands.describe(name="The vehicle's name", kind="What it is, from the book's movement table",
                           construction="Its armour or construction (default: usual for its kind); sets its VDV",
                           player="Who plays it (Director only; default you)")
    @app_commands.autocomplete(kind=options.vehicle_kinds)
    async def vehicle(self, interaction: discord.Interaction, name: str, kind: str,
                      construction: Literal["none", "light", "robust", "strong"] | None = None,
                      player: discord.Member | None = None) -> None:
        """Cast a stagecoach, wagon, buggy or other vehicle."""
        name = clean_name(name)
        if kind not in KINDS:
            raise UserError("Pick a vehicle from the list.")
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            owner = cast_for(table, player, "vehicle")
            vehicle = add_vehicle(table.state, new_vehicle(slug(name), name, owner, kind, construction or ""))
            await table.commit("vehicle", f"{name} the {KINDS[kind].name.lower()} is cast.", {"vehicle": vehicle.key})
            embed = sheet_embed(vehicle_sheet(table.state, vehicle))
        await send(interaction, content=f"**{safe(name)}** rolls in.", embed=embed)

    @app_commands.command(name="aboard")
    @app_commands.describe(character="Who climbs aboard (or down)", vehicle="Which vehicle (leave out to climb down)",
                           role="Driver, crew or passenger")
    @app_commands.autocomplete(character=characters, vehicle=options.vehicles)
    async def aboard(self, interaction: discord.Interaction, character: str, vehicle: str | None = None,
                     role: Literal["driver", "crew", "passenger"] = "passenger") -> None:
        """Put a character aboard a vehicle (driver, crew, passenger), or down."""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            rider = owned(table, character)
            ride = table.other(vehicle) if vehicle else None
            board(table.state, rider, ride, Role(role))
            text = (f"{rider.name} climbs aboard the {ride.name} as {'its ' if role == 'driver' else ''}{role}."
                    if ride else f"{rider.name} climbs down.")
            await table.commit("aboard", text, {"character": rider.key})
        await send(interaction, content=safe(text))

    @app_commands.command(name="speed")
    @app_commands.describe(vehicle="Which vehicle", paces="How far it moved this turn (0: stationary)")
    @app_commands.autocomplete(vehicle=options.vehicles)
    async def speed(self, interaction: discord.Interaction, vehicle: str,
                    paces: app_commands.Range[int, 0, 48]) -> None:
        """How far a vehicle moved this turn: its speed."""
        async with open_table(interaction.client, interaction, QOTD.key) as table:
            ride = table.other(vehicle)
            table.require_control(ride)
            set_speed(ride, paces)
            words = ", ".join(vehicle_words(ride))
            await table.commit("speed", f"The {ride.name}: {words}.", {"vehicle": ride.key})
        await send(interaction, content=f"**{safe(ride.name)}**: {safe(words)}.")


async def setup(bot: commands.Bot) -> None:
    bot.tree.lend("cast", QotdCast())


async def teardown(bot: commands.Bot) -> None:
    bot.tree.take_back("cast", QotdCast())
