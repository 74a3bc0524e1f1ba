"""Filming (Reel 1): dealing the pack, turning cards one by one, holding, and the phase's end."""

from __future__ import annotations


import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge, acknowledge_if_crowded
from bot.glue.client import DirectorBot
from bot.glue.consent import pingable
from bot.glue.errors import UserError
from bot.pictures import render_deck, step_picture
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, TITLE_LIMIT, clip, render, resolution_embed, safe, send
from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import HoldRequest
from bot.rules.qotd.ruleset import QOTD, card_line, shuffled
from bot.glue.seals import announced
from bot.glue.table import Table, open_table

from bot.glue import options
from bot.glue.hands import send_step
from bot.glue.steps import TURNS, next_turn, play, turn_message


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
