"""/catchup: what happened in the channel's game since the asker's own last action, for their eyes only: what
befell their characters, whose turn it is, what the game waits on from them, and the board as it stands."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.answering import acknowledge
from bot.glue.boards import FILENAME, pictures
from bot.glue.client import DirectorBot
from bot.glue.entries import consequences_of, plain, struck
from bot.glue.errors import NoGame, UserError
from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, FIELD_LIMIT, clip, markdown, safe, send
from bot.glue.waiting import waiting_on
from bot.rules.core.cards import Card
from bot.rules.core.pictures import Board, HeldCard
from bot.rules.core.ruleset import Ruleset, State, Wait, phrased, ruleset
from bot.storage import GameRow, LogRow

MOST = 200
"""The most log entries a catch-up reads: the newest of those since the asker's last action."""
OTHERS_SHOWN = 10
"""The most entries about others it lists, the newest."""


def involved(entry: LogRow) -> set[str]:
    """The keys of every character a logged action concerned (who acted, their target, whoever rolled), read
    from its stored resolution as it is, without building it."""
    told = entry.data.get("resolution") or {}
    return {told.get("actor", ""), told.get("target", ""), *(r.get("roller", "") for r in told.get("readings", ()))}


def concerns(entry: LogRow, keys: set[str], names: list[str]) -> bool:
    """Whether a log entry concerns one of the characters ``keys`` (called ``names``): its action involved them,
    or its words name them."""
    return bool(involved(entry) & keys) or any(name in entry.text for name in names)


def words_of(entry: LogRow) -> str:
    """An entry's words, without the bold of the bot's own lines (as `/log recent` has them), escaped."""
    return safe(plain(entry.text))


def line(entry: LogRow, changes: bool = False) -> str:
    """A log entry as the catch-up lists it: its number, when, its words and, if ``changes``, what its action
    changed; struck out if undone."""
    words = words_of(entry) + ("".join(f" ⇒ {change}" for change in consequences_of(entry, safe)) if changes else "")
    return f"#{entry.seq} {discord.utils.format_dt(entry.at, 'R')}: " + struck(words, entry.undone)


def waits_text(wait: Wait | None, user: int) -> str:
    """Whose turn it is and what the game waits on from the asker."""
    if wait is None:
        return "The game waits on nobody just now: `/draw` or `/deal` moves it on."
    others = [f"<@{u}>" for u in wait.users if u != user]
    if user not in wait.users:
        return f"The game waits on {', '.join(others)} ({wait.reason}), not on you."
    asked = markdown(wait.asks) or f"The game waits on you for its {wait.reason}."
    also = f" It waits on {', '.join(others)} too." if others else ""
    return f"**It waits on you.** {asked}{also}"


def held(card: HeldCard) -> str:
    """A card on a board row: struck out when lost, in italics when stunned."""
    shown = str(Card.parse(card.code))
    return {"lost": f"~~{shown}~~", "stunned": f"*{shown}*"}.get(card.look, shown)


def yours_now(board: Board, user: int) -> list[str]:
    """The asker's characters as the board has them now: "**Kid**: Shock, Hits 2; 5♥ ~~K♥~~"."""
    lines = []
    for row in board.rows:
        if row.owner == user:
            told = "; ".join(filter(None, (safe(", ".join(phrased(row))), " ".join(map(held, row.cards)))))
            lines.append(f"**{safe(row.name)}**" + (f": {told}" if told else ""))
    return lines


def catchup_embed(rules: Ruleset, state: State, game: GameRow, user: int, own: LogRow, entries: list[LogRow],
                  count: int) -> discord.Embed:
    """What happened since ``own``, the asker's last entry: the ``entries`` after it (the newest of ``count``)."""
    mine = {key for key, c in state.characters.items() if c.owner == user}
    names = [state.characters[key].name for key in mine]
    about_mine, others = [], []
    for entry in entries:
        (about_mine if mine and concerns(entry, mine, names) else others).append(entry)
    since = f"since your last action, #{own.seq} {discord.utils.format_dt(own.at, 'R')} ({words_of(own)})"
    if not count:
        description = f"Nothing has happened {since}."
    else:
        description = f"{count} log entr{'y' if count == 1 else 'ies'} {since}."
        if count > len(entries):
            description += (f" Only the last {len(entries)} are read here; `/log recent` and `/log export` show "
                            "the others.")
    embed = discord.Embed(title="Catching up", colour=COLOUR, description=clip(description, DESCRIPTION_LIMIT))
    yours = [*(line(entry, changes=True) for entry in about_mine), *yours_now(rules.board(state), user)]
    embed.add_field(name="Your characters", inline=False,
                    value=clip("\n".join(yours) or "You have no character cast.", FIELD_LIMIT))
    if others:
        shown = others[-OTHERS_SHOWN:]
        heading = "Everything else" + (f" (the last {len(shown)} of {len(others)})" if len(others) > len(shown)
                                       else "")
        embed.add_field(name=heading, inline=False, value=clip("\n".join(map(line, shown)), FIELD_LIMIT))
    embed.add_field(name="Whose turn", inline=False,
                    value=clip(waits_text(waiting_on(rules, state, game), user), FIELD_LIMIT))
    return embed


@app_commands.guild_only()
class Catchup(commands.Cog):
    """Catching up after a while away, without scrolling."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="catchup")
    async def catchup(self, interaction: discord.Interaction) -> None:
        """What happened since your last action (for you alone)."""
        game = await self.bot.db.load_game(interaction.guild_id, interaction.channel_id)
        if game is None:
            raise NoGame()
        own, entries, count = await self.bot.db.since_last_of(game.id, interaction.user.id, MOST)
        if own is None:
            raise UserError("You have taken no action in this game yet, so there is nothing to catch up on since: "
                            "`/log recent` shows the last actions and `/status` the board. `/game join` to play.")
        await acknowledge(interaction, ephemeral=True)          # the board's pictures may wait for a busy worker
        rules = ruleset(game.ruleset)
        state = rules.load(game.state)
        embed = catchup_embed(rules, state, game, interaction.user.id, own, entries, count)
        pages = await pictures(self.bot, interaction.guild, rules, state)
        await send(interaction, embed=embed, filename=FILENAME, pages=pages, ephemeral=True)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Catchup(bot))
