"""The action pipeline every ruleset's commands run: check, run the request on the rules, store it, then reply
with the story and the roll card (and the map, when the action changed it); and the re-roll buttons of a roll
that waits for its owner's decision, which work alike for every ruleset and after restarts."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable

import discord

from bot.glue import maps
from bot.glue.answering import acknowledge_if_crowded
from bot.glue.consent import pingable
from bot.glue.errors import NotAllowed, UserError
from bot.glue.replies import picture, render_soon, resolution_embed, safe, send
from bot.glue.table import INTEGER, Table, open_table, require_stored
from bot.pictures import roll_picture
from bot.rules.core import serial
from bot.rules.core.actions import Request, decide, pending_request, perform
from bot.rules.core.replay import KEEP
from bot.rules.core.ruleset import Ruleset, State
from bot.rules.core.results import Resolution
from bot.storage import LogRow, UnitOfWork

LEAVE = "out of turn, by the Director's leave"
"""What a roll's log entry adds when a Director let its character act out of turn."""


def ruled_by_the_rules(table: Table, request: Request) -> str:
    """Nothing to note: the ruleset's own rules check whose turn it is and what is left of it."""
    return ""


class RerollButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"rr:(?P<game>\d+):(?P<entry>\d+):(?P<choice>[a-z_]+)"):
    """A re-roll right (or Keep) on the roll that log entry ``entry`` showed, waiting for its owner's decision.
    Works after restarts; acts on that roll only."""

    def __init__(self, game: int, entry: int, choice: str, label: str = "Keep") -> None:
        style = discord.ButtonStyle.secondary if choice == KEEP else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label[:80], style=style,
                                           custom_id=f"rr:{game}:{entry}:{choice}"))
        self.game, self.entry, self.choice = game, entry, choice

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> RerollButton:
        return cls(int(match["game"]), int(match["entry"]), match["choice"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Settle the roll; refusals and failures get the same handling as slash commands."""
        try:
            await acknowledge_if_crowded(interaction, thinking=False)
            await settle(interaction, require_stored(self.game), require_stored(self.entry, INTEGER), self.choice)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)


def asked(request: Request) -> str:
    """A request as a retake matches it: its kind and every field (see :meth:`bot.glue.table.Table.ask`)."""
    return json.dumps({"kind": request.kind, **serial.to_json(request)}, sort_keys=True)


def decision_view(game_id: int, entry: int, resolution: Resolution) -> discord.ui.View:
    """Buttons for each open right, and Keep, on the roll that log entry ``entry`` shows."""
    view = discord.ui.View(timeout=None)
    for right in resolution.decision.rights:
        view.add_item(RerollButton(game_id, entry, right.key, right.label))
    view.add_item(RerollButton(game_id, entry, KEEP, "Keep"))
    return view


def roll_message(game_id: int, entry: int, rules: Ruleset, state: State, resolution: Resolution
                 ) -> tuple[str, discord.Embed, discord.ui.View | None, list[int]]:
    """The content, embed, buttons and ping showing a roll (log entry ``entry``) of a game of ``rules``: a
    decision waiting pings its roller's owner."""
    embed = resolution_embed(state, resolution, rules)
    if not resolution.decision:
        return "", embed, None, []
    owner = state.characters[resolution.decision.roller].owner
    return f"<@{owner}>, re-roll or keep?", embed, decision_view(game_id, entry, resolution), [owner]


async def waiting_roll(uow: UnitOfWork, state: State, before_seq: int | None = None, since_seq: int = 1
                       ) -> tuple[LogRow, Resolution] | None:
    """The roll ``state`` waits on a re-roll decision for, with the log entry that showed it (among the
    live entries before entry ``before_seq``, if given, and from entry ``since_seq`` on): to offer its buttons
    again, take them away, or check that a button was made for it."""
    if not state.pending:
        return None
    step = len(state.pending["tape"]) - 1
    for entry in reversed(await uow.log_from(since_seq)):
        if (before_seq is None or entry.seq < before_seq) and not entry.undone and "resolution" in entry.data:
            resolution = serial.from_json(Resolution, entry.data["resolution"])
            if resolution.decision and resolution.decision.step == step:
                return entry, resolution
    return None


async def act(interaction: discord.Interaction, build: Callable[[Table], Request], ruleset: str,
              check: Callable[[Table, Request], str]) -> Table:
    """Check, run the action on the rules, store it, then reply with the story and the roll card (and the
    map, when the action changed it); returns the table as the action left it.

    Any ruleset's actions run here (its group's commands call it with their ``ruleset`` key and their
    ``check``, which refuses the request or returns a note for the reply), with the ruleset's roll card (see
    :func:`bot.pictures.roll_picture`); the re-roll buttons work alike.
    """
    async with open_table(interaction.client, interaction, ruleset) as table:
        before = maps.the_map(table.ruleset, table.state)
        request = build(table)
        leave = check(table, request)
        table.ask(asked(request))
        state, resolution = perform(table.state, request, table.dice)
        drawing = render_soon(roll_picture(table.ruleset, resolution))
        table.state = state
        moved = await maps.after_roll_aside(table.ruleset, table.state, resolution)
        on_map = maps.map_soon(table.ruleset, table.state, before)
        entry = await table.commit(request.kind, resolution.headline + (f" ({LEAVE})" if leave else ""),
                                   {"resolution": serial.to_json(resolution),
                                    **maps.log_positions(table.ruleset, table.state, request.involved())})
    await reply(interaction, table, entry, resolution, drawing, leave, on_map, moved)
    return table


async def reply(interaction: discord.Interaction, table: Table, entry: int, resolution: Resolution,
                drawing: asyncio.Future[bytes], note: str = "", on_map: asyncio.Future[bytes] | None = None,
                moved: str = "") -> None:
    """The story, the roll card, and the re-roll buttons if a decision waits; ``note`` goes first. When the
    roll changed the map (``on_map``, from :func:`maps.map_soon`), its picture follows the card in the
    same message, with ``moved``."""
    content, embed, view, ping = roll_message(table.game.id, entry, table.ruleset, table.state, resolution)
    content = "\n".join(filter(None, (note, content)))
    if not drawing.done() or (on_map is not None and not on_map.done()):
        await acknowledge_if_crowded(interaction)
    image = await picture(drawing)
    await send(interaction, content=content, embed=embed, image=image, filename="roll.png", view=view,
               more=await maps.map_after_roll(table.ruleset, table.state, on_map, moved), ping=pingable(table.game, ping))


async def settle(interaction: discord.Interaction, game_id: int, entry: int, choice: str) -> None:
    """A re-roll button of the roll log entry ``entry`` showed was pressed: only the roller's owner or a
    Director may choose, and only while that very roll waits."""
    async with open_table(interaction.client, interaction) as table:
        pending = table.state.pending
        if table.game.id != game_id:
            raise UserError("That roll belongs to a game that is over.")
        if not pending:
            raise UserError("That roll has already been decided.")
        waiting = await waiting_roll(table.uow, table.state, since_seq=entry)
        if waiting is None or waiting[0].seq != entry:
            raise UserError(f"These buttons were for the roll of log entry #{entry}, which has been decided "
                            "or undone: they do nothing now. Use the buttons of the roll that waits.")
        roller = table.state.characters[pending["roller"]]
        if roller.owner != interaction.user.id and not table.is_director:
            raise NotAllowed(f"Only {safe(roller.name)}'s player or a Director can decide this roll.")
        before = maps.the_map(table.ruleset, table.state)
        table.ask(f"decide {choice} {asked(pending_request(table.state))}")
        state, resolution = decide(table.state, choice, table.dice)
        drawing = render_soon(roll_picture(table.ruleset, resolution))
        table.state = state
        moved = await maps.after_roll_aside(table.ruleset, table.state, resolution)
        on_map = maps.map_soon(table.ruleset, table.state, before)
        decided = await table.commit("decide", f"{roller.name}: {choice}",
                                     {"resolution": serial.to_json(resolution)})
    if interaction.message is not None:
        try:
            await interaction.message.edit(view=None)
        except discord.HTTPException:
            pass
    await reply(interaction, table, decided, resolution, drawing, on_map=on_map, moved=moved)
