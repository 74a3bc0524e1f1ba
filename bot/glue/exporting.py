"""The process that writes long logs out, off the bot's own process.

`/log export` of a long log reads every entry, decodes its data and builds a Markdown document of megabytes:
seconds of work. On the event loop it would stop every other server; in a thread it takes turns with the loop
for Python's global lock, which held the loop up to 1.5 s at a stretch with ten exports of 40,000 entries.
So the work is done in a process of its own (spawned on first use, niced below the bot), which reads the
entries from the database itself: only the files come back. Exports of the same thing asked for while one
is being made share it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

EXPORTERS = 1
"""Processes that write logs out: one, beside the picture workers, so that the bot keeps its core."""
NICENESS = 10
ORPHAN_CHECK = 1.0
"""Seconds between the export process's looks at whether the bot that started it still runs."""

_executor: ProcessPoolExecutor | None = None
_running: dict[Hashable, asyncio.Future] = {}


def executor() -> ProcessPoolExecutor:
    """The export process (started on first use; spawned, not forked, as the bot's process has threads)."""
    global _executor
    if _executor is None:
        _executor = ProcessPoolExecutor(EXPORTERS, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=serve, initargs=(os.getpid(),))
    return _executor


def serve(bot: int) -> None:
    """Set up the export process: niced below the bot, and gone once the bot (process ``bot``) is, however it
    ended (killed, it never shuts its pool down; the export process would live on, holding its standard output)."""
    os.nice(NICENESS)

    def watch() -> None:
        while os.getppid() == bot:
            time.sleep(ORPHAN_CHECK)
        os._exit(0)
    threading.Thread(target=watch, name="orphan watch", daemon=True).start()


def start_exporting() -> None:
    """Start the export process now, so that the first export need not wait for it to start."""
    executor().submit(int)


async def elsewhere(key: Hashable, work: Callable[..., Any], *args: Any) -> Any:
    """``work(*args)`` run in the export process (``work`` a module-level function, its arguments and result
    picklable); calls with an equal ``key`` while it runs share its result."""
    loop = asyncio.get_running_loop()
    running = _running.get(key)
    if running is None or running.get_loop() is not loop:
        running = _running[key] = asyncio.wrap_future(executor().submit(work, *args))
        running.add_done_callback(lambda done: _running.pop(key, None) if _running.get(key) is done else None)
    return await asyncio.shield(running)

