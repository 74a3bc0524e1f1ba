"""Discord failing the bot's replies (SimCord's injected 500s and 429s): the reply is tried again, or the
user is told that what they did is stored; the game keeps each change exactly once either way."""

from __future__ import annotations

import pytest

from tests.storage.helpers import rows

from .helpers import png, stored_game, text_of

CALLBACK = "/interactions/*/*/callback"


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch):
    """Retries a hundredth of a second apart: SimCord lets a handler's sleep take real time."""
    monkeypatch.setattr("bot.glue.replies.RETRY_SECONDS", 0.01)


async def played(scene):
    """A game mid-phase: Kid (pete's hero) and Billy (polly's minor), dealt."""
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="hero", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")


async def log_kinds(scene) -> list[str]:
    game = await scene.db().load_game(scene.guild.id, scene.channel.id)
    return [kind for (kind,) in await rows(scene.db(), "SELECT kind FROM log WHERE game_id = :id ORDER BY seq",
                                           id=game.id)]


@pytest.mark.parametrize("status", [500, 502, 429])
async def test_a_reply_refused_once_is_sent_again_and_the_card_is_turned_once(scene, status, held):
    await played(scene)
    before = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    scene.env.inject_error("POST", CALLBACK, status=status, times=1)
    result = await scene.dora.slash(scene.channel, "draw")
    assert not result.response.ephemeral and "acts" in text_of(result)
    assert png(await result.response.attachments[0].read())
    after = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert len(after.deck.turned) > len(before.deck.turned)
    assert after.deck.turned[:len(before.deck.turned)] == before.deck.turned
    assert (await log_kinds(scene)).count("draw") == 1
    held(f"Discord faults: one {status} on /draw's reply, sent again; one card turned; lost 0")


async def test_a_reply_discord_keeps_refusing_tells_the_channel_the_action_is_stored(scene, held):
    await played(scene)
    scene.env.inject_error("POST", CALLBACK, status=500, times=None)
    result = await scene.dora.slash(scene.channel, "draw")
    assert not result.acknowledged
    told = scene.channel.history()[-1]
    assert "would not take the bot's reply" in told.content and "stored" in told.content
    assert told.content.startswith(scene.dora.mention)
    assert not scene.env.backend.get_message(scene.channel.id, told.id).ping_user_ids    # named, not pinged
    stored = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert (await log_kinds(scene)).count("draw") == 1

    scene.env.backend.faults.clear()                              # Discord is back
    nxt = await scene.dora.slash(scene.channel, "draw")
    assert "acts" in text_of(nxt) or "ends" in text_of(nxt)
    after = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert after.deck.turned[:len(stored.deck.turned)] == stored.deck.turned
    assert (await log_kinds(scene)).count("draw") == 2
    after.check()
    held("Discord faults: every reply to a /draw refused (3 tries); the channel told it is stored; the next "
         "/draw goes on from it; lost 0")


async def test_a_refusal_discord_drops_changes_nothing_and_is_not_posted_in_the_channel(scene):
    await played(scene)
    before = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    public = len(scene.channel.history())
    scene.env.inject_error("POST", CALLBACK, status=500, times=None)
    await scene.stranger.slash(scene.channel, "draw")           # refused: the refusal cannot be delivered
    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) == before
    assert len(scene.channel.history()) == public
