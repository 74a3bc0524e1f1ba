"""Mackenzie Norman's card gunfight: the `/gunfight` command group (the rules: bot/rules/norman).

`/deal` deals the turn's hands, `/draw` passes the turn; a player's hand is seen through cogs/hands.py ("My hand",
`/hand`). Cards are played face up for a figure with `move`, `shoot` and `dynamite`; every opponent then
answers with the window's buttons, alike whatever they hold (MN 73-78), each answer seen by its giver alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge_if_crowded
from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.glue.errors import NotAllowed, UserError
from bot.pictures import render_turn
from bot.glue.replies import COLOUR, SHOWN_ENTRY, render, safe, send
from bot.rules.core.actions import Request
from bot.rules.norman.actions import AftermathRequest, AnswerRequest, ContactRequest, DefendRequest, DoorRequest, \
    PickUpRequest, PlayRequest, SkillRequest, SwapRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import SKILLS, NormanState, Settings, stock
from bot.glue.table import INTEGER, Table, open_table, require_stored

from bot.glue import options
from bot.glue.errors import guarded
from bot.glue.campaigns import amend, enrol, recast, roster_choices
from bot.glue.casting import add_character
from bot.glue.hands import hand_view
from bot.glue.acting import act, ruled_by_the_rules

MAX_INCHES = 48
"""The longest shot of the text is a Buffalo Hunter's 36" (MN 252-253); a little more lets the rules refuse it."""
STAND = 0
"""The window's answer that lets the play stand; any other is the Shoot card cancelled."""


def codes(text: str) -> tuple[str, ...]:
    """The cards typed, by their codes ("KH QS", "KH, QS")."""
    return tuple(filter(None, re.split(r"[\s,]+", text.strip())))


def commanded(table: Table, name: str | None) -> tuple[int, str]:
    """The player and key of the figure named, or of the one activated now (or the user's one figure left to
    activate): the user's own, since its cards come from their hand, which nobody else sees (docs/rulings.md)."""
    chosen = table.character(name) if name else table.state.characters[table.ruleset.actor(table.state,
                                                                                            table.user_id)]
    if chosen.owner != table.user_id:
        raise NotAllowed(f"{safe(chosen.name)} is not yours: only a figure's player plays its cards.")
    return chosen.owner, chosen.key


class WindowButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"joker:(?P<game>\d+):(?P<entry>\d+):(?P<play>\d+):(?P<cancel>\d+)"):
    """An opponent's answer to the play of log entry ``entry`` (the gunfight's play ``play``): let it stand, or
    cancel a card with a Joker (MN 73-78). Every opponent gets the same buttons; the answer is seen by its giver
    alone. Works after restarts."""

    def __init__(self, game: int, entry: int, play: int, cancel: int, label: str = "Let it stand") -> None:
        style = discord.ButtonStyle.secondary if cancel == STAND else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"joker:{game}:{entry}:{play}:{cancel}"))
        self.game, self.entry, self.play, self.cancel = game, entry, play, cancel

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> WindowButton:
        return cls(int(match["game"]), int(match["entry"]), int(match["play"]), int(match["cancel"]),
                   item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await acknowledge_if_crowded(interaction, thinking=False)
        await guarded(interaction, answer(interaction, require_stored(self.game), require_stored(self.entry, INTEGER),
                                          require_stored(self.play, INTEGER), self.cancel))


def window_view(game: int, entry: int, state: NormanState) -> discord.ui.View:
    """The window's buttons: Let it stand, and a Joker for the play (a Joker for each Shoot card of a shot). They
    name the play's log entry, whose number is never used again: after an undo the new play's window, numbered
    as the undone one was, has buttons of its own (docs/rulings.md)."""
    window = state.window
    view = discord.ui.View(timeout=None)
    view.add_item(WindowButton(game, entry, window.number, STAND))
    play = window.play
    for unit in range(1, play.units + 1):
        what = f" {play.cards[unit - 1]}" if play.kind == "shoot" and play.units > 1 else ""
        view.add_item(WindowButton(game, entry, window.number, unit, f"Cancel{what} with a Joker"))
    return view


async def undone(interaction: discord.Interaction, entry: int) -> bool:
    """Whether log entry ``entry`` of the channel's game was undone."""
    async with interaction.client.db.unit(interaction.guild_id, interaction.channel_id) as uow:
        logged = await uow.log_from(entry) if uow.game else []
    return not logged or logged[0].seq != entry or logged[0].undone


async def answer(interaction: discord.Interaction, game: int, entry: int, play: int, cancel: int) -> None:
    """An opponent's answer: the channel hears that an answer is in (the same words for either), the giver
    alone what they answered; the last answer shows the Jokers and carries out what stands."""
    was_undone = await undone(interaction, entry)

    def build(table: Table) -> Request:
        window = table.state.window
        if table.game.id != game:
            raise UserError("That button belongs to a game that is over.")
        if was_undone:
            raise UserError("That play was undone: these buttons do nothing now.")
        if window is None or window.number != play:
            raise UserError("Every answer to that play is in: these buttons do nothing now.")
        return AnswerRequest(interaction.user.id, cancel)
    table = await run(interaction, build)
    said = "You let the play stand." if cancel == STAND else \
        "Your Joker lies face down: it shows when every answer is in." if table.state.window else \
        "Your Joker is played: every answer is in, and the channel sees them."
    await send(interaction, content=said, ephemeral=True)
    if table.state.window is None and interaction.message is not None:
        try:
            await interaction.message.edit(view=None)          # the last answer is in: the buttons are spent
        except discord.HTTPException:
            pass


async def run(interaction: discord.Interaction, build: Callable[[Table], Request]) -> Table:
    """Run a gunfight action through the shared action pipeline (the rules, the log, the reply with the roll card); returns
    the table as the action left it."""
    return await act(interaction, build, NORMAN.key, ruled_by_the_rules)


async def after(interaction: discord.Interaction, table: Table) -> None:
    """What an action leaves open, posted under its reply: the cards played, face up, with the window's buttons
    for every opponent alike; or the defender's call to strike back."""
    state: NormanState = table.state
    if state.window:
        _, entry = interaction.extras[SHOWN_ENTRY]              # the play's log entry (Table.commit)
        waiting = list(state.window.waiting)
        play = state.window.play
        cards = tuple(play.all_cards)
        image = await render(render_turn, cards, None, (state.characters[play.figure].name,) * len(cards))
        await send(interaction, content=" ".join(f"<@{user}>" for user in waiting) +
                   f" — {len(waiting)} to answer: cancel with a Joker, or let it stand.", image=image,
                   filename="played.png", view=window_view(table.game.id, entry, state),
                   ping=pingable(table.game, waiting))
    elif state.contact:
        defender = state.characters[state.contact.defender]
        await send(interaction, content=f"<@{defender.owner}>, **{safe(defender.name)}** strikes back: a Shoot card "
                   "from **My hand**, or `/gunfight defend` with two, or none.",
                   view=hand_view(table.game.id), ping=pingable(table.game, [defender.owner]))


@app_commands.guild_only()
class Gunfight(commands.GroupCog, group_name="gunfight",
               group_description="Mackenzie Norman's card gunfight: cards played for your figures"):
    """Mackenzie Norman's card gunfight: a figure's cards, close combat, the town's doors, the aftermath."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot
        super().__init__()

    async def act(self, interaction: discord.Interaction, build: Callable[[Table], Request]) -> Table:
        table = await run(interaction, build)
        await after(interaction, table)
        return table

    @app_commands.command(name="cast")
    @app_commands.describe(name="The figure's name", type="A man, a woman, a horse or a dog", pistols="0, 1 or 2",
                           long="One long arm", dynamite="Sticks of Dynamite", horse="On a horse",
                           shoot="Its Shooting characteristic", grit="Its True Grit, -2 to +2",
                           skills="Skills, comma-separated (Shoot, Sneak, Cardsharp …)",
                           player="Whose figure (a Director casting for them)")
    async def cast(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64],
                   type: Literal["man", "woman", "horse", "dog"], pistols: app_commands.Range[int, 0, 2] = 0,
                   long: Literal["rifle", "shotgun"] | None = None, dynamite: app_commands.Range[int, 0, 9] = 0,
                   horse: bool = False, shoot: app_commands.Range[int, -2, 2] = 0,
                   grit: app_commands.Range[int, -2, 2] = 0, skills: app_commands.Range[str, 1, 200] = "",
                   player: discord.Member | None = None) -> None:
        """Cast a figure of your gang: its weapons, horse and skills."""
        fields = {"pistols": str(pistols), "long": long or "", "dynamite": str(dynamite),
                  "horse": "yes" if horse else "no", "shoot": str(shoot), "grit": str(grit), "skills": skills}
        await add_character(self.bot, interaction, NORMAN.key, name, type, player, fields)

    @app_commands.command(name="move")
    @app_commands.describe(card="The move card, 2 to 6 (as `5♥` or `5H`)", climb="A climb card, 7 to 10, taken on the way",
                           figure="Default: the figure activated", dismount="Get off the horse on the way",
                           group="In base contact moving with it, comma-separated (Group Move)")
    @app_commands.autocomplete(figure=options.characters, card=options.own_cards, climb=options.own_cards)
    async def move(self, interaction: discord.Interaction, card: app_commands.Range[str, 2, 4],
                   climb: app_commands.Range[str, 2, 4] = "", figure: str | None = None, dismount: bool = False,
                   group: app_commands.Range[str, 1, 200] = "") -> None:
        """Play a move card (and a climb card): every opponent answers."""
        def build(table: Table) -> PlayRequest:
            player, key = commanded(table, figure)
            return PlayRequest(player, key, "move", codes(card), climb, dismount, table.characters_named(group))
        await self.act(interaction, build)

    @app_commands.command(name="shoot")
    @app_commands.describe(cards="The Shoot cards (A, J, Q, K), as `K♥ Q♠` or `KH QS`", weapon="Which gun",
                           target="Who is shot at (a shotgun: all in its template)",
                           range="Inches to the target", cover="Pieces of cover between firer and target",
                           aim="A rifle's Aim card, another Shoot card (+1)",
                           covered="In a shotgun's template, those behind cover",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters, cards=options.own_cards, aim=options.own_cards)
    async def shoot(self, interaction: discord.Interaction, cards: app_commands.Range[str, 2, 40],
                    weapon: Literal["pistol", "pistols", "rifle", "shotgun"], target: app_commands.Range[str, 1, 200],
                    range: app_commands.Range[int, 0, MAX_INCHES] = 0, cover: app_commands.Range[int, 0, 6] = 0,
                    aim: app_commands.Range[str, 2, 4] = "", covered: app_commands.Range[str, 1, 200] = "",
                    figure: str | None = None) -> None:
        """Play Shoot cards: opponents answer, then cover, to hit, True Grit."""
        def build(table: Table) -> PlayRequest:
            player, key = commanded(table, figure)
            return PlayRequest(player, key, "shoot", codes(cards), aim=aim, weapon=weapon,
                               targets=table.characters_named(target), covered=table.characters_named(covered),
                               range=range, cover=cover)
        await self.act(interaction, build)

    @app_commands.command(name="dynamite")
    @app_commands.describe(card="A Shoot card (A, J, Q, K)", targets="Everyone in the blast, comma-separated",
                           distance="A distance card, 1 to 10 (thrown 3\" + its number)",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters, card=options.own_cards)
    async def dynamite(self, interaction: discord.Interaction, card: app_commands.Range[str, 2, 4],
                       targets: app_commands.Range[str, 1, 200] = "", distance: app_commands.Range[str, 2, 4] = "",
                       figure: str | None = None) -> None:
        """Throw Dynamite: the fuse, then 4,5,6 on all in the blast, all Pinned."""
        def build(table: Table) -> PlayRequest:
            player, key = commanded(table, figure)
            return PlayRequest(player, key, "dynamite", codes(card), distance=distance,
                               targets=table.characters_named(targets))
        await self.act(interaction, build)

    @app_commands.command(name="contact")
    @app_commands.describe(target="The enemy in base contact", cards="Shoot cards placed out of sight, as `K♥ Q♠` or `KH QS`",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(target=options.characters, figure=options.characters, cards=options.own_cards)
    async def contact(self, interaction: discord.Interaction, target: str, cards: app_commands.Range[str, 2, 40],
                      figure: str | None = None) -> None:
        """Close combat: your Shoot cards out of sight; the defender's back; shown together."""
        def build(table: Table) -> ContactRequest:
            player, key = commanded(table, figure)
            return ContactRequest(player, key, table.character(target).key, codes(cards))
        await self.act(interaction, build)

    @app_commands.command(name="defend")
    @app_commands.describe(cards="Up to two Shoot cards, as `K♥ Q♠` or `KH QS`; none to strike back with nothing")
    @app_commands.autocomplete(cards=options.own_cards)
    async def defend(self, interaction: discord.Interaction, cards: app_commands.Range[str, 0, 40] = "") -> None:
        """Strike back in close combat with up to two Shoot cards."""
        await self.act(interaction, lambda table: DefendRequest(interaction.user.id, codes(cards)))

    @app_commands.command(name="peek")
    @app_commands.describe(building="The building whose door it is at",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters)
    async def peek(self, interaction: discord.Interaction, building: app_commands.Range[str, 1, 64],
                   figure: str | None = None) -> None:
        """Look at a building's face-down card: only you see it."""
        await self.door(interaction, building, figure, "peek")

    @app_commands.command(name="persuade")
    @app_commands.describe(building="The building whose door it is at",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters)
    async def persuade(self, interaction: discord.Interaction, building: app_commands.Range[str, 1, 64],
                       figure: str | None = None) -> None:
        """Persuade whoever is in a building to join your side: 6+."""
        await self.door(interaction, building, figure, "persuade")

    @app_commands.command(name="take")
    @app_commands.describe(building="The building whose door it is at",
                           figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters)
    async def take(self, interaction: discord.Interaction, building: app_commands.Range[str, 1, 64],
                   figure: str | None = None) -> None:
        """Take a building's Money card."""
        await self.door(interaction, building, figure, "take")

    async def door(self, interaction: discord.Interaction, building: str, name: str | None, what: str) -> None:
        """A figure at a building's door; whoever looked is told the card, alone."""
        def build(table: Table) -> DoorRequest:
            player, key = commanded(table, name)
            return DoorRequest(player, key, building, what)
        table = await self.act(interaction, build)
        seen = NORMAN.seen(table.state, interaction.user.id)
        place = next((place for place in seen if place.casefold() == building.casefold()), None)
        if place is not None:
            await send(interaction, content=f"The card of the {safe(place)} (only you see this): "
                                            f"**{safe(seen[place])}**.", ephemeral=True)

    @app_commands.command(name="pickup")
    @app_commands.describe(figure="Default: the figure activated")
    @app_commands.autocomplete(figure=options.characters)
    async def pickup(self, interaction: discord.Interaction, figure: str | None = None) -> None:
        """Pick up a dud stick of Dynamite to throw again."""
        await self.act(interaction, lambda table: PickUpRequest(*commanded(table, figure)))

    @app_commands.command(name="swap")
    @app_commands.describe(card="The card discarded, as `5♥` or `5H`")
    @app_commands.autocomplete(card=options.own_cards)
    async def swap(self, interaction: discord.Interaction, card: app_commands.Range[str, 2, 4]) -> None:
        """Cheatin' rat: discard a card just dealt and be dealt another."""
        await self.act(interaction, lambda table: SwapRequest(interaction.user.id, card))

    @app_commands.command(name="skill")
    @app_commands.describe(figure="A main character of your gang", skill="The skill its notches buy")
    @app_commands.autocomplete(figure=options.characters)
    async def skill(self, interaction: discord.Interaction, figure: str,
                    skill: Literal[SKILLS]) -> None:  # type: ignore[valid-type]
        """A skill for each 2 notches, or for two notches of the gang's Money."""
        def build(table: Table) -> SkillRequest:
            chosen = table.character(figure)
            table.require_control(chosen)
            return SkillRequest(chosen.owner, chosen.key, skill)
        await self.act(interaction, build)

    @app_commands.command(name="aftermath")
    async def aftermath(self, interaction: discord.Interaction) -> None:
        """After the gunfight: the Shot down rolled for, Allies home, Money counted (Director)."""
        def build(table: Table) -> AftermathRequest:
            table.require_director("roll the aftermath")
            return AftermathRequest()
        await self.act(interaction, build)

    @app_commands.command(name="enrol")
    @app_commands.describe(figure="Yours (a Director: anyone's)")
    @app_commands.autocomplete(figure=options.characters)
    async def enrol(self, interaction: discord.Interaction, figure: str) -> None:
        """Put a figure on the campaign's roster for its next gunfights (as `/campaign add` does)."""
        await enrol(self.bot, interaction, figure, NORMAN.key)

    @app_commands.command(name="recast")
    @app_commands.describe(figure="A figure on this campaign's roster")
    @app_commands.autocomplete(figure=roster_choices)
    async def recast(self, interaction: discord.Interaction, figure: str) -> None:
        """Cast a roster figure into this gunfight, with its notches and skills (as `/campaign cast` does)."""
        await recast(self.bot, interaction, figure, NORMAN.key)

    @app_commands.command(name="amend")
    @app_commands.describe(figure="A figure on a roster", pistols="0-2", long="'none': no long arm",
                           dynamite="Sticks", horse="Mounted", dead="Dead (false: alive)")
    @app_commands.autocomplete(figure=roster_choices)
    async def amend(self, interaction: discord.Interaction, figure: str,
                    pistols: app_commands.Range[int, 0, 2] | None = None,
                    long: Literal["rifle", "shotgun", "none"] | None = None,
                    dynamite: app_commands.Range[int, 0, 9] | None = None, horse: bool | None = None,
                    dead: bool | None = None) -> None:
        """The campaign's Director amends a roster figure's kit."""
        await amend(self.bot, interaction, figure, NORMAN,
                    {"pistols": pistols, "long": long, "dynamite": dynamite, "horse": horse}, dead)

    @app_commands.command(name="town")
    @app_commands.describe(buildings="The buildings, comma-separated")
    async def town(self, interaction: discord.Interaction, buildings: app_commands.Range[str, 1, 1000]) -> None:
        """Deal the stock cards face down to the town's buildings, one each (Director)."""
        names = [name.strip() for name in buildings.split(",") if name.strip()]
        async with open_table(self.bot, interaction, NORMAN.key) as table:
            table.require_director("build the town")
            built = NORMAN.build_town(table.state, names, table.dice)
            down = sum(1 for place in table.state.town if place.card)
            said = f"The town: {', '.join(built)}; {down} card{'s' * (down != 1)} face down."
            await table.commit("norman-town", said)
        await send(interaction, content=safe(said))

    @app_commands.command(name="stock")
    @app_commands.describe(name="The card's name", type="A stock character, or a Money card",
                           suit="Its suit, for Persuading", pistols="0, 1 or 2", long="One long arm",
                           shoot="Its Shooting characteristic", grit="Its True Grit",
                           special="Its special rules")
    async def stock(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 64],
                    type: Literal["man", "woman", "horse", "dog", "money"],
                    suit: Literal["spades", "clubs", "diamonds", "hearts"] | None = None,
                    pistols: app_commands.Range[int, 0, 2] = 0, long: Literal["rifle", "shotgun"] | None = None,
                    shoot: app_commands.Range[int, -2, 2] = 0, grit: app_commands.Range[int, -2, 2] = 0,
                    special: app_commands.Range[str, 1, 200] = "") -> None:
        """Add a stock character's card or a Money card for the town, unseen by the players (Director)."""
        async with open_table(self.bot, interaction, NORMAN.key) as table:
            table.require_director("add a stock card")
            NORMAN.add_stock(table.state, stock(name, type, suit or "", pistols=pistols, long=long or "",
                                                shoot=shoot, grit=grit, special=special))
            await table.commit("norman-stock", f"A stock card is added ({len(table.state.stock)} in the stock).")
        await send(interaction, content=f"**{safe(name)}** goes into the stock, face down: only you saw it.",
                   ephemeral=True)

    @app_commands.command(name="settings")
    @app_commands.describe(setting="What the text leaves to the Director",
                           value="hand 1-12, packs 1-4, money 0-10; keep yes/no; order, contact, pins: see rulings")
    async def settings(self, interaction: discord.Interaction,
                       setting: Literal[tuple(Settings.__dataclass_fields__)],  # type: ignore[valid-type]
                       value: app_commands.Range[str, 1, 10]) -> None:
        """Change what the text leaves open in this gunfight (Director)."""
        async with open_table(self.bot, interaction, NORMAN.key) as table:
            table.require_director("change the settings")
            said = NORMAN.configure(table.state, setting, value.strip().lower())
            await table.commit("norman-settings", said)
        await send(interaction, embed=discord.Embed(title=f"{NORMAN.title}: settings", colour=COLOUR,
                                                    description=safe(said)))


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Gunfight(bot))
    bot.add_dynamic_items(WindowButton)
