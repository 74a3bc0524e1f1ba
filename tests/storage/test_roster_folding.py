"""0010 folds Quick on the Draw's roster columns into the roster's data and makes the schema ruleset-neutral: a
database the bot stored before it (before_folding.db.gz, played by make_before_folding.py) upgrades with every game,
campaign and log entry intact, goes back and up again, and plays on in SimCord: veterans cast from the roster as
their last adventure left them, and in every game under way a command, its log and its fair-play check."""

from __future__ import annotations

import gzip
import itertools
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from simcord import Env
from sqlalchemy import MetaData, insert, select, text

import bot.rules.registry  # noqa: F401  (registers every ruleset the bot plays)
from bot.rules.core.ruleset import RULESETS
from bot.storage import Database
from tests.bot.conftest import make_bot, tombstone, unexpected_errors
from tests.bot.helpers import refused, stored_game, text_of
from tests.conftest import scratch_postgres
from tests.contract.driving import public

from .make_before_folding import CHANNELS
from .test_migrations import _downgrade_to, _upgrade_to, head

STORED = Path(__file__).with_name("before_folding.db.gz")
BEFORE = "0009"
"""The newest revision of the code that stored the file."""
TABLES = ("servers", "campaigns", "games", "players", "characters", "log", "roster", "maps")
"""Every table, parents first."""
FOLDED = {"cards_less": 0, "reduced": False, "traits_due": 0, "adventures": 0, "notes": []}
"""Quick on the Draw's roster columns, each with its default."""


async def table_rows(database: Database) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, by table, in its key's order."""
    async with database.engine.connect() as connection:
        tables = await connection.run_sync(reflected)
        return {name: [dict(row._mapping) for row in await connection.execute(
            select(table).order_by(*table.primary_key.columns))] for name, table in tables.items()}


def reflected(connection) -> dict[str, Any]:
    metadata = MetaData()
    metadata.reflect(connection, only=TABLES)
    return {name: metadata.tables[name] for name in TABLES}


def aware(value: Any) -> Any:
    """A naive UTC datetime as SQLite gives it, made aware for PostgreSQL's timestamptz."""
    return value.replace(tzinfo=UTC) if isinstance(value, datetime) and value.tzinfo is None else value


async def copy_into_postgres(source: Database, url: str, revision: str) -> None:
    """The stored database copied into PostgreSQL as the bot of that time would have kept it: the schema made by the
    migrations up to the same ``revision``, then every row, then each table's id sequence moved past its rows."""
    rows = await table_rows(source)
    target = Database(url)
    try:
        async with target.engine.begin() as connection:
            await connection.run_sync(lambda sync: _upgrade_to(sync, revision))
            tables = await connection.run_sync(reflected)
            for name in TABLES:
                if rows[name]:
                    await connection.execute(insert(tables[name]), [{column: aware(value) for column, value in
                                                                      row.items()} for row in rows[name]])
                if "id" in tables[name].columns:
                    await connection.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                                  f"(SELECT coalesce(max(id), 0) + 1 FROM {name}), false)"))
    finally:
        await target.dispose()


@asynccontextmanager
async def stored_database(stored: Path, revision: str, kind: str, folder: Path) -> AsyncIterator[str]:
    """The URL of a database the bot stored (``stored``, gzipped SQLite, at ``revision``): the SQLite file itself,
    or a PostgreSQL copy of it (``kind``)."""
    path = folder / "director.db"
    path.write_bytes(gzip.decompress(stored.read_bytes()))
    if kind == "sqlite":
        yield f"sqlite+aiosqlite:///{path}"
        return
    source = Database(f"sqlite+aiosqlite:///{path}")
    try:
        async with scratch_postgres() as url:
            await copy_into_postgres(source, url, revision)
            yield url
    finally:
        await source.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
async def stored_url(request, tmp_path):
    """The stored database at its revision."""
    async with stored_database(STORED, BEFORE, request.param, tmp_path) as url:
        yield url


def folded(before: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The roster rows as 0010 leaves them: Quick on the Draw's columns beside the character in the data."""
    qotd = {campaign["id"] for campaign in before["campaigns"] if campaign["ruleset"] == "qotd"}
    out = []
    for row in before["roster"]:
        kept = {name: row[name] for name, default in FOLDED.items() if row[name] != default}
        data = {"character": row["data"], **kept} if row["campaign_id"] in qotd else row["data"]
        assert row["campaign_id"] in qotd or not kept, row
        out.append({**{k: v for k, v in row.items() if k not in FOLDED}, "data": data})
    return out


async def test_a_database_stored_before_upgrades_whole_goes_back_and_plays_on(stored_url):
    database = Database(stored_url)
    try:
        before = await table_rows(database)
        assert {row["ruleset"] for row in before["games"]} == set(RULESETS)
        assert {row["ruleset"] for row in before["campaigns"]} == {"qotd", "norman"}
        assert {name for row in before["roster"] for name in FOLDED if row[name] != FOLDED[name]} == set(FOLDED)
        await database.migrate()
        after = await table_rows(database)
        assert {row.pop("retake") for row in after["log"]} == {None}      # 0011: no game of the file had drawn this turn
        assert {name: after[name] for name in ("servers", "campaigns", "games", "characters", "log", "maps")} == \
            {name: before[name] for name in ("servers", "campaigns", "games", "characters", "log", "maps")}
        assert after["players"] == [{"game_id": row["game_id"], "user_id": row["user_id"]} for row in before["players"]]
        assert after["roster"] == folded(before)

        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _downgrade_to(sync, BEFORE))
        back = await table_rows(database)
        assert back["roster"] == before["roster"] and back["log"] == before["log"]
        await database.migrate()
        again = await table_rows(database)                  # the players' mirror is written afresh on a change
        assert {row.pop("retake") for row in again["log"]} == {None}
        assert [{**game, "mirror_hash": None} for game in again.pop("games")] == \
            [{**game, "mirror_hash": None} for game in after["games"]]
        assert again == {name: rows for name, rows in after.items() if name != "games"}
    finally:
        await database.dispose()
    await plays_on(stored_url, after)


