"""The tables, in SQLAlchemy 2 declarative style; the same on SQLite and PostgreSQL.

Discord ids are BIGINT. Surrogate keys are BIGINT on PostgreSQL and INTEGER on
SQLite (only ``INTEGER PRIMARY KEY`` autoincrements there). Timestamps are UTC:
aware datetimes in Python, ``timestamptz`` on PostgreSQL, naive UTC text on SQLite.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (JSON, BigInteger, CheckConstraint, DateTime, Float, ForeignKey, Index, Integer, LargeBinary,
                        MetaData, String, Text, UniqueConstraint, text)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_N_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime in Python whatever the database keeps; naive datetimes are refused."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: pass an aware one (UTC)")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


Id = BigInteger().with_variant(Integer(), "sqlite")
"""A surrogate key: autoincrementing on both databases."""

Json = JSON().with_variant(JSONB(), "postgresql")
NullableJson = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")
"""JSON whose None is stored as SQL's NULL, not as JSON's null."""


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {int: BigInteger(), datetime: UTCDateTime(), dict[str, Any]: Json,
                           list[Any]: Json, float: Float(), str: String(100)}


def partial(condition: str) -> dict[str, Any]:
    """The keyword arguments that make an Index partial (``WHERE condition``) on both databases."""
    where = text(condition)
    return {"sqlite_where": where, "postgresql_where": where}


def one_active(index: str, *columns: str) -> tuple[Index, CheckConstraint]:
    """Table arguments for a status of 'active' or 'ended', with ``columns`` unique among the active rows."""
    return (Index(index, *columns, unique=True, **partial("status = 'active'")),
            CheckConstraint("status IN ('active', 'ended')", name="status"))


class Server(Base):
    """A Discord server's settings; a server without a row uses the defaults."""

    __tablename__ = "servers"

    guild_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    director_role: Mapped[str]
    """The name of the Director role, until it is looked up once among the server's roles ("" after)."""
    reminder_hours: Mapped[float]
    status_pinned: Mapped[bool] = mapped_column(default=False)
    cast_limit: Mapped[int] = mapped_column(Integer, default=60, server_default=text("60"))
    """The most characters a game on the server may cast."""
    player_cast_limit: Mapped[int] = mapped_column(Integer, default=20, server_default=text("20"))
    """The most characters one player may have in a game (a game's Director casts up to the game's limit)."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    director_role_id: Mapped[int | None]
    """The role whose members direct any game of the server (None: no role does)."""


class Campaign(Base):
    """A series of games whose characters carry over in a roster."""

    __tablename__ = "campaigns"
    __table_args__ = one_active("uq_campaigns_active_name", "guild_id", "name")

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    guild_id: Mapped[int]
    name: Mapped[str]
    status: Mapped[str] = mapped_column(String(16), default="active")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    director_id: Mapped[int] = mapped_column(server_default=text("0"))
    """Who started the campaign (0 for campaigns older than the column: only server Directors direct them)."""
    ruleset: Mapped[str] = mapped_column(String(32))
    """The ruleset its adventures play (see :data:`bot.rules.core.ruleset.RULESETS`)."""


class RosterEntry(Base):
    """A campaign character between games: ready, resting (misses the next game) or dead, and ``data``, what its
    campaign's ruleset keeps of it (its JSON; see :class:`bot.rules.core.ruleset.Campaign`)."""

    __tablename__ = "roster"
    __table_args__ = (CheckConstraint("status IN ('ready', 'resting', 'dead')", name="status"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("campaigns.id", ondelete="CASCADE"), index=True)
    owner_id: Mapped[int]
    name: Mapped[str]
    data: Mapped[dict[str, Any]]
    status: Mapped[str] = mapped_column(String(16), default="ready")


class Game(Base):
    """A game in a channel. At most one active game per channel (a partial unique index).

    ``alarm_at`` is when the game next needs the bot unasked: a reminder or a deadline
    (``alarm_kind``) for whoever the game has waited on since ``waiting_since``.
    """

    __tablename__ = "games"
    __table_args__ = (*one_active("uq_games_active_channel", "guild_id", "channel_id"),
                      Index("ix_games_alarm_at", "alarm_at", **partial("alarm_at IS NOT NULL")))

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    guild_id: Mapped[int]
    channel_id: Mapped[int]
    ruleset: Mapped[str] = mapped_column(String(32))
    director_id: Mapped[int]
    status: Mapped[str] = mapped_column(String(16), default="active")
    state: Mapped[dict[str, Any]]
    version: Mapped[int] = mapped_column(Integer, default=1)
    mirror_hash: Mapped[str | None] = mapped_column(String(32))
    """A hash of what the players and characters tables mirror of ``state``; they are rewritten when it changes."""
    campaign_id: Mapped[int | None] = mapped_column(ForeignKey("campaigns.id", ondelete="SET NULL"))
    reminder_hours: Mapped[float | None]
    """Hours before the player the game waits on is reminded (None: the server's setting)."""
    deadline_hours: Mapped[float | None]
    deadline_action: Mapped[str] = mapped_column(String(32), default="hold")
    status_message_id: Mapped[int | None]
    waiting_since: Mapped[datetime | None]
    alarm_at: Mapped[datetime | None]
    alarm_kind: Mapped[str | None] = mapped_column(String(16))
    last_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """The number of the game's newest log entry, so that a command numbers its entry without a query."""
    chain: Mapped[str | None] = mapped_column(String(64))
    """The running digest of the game's log after its newest entry (see bot.rules.core.fair.chain); None before
    its first chained entry."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    ended_at: Mapped[datetime | None]
    pings: Mapped[dict[str, Any]] = mapped_column(default=dict, server_default=text("'{}'"))
    """Whom the game may ping, by member id: "on" (they joined it themselves), "muted", "invited", "left"."""


class Player(Base):
    """A seat at a game (mirrors ``state["seats"]``): who plays it, whatever their ruleset gave them."""

    __tablename__ = "players"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)


class Character(Base):
    """A member of a game's cast (mirrors ``state["characters"]``), for lookups without loading the state."""

    __tablename__ = "characters"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    name: Mapped[str]
    owner_id: Mapped[int]
    type: Mapped[str] = mapped_column(String(32))


class LogEntry(Base):
    """One entry of a game's log, numbered ``seq`` from 1 within the game."""

    __tablename__ = "log"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    actor_id: Mapped[int]
    kind: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(default=dict)
    message_id: Mapped[int | None]
    """The bot's reply, so that undo can strike it out."""
    undone: Mapped[bool] = mapped_column(default=False)
    snapshot: Mapped[bytes | None] = mapped_column(LargeBinary)
    """The game's state before this entry, as zlib-compressed JSON, for undo (None: the entry changed nothing)."""
    retake: Mapped[dict[str, Any] | None] = mapped_column(NullableJson)
    """What the entry was asked and the draws it took, taken again should it be undone (see
    :class:`bot.rules.core.fair.Retake`; None: it drew nothing for a request). Undo's alone: not in the log's
    chain, nor shown, nor exported."""


class SavedMap(Base):
    """A battlefield map a server keeps to reuse: its terrain as the rules engine's JSON, by name."""

    __tablename__ = "maps"
    __table_args__ = (UniqueConstraint("guild_id", "name"),)

    id: Mapped[int] = mapped_column(Id, primary_key=True)
    guild_id: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any]]
    author_id: Mapped[int]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
