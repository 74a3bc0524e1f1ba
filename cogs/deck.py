"""Filming (Reel 1): dealing the pack, turning cards one by one, holding, and the phase's end."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot.answering import acknowledge, acknowledge_if_crowded
from bot.client import Director
from bot.consent import pingable
from bot.errors import UserError
from bot.render import render_deck, render_turn
from bot.replies import COLOUR, DESCRIPTION_LIMIT, Kept, card_line, clip, render, resolution_embed, safe, send
from bot.rules.qotd.actions import perform
from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.qotd.checks import HoldRequest
from bot.rules.qotd.state import Character, Condition, GameState
from bot.seals import announced, changes, deal
from bot.table import Table, open_table

from . import options


CARDS_LEFT_OUT = "… {n} more cards turned: `/deck` shows the whole phase."
"""What a /draw that turned more cards than its message holds says in their place (the last ones shown)."""
TURNS = Kept(render_turn, 512)
"""The pictures of the cards a /draw turns: a card, or a joker and a card, all game long."""


def phase_summary(state: GameState) -> str:
    """What the phase came to: how many cards were turned, the jokers, who is down."""
    deck = state.deck
    down = [safe(c.name) for c in state.characters.values() if c.casualty]
    parts = [f"Phase {deck.phase} ends: {len(deck.turned)} cards turned"]
    if deck.jokers_seen:
        parts.append(" and ".join(str(j) for j in deck.jokers_seen) + " seen")
    if down:
        parts.append("down: " + ", ".join(down))
    return "; ".join(parts) + ". The next `/draw` shuffles the next phase."


def passed_mark(holder: Character) -> str:
    """The end of the line for a holder's card that passes: a joker's mark on it passes with it (see
    docs/rulings.md)."""
    luck, holder.luck = holder.luck, None
    if luck is None:
        return "."
    return f", and the {'red' if luck is Luck.RED else 'black'} joker's mark with it: it marked this card."


def turn(state: GameState) -> tuple[list[str], Character | None]:
    """Turn cards until one gives a character a turn (a joker marks the next; a holder's card passes)."""
    lines: list[str] = []
    while state.deck.to_come:
        card, character = state.turn()
        if card.is_joker:
            lines.append(f"**{card}** — the next card is marked "
                         + ("for good luck (as a 10)." if card.is_red else "for a mishap (as a 1)."))
            continue
        if character is not None and Condition.HOLDING in character.conditions:
            lines.append(f"{card} — {safe(character.name)} is holding; the card passes" + passed_mark(character))
            continue
        lines.append(card_line(state, character, str(card)))
        return lines, character
    return lines, None


@dataclass
class Turn:
    """What turning on to the next card did: the lines to show, the cards turned, who acts now."""

    lines: list[str]
    cards: tuple[Card, ...]
    character: Character | None

    @property
    def codes(self) -> list[str]:
        return [card.code for card in self.cards]

    @property
    def mark(self) -> Luck | None:
        """The joker's mark on the character who acts, if a joker turned before their card."""
        return self.character.luck if self.character else None

    def picture(self) -> Callable[[], bytes]:
        """How to draw the cards turned, the last with its joker's mark."""
        return functools.partial(render_turn, self.cards, self.mark)


def next_turn(state: GameState, bot: Director, channel_id: int) -> Turn:
    """Turn on to the next card as `/draw` does: a spent pack is shuffled for the next phase first (under
    a new seal), and the phase's end is said when its last card is turned."""
    lines = []
    if state.deck.spent:
        deal(state, channel_id, bot)
        lines.append(f"Phase {state.deck.phase}: the pack of {len(state.deck.to_come)} cards is shuffled.")
    turned, character = turn(state)
    lines += turned
    if state.deck.spent:
        lines.append(phase_summary(state))
    return Turn(lines, tuple(state.deck.turned[len(state.deck.turned) - len(turned):]), character)


def turn_message(state: GameState, done: Turn, notes: Sequence[str] = ()
                 ) -> tuple[str, discord.Embed, list[int]]:
    """The content, embed and ping announcing a turn (with ``notes``, e.g. the seals it made and revealed):
    the owner of the character who acts is pinged."""
    embed = discord.Embed(title=f"Phase {state.deck.phase} — {len(state.deck.to_come)} to come",
                          description=clip("\n".join([*done.lines, *notes]), DESCRIPTION_LIMIT, CARDS_LEFT_OUT),
                          colour=COLOUR)
    character = done.character
    if character is None:
        return "", embed, []
    return f"<@{character.owner}>, {safe(character.name)} acts.", embed, [character.owner]


def check_may_draw(table: Table) -> None:
    """A Director turns cards; the player whose card is up may turn the next one to end their turn."""
    if table.is_director:
        return
    acting = table.state.acting
    if acting is None or acting.owner != table.user_id or table.state.deck.spent:
        raise UserError("Only a Director, or the player whose card is up, turns the next card.")


@app_commands.guild_only()
class Deck(commands.Cog):
    """The pack: dealing a phase, turning cards, holding, and the deck as a picture."""

    def __init__(self, bot: Director) -> None:
        self.bot = bot

    @app_commands.command(name="deal")
    @app_commands.describe(again="Reshuffle even though cards of this phase are still to come")
    async def deal(self, interaction: discord.Interaction, again: bool = False) -> None:
        """Shuffle every active character's cards and both jokers: a new phase (Director only)."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("deal")
            state = table.state
            if not any(c.in_action and c.available for c in state.characters.values()):
                raise UserError("Nobody in the cast has a card to play: `/cast add` someone first.")
            if state.deck.to_come and not state.deck.spent and not again:
                raise UserError(f"Phase {state.deck.phase} still has {len(state.deck.to_come)} cards to come. "
                                "Use `/deal again:True` to reshuffle anyway.")
            if state.pending:
                raise UserError("A roll is waiting for a re-roll decision; settle it first.")
            deal(state, table.game.channel_id, self.bot)
            text = f"Phase {state.deck.phase}: the pack of {len(state.deck.to_come)} cards is shuffled."
            await table.commit("deal", text)
        await acknowledge_if_crowded(interaction)
        image = await render(render_deck, state)
        seals = announced(changes(table.before, state))
        embed = discord.Embed(title=f"Phase {state.deck.phase}", colour=COLOUR,
                              description="\n".join([text + " `/draw` turns the first card.", *seals]))
        await send(interaction, embed=embed, image=image, filename="deck.png")

    @app_commands.command(name="draw")
    async def draw(self, interaction: discord.Interaction) -> None:
        """Turn the next card: its character acts. A spent pack is shuffled for the next phase.

        The reply shows the cards turned (`/deck` shows the whole phase).
        """
        async with open_table(self.bot, interaction) as table:
            check_may_draw(table)
            state = table.state
            if state.deck.phase == 0:
                raise UserError("No phase has been dealt yet: a Director starts with `/deal`.")
            if state.pending:
                raise UserError("A roll is waiting for a re-roll decision; settle it first.")
            done = next_turn(state, self.bot, table.game.channel_id)
            await table.commit("draw", " ".join(done.lines), {"turned": done.codes})
        await acknowledge_if_crowded(interaction)
        image = await TURNS(done.cards, done.mark)
        content, embed, ping = turn_message(state, done, announced(changes(table.before, state)))
        await send(interaction, content=content, embed=embed, image=image, filename="turn.png",
                   ping=pingable(table.game, ping))

    @app_commands.command(name="hold")
    @app_commands.describe(character="Who holds (default: whose card is up)")
    @app_commands.autocomplete(character=options.characters)
    async def hold(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """Hold on this card, to respond later in the phase (Heroes, Main and Supporting Characters)."""
        async with open_table(self.bot, interaction) as table:
            who = table.character(character) if character else table.state.acting
            if who is None:
                raise UserError("No card is up: name the character who holds.")
            table.require_control(who)
            if who is not table.state.acting:
                raise UserError(f"{safe(who.name)} can only hold when their card is up.")
            state, resolution = perform(table.state, HoldRequest(who.key), table.dice)
            table.state = state
            await table.commit("hold", resolution.headline)
        await send(interaction, embed=resolution_embed(state, resolution))

    @app_commands.command(name="deck")
    async def deck(self, interaction: discord.Interaction) -> None:
        """The deck: cards turned this phase, the card up, how many remain, jokers seen."""
        async with open_table(self.bot, interaction) as table:
            state = table.state
        deck = state.deck
        if deck.phase == 0:
            raise UserError("No phase has been dealt yet.")
        acting = state.acting
        jokers = len(deck.jokers_seen)
        lines = [f"{len(deck.turned) - jokers} card{'s' * (len(deck.turned) - jokers != 1)} turned"
                 + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else "") + f", {len(deck.to_come)} to come."]
        if acting:
            lines.append(card_line(state, acting, str(deck.current)))
        if deck.jokers_seen:
            lines.append("Jokers seen: " + ", ".join(map(str, deck.jokers_seen)))
        if deck.out:
            lines.append("Taken out this phase: " + ", ".join(map(str, deck.out)))
        await acknowledge(interaction)                        # the picture may wait for a busy worker
        image = await render(render_deck, state)
        embed = discord.Embed(title=f"Phase {deck.phase}", description="\n".join(lines), colour=COLOUR)
        await send(interaction, embed=embed, image=image, filename="deck.png")


async def setup(bot: Director) -> None:
    await bot.add_cog(Deck(bot))
