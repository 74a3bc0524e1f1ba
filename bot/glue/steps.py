"""The step pipeline: a ruleset's ``/deal``, ``/draw`` or deadline run on the table's game and stored, and the
message that shows it (posted by :func:`bot.glue.hands.send_step`, with the "My hand" button where hands are
hidden)."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import discord

from bot.glue.client import DirectorBot
from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, TITLE_LIMIT, Kept, clip, safe
from bot.glue.table import Table
from bot.pictures import render_turn, step_picture
from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.core.fair import PhaseDice
from bot.rules.core.ruleset import Ruleset, State, Step
from bot.rules.qotd.ruleset import QOTD, shuffled, turn_on
from bot.rules.qotd.state import Character, QotdState


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
