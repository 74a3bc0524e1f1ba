"""Hidden hands, for any ruleset whose players hold cards the others must not see (Dracula's America, Mackenzie
Norman's gunfight): the "My hand" button on every step of such a game and `/hand` answer the presser alone, with
their cards and a menu to play one face down. A Director who holds no seat, and never held one, sees every
player's hand and face-down card the same way, ephemerally, in as many pages as they take, through the same
:meth:`HiddenHands.private` (so any ruleset with hidden hands gets it; who may is :mod:`bot.glue.umpire`). Nothing here
posts a card before the ruleset reveals it: the channel hears only that a card was played (see docs/rulings.md)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.pictures import render_turn
from bot.glue.replies import COLOUR, render, send
from bot.rules.core.cards import Card
from bot.rules.core.ruleset import HiddenHands, Private
from bot.glue.table import Table, open_table
from bot.glue.umpire import look_at_every_hand

from .campaign import guarded, pages

MAX_OPTIONS = 25
"""Discord's most options in one select menu."""


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"hand:(?P<game>\d+)"):
    """"My hand" on a step of game ``game``: shows the presser their own hand, ephemerally. Works after restarts."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠", style=discord.ButtonStyle.primary,
                                           custom_id=f"hand:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_hand(interaction, self.game))


class PlayMenu(discord.ui.DynamicItem[discord.ui.Select], template=r"handplay:(?P<game>\d+)"):
    """The cards the presser may play now, from their hand's ephemeral answer. Works after restarts."""

    def __init__(self, game: int, options: list[discord.SelectOption]) -> None:
        super().__init__(discord.ui.Select(custom_id=f"handplay:{game}", placeholder="Play a card face down",
                                           options=options))
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match) -> PlayMenu:
        return cls(int(match["game"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, play_card(interaction, self.game, self.item.values[0]))


def hand_view(game: int) -> discord.ui.View:
    """The "My hand" button for a step of a game with hidden hands."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game))
    return view


def hands_of(table: Table, game: int | None) -> HiddenHands:
    """The table's ruleset, if it plays hidden hands and (given ``game``) the game is still the button's."""
    if game is not None and table.game.id != game:
        raise UserError("That button belongs to a game that is over.")
    if not isinstance(table.ruleset, HiddenHands):
        raise UserError(f"{table.ruleset.title} is not played from hidden hands.")
    return table.ruleset


def cards_in(private: Private) -> str:
    """The cards of a hand, in words ("7♠, Q♦", or "no cards")."""
    return ", ".join(str(Card.parse(code)) for code in private.cards) or "no cards"


def hand_embed(private: Private) -> discord.Embed:
    """A hand in words, for its owner alone: the cards, the card face down, what to do."""
    lines = [f"In your hand: {cards_in(private)}."]
    if private.face_down:
        lines.append(f"Face down: {Card.parse(private.face_down)}.")
    if private.note:
        lines.append(private.note)
    return discord.Embed(title="Your hand (only you see this)", colour=COLOUR, description="\n".join(lines))


def seat_line(user: int, private: Private) -> str:
    """One seat's hand and face-down card, for the every-hand view."""
    down = f"; face down: {Card.parse(private.face_down)}" if private.face_down else ""
    return f"<@{user}>: {cards_in(private)}{down}."


def every_hand(hands: dict[int, Private]) -> list[discord.Embed]:
    """Every player's hand and face-down card, for a Director who holds no seat (and them alone): a line a seat
    holding a card, in as many pages as they take (none is ever left out), then how many seats hold none."""
    lines = [seat_line(user, private) for user, private in hands.items() if private.cards or private.face_down]
    empty = len(hands) - len(lines)
    if empty:
        lines.append(f"{empty} seat{'s hold' if empty != 1 else ' holds'} no card.")
    shown = pages(lines or ["Nobody holds a seat yet."], joint="\n")
    title = "Every hand (only you see this)"
    return [discord.Embed(title=title + (f" — {n} of {len(shown)}" if len(shown) > 1 else ""), colour=COLOUR,
                          description=page) for n, page in enumerate(shown, 1)]


async def show_hand(interaction: discord.Interaction, game: int | None) -> None:
    """The presser's hand, seen by them alone: the cards, a picture of them, and the menu to play one. A Director
    with no seat, who never held one, sees every hand instead (see :mod:`bot.glue.umpire`)."""
    async with open_table(interaction.client, interaction) as table:
        rules = hands_of(table, game)
        private = rules.private(table.state, interaction.user.id)
        if private is None and not table.is_director:
            raise UserError("You hold no hand in this game: `/game join` first.")
        if private is None:
            hands = {user: hand for user in table.state.seats if (hand := rules.private(table.state, user)) is not None}
            await look_at_every_hand(table, hands)
        game = table.game.id
    if private is None:
        for page in every_hand(hands):
            await send(interaction, embed=page, ephemeral=True)
        return
    cards = tuple(Card.parse(code) for code in private.cards)
    image = await render(render_turn, cards) if cards else None
    view = None
    if private.playable:
        view = discord.ui.View(timeout=None)
        view.add_item(PlayMenu(game, [discord.SelectOption(label=str(Card.parse(code)), value=code)
                                      for code in private.playable[:MAX_OPTIONS]]))
    await send(interaction, embed=hand_embed(private), image=image, filename="hand.png", view=view, ephemeral=True)


async def play_card(interaction: discord.Interaction, game: int, code: str) -> None:
    """Play the chosen card face down; the channel hears that a card was played, or sees the flip."""
    from .deck import play, send_step           # deck shows the "My hand" button of this module on its steps

    async with open_table(interaction.client, interaction) as table:
        rules = hands_of(table, game)
        step = await play(table, "play-card",
                          lambda state, dice: rules.play_card(state, interaction.user.id, code, dice))
    await send_step(interaction, table, step)


@app_commands.guild_only()
class Hands(commands.Cog):
    """Hidden hands: your own cards, seen by you alone."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your hand, seen by you alone, with a menu to play a card (a Director with no seat: every hand)."""
        await show_hand(interaction, None)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Hands(bot))
    bot.add_dynamic_items(HandButton, PlayMenu)