@contextmanager
def ids_as_stored(env: Env, first: int) -> Iterator[None]:
    """Within the block SimCord gives what it makes the ids it gave when the file was stored: the server first, then
    one more for each thing made in the same order. (SimCord numbers everything it makes, the bot's commands
    first, so a command added since would move every later id.)"""
    backend, ids = env.backend, itertools.count(first)
    allocate = backend.snowflake

    def stored_id() -> int:
        value = next(ids)
        backend._reserved_ids.add(value)
        return value
    backend.snowflake = stored_id
    try:
        yield
    finally:
        backend.snowflake = allocate


async def plays_on(url: str, stored: dict[str, list[dict[str, Any]]]) -> None:
    """The bot on the upgraded database, on the server that played it, with the ids it had."""
    env = Env(make_bot(url))
    await env.start()
    try:
        [server] = stored["servers"]
        with ids_as_stored(env, server["guild_id"]):
            scene = tombstone(env)
            channels = {name: scene.guild.create_text_channel(name) for name in CHANNELS}
        assert {row["channel_id"] for row in stored["games"]} == {scene.channel.id,
                                                                  *(channel.id for channel in channels.values())}
        await veterans_ride_again(scene)
        await a_gang_rides_again(scene, channels["gang"])
        for key in RULESETS:                       # every game under way: a command, its log
            channel = channels[key]
            game = next(row for row in stored["games"] if row["channel_id"] == channel.id)
            public(await scene.dora.slash(channel, "status"))
            verdict = text_of(await scene.stranger.slash(channel, "verify"))
            assert "Fair play: nothing fails" in verdict and "The log: matches" in verdict, (key, verdict)
            shown = text_of(await scene.dora.slash(channel, "log recent", n=50))
            for entry in (row for row in stored["log"] if row["game_id"] == game["id"]):
                assert entry["text"].replace("**", "").split("\n")[0][:40] in shown, (key, entry["text"], shown)
        db = scene.db()
        assert (await db.load_game(scene.guild.id, channels["qotd"].id)).version > 1
        old = {(row["game_id"], row["seq"]): row for row in stored["log"]}
        now = {(row["game_id"], row["seq"]): row for row in (await table_rows(db))["log"] if (row["game_id"],
                                                                                              row["seq"]) in old}
        assert {key: {**row, "message_id": None, "retake": None} for key, row in now.items()} == \
            {key: {**row, "message_id": None, "retake": None} for key, row in old.items()}
        assert unexpected_errors(env) == []
    finally:
        await env.shutdown()
        await env.bot.db.dispose()


async def veterans_ride_again(scene) -> None:
    """Tombstone's second adventure: each veteran as the first one's Post Action Rest and Recovery left them."""
    saloon = scene.channel
    public(await scene.dora.slash(saloon, "game start", campaign="Tombstone"))
    for player in (scene.pete, scene.polly):
        public(await player.slash(saloon, "game join"))
    shown = text_of(await scene.stranger.slash(saloon, "campaign show"))
    for words in ("~~**Kid**~~", f"**Ike** (Supporting Character, Ordinary, <@{scene.polly.id}>) — ready, one card "
                  "less and reduced dice next adventure; 1 adventure; last: I’m Exhausted!",
                  "**Doc** (Hero, Ordinary", "a new trait to pick", "**Virgil** (Supporting Character, Ordinary"):
        assert words in shown, (words, shown)
    refused(await scene.polly.slash(saloon, "campaign cast", character="Virgil"), "must miss this adventure")
    refused(await scene.pete.slash(saloon, "campaign cast", character="Kid"), "Kid is dead")
    refused(await scene.pete.slash(saloon, "campaign cast", character="Doc"), "a new trait to pick first")
    menu = await scene.pete.slash(saloon, "campaign learn", character="Doc")
    picked = await scene.pete.select(menu.response.message, ["quick_draw"])
    assert "**Doc** learns Quick Draw" in picked.response.content
    for player, name in ((scene.pete, "Doc"), (scene.polly, "Wyatt"), (scene.polly, "Ike")):
        assert f"**{name}** rides again" in public(await player.slash(saloon, "campaign cast", character=name))
    game = await stored_game(scene.db(), scene.guild.id, saloon.id)
    assert {key: (len(c.cards), c.reduced) for key, c in game.characters.items()} == {
        "doc": (4, False), "wyatt": (3, False), "ike": (1, True)}
    assert [trait.key for trait in game.characters["doc"].traits] == ["quick_draw"]
    public(await scene.dora.slash(saloon, "deal"))
    assert "Doc is cast from the roster." in text_of(await scene.dora.slash(saloon, "log recent"))


async def a_gang_rides_again(scene, gang) -> None:
    """Deadwood's second gunfight: Kid comes back from the roster as the first one left him."""
    public(await scene.dora.slash(gang, "game start", campaign="Deadwood"))
    public(await scene.pete.slash(gang, "game join"))
    cast = public(await scene.pete.slash(gang, "campaign cast", character="Kid"))
    assert "**Kid** rides again: Man, value 2; Pistol; 0 notches." in cast, cast
    game = await scene.db().load_game(scene.guild.id, gang.id)
    assert [(c["name"], c["owner"], c["roster_id"]) for c in game.state["characters"].values()] == [
        ("Kid", scene.pete.id, 6)]
