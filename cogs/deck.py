"""Filming (Reel 1): dealing the pack, turning cards one by one, holding, and the phase's end."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge, acknowledge_if_crowded
from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.glue.errors import UserError
from bot.pictures import render_deck, render_turn, step_picture
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, TITLE_LIMIT, Kept, clip, render, resolution_embed, safe, send
from bot.rules.qotd.actions import perform
from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.core.fair import PhaseDice
from bot.rules.qotd.checks import HoldRequest
from bot.rules.core.ruleset import HiddenHands, Ruleset, State, Step
from bot.rules.qotd.ruleset import QOTD, card_line, shuffled, turn_on
from bot.rules.qotd.state import Character, QotdState
from bot.glue.seals import announced
from bot.glue.table import Table, open_table

from . import options
from .hands import hand_view


CARDS_LEFT_OUT = "… {n} more cards turned: `/deck` shows the whole phase."
"""What a /draw that turned more cards than its message holds says in their place (the last ones shown)."""
TURNS = Kept(render_turn, 512)
"""The pictures of the cards a /draw turns: a card, or a joker and a card, all game long."""


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


def next_turn(state: QotdState, bot: DirectorBot, channel_id: int) -> Turn:
    """Turn on to the next card as `/draw` does: a spent pack is shuffled for the next phase first (under
    the pack's next seal), and the phase's end is said when its last card is turned."""
    lines = []
    if state.deck.spent:
        state.shuffle(bot.dice(QOTD, state, channel_id))
        lines.append(shuffled(state))
    turned, cards, character = turn_on(state, None)
    return Turn(lines + turned, cards, character)


def turn_message(state: QotdState, done: Turn, notes: Sequence[str] = ()
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


STEP_LINES_LEFT_OUT = "… {n} more lines: `/log recent` shows them all."
"""What a step too long for its message says in place of the lines left out."""


def step_message(ruleset: Ruleset, state: State, step: Step, notes: Sequence[str] = ()
                 ) -> tuple[str, discord.Embed, list[int], Callable[[], bytes] | None]:
    """The content, embed, ping and picture (the ruleset's, see :mod:`bot.pictures.steps`) showing what a
    ruleset's ``/deal``, ``/draw`` or deadline did (with ``notes``, e.g. the seals it made and revealed): the
    owner of the character who acts is pinged."""
    embed = discord.Embed(title=clip(step.title, TITLE_LIMIT), colour=COLOUR,
                          description=clip("\n".join([*step.lines, *notes]), DESCRIPTION_LIMIT, STEP_LINES_LEFT_OUT))
    character = state.characters.get(step.acting) if step.acting else None
    picture = step_picture(ruleset.key, state, step)
    if character is None:
        return "", embed, [], picture
    return f"<@{character.owner}>, {safe(character.name)} acts.", embed, [character.owner], picture


async def send_step(interaction: discord.Interaction, table: Table, step: Step) -> None:
    """Post a ruleset's step, with its picture, pinging whom it concerns."""
    content, embed, ping, picture = step_message(table.ruleset, table.state, step,
                                                 announced(table.sealed, table.ruleset.turn_name))
    image = await render(picture) if picture is not None else None
    view = hand_view(table.game.id) if isinstance(table.ruleset, HiddenHands) else None
    await send(interaction, content=content, embed=embed, image=image, filename="turn.png", view=view,
               ping=pingable(table.game, ping))


async def play(table: Table, kind: str, move: Callable[[State, random.Random], Step]) -> Step:
    """Run a ruleset's ``/deal`` or ``/draw`` (``move``) on the table's game, and store it."""
    if table.state.pending:
        raise UserError("A roll is waiting for a re-roll decision; settle it first.")
    table.ask(kind)
    dice = table.dice
    step = move(table.state, dice)
    await table.commit(kind, " ".join([f"{step.title}:", *step.lines]), step_data(step, dice))
    return step


def step_data(step: Step, dice: random.Random) -> dict:
    """A step's log entry data: the faces it turned, and the dice it rolled from the turn's seal, with their
    draws (``/verify`` checks them)."""
    rolled = dice.rolled if isinstance(dice, PhaseDice) else ()
    return {"turned": list(step.faces), **({"rolls": [roll.to_json() for roll in rolled]} if rolled else {})}


def check_may_step(table: Table) -> None:
    """A Director moves play on; so may the player of the character whose turn the game waits on."""
    wait = table.ruleset.waiting_on(table.state, table.game.director_id)
    if table.is_director or (wait is not None and wait.character and table.user_id in wait.users):
        return
    raise UserError("Only a Director, or the player whose turn it is, moves play on.")


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

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="deal")
    @app_commands.describe(again="Reshuffle even though cards of this phase are still to come")
    async def deal(self, interaction: discord.Interaction, again: bool = False) -> None:
        """Shuffle every active character's cards and both jokers: a new phase (Director only)."""
        async with open_table(self.bot, interaction) as table:
            table.require_director("deal")
            step = None if table.plays_qotd else await play(table, "deal", table.ruleset.deal)
            state = table.state
            if step is None:
                if not any(c.in_action and c.available for c in state.characters.values()):
                    raise UserError("Nobody in the cast has a card to play: `/cast add` someone first.")
                if state.deck.to_come and not state.deck.spent and not again:
                    raise UserError(f"Phase {state.deck.phase} still has {len(state.deck.to_come)} cards to come. "
                                    "Use `/deal again:True` to reshuffle anyway.")
                if state.pending:
                    raise UserError("A roll is waiting for a re-roll decision; settle it first.")
                table.ask("deal")
                state.shuffle(table.dice)
                text = shuffled(state)
                await table.commit("deal", text)
        await acknowledge_if_crowded(interaction)
        if step is not None:
            await send_step(interaction, table, step)
            return
        image = await render(render_deck, state)
        seals = announced(table.sealed)
        embed = discord.Embed(title=f"Phase {state.deck.phase}", colour=COLOUR,
                              description="\n".join([text + " `/draw` turns the first card.", *seals]))
        await send(interaction, embed=embed, image=image, filename="deck.png")

    @app_commands.command(name="draw")
    async def draw(self, interaction: discord.Interaction) -> None:
        """Turn the next card: its character acts. A spent pack is shuffled for the next phase.

        The reply shows the cards turned (`/deck` shows the whole phase).
        """
        async with open_table(self.bot, interaction) as table:
            if not table.plays_qotd:
                check_may_step(table)
                step = await play(table, "draw", table.ruleset.advance)
            else:
                step = None
                check_may_draw(table)
                state = table.state
                if state.deck.phase == 0:
                    raise UserError("No phase has been dealt yet: a Director starts with `/deal`.")
                if state.pending:
                    raise UserError("A roll is waiting for a re-roll decision; settle it first.")
                done = next_turn(state, self.bot, table.game.channel_id)
                await table.commit("draw", " ".join(done.lines), {"turned": done.codes})
        await acknowledge_if_crowded(interaction)
        if step is not None:
            await send_step(interaction, table, step)
            return
        image = await TURNS(done.cards, done.mark)
        content, embed, ping = turn_message(state, done, announced(table.sealed))
        await send(interaction, content=content, embed=embed, image=image, filename="turn.png",
                   ping=pingable(table.game, ping))

    @app_commands.command(name="hold")
    @app_commands.describe(character="Who holds (default: whose card is up)")
    @app_commands.autocomplete(character=options.characters)
    async def hold(self, interaction: discord.Interaction, character: str | None = None) -> None:
        """Hold on this card, to respond later in the phase (Heroes, Main and Supporting Characters)."""
        async with open_table(self.bot, interaction, QOTD.key) as table:
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
        if not table.plays_qotd:
            step = table.ruleset.deck(state)
            picture = step_picture(table.ruleset.key, state, step)
            await send(interaction, embed=discord.Embed(title=clip(step.title, TITLE_LIMIT), colour=COLOUR,
                                                        description=clip("\n".join(step.lines), DESCRIPTION_LIMIT)),
                       image=await render(picture) if picture is not None else None, filename="deck.png")
            return
        deck = state.deck
        if deck.phase == 0:
            raise UserError("No phase has been dealt yet.")
        acting = state.acting
        jokers = len(deck.jokers_seen)
        lines = [f"{len(deck.turned) - jokers} card{'s' * (len(deck.turned) - jokers != 1)} turned"
                 + (f" and {jokers} joker{'s' * (jokers > 1)}" if jokers else "") + f", {len(deck.to_come)} to come."]
        if acting:
            lines.append(card_line(acting, str(deck.current)))
        if deck.jokers_seen:
            lines.append("Jokers seen: " + ", ".join(map(str, deck.jokers_seen)))
        if deck.out:
            lines.append("Taken out this phase: " + ", ".join(map(str, deck.out)))
        await acknowledge(interaction)                        # the picture may wait for a busy worker
        image = await render(render_deck, state)
        embed = discord.Embed(title=f"Phase {deck.phase}", description="\n".join(lines), colour=COLOUR)
        await send(interaction, embed=embed, image=image, filename="deck.png")


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Deck(bot))
