"""PostgreSQL out of reach for a while, then back: commands are refused with a clear message meanwhile, work
again after, and nothing acknowledged is lost. Out of reach two ways: a server of the test's own is stopped
(a fast shutdown, which ends its connections) and started again; or the network between the bot and the
server drops every connection and refuses new ones for a while."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy.engine import make_url

from tests.conftest import POSTGRES_ENV
from tests.storage.helpers import rows
from tests.postgres_server import PrivateServer
from tests.proxy import Proxy

from .helpers import refused, stored_game, text_of


@dataclass
class Outage:
    """The bot's database URL, and how it goes out of reach and comes back."""

    url: str
    begin: Callable[[], None]
    end: Callable[[], None]


def stopped_server() -> Iterator[Outage]:
    if not os.environ.get(POSTGRES_ENV):
        pytest.skip(f"{POSTGRES_ENV} is not set: the PostgreSQL tests are not asked for")
    with PrivateServer() as server:
        yield Outage(server.url, server.stop, server.start)


def cut_network(postgres_url: str) -> Iterator[Outage]:
    url = make_url(postgres_url)
    with Proxy(url.host, url.port or 5432) as proxy:
        yield Outage(url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False), proxy.cut,
                     proxy.restore)


@pytest.fixture(params=["server stopped", "network cut"])
def outage(request) -> Iterator[Outage]:
    if request.param == "server stopped":
        yield from stopped_server()
    else:
        yield from cut_network(request.getfixturevalue("postgres_url"))


@pytest.fixture
def db_url(outage) -> str:
    return outage.url


async def test_commands_are_refused_while_postgresql_is_down_and_work_again_after(scene, outage, request, held):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="hero", personality="ordinary")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    first = await scene.dora.slash(scene.channel, "draw")
    assert "acts" in text_of(first) or "ends" in text_of(first)
    before = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    public = len(scene.channel.history())

    outage.begin()
    for actor, command, options in ((scene.dora, "draw", {}), (scene.dora, "deal", {"again": True}),
                                    (scene.polly, "cast add", {"name": "Wyatt", "type": "main",
                                                               "personality": "brave"})):
        refused(await actor.slash(scene.channel, command, **options), "cannot be reached")
    assert len(scene.channel.history()) == public
    outage.end()

    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) == before     # nothing stored meanwhile
    second = await scene.dora.slash(scene.channel, "draw")
    assert not second.response.ephemeral and ("acts" in text_of(second) or "ends" in text_of(second))
    after = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert after.deck.turned[:len(before.deck.turned)] == before.deck.turned
    assert len(after.deck.turned) > len(before.deck.turned)
    game = await scene.db().load_game(scene.guild.id, scene.channel.id)
    seqs = [seq for (seq,) in await rows(scene.db(), "SELECT seq FROM log WHERE game_id = :id ORDER BY seq",
                                         id=game.id)]
    assert seqs == list(range(1, len(seqs) + 1))
    held(f"PostgreSQL out of reach ({request.node.callspec.id}): 3 commands refused meanwhile, none stored; "
         "play goes on after; lost 0")
