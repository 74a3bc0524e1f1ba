"""When each interaction arrived, and how many arrived after it: the bot notes every one as it arrives (see
:mod:`bot.glue.answering`, which has a command give way to those behind it)."""

from __future__ import annotations

import time

import discord

GIVE_WAY_AFTER = 0.5
"""Seconds an interaction may wait, from its arrival to its acceptance, and still go on to its answer without
acknowledging it first."""


class Arrivals:
    """When each interaction arrived, and how many arrived after it: under a burst they wait behind it."""

    KEY = "director.arrived"
    """Key of ``Interaction.extras``: the interaction's number and the time (``time.perf_counter()``) it arrived."""

    def __init__(self) -> None:
        self.count = 0

    def note(self, interaction: discord.Interaction) -> None:
        """The interaction has just arrived."""
        self.count += 1
        interaction.extras[self.KEY] = (self.count, time.perf_counter())

    def behind(self, interaction: discord.Interaction) -> int:
        """How many interactions arrived after this one (none, for one the bot never saw arrive)."""
        return self.count - interaction.extras.get(self.KEY, (self.count, 0.0))[0]

    def waited(self, interaction: discord.Interaction) -> float:
        """Seconds since the interaction arrived (0 for one the bot never saw arrive)."""
        arrived = interaction.extras.get(self.KEY)
        return 0.0 if arrived is None else time.perf_counter() - arrived[1]

    def crowded(self, interaction: discord.Interaction) -> bool:
        """Whether others arrived after the interaction, or it has waited :data:`GIVE_WAY_AFTER` already."""
        return self.behind(interaction) > 0 or self.waited(interaction) >= GIVE_WAY_AFTER
