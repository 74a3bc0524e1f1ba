"""The step pipeline: a ruleset's ``/deal``, ``/draw`` or deadline run on the table's game and stored, and the
message that shows it (posted by :func:`bot.glue.hands.send_step`, with the "My hand" button where hands are
hidden)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import discord

from bot.glue.errors import UserError
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, TITLE_LIMIT, Kept, clip, markdown, render, safe
from bot.glue.table import Table
from bot.pictures import draw, step_picture
from bot.rules.core.fair import PhaseDice
from bot.rules.core.pictures import CardsTurned
from bot.rules.core.ruleset import Ruleset, State, Step


TURNS = Kept(draw, 512)
"""The pictures of the cards a step turns: a card, or a joker and a card, all game long."""


STEP_LINES_LEFT_OUT = "… {n} more lines: `/deck` shows the turn so far, `/log recent` every line."
"""What a step too long for its message says in place of the lines left out."""


def step_message(ruleset: Ruleset, state: State, step: Step, notes: Sequence[str] = ()
                 ) -> tuple[str, discord.Embed, list[int], Callable[[], bytes] | None]:
    """The content, embed, ping and picture (the ruleset's, see :func:`bot.pictures.step_picture`) showing what a
    ruleset's ``/deal``, ``/draw`` or deadline did (with ``notes``, e.g. the seals it made and revealed): the
    owner of the character who acts is pinged."""
    embed = discord.Embed(title=clip(markdown(step.title), TITLE_LIMIT), colour=COLOUR,
                          description=clip("\n".join([*map(markdown, step.lines), *notes]), DESCRIPTION_LIMIT,
                                           STEP_LINES_LEFT_OUT))
    character = state.characters.get(step.acting) if step.acting else None
    picture = step_picture(ruleset, state, step)
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
    await table.commit(kind, " ".join([f"{markdown(step.title)}:", *map(markdown, step.lines)]),
                       step_data(step, dice))
    return step


def step_data(step: Step, dice: random.Random) -> dict:
    """A step's log entry data: the faces it turned, and the dice it rolled from the turn's seal, with their
    draws (``/verify`` checks them)."""
    rolled = dice.rolled if isinstance(dice, PhaseDice) else ()
    return {"turned": list(step.faces), **({"rolls": [roll.to_json() for roll in rolled]} if rolled else {})}


def check_may_step(table: Table) -> None:
    """A Director moves play on; so may the player of the character whose turn the game waits on, where the
    ruleset lets them (:attr:`~bot.rules.core.ruleset.Wait.draws`)."""
    if table.is_director:
        return
    wait = table.ruleset.waiting_on(table.state, table.game.director_id)
    if wait is not None and wait.character and wait.draws and table.user_id in wait.users:
        return
    raise UserError("Only a Director, or the player whose turn it is, moves play on.")


def step_filename(step: Step) -> str:
    """A step's picture is of what it turned ("turn.png"), or with nothing turned of the deck ("deck.png")."""
    return "turn.png" if step.faces else "deck.png"


async def step_image(picture: Callable[[], bytes] | None) -> bytes | None:
    """A step's picture, drawn; the cards turned are kept, since they recur all game."""
    if picture is None:
        return None
    turned = getattr(picture, "args", ())
    if turned and isinstance(turned[0], CardsTurned):
        return await TURNS(*turned)
    return await render(picture)
