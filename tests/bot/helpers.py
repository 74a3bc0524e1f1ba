"""Reading what the channel shows and what the database holds, for the bot's tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.db import Database
from bot.rules.qotd.state import GameState


async def stored_game(db: Database, guild_id: int, channel_id: int) -> GameState | None:
    """The game as the database holds it now (None when the channel has no active game)."""
    game = await db.load_game(guild_id, channel_id)
    return GameState.from_json(game.state) if game else None


def text_of(result) -> str:
    """Everything a reply shows in words: content, embed titles, descriptions and fields."""
    message = result.response
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{f.name}: {f.value}" for f in embed.fields]
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
