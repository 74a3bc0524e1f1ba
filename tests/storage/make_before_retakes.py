"""Made tests/storage/before_retakes.db.gz: a database as the bot stored it while a game's seals still kept
``acted`` (every live entry of the turn that drew, with its draws), for the test that upgrades it
(test_retakes_migration.py). It was run once, with the code of that time (commit fe8078c), as
``python -m tests.storage.make_before_retakes tests/storage/before_retakes.db.gz``; it is kept to show how the
file was made, not to run again.

The real bot played it in SimCord on the server of ``tests.bot.conftest.tombstone``: in #saloon, Doc (pete's Hero)
shoots Virgil (polly's) from beyond effective range and misses (entry 10, ``tests.bot.test_fair.doc_misses``), and
pete keeps the miss; the turn goes on, its seals keeping entry 10's draws.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.bot.conftest import Scene
from tests.bot.test_fair import doc_misses

from .make_before_folding import make


async def doc_keeps_his_miss(scene: Scene) -> None:
    """Doc shoots Virgil and misses (entry 10), and pete keeps the miss."""
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")


if __name__ == "__main__":
    make(Path(sys.argv[1]), doc_keeps_his_miss)
