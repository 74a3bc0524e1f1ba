"""/help: how a game runs in a channel, and every command with what it does, to the one who asks: a message for
each topic, each within Discord's limits."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands
from discord.ext import commands

from bot.glue.client import DirectorBot
from bot.glue.replies import COLOUR, EMBEDS_TOTAL_LIMIT, FIELD_LIMIT, FIELDS_LIMIT, markdown, send
from bot.rules.core.ruleset import RULESETS, HiddenHands, Ruleset

ANY_RULESET = (
    "A Director started this game of the ruleset below; players `/game join` and cast with its own `cast` "
    "command. The Director `/deal`s; `/draw` moves play on and pings whoever acts. `/status` shows the cast, "
    "`/log recent` what happened; a Director can `/undo`. Games keep for days: the bot reminds whoever it "
    "waits on.")
"""How a game runs, for a ruleset that does not tell it (:meth:`~bot.rules.core.ruleset.Ruleset.how_a_game_runs`)."""
NO_GAME = (
    "No game plays in this channel yet. A Director starts one with `/game start ruleset:` one of the rulesets "
    "below (`/game start` alone plays Quick on the Draw); then players `/game join` and cast their characters with "
    "the ruleset's `cast` command. The Director `/deal`s; `/draw` moves play on and pings whoever acts. `/status` "
    "shows the cast, `/log recent` what happened; a Director can `/undo`. Games keep for days: the bot reminds "
    "whoever it waits on.")
SHARED = (("Game", "game"), ("Cast", "cast"), ("Deck", "deck"), ("Status", "status"), ("History", "history"),
          ("Catchup", "catch-up"), ("Campaign", "campaigns"), ("Hands", "hidden hands"), ("FreeRoll", "free roll"))
"""The cogs of every ruleset's commands, each listed under a heading of its own."""
RULESETS_OWN = "cogs.rulesets."
"""The package of the rulesets' own extensions: ``<key>.py``, or a package ``<key>/`` of several modules."""
FOOTER = "Only a character's player or a Director acts with it; only a Director deals, ends and undoes."


def described(commands: Iterable[app_commands.Command]) -> str:
    """Each command with its description, a line each, in the order they were written."""
    return "\n".join(f"`/{command.qualified_name}` {command.description}" for command in commands)


def named(commands: Iterable[app_commands.Command]) -> str:
    """The commands' names only."""
    return " ".join(f"`/{command.qualified_name}`" for command in commands)


def commands_of(cog: commands.Cog | None) -> list[app_commands.Command]:
    """The cog's slash commands in the order they were written, and a group cog's those that a ruleset's
    extension added to its group; none of a ruleset's own (see :func:`owner`)."""
    if cog is None:
        return []
    found = cog.app_command.walk_commands() if cog.app_command else cog.walk_app_commands()
    return [c for c in found if isinstance(c, app_commands.Command) and owner(c) is None]


def owner(command: app_commands.Command) -> str | None:
    """The key of the ruleset whose own extension made the command (None for a command of every ruleset)."""
    module = command.module or ""
    return module.removeprefix(RULESETS_OWN).partition(".")[0] if module.startswith(RULESETS_OWN) else None


def own_commands(bot: DirectorBot, rules: Ruleset) -> list[app_commands.Command]:
    """A ruleset's own commands, those its extensions made or its group holds, in the order they were written; with
    hidden hands, `/hand`."""
    own = [c for c in bot.tree.walk_commands() if isinstance(c, app_commands.Command) and
           (owner(c) == rules.key or rules.group and c.root_parent is not None and c.root_parent.name == rules.group)]
    return own + (commands_of(bot.get_cog("Hands")) if isinstance(rules, HiddenHands) else [])


def started_by(rules: Ruleset) -> str:
    """A ruleset's heading: its title and how a game of it starts."""
    return f"{rules.title} (`/game start ruleset:{rules.key}`)"


def lines_within(text: str, limit: int) -> list[str]:
    """The text cut between lines into pieces of at most ``limit`` characters (a longer line cut where it must)."""
    pieces = [""]
    for line in text.splitlines():
        while len(line) > limit:
            pieces += [line[:limit], ""]
            line = line[limit:]
        joined = f"{pieces[-1]}\n{line}" if pieces[-1] else line
        if len(joined) <= limit:
            pieces[-1] = joined
        else:
            pieces.append(line)
    return [piece for piece in pieces if piece]


def topic(title: str, description: str, sections: Iterable[tuple[str, str]], footer: str = "") -> list[discord.Embed]:
    """One topic of the help as embeds within Discord's limits: each section in fields of at most 1,024
    characters cut between lines, and a new embed, "continued", where one would pass 6,000 characters or 25
    fields. Nothing is cut short."""
    embeds = [discord.Embed(title=title, colour=COLOUR, description=description)]
    if footer:
        embeds[0].set_footer(text=footer)
    for heading, text in sections:
        for n, piece in enumerate(lines_within(text, FIELD_LIMIT)):
            name = heading if n == 0 else f"{heading} (continued)"
            if len(embeds[-1]) + len(name) + len(piece) > EMBEDS_TOTAL_LIMIT or \
                    len(embeds[-1].fields) == FIELDS_LIMIT:
                embeds.append(discord.Embed(title=f"{title} (continued)", colour=COLOUR))
            embeds[-1].add_field(name=name, value=piece, inline=False)
    return embeds


def help_pages(bot: DirectorBot, playing: Ruleset | None = None) -> list[discord.Embed]:
    """The help, a message a page: the channel's ruleset (``playing``) and its own commands, described (with no
    game, how to start each ruleset); then the commands of every ruleset not described yet; then the other
    rulesets' own commands by name."""
    ahead = own_commands(bot, playing) if playing is not None else []
    if playing is None:
        first = topic("Director — western skirmish games by chat", NO_GAME,
                      [(started_by(rules), markdown(rules.help()).splitlines()[0]) for rules in RULESETS.values()])
    else:
        own = described(ahead)
        how = playing.how_a_game_runs()
        first = topic(f"Director — this channel plays {playing.title}", markdown(how) if how else ANY_RULESET,
                      [(f"This channel plays {playing.title}", markdown(playing.help())),
                       *([(started_by(playing), own)] if own else [])])
    shared = topic("The commands of every ruleset", "",
                   [(f"The {heading}", text) for name, heading in SHARED
                    if (text := described(c for c in commands_of(bot.get_cog(name)) if c not in ahead))],
                   FOOTER)
    others = topic("The rulesets' own commands" if playing is None else "The other rulesets' own commands", "",
                   [(started_by(rules), named(own_commands(bot, rules))) for rules in RULESETS.values()
                    if rules is not playing and own_commands(bot, rules)])
    return [*first, *shared, *others]


class Help(commands.Cog):
    """/help, shown only to the member who asks."""

    def __init__(self, bot: DirectorBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """How a game runs in this channel, and every command (only you see it, in a few messages)."""
        game = await self.bot.db.load_game(interaction.guild_id, interaction.channel_id) \
            if interaction.guild_id is not None else None
        for page in help_pages(self.bot, RULESETS.get(game.ruleset) if game else None):
            await send(interaction, embed=page, ephemeral=True)


async def setup(bot: DirectorBot) -> None:
    await bot.add_cog(Help(bot))
