"""Reading what the channel shows and what the database holds, for the bot's tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlalchemy import select

from bot.db import Database
from bot.db.models import Base
from bot.rules.qotd.state import GameState
from tests.db.helpers import rows


async def stored_game(db: Database, guild_id: int, channel_id: int) -> GameState | None:
    """The game as the database holds it now (None when the channel has no active game)."""
    game = await db.load_game(guild_id, channel_id)
    return GameState.from_json(game.state) if game else None


@dataclass
class View:
    """Everything a command may change: the game, its Director, its log, what the channel shows everyone."""

    state: dict | None
    director: int | None
    log: list[tuple[str, str]]
    public: list[tuple]
    """The messages everyone in the channel sees, as they read now (refusals are ephemeral and are not here)."""
    game: GameState | None = field(default=None, compare=False)


async def channel_view(env, guild_id: int, channel) -> View:
    """What the database holds for the channel's game, and the channel's public messages.

    The messages are read from SimCord's store (an edit replaces what it changes and stamps the message).
    """
    db = env.bot.db
    game, director, log = None, None, []
    row = await db.load_game(guild_id, channel.id)
    if row is not None:
        game, director = GameState.from_json(row.state), row.director_id
        log = await rows(db, "SELECT kind, text FROM log WHERE game_id = :id ORDER BY seq", id=row.id)
    stored = sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
    public = [(m.id, m.content, m.embeds, m.components, m.attachments, m.edited_timestamp)
              for m in stored if not m.is_ephemeral]
    return View(game.to_json() if game else None, director, log, public, game)


MIRRORS = {"players", "characters"}
"""Tables that mirror each game's state: its version counts every change (``channel_view`` reads the state whole)."""
WRITTEN_ONCE = {("games", "state"), *(("log", c) for c in ("at", "actor_id", "kind", "text", "data", "snapshot"))}
"""Columns left out: a game's state as above, and what a log entry holds (an entry is only ever undone or linked
to its message; ``channel_view`` reads the channel's entries)."""


async def stored_rows(db: Database) -> dict[str, list[dict]]:
    """Every row of every table as the database holds it now, but for MIRRORS and WRITTEN_ONCE."""
    tables = {}
    async with db.engine.connect() as connection:
        for table in Base.metadata.sorted_tables:
            if table.name not in MIRRORS:
                columns = [c for c in table.columns if (table.name, c.name) not in WRITTEN_ONCE]
                result = await connection.execute(select(*columns).order_by(*table.primary_key.columns))
                tables[table.name] = [dict(row._mapping) for row in result]
    return tables


def text_of(result) -> str:
    """Everything a reply shows in words."""
    return words_of(result.response)


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
    assert result.response is not None, "no reply at all"
    assert result.response.ephemeral, f"refusal was public: {result.response.content!r}"
    for word in words:
        assert word.casefold() in result.response.content.casefold(), result.response.content


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
