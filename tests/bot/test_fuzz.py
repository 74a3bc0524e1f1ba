"""Every slash command of the bot's tree, fired with generated input by every kind of member.

Each Hypothesis example is a round over every leaf command of ``bot.tree`` (so a command added later
is fired too). For each call it draws a member (a player, the other player, the game's Director, a
member with the server's Director role, a stranger, a server manager, a member whose nickname is
hostile), a value for each option from the command's own parameters, and the dice. The call goes to
the mid-phase game of ``Scene.mid_phase`` (now and then to a channel with no game) and is judged by
``arena.judge``: answered, refusals ephemeral, clear and changing nothing, pings only for whose card
is up, whose re-roll waits, or a new Director. What it held is told at the end of the run.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import discord
import pytest
from discord import app_commands
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.glue.table import slug

from .arena import DISCORD, Arena, leaves

ROUNDS = 8
"""Examples: each fires every command of the tree once."""
PARTS = 2
"""The commands are fuzzed in this many parts (every other command), each on an arena of its own, so that the
suite's workers share them."""
PEOPLE = ("pete", "polly", "dora", "deputy", "stranger", "boss")
ROWDY = "\u202eDan **@everyone**"
"""The nickname of a member who joins in: right to left, markdown and a mention."""
GAME, NO_GAME = "the game's channel", "a channel with no game"
INTEGER_LIMIT, NUMBER_LIMIT = 2**53 - 1, 2**53
"""The largest integer and number Discord sends in an option."""

NEW = ["Billy the Kid", "Belle Starr", "O'Malley"]
UNKNOWN = ["Nobody", "Doc", "Kid the Second"]
MENTIONS = ["@everyone", "@here", "<@123>", "<@&123>", "<#123>", "Hey @everyone, look"]
MARKDOWN = ["**Kid**", "__Kid__", "`Kid`", "||Kid||", "~~Kid~~", "# Kid", "> Kid", "[Kid](https://example.com)", "*"]
INVISIBLE = ["\u200b", "Ki\u200bd", "\u2060Kid", "\ufeffKid", "Kid\u00ad"]
RIGHT_TO_LEFT = ["\u202eKid", "Doc\u202e Holliday", "\u2067Kid\u2069", "\u200fKid", "\u202bKid\u202c"]
LONG = ["x" * 10_000, "K" * 101, "Kid " * 2_500]


@dataclass
class Tally:
    """What the fuzz fired and what came of it, per command."""

    verdicts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    inputs: set[str] = field(default_factory=set)
    lost: list[str] = field(default_factory=list)

    def summary(self, part: int) -> str:
        total = Counter()
        for counts in self.verdicts.values():
            total.update(counts)
        lines = [f"fuzz, part {part + 1} of {PARTS}: {len(self.verdicts)} commands fired {sum(total.values())} times with "
                 f"{len(self.inputs)} different inputs: {total[DISCORD]} refused by Discord, "
                 f"{total['refused']} refused by the bot, {total['succeeded']} succeeded; lost: {len(self.lost)}"]
        lines += [f"  /{name}: " + ", ".join(f"{n} {verdict}" for verdict, n in sorted(counts.items()))
                  for name, counts in sorted(self.verdicts.items())]
        return "\n".join(lines + [f"  lost: {what}" for what in self.lost])


FILES = [("set.txt", b'map "Dodge" 40x30\nbuilding 2,2 10x8 "Long Branch" door 7,10\nfence 0,20 40,20\n'),
         ("set.json", b'{"width": 30, "height": 20, "areas": [{"ground": "lava"}]}'), ("latin1.txt", b"map \xe9 9x9"),
         ("huge.txt", b"# " + b"x" * 50_000), ("tiny.txt", b"map 'x' 1x1\n")]
"""Files a Director may upload as a map: sound, unsound, not UTF-8, too large, the smallest."""


