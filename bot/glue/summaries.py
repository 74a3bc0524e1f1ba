"""A game's story as its ruleset tells it, written out for Discord: the end-of-game summary, and the resolutions
its log holds."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from bot.glue.replies import COLOUR, DESCRIPTION_LIMIT, clip, safe
from bot.rules.core import serial
from bot.rules.core.results import Resolution
from bot.rules.core.ruleset import Ruleset, State
from bot.rules.core.summary import Deeds, Summary
from bot.storage import LogRow


def resolutions(entries: Iterable[LogRow]) -> list[Resolution]:
    """The resolutions of the actions logged in ``entries``, undone ones left out."""
    return [serial.from_json(Resolution, e.data["resolution"]) for e in entries
            if not e.undone and "resolution" in e.data]


def deeds_line(deeds: Deeds) -> str:
    """"**Kid**: 3 shots, 1 hit; lost 5♥ (for good)"."""
    return f"**{safe(deeds.name)}**: " + "; ".join(filter(None, (", ".join(deeds.counts), *deeds.notes)))


def summary_lines(summary: Summary) -> list[str]:
    """Who fell, then who did what."""
    fallen = [f"**{safe(fell.name)}**: {safe(fell.how)}" for fell in summary.fallen]
    return [f"**{summary.fallen_title}**", *(fallen or [summary.nobody_fell]), "", "**Who did what**",
            *([deeds_line(d) for d in summary.deeds] or [summary.nobody_did])]


def summary_embed(rules: Ruleset, state: State, entries: Iterable[LogRow]) -> discord.Embed:
    """The end-of-game summary the ruleset gives, from the state and the game's logged actions."""
    lines = summary_lines(rules.summary(state, resolutions(entries)))
    return discord.Embed(title="The end of the game", colour=COLOUR,
                         description=clip("\n".join(lines), DESCRIPTION_LIMIT))
