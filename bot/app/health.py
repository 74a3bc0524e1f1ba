"""The running bot's health, for Docker's HEALTHCHECK: a heartbeat file it writes, read by ``python -m bot health``.

Every :data:`BEAT_SECONDS` the bot writes whether its gateway connection is ready and the latency of
its last heartbeat. ``python -m bot health`` finds the bot healthy when that file is recent, says the
gateway is ready with a heartbeat answered, and the database answers a query.
"""

from __future__ import annotations

import asyncio
import json
import math
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from bot.app.settings import Settings

HEARTBEAT_FILE = Path(tempfile.gettempdir()) / "director-heartbeat.json"
BEAT_SECONDS = 30.0
MAX_AGE_SECONDS = 3 * BEAT_SECONDS
"""A heartbeat file older than this means the bot is stuck or gone."""


def gateway_state(bot: Any) -> dict[str, Any]:
    """What the heartbeat file holds: when, whether the gateway is ready, and the heartbeat's latency."""
    latency = bot.latency
    return {"time": time.time(), "ready": bot.is_ready() and not bot.is_closed(),
            "latency": latency if math.isfinite(latency) else None}


@asynccontextmanager
async def heartbeat(bot: Any, path: Path = HEARTBEAT_FILE) -> AsyncIterator[None]:
    """Write the bot's gateway state to ``path`` every :data:`BEAT_SECONDS` while inside; remove it after."""
    def write() -> None:
        path.write_text(json.dumps(gateway_state(bot)))

    async def beat() -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            write()

    write()
    task = asyncio.create_task(beat())
    try:
        yield
    finally:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task
        path.unlink(missing_ok=True)


def read_heartbeat(path: Path, max_age: float, now: float) -> str | None:
    """What is wrong with the heartbeat file, or None when it shows a live, connected bot."""
    try:
        state = json.loads(path.read_text())
    except FileNotFoundError:
        return f"no heartbeat at {path}: the bot is not running"
    except (OSError, ValueError) as error:
        return f"cannot read the heartbeat {path}: {error}"
    age = now - state.get("time", 0)
    if age > max_age:
        return f"the last heartbeat is {age:.0f} s old (at most {max_age:g} s)"
    if not state.get("ready"):
        return "the bot is not connected to Discord's gateway"
    if state.get("latency") is None:
        return "the gateway has not answered a heartbeat yet"
    return None


async def check(settings: Settings, path: Path, max_age: float) -> str | None:
    """What is wrong with the running bot (its heartbeat, then its database), or None when it is healthy."""
    from bot.storage import Database

    problem = read_heartbeat(path, max_age, time.time())
    if problem:
        return problem
    database = Database(settings.database_url)
    try:
        await database.ping()
    finally:
        await database.dispose()
    return None
