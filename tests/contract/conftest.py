"""The contract tests' table: the real bot in SimCord with every registered ruleset and High Noon (the test
ruleset of tests/bot/duel.py, loaded as a ruleset's cog is), and how to drive each where the rulesets differ.

The rulesets come from the registry (:data:`bot.rules.core.ruleset.RULESETS`, filled by
``bot.rules.registry``), each saying how it casts (:attr:`~bot.rules.core.ruleset.Ruleset.cast_command`,
:attr:`~bot.rules.core.ruleset.Ruleset.plain_cast`). Where a ruleset falls short of a contract today,
:data:`GAPS` says how, and the test is expected to fail for it.

Each test module shares one SimCord Discord and one database (a copy of a database migrated once for the run);
each test plays on a server of its own in it.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
import pytest_asyncio
from simcord import Env

import bot.rules.registry  # noqa: F401  (registers every ruleset the bot plays)
from bot.rules.core.ruleset import RULESETS, Ruleset
from tests.bot import duel
from tests.bot.conftest import MADE, REFUSALS, answering_in_time, make_bot, tombstone  # noqa: F401  (timing)
from tests.bot.test_rulesets import DuelDirector
from tests.conftest import migrated

KEYS = [*RULESETS, duel.DUEL.key]
"""Every registered ruleset, in the registry's order, then High Noon."""

GAPS: dict[tuple[str, str], str] = {
}
"""Where a ruleset falls short of a contract today, by (test, ruleset key): the test is expected to fail, strictly
(so closing the gap fails it until the entry goes)."""


def pytest_collection_modifyitems(items) -> None:
    """Mark each contract a ruleset falls short of (see GAPS) as an expected failure."""
    here = Path(__file__).parent
    for item in items:
        if here not in item.path.parents:
            continue
        key = getattr(item, "callspec", None) and item.callspec.params.get("key")
        if key and (reason := GAPS.get((item.originalname, key))):
            item.add_marker(pytest.mark.xfail(strict=True, reason=reason))


def ruleset_of(key: str) -> Ruleset:
    """The ruleset registered (High Noon too, while a contract test runs) under ``key``."""
    return RULESETS[key]


@pytest.fixture(scope="session")
def migrated_file(tmp_path_factory) -> Path:
    """A SQLite file migrated to the newest schema once for the whole run (each module plays on a copy)."""
    path = tmp_path_factory.mktemp("contract") / "migrated.db"

    async def migrate() -> None:
        async with migrated(f"sqlite+aiosqlite:///{path}"):
            pass
    asyncio.run(migrate())
    return path


@pytest.fixture(scope="module")
def db_url(tmp_path_factory, migrated_file) -> str:
    """The module's SQLite file, of the newest schema: a copy of the one migrated for the run."""
    path = tmp_path_factory.mktemp("director") / "director.db"
    shutil.copy(migrated_file, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def simcord_env(db_url):
    """One SimCord Discord for a module's contracts (each test plays on a server of its own in it): the bot with
    High Noon registered and its command group loaded, started once rather than for every test."""
    RULESETS[duel.DUEL.key] = duel.DUEL
    env = Env(make_bot(db_url, kind=DuelDirector))
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        del RULESETS[duel.DUEL.key]
        while MADE:
            await MADE.pop().db.dispose()


@pytest_asyncio.fixture(loop_scope="module")
async def scene(simcord_env):
    """A server of the test's own in the module's Discord: #saloon, its Director dora, the players pete and
    polly, a stranger, deputy (the server's Director role) and boss (Manage Server), as tests/bot's scene. No
    error but a refusal reaches discord.py during the test."""
    cursor = simcord_env.error_cursor
    yield tombstone(simcord_env)
    raised = simcord_env.errors_since(cursor)
    assert [e for e in raised if not isinstance(getattr(e, "original", e), REFUSALS)] == []


@pytest.fixture(params=KEYS)
def key(request) -> str:
    """The key of the ruleset a contract runs on."""
    return request.param

