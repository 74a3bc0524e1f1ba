"""What the bot stores and loads: a :class:`Database`, and the :class:`UnitOfWork` one command runs in.

A unit of work holds the channel's lock in this process, takes the channel's
active game (from this process's cache of the games it served last, else from
the database), collects the command's changes, and writes them all in one
transaction when the block ends, the game's row first, with a version check::

    async with database.unit(guild_id, channel_id) as uow:
        state = play(uow.game.state)
        uow.save(state)
        await uow.log(user_id, "shoot", "Doc fires twice.", before=uow.game.state)

A command that stores the game may leave the state as the rules engine held it, for the next
command on the channel to take instead of reading the JSON again (:meth:`UnitOfWork.take_kept`).

Another process that changed the game meanwhile makes the commit fail with
:class:`StaleGame`, nothing of the unit is stored, and the cached game is
dropped, so the next unit loads the game afresh. On PostgreSQL the version
update also locks the row, so two processes never interleave a game's log.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import zlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from weakref import WeakValueDictionary, ref

import orjson
from isal import isal_zlib
from sqlalchemy import Executable, bindparam, delete, exc, func, insert, literal_column, select, tuple_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncConnection

from bot.rules.core.fair import chain
from bot.storage.engine import Written, describe, make_engine, migrate
from bot.storage.models import Campaign, Character, Game, LogEntry, Player, RosterEntry, SavedMap, Server, utcnow
from bot.storage.quick import SHOWN_BY, FileBusy, QuickCommit


class GameExists(Exception):
    """The channel already has an active game."""

    def __init__(self) -> None:
        super().__init__("this channel already has an active game")


class StaleGame(Exception):
    """The game was changed by someone else since this unit loaded it; nothing was stored."""

    def __init__(self) -> None:
        super().__init__("the game changed, try again")


class CampaignExists(Exception):
    """The server already has an active campaign of that name."""

    def __init__(self) -> None:
        super().__init__("this server already has an active campaign of that name")


class DatabaseUnavailable(Exception):
    """The database cannot be reached (or is locked too long); nothing was stored."""


@dataclass(frozen=True, slots=True)
class ServerRow:
    """A server's settings (the defaults when it has never changed them)."""

    director_role: str = "Director"
    """The Director role's name, still to be looked up among the server's roles ("" once it was)."""
    reminder_hours: float = 12.0
    status_pinned: bool = False
    director_role_id: int | None = None
    """The role whose members direct any game of the server."""
    cast_limit: int = 60
    """The most characters a game may cast: a game's every command reads, stores and draws its whole cast."""
    player_cast_limit: int = 20
    """The most characters one player may have in a game (its Directors cast up to the game's limit)."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """A channel's active game as loaded; ``state`` is the rules engine's JSON."""

    id: int
    guild_id: int
    channel_id: int
    director_id: int
    ruleset: str
    state: dict[str, Any]
    version: int
    campaign_id: int | None
    reminder_hours: float | None
    deadline_hours: float | None
    deadline_action: str
    status_message_id: int | None
    waiting_since: datetime | None
    alarm_at: datetime | None
    alarm_kind: str | None
    pings: dict[str, str]
    """Whom the game may ping (see :class:`bot.storage.models.Game`); changed only as a whole."""


@dataclass(frozen=True, slots=True)
class LogRow:
    """One entry of a game's log."""

    seq: int
    at: datetime
    actor_id: int
    kind: str
    text: str
    data: dict[str, Any]
    message_id: int | None
    undone: bool


@dataclass(frozen=True, slots=True)
class AlarmRow:
    """A game's next alarm, with its channel."""

    guild_id: int
    channel_id: int
    alarm_at: datetime


@dataclass(frozen=True, slots=True)
class CampaignRow:
    """A campaign on a server; ``director_id`` is who started it."""

    id: int
    guild_id: int
    name: str
    director_id: int
    status: str
    ruleset: str
    """The ruleset its adventures play."""


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A character on a campaign's roster: ready, resting or dead, and ``data``, the JSON its ruleset keeps of it."""

    id: int
    campaign_id: int
    owner_id: int
    name: str
    data: dict[str, Any]
    status: str


@dataclass(frozen=True, slots=True)
class RosterName:
    """A roster character of an active campaign, for autocomplete and for finding them by name."""

    id: int
    name: str
    owner_id: int
    status: str
    campaign_id: int
    campaign: str


ROSTER_CHANGES = frozenset({"data", "status"})
"""The columns of a roster entry that a game's end may change."""


def _columns(row: type, *models: type) -> list[Any]:
    """The columns to select for the dataclass ``row``, each from the first model that has it."""
    return [next(getattr(m, f.name) for m in models if hasattr(m, f.name)) for f in dataclasses.fields(row)]


LOG_FROM = (select(*_columns(LogRow, LogEntry)).where(LogEntry.game_id == bindparam("game"),
                                                      LogEntry.seq >= bindparam("seq")).order_by(LogEntry.seq))
"""A game's log entries (``game``: its id) from entry ``seq`` on."""
QUICK_READ = 20
"""The most log entries read on the event loop's own connection (see :meth:`UnitOfWork.log_from`)."""
SERVER_FIELDS = frozenset(f.name for f in dataclasses.fields(ServerRow))
UNREACHABLE = (OSError, exc.OperationalError, exc.InterfaceError, exc.TimeoutError)


@asynccontextmanager
async def _reachable() -> AsyncIterator[None]:
    """Turns failures to reach the database into DatabaseUnavailable; also usable as a decorator."""
    try:
        yield
    except (*UNREACHABLE, exc.DBAPIError) as error:
        if not (isinstance(error, UNREACHABLE) or error.connection_invalidated):
            raise
        cause = getattr(error, "orig", None) or error
        reason = str(cause).partition("\n")[0]
        raise DatabaseUnavailable(f"database unavailable: {type(cause).__name__}: {reason}") from error


Mirror = tuple[list[dict[str, Any]], list[dict[str, Any]]]
"""The players rows and the characters rows of a game, without its id."""


def mirror_rows(state: dict[str, Any]) -> Mirror:
    """The rows that mirror the state's seats and cast, in a fixed order (the state's order may vary). Any
    ruleset's state: only a character's ``name`` and ``owner`` are sure to be stored (``type`` may be left
    out as its default)."""
    players = [{"user_id": int(user)} for user in state.get("seats", {})]
    characters = [{"key": key, "name": c["name"], "owner_id": int(c["owner"]), "type": c.get("type", "")}
                  for key, c in state.get("characters", {}).items()]
    return sorted(players, key=lambda row: row["user_id"]), sorted(characters, key=lambda row: row["key"])


