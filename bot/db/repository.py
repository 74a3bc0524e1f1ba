"""What the bot stores and loads: a :class:`Database`, and the :class:`UnitOfWork` one command runs in.

A unit of work holds the channel's lock in this process, loads the channel's
active game, collects the command's changes, and writes them all in one
transaction when the block ends, the game's row first, with a version check::

    async with database.unit(guild_id, channel_id) as uow:
        state = play(uow.game.state)
        uow.save(state)
        await uow.log(user_id, "shoot", "Doc fires twice.", before=uow.game.state)

Another process that changed the game meanwhile makes the commit fail with
:class:`StaleGame` and nothing of the unit is stored; on PostgreSQL the version
update also locks the row, so two processes never interleave a game's log.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import zlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from weakref import WeakValueDictionary

from sqlalchemy import Executable, delete, exc, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from .engine import describe, make_engine, migrate
from .models import Campaign, Character, Game, LogEntry, Player, RosterEntry, Server, Snapshot, Timer, utcnow


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
    reminder_hours: float = 12.0
    status_pinned: bool = False


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
    deadline_hours: float | None
    deadline_action: str
    status_message_id: int | None


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
class TimerRow:
    """A claimed timer, with the channel of its game."""

    id: int
    game_id: int
    guild_id: int
    channel_id: int
    kind: str
    due_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class CampaignRow:
    """A campaign on a server; ``director_id`` is who started it."""

    id: int
    guild_id: int
    name: str
    director_id: int
    status: str


@dataclass(frozen=True, slots=True)
class RosterRow:
    """A character on a campaign's roster; ``data`` is the rules engine's JSON of the character."""

    id: int
    campaign_id: int
    owner_id: int
    name: str
    data: dict[str, Any]
    status: str
    adventures: int
    notes: list[Any]
    cards_less: int
    reduced: bool
    traits_due: int


@dataclass(frozen=True, slots=True)
class RosterName:
    """A roster character of an active campaign, for autocomplete and for finding them by name."""

    id: int
    name: str
    owner_id: int
    status: str
    campaign_id: int
    campaign: str


ROSTER_CHANGES = frozenset({"data", "status", "adventures", "notes", "cards_less", "reduced", "traits_due"})
"""The columns of a roster entry that an adventure's end may change."""


def _columns(row: type, *models: type) -> list[Any]:
    """The columns to select for the dataclass ``row``, each from the first model that has it."""
    return [next(getattr(m, f.name) for m in models if hasattr(m, f.name)) for f in dataclasses.fields(row)]


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
    """The rows that mirror the state's seats and cast, in a fixed order (the state's order may vary)."""
    players = [{"user_id": int(user), "suits": ",".join(f"{suit}:{pack}" for suit, pack in seat.get("suits", ()))}
               for user, seat in state.get("seats", {}).items()]
    characters = [{"key": key, "name": c["name"], "owner_id": int(c["owner"]), "type": c["type"]}
                  for key, c in state.get("characters", {}).items()]
    return sorted(players, key=lambda row: row["user_id"]), sorted(characters, key=lambda row: row["key"])


def mirror_hash(rows: Mirror) -> str:
    """A short hash of the mirror rows, kept on the game to see whether they changed."""
    return hashlib.blake2b(json.dumps(rows, sort_keys=True).encode(), digest_size=16).hexdigest()


def pack_state(state: dict[str, Any]) -> bytes:
    """A state as stored in a snapshot: compact JSON, zlib-compressed."""
    return zlib.compress(json.dumps(state, separators=(",", ":")).encode())


