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

import asyncio
import gzip
import sqlite3
import sys
import tempfile
from pathlib import Path

from simcord import Env

from tests.bot.conftest import make_bot, tombstone
from tests.bot.test_fair import doc_misses


async def play(path: Path) -> None:
    """Play it into the SQLite file ``path``."""
    env = Env(make_bot(f"sqlite+aiosqlite:///{path}"))
    await env.start()
    try:
        scene = tombstone(env)
        shot = await doc_misses(scene)
        await scene.pete.click(shot.response.message, label="Keep")
        assert env.errors == [], env.errors
    finally:
        await env.shutdown()
        await env.bot.db.dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("VACUUM")


def make(out: Path) -> None:
    """The database, gzipped into ``out``."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "director.db"
        asyncio.run(play(path))
        out.write_bytes(gzip.compress(path.read_bytes(), 9, mtime=0))


if __name__ == "__main__":
    make(Path(sys.argv[1]))
