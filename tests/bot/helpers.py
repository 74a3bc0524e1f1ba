"""Reading what the channel shows and what the database holds, for the bot's tests."""

from __future__ import annotations

import asyncio
import gc
import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from sqlalchemy import Connection, Engine, create_engine, insert, select, text, update
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from bot.storage import Database
from bot.storage.models import Base, Game, LogEntry
from bot.rules.qotd.state import QotdState
from tests.storage.helpers import rows

T = TypeVar("T")


async def stored_game(db: Database, guild_id: int, channel_id: int) -> QotdState | None:
    """The game as the database holds it now (None when the channel has no active game)."""
    game = await db.load_game(guild_id, channel_id)
    return QotdState.from_json(game.state) if game else None


@dataclass
class View:
    """Everything a command may change: the game, its Director, its log, what the channel shows everyone."""

    state: dict | None
    director: int | None
    log: list[tuple[str, str]]
    public: list[tuple]
    """The messages everyone in the channel sees, as they read now (refusals are ephemeral and are not here)."""
    game: QotdState | None = field(default=None, compare=False)


async def channel_view(env, guild_id: int, channel) -> View:
    """What the database holds for the channel's game, and the channel's public messages.

    The messages are read from SimCord's store (an edit replaces what it changes and stamps the message).
    """
    state, director, log = await read(env.bot.db, lambda connection: _game_and_log(connection, guild_id, channel.id))
    game = QotdState.from_json(state) if state is not None else None
    stored = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    public = [(m.id, m.content, m.embeds, m.components, m.attachments, m.edited_timestamp)
              for m in stored if not m.is_ephemeral]
    return View(game.to_json() if game else None, director, log, public, game)


def _game_and_log(connection: Connection, guild_id: int, channel_id: int) -> tuple[dict | None, int | None, list]:
    """The channel's active game as stored (its state and Director), and its log's kinds and texts, read on
    ``connection`` (the database's own, never the bot's cache)."""
    row = connection.execute(select(Game.id, Game.state, Game.director_id).where(
        Game.guild_id == guild_id, Game.channel_id == channel_id, Game.status == "active")).first()
    if row is None:
        return None, None, []
    log = [tuple(entry) for entry in connection.execute(
        text("SELECT kind, text FROM log WHERE game_id = :id ORDER BY seq"), {"id": row.id})]
    return row.state, row.director_id, log


MIRRORS = {"players", "characters"}
"""Tables that mirror each game's state: its version counts every change (``channel_view`` reads the state whole)."""
WRITTEN_ONCE = {("games", "state"), *(("log", c) for c in ("at", "actor_id", "kind", "text", "data", "snapshot"))}
"""Columns left out: a game's state as above, and what a log entry holds (an entry is only ever undone or linked
to its message; ``channel_view`` reads the channel's entries)."""


async def stored_rows(db: Database) -> dict[str, list[dict]]:
    """Every row of every table as the database holds it now, but for MIRRORS and WRITTEN_ONCE."""
    return await read(db, _every_row)


def _every_row(connection: Connection) -> dict[str, list[dict]]:
    """Each table's rows (see stored_rows), read on ``connection``."""
    tables = {}
    for table in Base.metadata.sorted_tables:
        if table.name not in MIRRORS:
            columns = [c for c in table.columns if (table.name, c.name) not in WRITTEN_ONCE]
            result = connection.execute(select(*columns).order_by(*table.primary_key.columns))
            names = list(result.keys())                 # zipped with each row: far cheaper than row._mapping
            tables[table.name] = [dict(zip(names, row)) for row in result.all()]
    return tables


async def read(db: Database, reading: Callable[[Connection], T]) -> T:
    """What ``reading`` reads on a connection of its own. On SQLite the connection is synchronous, opened on
    the same file: through aiosqlite each query is several trips to its thread, and the judges of the fuzz and
    the permission matrix read every table before and after every call. The file is in WAL mode, so the read
    sees what is committed, as a read of the bot's would."""
    if db.engine.dialect.name == "sqlite":
        with _sqlite_reader(db.engine.url.render_as_string(hide_password=False)).connect() as connection:
            return reading(connection)
    async with db.engine.connect() as connection:
        return await connection.run_sync(reading)


@lru_cache(maxsize=4)
def _sqlite_reader(url: str) -> Engine:
    """A synchronous engine on the SQLite file of an aiosqlite ``url``, connecting afresh for each read."""
    return create_engine(make_url(url).set(drivername="sqlite"), poolclass=NullPool)


def reply_of(result):
    """The bot's answer to an interaction: its response, or for a press acknowledged unseen under a burst (a
    deferred update, whose response is the pressed message itself) its first follow-up."""
    if result.deferred and result.followups:
        return result.followups[0]
    return result.response


