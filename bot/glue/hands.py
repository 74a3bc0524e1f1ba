"""Hidden hands, for any ruleset whose players hold cards the others must not see: the "My hand" button on
every step of such a game answers the presser alone, with their cards and a menu to play one face down. A
Director who holds no seat, and never held one, sees every player's hand and face-down card the same way,
ephemerally, in as many pages as they take, through the same :meth:`HiddenHands.private` (who may is
:mod:`bot.glue.umpire`). Nothing here posts a card before the ruleset reveals it: the channel hears only that a
card was played (see docs/rulings.md)."""

from __future__ import annotations

import discord

from bot.glue.answering import acknowledge_if_crowded
from bot.glue.errors import UserError, guarded
from bot.glue.consent import pingable
from bot.glue.replies import COLOUR, markdown, pages, render, send
from bot.glue.seals import announced
from bot.glue.steps import play, step_filename, step_image, step_message
from bot.glue.table import Table, open_table
from bot.glue.umpire import look_at_every_hand
from bot.pictures import render_turn
from bot.rules.core.cards import Card
from bot.rules.core.ruleset import HiddenHands, Private, Step


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
        await acknowledge_if_crowded(interaction, thinking=False)
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
        lines.append(markdown(private.note))
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
    async with open_table(interaction.client, interaction) as table:
        rules = hands_of(table, game)
        step = await play(table, "play-card",
                          lambda state, dice: rules.play_card(state, interaction.user.id, code, dice))
    await send_step(interaction, table, step)


async def send_step(interaction: discord.Interaction, table: Table, step: Step) -> None:
    """Post a ruleset's step, with its picture, pinging whom it concerns."""
    content, embed, ping, picture = step_message(table.ruleset, table.state, step,
                                                 announced(table.sealed, table.ruleset.turn_name))
    view = hand_view(table.game.id) if isinstance(table.ruleset, HiddenHands) else None
    await send(interaction, content=content, embed=embed, image=await step_image(picture),
               filename=step_filename(step), view=view, ping=pingable(table.game, ping))