class Fuzz:
    """The arena, the commands of the tree, and the values to draw for their options."""

    def __init__(self, arena: Arena, commands: list[app_commands.Command], offered: dict) -> None:
        self.arena = arena
        self.commands = {c.qualified_name: c for c in commands}
        self.offered = offered
        scene = arena.scene
        game = arena.baseline.game
        # kinds of text, each as likely as the others: this game's names, names of no character here
        # (another server's, unknown), new names, mentions, markdown, invisible, right to left, too long
        self.texts = [
            [n for c in game.characters.values() for n in (c.name, c.key, c.name.upper())],
            [n for name in Arena.OTHER_CAST for n in (name, slug(name))] + UNKNOWN, NEW,
            MENTIONS + [scene.polly.mention, arena.marshal.mention, f"Pal {scene.pete.mention}"],
            MARKDOWN, INVISIBLE, RIGHT_TO_LEFT, LONG]
        self.actors = {name: getattr(scene, name) for name in PEOPLE}
        self.actors["rowdy"] = scene.guild.add_member(scene.env.create_user("rowdy"), nick=ROWDY)
        robot = scene.guild.add_member(scene.env.create_user("robot", bot=True))
        drifter = scene.env.create_user("drifter")           # on no server: Discord sends a user, not a member
        self.members = [*self.actors.values(), robot, drifter, arena.sheriff]
        self.roles = [*scene.guild.roles.values(), arena.dodge.create_role("Deputies")]
        self.foreign = {id(arena.sheriff), id(self.roles[-1])}
        self.tally = Tally()

    def option(self, command: app_commands.Command, parameter: app_commands.Parameter) -> st.SearchStrategy:
        """Values for one option: valid ones and ones Discord would refuse or the bot must."""
        kind = parameter.type
        if parameter.choices:
            return often(st.sampled_from([c.value for c in parameter.choices]), self.strings(command, parameter))
        if kind is discord.AppCommandOptionType.string:
            return self.strings(command, parameter)
        if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
            return numbers(parameter)
        if kind is discord.AppCommandOptionType.boolean:
            return st.booleans()
        if kind is discord.AppCommandOptionType.user:
            return st.sampled_from(self.members)
        if kind is discord.AppCommandOptionType.role:
            return st.sampled_from(self.roles)
        if kind is discord.AppCommandOptionType.attachment:
            return st.sampled_from(FILES) | st.tuples(st.text(min_size=1, max_size=20), st.binary(max_size=200))
        raise AssertionError(f"/{command.qualified_name} {parameter.name}: no values for {kind} options yet")

    def strings(self, command: app_commands.Command, parameter: app_commands.Parameter) -> st.SearchStrategy[str]:
        """Half the time what autocomplete offers (when it does), else a kind of ``texts`` or random text."""
        offered = self.offered.get((command.qualified_name, parameter.name))
        anything = st.one_of(*map(st.sampled_from, self.texts), st.text(min_size=1, max_size=60))
        return st.one_of(st.sampled_from(offered), anything) if offered else anything

    def options(self, command: app_commands.Command) -> st.SearchStrategy[dict]:
        """Every required option, and any of the others."""
        required = {p.name: self.option(command, p) for p in command.parameters if p.required}
        optional = {p.name: self.option(command, p) for p in command.parameters if not p.required}
        return st.fixed_dictionaries(required, optional=optional)

    def sendable(self, command: app_commands.Command, options: dict) -> bool:
        """Whether Discord's client sends these options: among the choices, in range, of this server."""
        parameters = {p.name: p for p in command.parameters}
        return all(sendable(parameters[name], value) and id(value) not in self.foreign
                   for name, value in options.items())


def numbers(parameter: app_commands.Parameter) -> st.SearchStrategy:
    """In range, at and past its ends, negative, zero and huge; for numbers also fractions and not-a-number."""
    low, high = parameter.min_value, parameter.max_value
    edges = [-1, 0, 1, 2**31, INTEGER_LIMIT, INTEGER_LIMIT + 1, -INTEGER_LIMIT - 1]
    edges += [v for end in (low, high) if end is not None for v in (end - 1, end, end + 1)]
    if parameter.type is discord.AppCommandOptionType.integer:
        return often(st.integers(-100 if low is None else low, 100 if high is None else high), st.sampled_from(edges))
    return often(st.floats(-100.0 if low is None else low, 100.0 if high is None else high),
                 st.sampled_from([float(v) for v in edges] + [math.nan, math.inf, 1e300, 0.1]))