class Database:
    """The bot's storage on one database URL: SQLite (a file) or PostgreSQL (asyncpg).

    Safe to share between tasks; two processes may share one PostgreSQL.
    """

    def __init__(self, url: str, *, echo: bool = False, server_defaults: ServerRow = ServerRow()) -> None:
        self.engine = make_engine(url, echo=echo)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.server_defaults = server_defaults
        self._locks: WeakValueDictionary[tuple[int, int], asyncio.Lock] = WeakValueDictionary()

    def __repr__(self) -> str:
        return f"Database({describe(self.engine)})"

    @_reachable()
    async def migrate(self) -> None:
        """Bring the schema to the newest revision (``alembic upgrade head``); a no-op when it is."""
        await migrate(self.engine)

    async def dispose(self) -> None:
        """Close every pooled connection."""
        await self.engine.dispose()

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

    # -- servers ---------------------------------------------------------------

    @_reachable()
    async def server(self, guild_id: int) -> ServerRow:
        """The server's settings, or the defaults when it has none stored."""
        async with self.sessions() as session:
            row = (await session.execute(select(*_columns(ServerRow, Server))
                                         .where(Server.guild_id == guild_id))).one_or_none()
        return ServerRow(*row) if row else self.server_defaults

    @_reachable()
    async def update_server(self, guild_id: int, **fields: Any) -> None:
        """Change some of a server's settings (``director_role``, ``reminder_hours``, ``status_pinned``)."""
        if unknown := fields.keys() - SERVER_FIELDS:
            raise TypeError(f"not a server setting: {', '.join(sorted(unknown))}")
        if not fields:
            return
        upsert = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}[self.engine.dialect.name]
        statement = (upsert(Server)
                     .values(guild_id=guild_id, **{**dataclasses.asdict(self.server_defaults), **fields})
                     .on_conflict_do_update(index_elements=[Server.guild_id], set_={**fields, "updated_at": utcnow()}))
        async with self.sessions.begin() as session:
            await session.execute(statement)

    # -- games -----------------------------------------------------------------

    @_reachable()
    async def character_names(self, guild_id: int, channel_id: int) -> list[tuple[str, str, int]]:
        """(key, name, owner_id) of each character in the channel's active game, by name; for autocomplete."""
        query = (select(Character.key, Character.name, Character.owner_id)
                 .join(Game, Game.id == Character.game_id)
                 .where(Game.guild_id == guild_id, Game.channel_id == channel_id, Game.status == "active")
                 .order_by(Character.name))
        async with self.sessions() as session:
            return [tuple(row) for row in await session.execute(query)]

    # -- timers ----------------------------------------------------------------

    @_reachable()
    async def claim_due_timers(self, now: datetime, limit: int = 100) -> list[TimerRow]:
        """Timers due by ``now``, each marked done and returned to exactly one caller across processes."""
        due = (select(*_columns(TimerRow, Timer, Game)).join(Game, Game.id == Timer.game_id)
               .where(Timer.done_at.is_(None), Timer.due_at <= now)
               .order_by(Timer.due_at, Timer.id).limit(limit))
        claimed = []
        async with self.sessions.begin() as session:
            for row in (await session.execute(due)).all():
                claim = (update(Timer).where(Timer.id == row.id, Timer.done_at.is_(None)).values(done_at=now)
                         .execution_options(synchronize_session=False))
                if (await session.execute(claim)).rowcount == 1:
                    claimed.append(TimerRow(*row))
        return claimed

    # -- campaigns and their rosters ------------------------------------------------

    @_reachable()
    async def start_campaign(self, guild_id: int, name: str, director_id: int) -> CampaignRow:
        """Start a campaign on the server; CampaignExists if an active one has that name."""
        campaign = Campaign(guild_id=guild_id, name=name, director_id=director_id)
        try:
            async with self.sessions.begin() as session:
                session.add(campaign)
        except exc.IntegrityError:
            raise CampaignExists() from None
        return CampaignRow(campaign.id, guild_id, name, director_id, "active")

    @_reachable()
    async def campaign(self, guild_id: int, campaign_id: int) -> CampaignRow | None:
        """The server's campaign with that id, active or ended (None for another server's)."""
        query = (select(*_columns(CampaignRow, Campaign))
                 .where(Campaign.id == campaign_id, Campaign.guild_id == guild_id))
        async with self.sessions() as session:
            row = (await session.execute(query)).one_or_none()
        return CampaignRow(*row) if row else None

    @_reachable()
    async def campaigns(self, guild_id: int) -> list[CampaignRow]:
        """The server's active campaigns, by name."""
        query = (select(*_columns(CampaignRow, Campaign))
                 .where(Campaign.guild_id == guild_id, Campaign.status == "active").order_by(Campaign.name))
        async with self.sessions() as session:
            return [CampaignRow(*row) for row in await session.execute(query)]

    @_reachable()
    async def end_campaign(self, campaign_id: int) -> bool:
        """End an active campaign; False when it was not active. Its roster stays stored."""
        statement = (update(Campaign).where(Campaign.id == campaign_id, Campaign.status == "active")
                     .values(status="ended").execution_options(synchronize_session=False))
        async with self.sessions.begin() as session:
            return (await session.execute(statement)).rowcount == 1

    @_reachable()
    async def adventure_channel(self, campaign_id: int) -> int | None:
        """The channel of the campaign's active game (its adventure under way), or None."""
        query = select(Game.channel_id).where(Game.campaign_id == campaign_id, Game.status == "active")
        async with self.sessions() as session:
            return await session.scalar(query.limit(1))

    @_reachable()
    async def roster(self, campaign_id: int) -> list[RosterRow]:
        """Every character on the campaign's roster, in the order they joined it."""
        query = select(*_columns(RosterRow, RosterEntry)).where(RosterEntry.campaign_id == campaign_id)
        async with self.sessions() as session:
            return [RosterRow(*row) for row in await session.execute(query.order_by(RosterEntry.id))]

    @_reachable()
    async def roster_names(self, guild_id: int) -> list[RosterName]:
        """Every roster character of the server's active campaigns, by name."""
        query = (select(RosterEntry.id, RosterEntry.name, RosterEntry.owner_id, RosterEntry.status,
                        RosterEntry.campaign_id, Campaign.name)
                 .join(Campaign, Campaign.id == RosterEntry.campaign_id)
                 .where(Campaign.guild_id == guild_id, Campaign.status == "active")
                 .order_by(RosterEntry.name, RosterEntry.id))
        async with self.sessions() as session:
            return [RosterName(*row) for row in await session.execute(query)]

    @_reachable()
    async def roster_entry(self, guild_id: int, entry_id: int) -> RosterRow | None:
        """A roster character of one of the server's campaigns (None for another server's)."""
        query = (select(*_columns(RosterRow, RosterEntry)).join(Campaign, Campaign.id == RosterEntry.campaign_id)
                 .where(RosterEntry.id == entry_id, Campaign.guild_id == guild_id))
        async with self.sessions() as session:
            row = (await session.execute(query)).one_or_none()
        return RosterRow(*row) if row else None

    @_reachable()
    async def teach(self, entry_id: int, data: dict[str, Any], traits_due: int) -> bool:
        """Store a roster character who picked a new trait: ``data`` with it, and one trait fewer due.

        False (and nothing stored) when the entry no longer has ``traits_due`` traits to pick,
        because someone picked one meanwhile.
        """
        statement = (update(RosterEntry).where(RosterEntry.id == entry_id, RosterEntry.traits_due == traits_due)
                     .values(data=data, traits_due=traits_due - 1).execution_options(synchronize_session=False))
        async with self.sessions.begin() as session:
            return (await session.execute(statement)).rowcount == 1


