"""PostgreSQL out of reach for a while, then back: commands are refused with a clear message meanwhile, work
again after, and nothing acknowledged is lost. Out of reach two ways: the network drops every connection and
refuses new ones; or the server shuts down, ending its connections itself (as a fast shutdown does: FATAL
"terminating connection due to administrator command") and refusing new ones."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from tests.db.helpers import rows
from tests.proxy import Proxy

from .conftest import make_bot
from .helpers import refused, stored_game, text_of


@pytest.fixture
def proxy(postgres_url):
    url = make_url(postgres_url)
    with Proxy(url.host, url.port or 5432) as proxy:
        yield proxy


@pytest.fixture
def db_url(postgres_url, proxy) -> str:
    """The bot's database: PostgreSQL through the proxy."""
    return make_url(postgres_url).set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)


async def shut_down(proxy, direct) -> None:
    """The server refuses new connections and ends those it has, as PostgreSQL shutting down does."""
    proxy.refuse()
    async with direct.engine.connect() as connection:
        ended = await connection.scalar(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    assert ended > 0


@pytest.mark.parametrize("outage", ["network", "shutdown"])
async def test_commands_are_refused_while_postgresql_is_down_and_work_again_after(scene, proxy, postgres_url,
                                                                                  outage, held):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="hero", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    first = await scene.dora.slash(scene.channel, "draw")
    direct = make_bot(postgres_url).db                           # reads past the proxy (closed with the bots)
    before = await stored_game(direct, scene.guild.id, scene.channel.id)
    public = len(scene.channel.history())

    if outage == "network":
        proxy.cut()
    else:
        await shut_down(proxy, direct)
    for actor, command, options in ((scene.dora, "draw", {}), (scene.dora, "deal", {"again": True}),
                                    (scene.polly, "cast add", {"name": "Wyatt", "type": "main",
                                                               "personality": "brave"})):
        refused(await actor.slash(scene.channel, command, **options), "cannot be reached")
    assert await stored_game(direct, scene.guild.id, scene.channel.id) == before
    assert len(scene.channel.history()) == public

    proxy.restore()
    second = await scene.dora.slash(scene.channel, "draw")
    assert not second.response.ephemeral and ("acts" in text_of(second) or "ends" in text_of(second))
    after = await stored_game(direct, scene.guild.id, scene.channel.id)
    assert after.deck.turned[:len(before.deck.turned)] == before.deck.turned
    assert len(after.deck.turned) > len(before.deck.turned)
    game = await direct.load_game(scene.guild.id, scene.channel.id)
    seqs = [seq for (seq,) in await rows(direct, "SELECT seq FROM log WHERE game_id = :id ORDER BY seq", id=game.id)]
    assert seqs == list(range(1, len(seqs) + 1))
    held(f"PostgreSQL out of reach ({outage}): 3 commands refused meanwhile, none stored; play goes on after; "
         "lost 0")
    assert "acts" in text_of(first) or "ends" in text_of(first)