def mirror_hash(rows: Mirror) -> str:
    """A short hash of the mirror rows, kept on the game to see whether they changed."""
    return hashlib.blake2b(orjson.dumps(rows, option=orjson.OPT_SORT_KEYS), digest_size=16).hexdigest()


def written(state: dict[str, Any]) -> str:
    """A state written out as compact JSON, as the games table, its cache and the snapshots keep it."""
    return json.dumps(state, separators=(",", ":"))


def written_quickly(state: dict[str, Any]) -> str:
    """A state (or a log entry's data) a command stores, written out by orjson: compact JSON as :func:`written` writes
    it (its text as UTF-8 rather than escaped) in a seventh of the time, and every command stores one. orjson would
    write NaN as null: the rules never hold one (a state stored before the map's checks may, and is read by
    :func:`read_back`)."""
    return orjson.dumps(state, option=orjson.OPT_NON_STR_KEYS).decode()


def read_back(text: str) -> dict[str, Any]:
    """A state as stored, read (by orjson, or by :mod:`json` for what only it writes: NaN, stored before the map's
    checks)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


SNAPSHOT_LEVEL = 1
"""ISA-L's level for undo snapshots (zlib's format, read back by :mod:`zlib`): every change stores one (the state
before it) and only an undo reads it; twice zlib's fastest level's speed, and a little smaller."""


def with_chain(data_text: str, digest: str) -> Written:
    """An entry's data as written out (``data_text``, by :func:`written_quickly`) with its ``chain`` added last: the
    text :func:`written_quickly` makes of the data read back with the chain, without writing it all out again."""
    return Written(f"{data_text[:-1]}{',' if data_text != '{}' else ''}\"chain\":{json.dumps(digest)}}}")


def pack_state(state: dict[str, Any] | str) -> bytes:
    """A state as stored in a snapshot: its JSON (given, or written out now), zlib-compressed."""
    return isal_zlib.compress((state if isinstance(state, str) else written(state)).encode(), SNAPSHOT_LEVEL)


GAME_CACHE_SIZE = 4096
"""Games each process keeps in memory after serving them (a game's JSON is a few kilobytes)."""
KEPT_STATES = 256
"""Games whose state each process keeps as the rules engine read it (see :class:`Kept`), those stored last: some
20 KB each for a game of ten, six times its JSON, and its JSON data, until taken, some 9 KB more."""


class Kept:
    """A game's state as the rules engine read it, left by the command that stored it (``task``), with the JSON data
    it was written out from: the next command on the game may take the state instead of reading the stored JSON
    again, and the next unit that opens the game the data, each once the command that left them is over, so that no
    two commands ever hold either at once (see :meth:`UnitOfWork.take_kept`)."""

    __slots__ = ("state", "data", "_task")

    def __init__(self, state: object, data: dict[str, Any], task: asyncio.Task | None) -> None:
        self.state: object | None = state
        self.data: dict[str, Any] | None = data
        self._task = None if task is None else ref(task)

    def take(self) -> object | None:
        """The state, now the command that left it is over (then it is no longer kept); else None."""
        if not self._over():
            return None
        state, self.state = self.state, None
        return state

    def take_data(self) -> dict[str, Any] | None:
        """The data, now the command that left it is over (then it is no longer kept); else None."""
        if not self._over():
            return None
        data, self.data = self.data, None
        return data

    def drop(self) -> None:
        """Keep neither any longer."""
        self.state = self.data = None

    def _over(self) -> bool:
        task = None if self._task is None else self._task()
        return task is None or task.done()


@dataclass(frozen=True, slots=True)
class _Cached:
    """A game as this process last stored or loaded it: the row (its state as JSON text, so that no
    command can change the cached copy), and what the next commit needs without asking the database."""

    row: GameRow
    state_text: str
    mirror_hash: str | None
    last_seq: int
    chain: str | None = None
    """The log's running digest after its newest entry."""
    kept: Kept | None = None
    """The state as the command that stored it left it, read (see :class:`Kept`)."""

    def game(self) -> GameRow:
        """The row, with the state as the data the command that stored it left (see :class:`Kept`), else as its JSON
        reads."""
        data = self.kept.take_data() if self.kept is not None else None
        return dataclasses.replace(self.row, state=read_back(self.state_text) if data is None else data)


class Database:
    """The bot's storage on one database URL: SQLite (a file) or PostgreSQL (asyncpg).

    Safe to share between tasks; two processes may share one PostgreSQL. Each keeps the
    games it served last in memory: a game another process changed meanwhile is refused
    at the next commit (:class:`StaleGame`) and loaded afresh by the unit after.
    """

    def __init__(self, url: str, *, echo: bool = False, server_defaults: ServerRow = ServerRow()) -> None:
        self.engine = make_engine(url, echo=echo)
        self.server_defaults = server_defaults
        self._locks: WeakValueDictionary[tuple[int, int], asyncio.Lock] = WeakValueDictionary()
        self._games: OrderedDict[tuple[int, int], _Cached] = OrderedDict()
        self._kept: OrderedDict[tuple[int, int], Kept] = OrderedDict()
        """The games whose state is kept read, the one stored last at the end (:data:`KEPT_STATES` at most)."""
        self._writer: AsyncConnection | None = None
        self._writer_lock = asyncio.Lock() if self.engine.dialect.name == "sqlite" else None
        self._quick = QuickCommit(self.engine.dialect, self.engine.url.database) if self._writer_lock else None
        self.loads = GameLoads(self)

    def __repr__(self) -> str:
        return f"Database({describe(self.engine)})"

    @_reachable()
    async def migrate(self) -> None:
        """Bring the schema to the newest revision (``alembic upgrade head``); a no-op when it is."""
        await migrate(self.engine)

    async def dispose(self) -> None:
        """Close every connection."""
        if self._quick is not None:
            await self._quick.close()
        if self._writer is not None:
            writer, self._writer = self._writer, None
            await writer.close()
        await self.engine.dispose()

    @asynccontextmanager
    async def _writing(self, unit: UnitOfWork | None = None) -> AsyncIterator[AsyncConnection]:
        """The connection to write on, for one transaction that the caller commits.

        SQLite has one writer at a time, so the process keeps one connection for writing and
        its writes take turns on it (no waiting on the file's lock); PostgreSQL writes on the
        unit's own connection, or a pooled one, beside the other writes.
        """
        if self._writer_lock is None:
            if unit is not None:
                yield await unit.connection()
                return
            async with self.engine.connect() as connection:
                yield connection
            return
        if unit is not None:
            await unit.release()       # its reads are done: a unit waiting for the writer holds no connection
        async with self._writer_lock:
            if self._writer is None or self._writer.invalidated:
                self._writer = await self.engine.connect()
            try:
                yield self._writer
            except BaseException:
                await self._drop_writer_transaction()
                raise

    async def _drop_writer_transaction(self) -> None:
        """Roll back the writer's transaction; a writer that cannot is closed, to be opened anew."""
        try:
            await self._writer.rollback()
        except Exception:
            writer, self._writer = self._writer, None
            await writer.close()

    def unit(self, guild_id: int, channel_id: int) -> UnitOfWork:
        """One command's unit of work on a channel, as ``async with database.unit(g, c) as uow:``."""
        return UnitOfWork(self, guild_id, channel_id)

    def _channel_lock(self, guild_id: int, channel_id: int) -> asyncio.Lock:
        """This process's lock on a channel, kept only while someone holds or awaits it."""
        key = (guild_id, channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def forget_games(self) -> None:
        """Drop the games kept in memory: the next unit on each loads it from the database."""
        self._games.clear()
        self._kept.clear()

    def forget_game(self, guild_id: int, channel_id: int) -> None:
        """Drop one channel's game kept in memory: the next unit on it loads it from the database."""
        self._remember((guild_id, channel_id), None)

    def _remember(self, key: tuple[int, int], cached: _Cached | None) -> None:
        """Keep (or, given None, forget) the channel's game; the least recently used goes past the limit. Its state
        kept read (see :class:`Kept`) is the one ``cached`` holds, if any: one kept before it is let go."""
        replaced = self._kept.pop(key, None)
        if replaced is not None and (cached is None or replaced is not cached.kept):
            replaced.drop()
        if cached is None:
            self._games.pop(key, None)
            return
        self._games[key] = cached
        self._games.move_to_end(key)
        if len(self._games) > GAME_CACHE_SIZE:
            self._games.popitem(last=False)
        if cached.kept is not None:
            self._kept[key] = cached.kept
            if len(self._kept) > KEPT_STATES:
                self._kept.popitem(last=False)[1].drop()

    # -- servers ---------------------------------------------------------------

    async def ping(self) -> None:
        """Ask the database for nothing; raises :class:`DatabaseUnavailable` when it does not answer."""
        await self._read(select(literal_column("1")))

    async def server(self, guild_id: int) -> ServerRow:
        """The server's settings, or the defaults when it has none stored."""
        found = await self._read(select(*_columns(ServerRow, Server)).where(Server.guild_id == guild_id))
        return ServerRow(*found[0]) if found else self.server_defaults

    async def update_server(self, guild_id: int, **fields: Any) -> None:
        """Change some of a server's settings (``director_role_id``, ``reminder_hours``, ``status_pinned``,
        ``cast_limit``, ``player_cast_limit``, and ``director_role``, the name still to look up)."""
        if unknown := fields.keys() - SERVER_FIELDS:
            raise TypeError(f"not a server setting: {', '.join(sorted(unknown))}")
        if not fields:
            return
        upsert = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}[self.engine.dialect.name]
        await self._write_alone(upsert(Server)
                                .values(guild_id=guild_id, **{**dataclasses.asdict(self.server_defaults), **fields})
                                .on_conflict_do_update(index_elements=[Server.guild_id],
                                                       set_={**fields, "updated_at": utcnow()}))

    # -- games -----------------------------------------------------------------

    async def load_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The channel's active game as the database holds it now (never from the cache)."""
        loaded = (await self.loads.read([(guild_id, channel_id)])).get((guild_id, channel_id))
        return loaded.game() if loaded else None

    async def last_ended_game(self, guild_id: int, channel_id: int) -> GameRow | None:
        """The channel's most recently ended game, to read once it is over (None when none has ended)."""
        found = await self._read(select(*_columns(GameRow, Game))
                                 .where(Game.guild_id == guild_id, Game.channel_id == channel_id,
                                        Game.status == "ended")
                                 .order_by(Game.id.desc()).limit(1))
        return GameRow(*found[0]) if found else None

    async def game_log(self, game_id: int, last: int | None = None) -> list[LogRow]:
        """A game's log entries, oldest first: all of them, or the ``last`` ones."""
        return _log_rows(await self._read(_log_query(game_id, last)), last)

    async def since_last_of(self, game_id: int, actor_id: int, most: int) -> tuple[LogRow | None, list[LogRow], int]:
        """A member's last entry in a game's log (None if they made none), the newest ``most`` entries after it,
        oldest first, and how many entries follow it in all (a log is numbered without a gap: the newest's number
        tells); no other entry's text or data is read."""
        mine = (LogEntry.game_id == game_id) & (LogEntry.actor_id == actor_id)
        found = await self._read(select(*_columns(LogRow, LogEntry)).where(mine).order_by(LogEntry.seq.desc())
                                 .limit(1))
        if not found:
            return None, [], 0
        own = LogRow(*found[0])
        after = (LogEntry.game_id == game_id) & (LogEntry.seq > own.seq)
        rows = await self._read(select(*_columns(LogRow, LogEntry)).where(after).order_by(LogEntry.seq.desc())
                                .limit(most))
        return own, _log_rows(rows, most), (rows[0].seq - own.seq if rows else 0)

    async def character_names(self, guild_id: int, channel_id: int) -> list[tuple[str, str, int]]:
        """(key, name, owner_id) of each character in the channel's active game, by name; for autocomplete."""
        return [tuple(row) for row in await self._read(
            select(Character.key, Character.name, Character.owner_id).join(Game, Game.id == Character.game_id)
            .where(Game.guild_id == guild_id, Game.channel_id == channel_id, Game.status == "active")
            .order_by(Character.name))]

    async def log_actors(self, game_id: int) -> tuple[set[int], int]:
        """Who acted in a game's committed log, and the number of its last entry (0 for none): one query,
        which reads no entry's text or data."""
        rows = await self._read(select(LogEntry.actor_id, func.max(LogEntry.seq)).where(LogEntry.game_id == game_id)
                                .group_by(LogEntry.actor_id))
        return {actor for actor, _ in rows}, max((last for _, last in rows), default=0)

    async def log_pages(self, game_id: int, size: int = 1000) -> AsyncIterator[list[LogRow]]:
        """Every committed log entry of a game, oldest first, ``size`` at a time, each page read on a connection
        of its own (so that a long log never holds the event loop, nor a connection, for long)."""
        after = 0
        while page := [LogRow(*row) for row in await self._read(
                select(*_columns(LogRow, LogEntry)).where(LogEntry.game_id == game_id, LogEntry.seq > after)
                .order_by(LogEntry.seq).limit(size))]:
            yield page
            after = page[-1].seq

    async def states_along(self, game_id: int, last: int, most: int) -> tuple[str, dict[int, dict[str, Any]]]:
        """A game's ruleset, and its state after some of its entries up to ``last``, by entry: after each entry
        that changed it (an undo snapshot keeps the state before each such entry), at most ``most`` of them
        spread evenly, and after ``last``: what the game's record shows as it stood."""
        [(ruleset, current)] = await self._read(select(Game.ruleset, Game.state).where(Game.id == game_id))
        changed = [seq for (seq,) in await self._read(
            select(LogEntry.seq).where(LogEntry.game_id == game_id, LogEntry.seq <= last,
                                       LogEntry.snapshot.is_not(None)).order_by(LogEntry.seq))]
        kept = changed[::-(-len(changed) // most)] if changed else []
        states: dict[int, dict[str, Any]] = {last: current}
        for start in range(0, len(kept), 100):
            for seq, packed in await self._read(select(LogEntry.seq, LogEntry.snapshot).where(
                    LogEntry.game_id == game_id, LogEntry.seq.in_(kept[start:start + 100]))):
                states[seq - 1] = json.loads(zlib.decompress(packed))
        return ruleset, dict(sorted(states.items()))

    # -- alarms and the messages that show the log ---------------------------------

    async def next_alarms(self, limit: int, shard_count: int = 1, shard_ids: Collection[int] = (0,)) -> list[AlarmRow]:
        """The ``limit`` soonest alarms, due or not, of the active games whose servers are on the shards
        ``shard_ids`` (a server's shard is ``(guild_id >> 22) % shard_count``); one indexed query."""
        query = (select(*_columns(AlarmRow, Game)).where(Game.alarm_at.is_not(None), Game.status == "active")
                 .order_by(Game.alarm_at).limit(limit))
        if set(shard_ids) != set(range(shard_count)):
            shard = Game.guild_id.op(">>")(literal_column("22")).op("%")(literal_column(str(int(shard_count))))
            query = query.where(shard.in_([int(i) for i in shard_ids]))
        return [AlarmRow(*row) for row in await self._read(query)]

    @_reachable()
    async def record_messages(self, shown: Sequence[tuple[int, int, int]]) -> None:
        """Store which message shows each log entry, given as (game id, entry number, message id)."""
        rows = [{"entry_game": game, "entry_seq": seq, "shown_by": message} for game, seq, message in shown]
        async with self._writing() as connection:
            if self._quick is not None and not connection.in_transaction():
                try:
                    self._quick.record_messages(rows)
                    return
                except FileBusy:
                    pass                  # another process has the file for now: wait for it the usual way
            await connection.execute(SHOWN_BY, rows)
            await connection.commit()

    # -- campaigns and their rosters ------------------------------------------------

    async def start_campaign(self, guild_id: int, name: str, director_id: int, ruleset: str) -> CampaignRow:
        """Start a campaign of a ruleset on the server; CampaignExists if an active one has that name."""
        statement = (insert(Campaign).values(guild_id=guild_id, name=name, director_id=director_id, ruleset=ruleset)
                     .returning(Campaign.id))
        try:
            async with _reachable(), self._writing() as connection:
                campaign_id = (await connection.execute(statement)).scalar_one()
                await connection.commit()
        except exc.IntegrityError:
            raise CampaignExists() from None
        return CampaignRow(campaign_id, guild_id, name, director_id, "active", ruleset)

    async def campaign(self, guild_id: int, campaign_id: int) -> CampaignRow | None:
        """The server's campaign with that id, active or ended (None for another server's)."""
        found = await self._read(select(*_columns(CampaignRow, Campaign))
                                 .where(Campaign.id == campaign_id, Campaign.guild_id == guild_id))
        return CampaignRow(*found[0]) if found else None

    async def campaigns(self, guild_id: int) -> list[CampaignRow]:
        """The server's active campaigns, by name."""
        return [CampaignRow(*row) for row in await self._read(
            select(*_columns(CampaignRow, Campaign))
            .where(Campaign.guild_id == guild_id, Campaign.status == "active").order_by(Campaign.name))]

    async def end_campaign(self, campaign_id: int) -> bool:
        """End an active campaign; False when it was not active. Its roster stays stored."""
        return await self._write_alone(update(Campaign).where(Campaign.id == campaign_id, Campaign.status == "active")
                                       .values(status="ended")) == 1

    async def adventure_channel(self, campaign_id: int) -> int | None:
        """The channel of the campaign's active game (its adventure under way), or None."""
        found = await self._read(select(Game.channel_id)
                                 .where(Game.campaign_id == campaign_id, Game.status == "active").limit(1))
        return found[0][0] if found else None

    async def last_adventure_state(self, campaign_id: int) -> dict[str, Any] | None:
        """The state of the campaign's most recently ended adventure (None before the first ends)."""
        found = await self._read(select(Game.state).where(Game.campaign_id == campaign_id, Game.status == "ended")
                                 .order_by(Game.id.desc()).limit(1))
        return found[0][0] if found else None

    async def roster(self, campaign_id: int) -> list[RosterRow]:
        """Every character on the campaign's roster, in the order they joined it."""
        return [RosterRow(*row) for row in await self._read(
            select(*_columns(RosterRow, RosterEntry)).where(RosterEntry.campaign_id == campaign_id)
            .order_by(RosterEntry.id))]

    async def roster_names(self, guild_id: int) -> list[RosterName]:
        """Every roster character of the server's active campaigns, by name."""
        return [RosterName(*row) for row in await self._read(
            select(RosterEntry.id, RosterEntry.name, RosterEntry.owner_id, RosterEntry.status,
                   RosterEntry.campaign_id, Campaign.name)
            .join(Campaign, Campaign.id == RosterEntry.campaign_id)
            .where(Campaign.guild_id == guild_id, Campaign.status == "active")
            .order_by(RosterEntry.name, RosterEntry.id))]

    async def roster_entry(self, guild_id: int, entry_id: int) -> RosterRow | None:
        """A roster character of one of the server's campaigns (None for another server's)."""
        found = await self._read(select(*_columns(RosterRow, RosterEntry))
                                 .join(Campaign, Campaign.id == RosterEntry.campaign_id)
                                 .where(RosterEntry.id == entry_id, Campaign.guild_id == guild_id))
        return RosterRow(*found[0]) if found else None

    async def replace_roster_data(self, entry_id: int, before: dict[str, Any], after: dict[str, Any]) -> bool:
        """Store a roster character's data as ``after`` if it is still ``before``: False (and nothing stored) when
        someone changed it meanwhile."""
        return await self._write_alone(update(RosterEntry)
                                       .where(RosterEntry.id == entry_id, RosterEntry.data == before)
                                       .values(data=after)) == 1

    async def amend_roster(self, entry_id: int, data: dict[str, Any], status: str) -> None:
        """Store a roster character as its campaign's Director amended it between adventures."""
        await self._write_alone(update(RosterEntry).where(RosterEntry.id == entry_id).values(data=data, status=status))

    # -- saved maps --------------------------------------------------------------------

    async def save_map(self, guild_id: int, name: str, data: dict[str, Any], author_id: int) -> bool:
        """Keep a map on the server under ``name``, replacing one of that name; True when it replaced one."""
        values = {"data": data, "author_id": author_id, "updated_at": utcnow()}
        replace = update(SavedMap).where(SavedMap.guild_id == guild_id, SavedMap.name == name).values(**values)
        async with _reachable(), self._writing() as connection:
            replaced = (await connection.execute(replace)).rowcount == 1
            if not replaced:
                await connection.execute(insert(SavedMap).values(guild_id=guild_id, name=name, **values))
            await connection.commit()
        return replaced

    async def saved_map(self, guild_id: int, name: str) -> dict[str, Any] | None:
        """The map the server keeps under ``name`` (any case), or None."""
        found = await self._read(select(SavedMap.data).where(SavedMap.guild_id == guild_id,
                                                             func.lower(SavedMap.name) == name.lower()).limit(1))
        return found[0][0] if found else None

    async def map_names(self, guild_id: int) -> list[str]:
        """The names of the maps the server keeps, in order."""
        return [row[0] for row in await self._read(select(SavedMap.name).where(SavedMap.guild_id == guild_id)
                                                   .order_by(SavedMap.name))]

    # -- reading and writing outside a unit of work ------------------------------------

    @_reachable()
    async def _read(self, query: Executable) -> list[Any]:
        """The rows of a query, on a connection of its own."""
        async with self.engine.connect() as connection:
            return (await connection.execute(query)).all()

    @_reachable()
    async def _write_alone(self, statement: Executable) -> int:
        """Run one statement in a transaction of its own; returns how many rows it changed."""
        async with self._writing() as connection:
            changed = (await connection.execute(statement)).rowcount
            await connection.commit()
        return changed


def _log_query(game_id: int, last: int | None) -> Executable:
    """A game's log entries: all of them by number, or the ``last`` ones newest first."""
    query = select(*_columns(LogRow, LogEntry)).where(LogEntry.game_id == game_id)
    return query.order_by(LogEntry.seq.desc()).limit(last) if last else query.order_by(LogEntry.seq)


def _log_rows(rows: Sequence[Any], last: int | None) -> list[LogRow]:
    """The rows of :func:`_log_query` as entries, oldest first."""
    return [LogRow(*row) for row in (reversed(rows) if last else rows)]


class GameLoads:
    """The channels' active games read from the database, those asked for together in one query.

    A command on a game the process has not served yet (after a restart; every `/game start`) reads it before it
    is accepted. Under a burst of such commands, a query each would have each wait its turn for a pooled
    connection, and for the round trips of the connections before it, before it could even be acknowledged
    (on PostgreSQL, a thousand `/game start` at once were acknowledged in up to 3 s); read together, the burst
    costs a query or two and no command holds a connection while it is accepted.
    """

    BATCH = 500
    """The most channels read by one query."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._asked: dict[tuple[int, int], asyncio.Future[_Cached | None]] = {}
        self._reading: asyncio.Task[None] | None = None

    async def load(self, guild_id: int, channel_id: int) -> _Cached | None:
        """The channel's active game (None for none), read with the others asked for meanwhile."""
        key = (guild_id, channel_id)
        asked = self._asked.get(key)
        if asked is None:
            asked = self._asked[key] = asyncio.get_running_loop().create_future()
        if self._reading is None or self._reading.done():
            self._reading = asyncio.get_running_loop().create_task(self._read_all())
        return await asyncio.shield(asked)

    async def _read_all(self) -> None:
        """Read what is asked for, a batch at a time, until nothing is; the others asked for meanwhile (in the
        same turn of the event loop) join the first batch."""
        await asyncio.sleep(0)
        while self._asked:
            batch = dict(list(self._asked.items())[:self.BATCH])
            for key in batch:
                del self._asked[key]
            try:
                found = await self.read(list(batch))
            except Exception as error:        # each command reports it (DatabaseUnavailable, or logged)
                found = error
            for key, asked in batch.items():
                if asked.done():
                    continue
                asked.set_exception(found) if isinstance(found, Exception) else asked.set_result(found.get(key))

    @_reachable()
    async def read(self, keys: list[tuple[int, int]]) -> dict[tuple[int, int], _Cached]:
        """The active games of the channels ``keys`` (guild id, channel id) that have one, read now."""
        query = (select(*_columns(GameRow, Game), Game.mirror_hash, Game.last_seq, Game.chain)
                 .where(tuple_(Game.guild_id, Game.channel_id).in_(keys), Game.status == "active"))
        async with self.database.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        found = {}
        for *values, digest, last_seq, head in rows:
            game = GameRow(*values)
            found[game.guild_id, game.channel_id] = _Cached(game, written(game.state), digest, last_seq, head)
        return found


class UnitOfWork:
    """One command's unit of work on one channel: take the game, change it, store it all or nothing.

    ``game`` is the channel's active game (None when there is none). Changes are
    collected and written on a clean exit, in one transaction whose first write
    is the version-checked update of the game row; an exception rolls back.
    """

    def __init__(self, database: Database, guild_id: int, channel_id: int) -> None:
        self.database = database
        self.key = (guild_id, channel_id)
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.game: GameRow | None = None
        self._connection: AsyncConnection | None = None
        self._lock: asyncio.Lock | None = None
        self._loaded: _Cached | None = None
        self._loaded_state: dict[str, Any] | None = None
        """The game's state as the unit loaded it, from the JSON :attr:`_loaded` keeps."""
        self._starting = False
        self._state: dict[str, Any] | None = None
        self._decoded: object | None = None
        """The state stored, as the rules engine holds it, when the caller gave it (see :meth:`save`)."""
        self._changes: dict[str, Any] = {}
        self._entries: list[dict[str, Any]] = []
        self._writes: list[Callable[[int], Executable]] = []
        """Further statements, each made for the game's id when the unit commits."""
        self._writing: AsyncExitStack | None = None
        """Holds the unit's write transaction once it has begun (see :meth:`_write_connection`)."""
        self._write_on: AsyncConnection | None = None
        self._mirror: tuple[dict[str, Any], Mirror, str] | None = None
        """The state to store, its mirror rows and their hash, once worked out (see :meth:`_mirrored`)."""
        self.on_slow_store: Callable[[], None] | None = None
        """Called once, before the unit's store waits on the database or a thread: any store but SQLite's quick
        commit, made on the event loop (see :mod:`bot.storage.quick`), which nothing can interrupt."""

    async def __aenter__(self) -> UnitOfWork:
        self._lock = self.database._channel_lock(*self.key)
        await self._lock.acquire()
        try:
            self._loaded = self.database._games.get(self.key)
            if self._loaded is None:
                self._loaded = await self.database.loads.load(*self.key)
                if self._loaded:
                    self.database._remember(self.key, self._loaded)
        except BaseException:
            await self._close()
            raise
        if self._loaded:
            self.game = self._loaded.game()
            self._loaded_state = self.game.state
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, error: BaseException | None, *_: Any) -> None:
        try:
            if exc_type is None and self._dirty:
                try:
                    if self._connection is not None:
                        self._slow_store()        # giving its reading connection back waits for aiosqlite's thread
                    quick, stored = self._store_quickly(self._written()) if self.store_is_quick else (False, None)
                    if not quick:
                        self._slow_store()
                        async with _reachable():
                            connection = await self._write_connection()
                            stored = await self._write(connection)
                            await connection.commit()
                except BaseException as failure:
                    self.database._remember(self.key, None)
                    await self._end_writing(failure)
                    raise
                self.database._remember(self.key, stored)
            await self._end_writing(error)
        finally:
            await self._close()

    def _slow_store(self) -> None:
        """The store is about to wait: tell :attr:`on_slow_store`, once."""
        told, self.on_slow_store = self.on_slow_store, None
        if told is not None:
            told()

    async def _write_connection(self) -> AsyncConnection:
        """The connection of the unit's write transaction, begun now if it has not begun yet (on SQLite,
        the process's one writer is the unit's until it ends)."""
        if self._writing is None:
            self._writing = AsyncExitStack()
            self._write_on = await self._writing.enter_async_context(self.database._writing(self))
        return self._write_on

    async def _end_writing(self, error: BaseException | None) -> None:
        """End the write transaction, if one began: it was committed, or is rolled back for ``error``."""
        if self._writing is None:
            return
        writing, self._writing = self._writing, None
        if error is None:
            await writing.aclose()
        else:
            await writing.__aexit__(type(error), error, error.__traceback__)

    @property
    def changed(self) -> bool:
        """Whether the unit has anything to write when it ends."""
        return self._dirty

    @property
    def store_waits(self) -> bool:
        """Whether storing the unit's change now would wait for other units' (SQLite's one writer is in use)."""
        lock = self.database._writer_lock
        return lock is not None and lock.locked() and self._writing is None

    @property
    def store_is_quick(self) -> bool:
        """Whether the change is stored by SQLite's quick commit, on the event loop, waiting for nothing (see
        :mod:`bot.storage.quick`): that of a game's row and log entries, its mirror rows unchanged."""
        return not self.store_waits and self._writing is None and self._quick_commit(self._mirrored()[2])

    def _quick_commit(self, digest: str) -> bool:
        """Whether the change, its mirror rows hashing to ``digest``, may be stored by the quick commit."""
        return (self.database._quick is not None and not self._starting and not self._writes
                and digest == self._loaded.mirror_hash)

    def _mirrored(self) -> tuple[dict[str, Any], Mirror, str]:
        """The state to store, the rows that mirror it and their hash (worked out once for each state saved)."""
        if self._mirror is None:
            state = self._state if self._state is not None else self._require_game().state
            rows = mirror_rows(state)
            self._mirror = state, rows, mirror_hash(rows)
        return self._mirror

    @property
    def _dirty(self) -> bool:
        return bool(self._state is not None or self._changes or self._entries or self._writes
                    or self._writing is not None)

    async def connection(self) -> AsyncConnection:
        """The unit's connection for reading, opened when first needed."""
        if self._connection is None:
            self._connection = await self.database.engine.connect()
        return self._connection

    async def release(self) -> None:
        """Give the unit's connection back (rolling back whatever was not committed)."""
        if self._connection is not None:
            connection, self._connection = self._connection, None
            await connection.close()

    async def _close(self) -> None:
        """Give the connection back and let the channel go."""
        try:
            await self.release()
        finally:
            self._lock.release()

    def _require_game(self) -> GameRow:
        if self.game is None:
            raise RuntimeError("this channel has no active game")
        return self.game

    async def _write(self, connection: AsyncConnection) -> _Cached | None:
        """Write the collected changes, the game row first: inserted for a new game (GameExists if the
        channel got one meanwhile), else updated if its version is still the one loaded (else StaleGame).

        Returns the game as stored, for the cache (None when the game ended).
        """
        game, loaded = self._require_game(), self._loaded
        written = values, text, digest, last_seq = self._written()
        if self._quick_commit(digest) and not connection.in_transaction():
            quick, stored = self._store_quickly(written)
            if quick:
                return stored
        if self._starting:
            try:
                game_id = await connection.scalar(insert(Game).values(values).returning(Game.id))
            except exc.IntegrityError:
                raise GameExists() from None
            game = self.game = dataclasses.replace(game, id=game_id)
        else:
            result = await connection.execute(update(Game).where(Game.id == game.id, Game.version == game.version)
                                              .values(values))
            if result.rowcount != 1:
                raise StaleGame()
        if digest != loaded.mirror_hash:
            for model, rows in zip((Player, Character), self._mirrored()[1]):
                if not self._starting:
                    await connection.execute(delete(model).where(model.game_id == game.id))
                if rows:
                    await connection.execute(insert(model), [{"game_id": game.id, **row} for row in rows])
        if self._entries:
            await connection.execute(insert(LogEntry), [self._row_of(game.id, entry) for entry in self._entries])
        for statement in self._writes:
            await connection.execute(statement(game.id))
        return self._stored(game, text, digest, last_seq)

    def _written(self) -> tuple[dict[str, Any], str, str, int]:
        """What the game's row is to hold: the values of its columns that change, its state written out, the hash
        of its mirror rows, and the number of its last log entry."""
        game, loaded = self._require_game(), self._loaded
        state, _, digest = self._mirrored()
        text = written_quickly(state) if self._state is not None or self._starting else loaded.state_text
        last_seq = loaded.last_seq + len(self._entries)
        values = {**self._changes, "version": game.version + 1}
        for name, value, changed in (("state", Written(text), self._state is not None),
                                     ("mirror_hash", digest, digest != loaded.mirror_hash),
                                     ("last_seq", last_seq, last_seq != loaded.last_seq),
                                     ("chain", self.head, self.head != loaded.chain)):
            if changed or self._starting:
                values[name] = value
        return values, text, digest, last_seq

    def _store_quickly(self, written: tuple[dict[str, Any], str, str, int]) -> tuple[bool, _Cached | None]:
        """Store the change by SQLite's quick commit (see :attr:`store_is_quick`), on the event loop, with nothing
        awaited: whether it was stored (not when another process holds the file: StaleGame when the game moved on),
        and the game as stored."""
        game = self._require_game()
        values, text, digest, last_seq = written
        try:
            if not self.database._quick.commit(game.id, game.version, {**values, "updated_at": utcnow()},
                                               (self._row_of(game.id, entry) for entry in self._entries)):
                raise StaleGame()
        except FileBusy:
            self._slow_store()            # another process has the file for now: wait for it the usual way
            return False, None
        return True, self._stored(game, text, digest, last_seq)

    @staticmethod
    def _row_of(game_id: int, entry: dict[str, Any]) -> dict[str, Any]:
        """A log entry's row (its ``chain`` is in its data)."""
        return {"game_id": game_id, **{name: value for name, value in entry.items() if name != "chain"}}

    def _stored(self, game: GameRow, text: str, digest: str, last_seq: int) -> _Cached | None:
        """The game as the unit has stored it (its state written out as ``text``), for the cache (None when the
        game ended)."""
        if self._changes.get("status") == "ended":
            return None
        kept = Kept(self._decoded, self._state, asyncio.current_task()) if self._decoded is not None else None
        return _Cached(dataclasses.replace(game, version=game.version + 1, state={}), text, digest, last_seq,
                       self.head, kept)

    # -- the game ----------------------------------------------------------------

    async def start_game(self, director_id: int, state: dict[str, Any], ruleset: str) -> None:
        """Start a game in the channel on commit; GameExists if it has one (now, or by the commit).

        ``game.id`` is known once the unit has committed.
        """
        if self.game is not None:
            raise GameExists()
        self._starting = True
        self._changes.update(guild_id=self.guild_id, channel_id=self.channel_id, director_id=director_id,
                             ruleset=ruleset)
        self.game = GameRow(id=0, guild_id=self.guild_id, channel_id=self.channel_id, director_id=director_id,
                            ruleset=ruleset, state=state, version=0, campaign_id=None, reminder_hours=None,
                            deadline_hours=None, deadline_action="hold", status_message_id=None,
                            waiting_since=None, alarm_at=None, alarm_kind=None, pings={})
        self._loaded = _Cached(self.game, "", None, 0, None)
        self.set_pings(director_id, "on")
        self.save(state)

    def save(self, state: dict[str, Any], decoded: object | None = None) -> None:
        """Store ``state`` as the game's state when the unit commits; given ``decoded``, the object the rules engine
        wrote it from, both are kept for the next command on the game (:meth:`take_kept`, :attr:`game`) if nothing
        changes them meanwhile: the caller's promise."""
        self._require_game()
        self._state, self._mirror, self._decoded = state, None, decoded

    def stored_state(self) -> dict[str, Any]:
        """The game's state as its stored JSON reads (``game.state`` may be the data the command before handed on
        instead, see :class:`Kept`)."""
        self._require_game()
        return read_back(self._loaded.state_text)

    def take_kept(self) -> object | None:
        """The game's state as the command that last stored it left it (see :meth:`save`), when that command is
        over; None when there is none to take (then read ``game.state``). Taken once: whoever takes it owns it."""
        kept = self._loaded.kept if self._loaded is not None else None
        return kept.take() if kept is not None else None

    def _change(self, **values: Any) -> None:
        self.game = dataclasses.replace(self._require_game(), **values)
        self._changes.update(values)

    def set_director(self, user_id: int) -> None:
        """Hand the game to another Director."""
        self._change(director_id=user_id)

    def set_deadline(self, hours: float | None, action: str = "hold") -> None:
        """After ``hours`` without an answer (None: never), do ``action`` for the waiting character."""
        self._change(deadline_hours=hours, deadline_action=action)

    def set_campaign(self, campaign_id: int) -> None:
        """Make the game an adventure of a campaign (of this server: the caller checks)."""
        self._change(campaign_id=campaign_id)

    def set_status_message(self, message_id: int | None) -> None:
        """Remember the message that shows the game's status, to edit it later."""
        self._change(status_message_id=message_id)

    def set_pings(self, user_id: int, status: str) -> None:
        """Whether the game may ping a member: "on", "muted", "invited" or "left" (see the games table)."""
        self._change(pings={**self._require_game().pings, str(user_id): status})

    def set_reminder_hours(self, hours: float | None) -> None:
        """Remind the player the game waits on after ``hours`` (None: after the server's interval)."""
        self._change(reminder_hours=hours)

    def set_alarm(self, waiting_since: datetime | None, alarm_at: datetime | None, kind: str | None) -> None:
        """Since when the game waits on someone, and when it next needs the bot for it (None: never).

        Stored in the game's own row, so it costs the commit no statement.
        """
        self._change(waiting_since=waiting_since, alarm_at=alarm_at, alarm_kind=kind)

    def due_alarm(self, now: datetime) -> str | None:
        """The kind of the game's alarm ("reminder", "deadline") if it is due by ``now``, else None.

        Checked inside the unit that handles it: the version check at commit then lets
        one unit only, in one process only, handle each alarm.
        """
        game = self._require_game()
        return game.alarm_kind if game.alarm_at is not None and game.alarm_at <= now else None

    async def end_game(self) -> None:
        """End the game and its alarm; the channel is free for a new one after the commit."""
        self._require_game()
        self._changes.update(status="ended", ended_at=utcnow())
        self.set_alarm(None, None, None)

    # -- the roster of the game's campaign -----------------------------------------------

    def _require_campaign(self) -> int:
        campaign_id = self._require_game().campaign_id
        if campaign_id is None:
            raise RuntimeError("this channel's game is not an adventure of a campaign")
        return campaign_id

    async def enrol(self, owner_id: int, name: str, data: dict[str, Any]) -> int:
        """Add a character to the roster of the game's campaign, with the game's change; returns its id.

        The unit takes its write transaction now, to have the id at once.
        """
        statement = (insert(RosterEntry)
                     .values(campaign_id=self._require_campaign(), owner_id=owner_id, name=name, data=data)
                     .returning(RosterEntry.id))
        async with _reachable():
            return (await (await self._write_connection()).execute(statement)).scalar_one()

    def update_roster(self, entry_id: int, **values: Any) -> None:
        """Change a character on the roster of the game's campaign on commit (``data``, ``status``, ...)."""
        if unknown := values.keys() - ROSTER_CHANGES:
            raise TypeError(f"not a roster change: {', '.join(sorted(unknown))}")
        campaign_id = self._require_campaign()
        self._writes.append(lambda _game_id: update(RosterEntry)
                            .where(RosterEntry.id == entry_id, RosterEntry.campaign_id == campaign_id)
                            .values(values))

    # -- the log -------------------------------------------------------------------

    @property
    def head(self) -> str | None:
        """The log's running digest after its newest entry, those this unit adds included (None before the
        game's first chained entry)."""
        return self._entries[-1]["chain"] if self._entries else self._loaded.chain if self._loaded else None

    @property
    def saving(self) -> bool:
        """Whether the unit stores a new state for the game."""
        return self._state is not None

    @property
    def next_seq(self) -> int:
        """The number the unit's next log entry gets."""
        return (self._loaded.last_seq if self._loaded else 0) + len(self._entries) + 1

    async def log(self, actor_id: int, kind: str, text: str, data: dict[str, Any] | None = None,
                  before: dict[str, Any] | None = None, retake: dict[str, Any] | None = None) -> int:
        """Add a log entry on commit and return its number; ``before`` (the state it changed) is kept for undo,
        from the JSON the game was loaded from when it is that state, and so is ``retake`` (see
        :attr:`LogEntry.retake`). The entry's data (as JSON reads it back) gets the log's running digest after it,
        ``chain``."""
        self._require_game()
        seq = self.next_seq
        data_text = written_quickly(data or {})
        at, stored = utcnow(), orjson.loads(data_text)
        stored["chain"] = chain(self.head, seq, at, actor_id, kind, text, stored)
        self._entries.append({"seq": seq, "at": at, "actor_id": actor_id, "kind": kind, "text": text,
                              "chain": stored["chain"],
                              "data": with_chain(data_text, stored["chain"]), "message_id": None, "undone": False,
                              "snapshot": None if before is None else pack_state(self._text_of(before)),
                              "retake": retake})
        return seq

    def _text_of(self, state: dict[str, Any]) -> dict[str, Any] | str:
        """The JSON ``state`` was loaded from, when it is the game's state as the unit loaded it; else itself."""
        loaded = self._loaded
        return loaded.state_text if loaded is not None and state is self._loaded_state else state

    async def _rows(self, query: Executable) -> list[Any]:
        async with _reachable():
            return (await (await self.connection()).execute(query)).all()

    async def recent_log(self, n: int) -> list[LogRow]:
        """The last ``n`` committed log entries, oldest first."""
        return _log_rows(await self._rows(_log_query(self._require_game().id, n)), n)

    async def full_log(self) -> list[LogRow]:
        """Every committed log entry of the game, oldest first."""
        return await self.log_from(1)

    async def log_from(self, seq: int) -> list[LogRow]:
        """The committed log entries of the game from entry ``seq`` on, oldest first. A few entries are read
        on SQLite's quick connection (see :mod:`bot.storage.quick`), many the usual way, off the event loop."""
        values = {"game": self._require_game().id, "seq": seq}
        quick = self.database._quick
        if quick is not None and self._loaded.last_seq - seq < QUICK_READ:
            try:
                return [LogRow(*row) for row in quick.read(LOG_FROM, values)]
            except FileBusy:
                pass                      # the file cannot be read now: wait for it the usual way
        async with _reachable():
            rows = (await (await self.connection()).execute(LOG_FROM, values)).all()
        return [LogRow(*row) for row in rows]

    async def first_entry(self, actor_id: int, kind: str) -> int | None:
        """The number of the game's first log entry of ``kind`` made by ``actor_id``, undone or not; None if none."""
        game = self._require_game()
        [(seq,)] = await self._rows(select(func.min(LogEntry.seq)).where(
            LogEntry.game_id == game.id, LogEntry.actor_id == actor_id, LogEntry.kind == kind))
        return seq

    def _undoable(self, game_id: int) -> Any:
        """The condition for a game's entries that can be undone: not undone yet, with a snapshot."""
        return (LogEntry.game_id == game_id) & LogEntry.snapshot.is_not(None) & ~LogEntry.undone

    async def last_undoable(self) -> int | None:
        """The number of the newest entry that can be undone (live, with a snapshot), or None."""
        game = self._require_game()
        [(seq,)] = await self._rows(select(func.max(LogEntry.seq)).where(self._undoable(game.id)))
        return seq

    async def snapshot_before(self, seq: int) -> dict[str, Any] | None:
        """The game's state just before entry ``seq``, or None when the entry kept no snapshot."""
        game = self._require_game()
        rows = await self._rows(select(LogEntry.snapshot).where(LogEntry.game_id == game.id, LogEntry.seq == seq))
        packed = rows[0][0] if rows else None
        return None if packed is None else json.loads(zlib.decompress(packed))

    async def retakes_from(self, seq: int) -> list[dict[str, Any]]:
        """What the live entries from ``seq`` on keep to take their draws again (see :attr:`LogEntry.retake`)."""
        game = self._require_game()
        return [retake for (retake,) in await self._rows(
            select(LogEntry.retake).where(LogEntry.game_id == game.id, LogEntry.seq >= seq, ~LogEntry.undone,
                                          LogEntry.retake.is_not(None)).order_by(LogEntry.seq))]

    async def mark_undone(self, from_seq: int) -> list[LogRow]:
        """Mark every undoable entry from ``from_seq`` on as undone on commit; returns them as they were.

        Entries without a snapshot (the start, free rolls, undos) stay as they are.
        """
        game = self._require_game()
        which = (self._undoable(game.id), LogEntry.seq >= from_seq)
        rows = await self._rows(select(*_columns(LogRow, LogEntry)).where(*which).order_by(LogEntry.seq))
        self._writes.append(lambda _game_id: update(LogEntry).where(*which).values(undone=True))
        return [LogRow(*row) for row in rows]