def often(usual: st.SearchStrategy, unusual: st.SearchStrategy) -> st.SearchStrategy:
    """Three times in four the usual values (a command with many options still gets through), else the others."""
    return st.integers(0, 3).flatmap(lambda quarter: unusual if quarter == 0 else usual)


def sendable(parameter: app_commands.Parameter, value) -> bool:
    """Whether Discord's client sends this value for the option."""
    if parameter.choices:
        return value in [c.value for c in parameter.choices]
    if isinstance(value, str):           # a string option's min_value and max_value are its lengths
        return (parameter.min_value or 1) <= len(value) <= (parameter.max_value or 6000)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return True
    limit = INTEGER_LIMIT if parameter.type is discord.AppCommandOptionType.integer else NUMBER_LIMIT
    return (math.isfinite(value) and abs(value) <= limit
            and (parameter.min_value is None or value >= parameter.min_value)
            and (parameter.max_value is None or value <= parameter.max_value))


async def offered_values(arena: Arena, commands: list[app_commands.Command]) -> dict:
    """What autocomplete offers for each option that has it, typing nothing, in the mid-phase game."""
    offered = {}
    for command in commands:
        for parameter in command.parameters:
            if parameter.autocomplete:
                choices = await arena.scene.dora.autocomplete(arena.channel, command.qualified_name, parameter.name, "")
                offered[command.qualified_name, parameter.name] = [c["value"] for c in choices]
    return offered


@pytest.fixture(params=range(PARTS))
async def fuzz(request, scene, held):
    arena = await Arena(scene).open()
    commands = leaves(scene.env.bot.tree)[request.param::PARTS]           # in order of their names
    fuzz = Fuzz(arena, commands, await offered_values(arena, commands))
    yield fuzz
    held(fuzz.tally.summary(request.param))


@settings(max_examples=ROUNDS, derandomize=True, database=None, deadline=None, print_blob=False,
          phases=[Phase.explicit, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
async def test_any_command_with_any_input_by_anyone_is_answered_safely(fuzz, data):
    """A round: every command of the tree once, each with its own member, options, channel and dice.

    No shrinking: each call is judged alone and a failure names it, so shrinking would only replay rounds.
    """
    for name, command in sorted(fuzz.commands.items()):
        member = data.draw(st.sampled_from(sorted(fuzz.actors)), label=f"/{name} by")
        options = data.draw(fuzz.options(command), label=f"/{name} options")
        where = data.draw(st.sampled_from((GAME,) * 9 + (NO_GAME,)), label=f"/{name} in")
        seed = data.draw(st.integers(0, 2**16), label=f"/{name} dice")
        await fire(fuzz, member, command, options, where, seed)


async def fire(fuzz: Fuzz, member: str, command: app_commands.Command, options: dict, where: str, seed: int) -> None:
    """One call, judged, counted and undone."""
    arena = fuzz.arena
    arena.dice(seed)
    channel = arena.channel if where == GAME else arena.empty_channel()
    sendable = fuzz.sendable(command, options)
    outcome = await arena.fire(lambda: fuzz.actors[member].slash(channel, command.qualified_name, **options),
                               channel, discord_may_refuse=not sendable)
    call = f"{member} in {where}: /{command.qualified_name} {options!r:.300}"
    fuzz.tally.verdicts[command.qualified_name][outcome.verdict] += 1
    fuzz.tally.inputs.add(f"{command.qualified_name} {options!r}")
    if outcome.lost:
        fuzz.tally.lost.append(call)
    if outcome.verdict == DISCORD and sendable:
        outcome.problems.append("Discord refused input it sends (the test draws it wrongly)")
    if outcome.changed:
        await arena.restore()
    assert not outcome.problems, f"{call}\n  reply: {outcome.reply[:300]!r}\n  " + "\n  ".join(outcome.problems)