class UnitOfWork:
    """One command's unit of work on one channel: load the game, change it, store it all or nothing.

    ``game`` is the channel's active game (None when there is none). Changes are
    collected and written on a clean exit, in one transaction whose first write
    is the version-checked update of the game row; an exception rolls back.
    """

    def __init__(self, database: Database, guild_id: int, channel_id: int) -> None:
        self.database = database
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.game: GameRow | None = None
        self._session: AsyncSession | None = None
        self._lock: asyncio.Lock | None = None
        self._mirror_hash: str | None = None
        self._state: dict[str, Any] | None = None
        self._changes: dict[str, Any] = {}
        self._writes: list[Executable] = []
        self._next_seq: int | None = None

    async def __aenter__(self) -> UnitOfWork:
        self._lock = self.database._channel_lock(self.guild_id, self.channel_id)
        await self._lock.acquire()
        try:
            self._session = self.database.sessions()
            async with _reachable():
                row = (await self._session.execute(
                    select(*_columns(GameRow, Game), Game.mirror_hash)
                    .where(Game.guild_id == self.guild_id, Game.channel_id == self.channel_id,
                           Game.status == "active"))).one_or_none()
        except BaseException:
            await self._close()
            raise
        if row:
            *values, self._mirror_hash = row
            self.game = GameRow(*values)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, *_: Any) -> None:
        try:
            if exc_type is None:
                async with _reachable():
                    await self._write()
                    await self._session.commit()
        finally:
            await self._close()

    async def _close(self) -> None:
        """End the session (rolling back whatever was not committed) and let the channel go."""
        try:
            if self._session is not None:
                await self._session.close()
        finally:
            self._lock.release()

    def _require_game(self) -> GameRow:
        if self.game is None:
            raise RuntimeError("this channel has no active game")
        return self.game

    async def _write(self) -> None:
        """Write the collected changes, the game row first (raising StaleGame if its version moved on)."""
        if self.game is None or not (self._state is not None or self._changes or self._writes):
            return
        values = {**self._changes, "version": Game.version + 1}
        rewrite = None
        if self._state is not None:
            values["state"] = self._state
            mirror = mirror_rows(self._state)
            if (digest := mirror_hash(mirror)) != self._mirror_hash:
                values["mirror_hash"], rewrite = digest, mirror
        session, game_id = self._session, self.game.id
        result = await session.execute(update(Game).where(Game.id == game_id, Game.version == self.game.version)
                                       .values(values).execution_options(synchronize_session=False))
        if result.rowcount != 1:
            raise StaleGame()
        if rewrite:
            for model, rows in zip((Player, Character), rewrite):
                await session.execute(delete(model).where(model.game_id == game_id)
                                      .execution_options(synchronize_session=False))
                if rows:
                    await session.execute(insert(model), [{"game_id": game_id, **row} for row in rows])
        for statement in self._writes:
            await session.execute(statement)

    # -- the game ----------------------------------------------------------------

    @_reachable()
    async def start_game(self, director_id: int, state: dict[str, Any], ruleset: str = "qotd") -> GameRow:
        """Start a game in the channel (the unit's first write); GameExists if it has one already."""
        if self.game is not None:
            raise GameExists()
        game = Game(guild_id=self.guild_id, channel_id=self.channel_id, director_id=director_id,
                    ruleset=ruleset, state=state)
        self._session.add(game)
        try:
            await self._session.flush()
        except exc.IntegrityError:
            await self._session.rollback()
            raise GameExists() from None
        self.game = GameRow(*(getattr(game, f.name) for f in dataclasses.fields(GameRow)))
        self.save(state)
        return self.game

    def save(self, state: dict[str, Any]) -> None:
        """Store ``state`` as the game's state when the unit commits."""
        self._require_game()
        self._state = state

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

    async def end_game(self) -> None:
        """End the game and cancel its timers; the channel is free for a new one after the commit."""
        self._require_game()
        self._changes.update(status="ended", ended_at=utcnow())
        await self.cancel_timers()

    # -- the roster of the game's campaign -----------------------------------------------

    def _require_campaign(self) -> int:
        campaign_id = self._require_game().campaign_id
        if campaign_id is None:
            raise RuntimeError("this channel's game is not an adventure of a campaign")
        return campaign_id

    @_reachable()
    async def enrol(self, owner_id: int, name: str, data: dict[str, Any]) -> int:
        """Add a character to the roster of the game's campaign, with the game's change; returns its id."""
        entry = RosterEntry(campaign_id=self._require_campaign(), owner_id=owner_id, name=name, data=data)
        self._session.add(entry)
        await self._session.flush()
        return entry.id

    def update_roster(self, entry_id: int, **values: Any) -> None:
        """Change a character on the roster of the game's campaign on commit (``data``, ``status``, ...)."""
        if unknown := values.keys() - ROSTER_CHANGES:
            raise TypeError(f"not a roster change: {', '.join(sorted(unknown))}")
        self._writes.append(update(RosterEntry)
                            .where(RosterEntry.id == entry_id, RosterEntry.campaign_id == self._require_campaign())
                            .values(values).execution_options(synchronize_session=False))

    # -- the log -------------------------------------------------------------------

    @_reachable()
    async def log(self, actor_id: int, kind: str, text: str, data: dict[str, Any] | None = None,
                  before: dict[str, Any] | None = None) -> int:
        """Add a log entry on commit and return its number; ``before`` (the state it changed) is kept for undo."""
        game = self._require_game()
        if self._next_seq is None:
            last = await self._session.scalar(select(func.max(LogEntry.seq)).where(LogEntry.game_id == game.id))
            self._next_seq = (last or 0) + 1
        seq, self._next_seq = self._next_seq, self._next_seq + 1
        self._writes.append(insert(LogEntry).values(game_id=game.id, seq=seq, actor_id=actor_id, kind=kind,
                                                    text=text, data=data or {}))
        if before is not None:
            self._writes.append(insert(Snapshot).values(game_id=game.id, seq=seq, state=pack_state(before)))
        return seq

    @_reachable()
    async def recent_log(self, n: int) -> list[LogRow]:
        """The last ``n`` committed log entries, oldest first."""
        game = self._require_game()
        rows = await self._session.execute(select(*_columns(LogRow, LogEntry)).where(LogEntry.game_id == game.id)
                                           .order_by(LogEntry.seq.desc()).limit(n))
        return [LogRow(*row) for row in reversed(rows.all())]

    @_reachable()
    async def full_log(self) -> list[LogRow]:
        """Every committed log entry of the game, oldest first."""
        game = self._require_game()
        rows = await self._session.execute(select(*_columns(LogRow, LogEntry)).where(LogEntry.game_id == game.id)
                                           .order_by(LogEntry.seq))
        return [LogRow(*row) for row in rows.all()]

    def _undoable(self, game_id: int) -> Any:
        """The condition for a game's entries that can be undone: not undone yet, with a snapshot."""
        return LogEntry.seq.in_(select(Snapshot.seq).where(Snapshot.game_id == game_id)) & ~LogEntry.undone

    @_reachable()
    async def last_undoable(self) -> int | None:
        """The number of the newest entry that can be undone (live, with a snapshot), or None."""
        game = self._require_game()
        return await self._session.scalar(select(func.max(LogEntry.seq))
                                          .where(LogEntry.game_id == game.id, self._undoable(game.id)))

    @_reachable()
    async def snapshot_before(self, seq: int) -> dict[str, Any] | None:
        """The game's state just before entry ``seq``, or None when the entry kept no snapshot."""
        game = self._require_game()
        packed = await self._session.scalar(select(Snapshot.state).where(Snapshot.game_id == game.id,
                                                                          Snapshot.seq == seq))
        return None if packed is None else json.loads(zlib.decompress(packed))

    @_reachable()
    async def mark_undone(self, from_seq: int) -> list[LogRow]:
        """Mark every undoable entry from ``from_seq`` on as undone on commit; returns them as they were.

        Entries without a snapshot (the start, free rolls, undos) stay as they are.
        """
        game = self._require_game()
        which = (LogEntry.game_id == game.id, LogEntry.seq >= from_seq, self._undoable(game.id))
        rows = await self._session.execute(select(*_columns(LogRow, LogEntry)).where(*which).order_by(LogEntry.seq))
        self._writes.append(update(LogEntry).where(*which).values(undone=True)
                            .execution_options(synchronize_session=False))
        return [LogRow(*row) for row in rows.all()]

    # -- timers ----------------------------------------------------------------------

    async def add_timer(self, kind: str, due_at: datetime, payload: dict[str, Any] | None = None) -> None:
        """Add a timer for this game on commit (``kind`` such as "reminder" or "deadline")."""
        game = self._require_game()
        self._writes.append(insert(Timer).values(game_id=game.id, kind=kind, due_at=due_at, payload=payload or {}))

    async def cancel_timers(self, kind: str | None = None) -> None:
        """Cancel this game's pending timers (of ``kind`` only, if given) on commit."""
        game = self._require_game()
        statement = delete(Timer).where(Timer.game_id == game.id, Timer.done_at.is_(None))
        if kind is not None:
            statement = statement.where(Timer.kind == kind)
        self._writes.append(statement.execution_options(synchronize_session=False))
