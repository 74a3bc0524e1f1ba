"""0011 moves what an entry drew, to take again should it be undone, from the game's seals (``acted``) into the
entry (``log.retake``): a database the bot stored mid-turn (before_retakes.db.gz, played by make_before_retakes.py)
upgrades with every game and entry intact, goes back and up again, and plays on: the shot it kept, undone and shot
again, rolls the same dice, taken again from the entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from simcord import Env

from bot.storage import Database
from tests.bot.conftest import make_bot, tombstone, unexpected_errors
from tests.bot.helpers import text_of
from tests.bot.sealed import log_of
from tests.bot.test_fair import MISSED, WANTING

from .test_migrations import _downgrade_to
from .test_roster_folding import ids_as_stored, stored_database, table_rows

STORED = Path(__file__).with_name("before_retakes.db.gz")
BEFORE = "0010"
"""The newest revision of the code that stored the file."""
SHOT = {"seq": 10, "asked": "64064b0aa1ab3ab62d74bafa", "draws": [["1", 0, 3]]}
"""What the game's seals kept of entry 10, Doc's shot (2D10 to hit, then 1D10 for the miss: draws 0-2 of turn 1)."""


@pytest.fixture(params=["sqlite", "postgresql"])
async def stored_url(request, tmp_path):
    async with stored_database(STORED, BEFORE, request.param, tmp_path) as url:
        yield url


def without(rows: list[dict], key: str) -> list[dict]:
    return [{name: value for name, value in row.items() if name != key} for row in rows]


async def test_a_turns_draws_move_into_their_entries_and_back(stored_url):
    database = Database(stored_url)
    try:
        before = await table_rows(database)
        [game] = before["games"]
        assert game["state"]["seal"]["acted"] == [SHOT]
        await database.migrate()
        after = await table_rows(database)
        [upgraded] = after["games"]
        assert "acted" not in upgraded["state"]["seal"]
        assert upgraded["state"] == {**game["state"], "seal": {key: value for key, value in
                                                               game["state"]["seal"].items() if key != "acted"}}
        assert {row["seq"]: row["retake"] for row in after["log"] if row["retake"]} == {10: {**SHOT, "turn": 1}}
        assert without(after["log"], "retake") == before["log"]

        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _downgrade_to(sync, BEFORE))
        assert await table_rows(database) == before
        await database.migrate()
        assert await table_rows(database) == after
    finally:
        await database.dispose()
    await plays_on(stored_url, before)


async def plays_on(url: str, stored: dict) -> None:
    """The shot undone after the upgrade and shot again rolls its dice again, draw for draw."""
    env = Env(make_bot(url))
    await env.start()
    try:
        [server] = stored["servers"]
        with ids_as_stored(env, server["guild_id"]):
            scene = tombstone(env)
        undone = await scene.dora.slash(scene.channel, "undo", entry=10)
        assert "Undone: #10 to #11" in text_of(undone)
        again = await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)
        assert WANTING in text_of(again) and MISSED in text_of(again)
        assert (await log_of(scene))[-1].data["retaken"] == {"entry": 10, "draws": {"1": [0, 3]}}
        verdict = text_of(await scene.stranger.slash(scene.channel, "verify"))
        assert "Fair play: nothing fails" in verdict and "The log: matches" in verdict, verdict
        assert unexpected_errors(env) == []
    finally:
        await env.shutdown()
        await env.bot.db.dispose()