def text_of(result) -> str:
    """Everything a reply shows in words."""
    return words_of(reply_of(result))


def words_of(message) -> str:
    """Everything a message shows in words: content, embed titles, descriptions, fields and footers."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
        parts.append(embed.footer.text or "")
    return "\n".join(parts)


def refused(result, *words: str) -> None:
    """The command was refused with an ephemeral message containing ``words``."""
    reply = reply_of(result)
    assert reply is not None, "no reply at all"
    assert reply.ephemeral, f"refusal was public: {reply.content!r}"
    for word in words:
        assert word.casefold() in reply.content.casefold(), reply.content


def pinged(result) -> list[int]:
    """Users the reply actually pinged (as Discord would notify them)."""
    return list(result.response._message.ping_user_ids)


def png(attachment_bytes: bytes) -> bool:
    return attachment_bytes.startswith(b"\x89PNG\r\n\x1a\n")


@contextmanager
def unsettled(env) -> Iterator[None]:
    """Within the block, every interaction an actor sends reaches the bot without SimCord settling after it,
    so interactions sent one after another are all in flight together until ``await env.settle()``.

    (SimCord settles after each dispatch; its dispatch is swapped, for the block only, for one that emits
    without waiting.)
    """
    from simcord import actors
    from simcord.results import InteractionResult

    async def dispatch(actor, type, channel, data, *, extra=None, source_message_id=None):
        record, payload = actors._interactions.base_payload(
            env.backend, type=type, channel_id=channel.id, guild_id=actor.guild.id, user_id=actor.id, data=data)
        payload.update(extra or {})
        if source_message_id is not None:
            record.source_message_id = source_message_id
        env._notify_dispatch_observers(record)
        env.backend.emit("INTERACTION_CREATE", payload)
        return InteractionResult(env, record)

    original = actors._dispatch_actor_interaction
    actors._dispatch_actor_interaction = dispatch
    try:
        yield
    finally:
        actors._dispatch_actor_interaction = original


async def burst(env, calls) -> list:
    """Fire slash commands at once, ``(actor, channel, name, options)`` each: every interaction reaches the
    bot before it has handled any; the burst is then settled once."""
    with unsettled(env):
        results = [await actor.slash(channel, name, **options) for actor, channel, name, options in calls]
    await env.settle()
    return results


class Stopwatch:
    """Real (wall-clock) time, per interaction, from its creation to the bot's first acknowledgement and to
    its last REST call on the interaction (the final reply). SimCord's clock is virtual; the real Discord
    drops an interaction not acknowledged within 3 s of real time, so this is the time to hold against it.

    Used as ``with Stopwatch(env) as watch:``; ``watch.acknowledged`` and ``watch.answered`` are in seconds.
    """

    CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
    WEBHOOK = re.compile(r"/webhooks/\d+/([^/]+)")

    def __init__(self, env) -> None:
        self.env = env
        self.created: dict[int, float] = {}
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}

    def __enter__(self) -> Stopwatch:
        from simcord.http import router

        self._forget = self.env._register_dispatch_observer(self._created)
        self._dispatch = dispatch = router.dispatch

        def timed(backend, method: str, path: str, **kwargs):
            self._stamp(backend, path, time.perf_counter())
            return dispatch(backend, method, path, **kwargs)
        router.dispatch = timed
        return self

    def __exit__(self, *_exc) -> None:
        from simcord.http import router

        router.dispatch = self._dispatch
        self._forget()

    def _created(self, record) -> None:
        self.created[record.id] = time.perf_counter()

    def _stamp(self, backend, path: str, now: float) -> None:
        if found := self.CALLBACK.search(path):
            interaction_id = int(found[1])
        elif (found := self.WEBHOOK.search(path)) and found[1] in backend.interaction_tokens:
            interaction_id = backend.interaction_by_token(found[1]).id
        else:
            return
        if interaction_id in self.created:
            self.first.setdefault(interaction_id, now)
            self.last[interaction_id] = now

    @property
    def acknowledged(self) -> list[float]:
        """Seconds from creation to the first acknowledgement, per acknowledged interaction."""
        return [self.first[i] - self.created[i] for i in self.first]

    @property
    def answered(self) -> list[float]:
        """Seconds from creation to the last REST call on the interaction, per acknowledged interaction."""
        return [self.last[i] - self.created[i] for i in self.last]


class LoopWatch:
    """The longest one callback (a task's step) held the event loop, and what it was: while it runs, every
    other server waits. ``longest`` is in seconds of real time; ``longest_work`` in seconds of the step's own
    work: the loop thread's CPU time (not the time the machine gave other processes, or the bot's other
    threads, meanwhile), less the garbage collector's pauses, which ``longest_pause`` tells apart (they walk
    the whole process, SimCord's store of every message included). Used as ``with LoopWatch() as watch:``.

    The steps of ``harness`` (a bench's own task, which builds a wave of interactions and hands them to the bot in
    one step, where the gateway hands over one event at a time) are kept apart, in ``harness_work``."""

    def __init__(self, harness: asyncio.Task | None = None) -> None:
        self.longest = 0.0
        self.longest_work = 0.0
        self.longest_pause = 0.0
        self.culprit = ""
        self.harness = harness
        self.harness_work = 0.0
        self._collecting = 0.0
        self._collected = 0.0

    def __enter__(self) -> LoopWatch:
        import asyncio.events

        self._run = run = asyncio.events.Handle._run
        watch = self

        def timed(handle) -> None:
            began, working, collected = time.perf_counter(), time.thread_time(), watch._collected
            run(handle)
            took = time.perf_counter() - began
            worked = time.thread_time() - working - (watch._collected - collected)
            if took <= watch.longest and worked <= watch.longest_work:
                return
            task = _task_of(handle._callback)
            if task is not None and task is watch.harness:
                watch.harness_work = max(watch.harness_work, worked)
                return
            watch.longest = max(watch.longest, took)
            if worked > watch.longest_work:
                watch.longest_work, watch.culprit = worked, repr(task or handle)[:300]
        asyncio.events.Handle._run = timed
        gc.callbacks.append(self._collector)
        return self

    def _collector(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._collecting = time.thread_time()
            return
        pause = time.thread_time() - self._collecting
        self._collected += pause
        self.longest_pause = max(self.longest_pause, pause)

    def __exit__(self, *_exc) -> None:
        import asyncio.events

        asyncio.events.Handle._run = self._run
        gc.callbacks.remove(self._collector)


def _task_of(callback, depth: int = 3):
    """The task whose step ``callback`` is, looking through the wrappers SimCord puts around callbacks."""
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        return owner
    for cell in (getattr(callback, "__closure__", None) or ()) if depth else ():
        try:
            found = _task_of(cell.cell_contents, depth - 1)
        except ValueError:           # an empty cell
            continue
        if found is not None:
            return found
    return None


@contextmanager
def slow_route(bot, method: str, pattern: str, seconds: float) -> Iterator[None]:
    """Within the block, the bot's REST calls ``method`` on a path matching ``pattern`` (fnmatch, as
    ``env.inject_error``) take ``seconds`` of SimCord's clock before Discord answers: a slow or rate-limited
    route, as the real Discord has."""
    from fnmatch import fnmatch

    http = bot.http
    request = http.request

    async def slowly(route, **kwargs):
        if route.method == method and fnmatch(route.url.split("/api/v10", 1)[-1].split("?")[0], pattern):
            await asyncio.sleep(seconds)
        return await request(route, **kwargs)
    http.request = slowly
    try:
        yield
    finally:
        http.request = request


async def fill_log(database: Database, guild_id: int, channel_id: int, entries: int) -> None:
    """Give the channel's game ``entries`` more log entries, each a copy of its last (a roll with its dice)."""
    game = await database.load_game(guild_id, channel_id)
    [(last, kind, text, data)] = await rows(database, "SELECT seq, kind, text, data FROM log WHERE game_id = :id "
                                                      "ORDER BY seq DESC LIMIT 1", id=game.id)
    async with database.engine.begin() as connection:
        for first in range(last + 1, last + entries + 1, 5000):
            await connection.execute(insert(LogEntry), [
                {"game_id": game.id, "seq": seq, "actor_id": 1, "kind": kind, "text": text,
                 "data": json.loads(data) if isinstance(data, str) else data}
                for seq in range(first, min(first + 5000, last + entries + 1))])
        await connection.execute(update(Game).where(Game.id == game.id).values(last_seq=last + entries))
    database.forget_games()


async def end_game(actor, channel):
    """`/game end` by ``actor``, who then presses End the game on the question it asks: the press's result."""
    asked = await actor.slash(channel, "game end")
    assert not asked.response.ephemeral, asked.response.content
    return await actor.click(asked.response.message, label="End the game")


async def card_up(scene, name: str) -> None:
    """The Director draws until ``name``'s card is up (at most a pack of 16), so that they act on their own card."""
    for _ in range(16):
        game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
        if game.acting is not None and game.acting.name == name:
            return
        await scene.dora.slash(scene.channel, "draw")
    raise AssertionError(f"{name}'s card never came up")


def first_responses(env, since: int) -> dict[int, int]:
    """The type of each interaction's first response from the bot since the ``since``-th REST call: 4 its
    answer, 5 an acknowledgement ("thinking…") that its answer is coming, 6 a press acknowledged unseen."""
    first: dict[int, int] = {}
    for request in env.http_requests[since:]:
        if found := Stopwatch.CALLBACK.search(request.path):
            first.setdefault(int(found[1]), request.json["type"])
    return first
