"""The re-roll buttons on every ruleset's rolls (:class:`bot.glue.acting.RerollButton`), registered once so that
the buttons of a roll posted before a restart still work."""

from __future__ import annotations

from bot.glue.acting import RerollButton
from bot.glue.client import DirectorBot


async def setup(bot: DirectorBot) -> None:
    bot.add_dynamic_items(RerollButton)
