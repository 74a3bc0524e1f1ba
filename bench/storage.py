"""What one command costs the database, and whether it grows with the number of games stored.

One unit of work, as every command does it: open a unit on a channel (its lock,
the game), change the state, log an entry with its undo snapshot, commit with
the version check. Timed warm (the game served before, so kept in memory: the
usual case) and cold (the process has forgotten every game, as after a restart:
the indexed load of the active game comes first), on a database holding 10
games and on one holding 10,000 (each with a log of LOG_ENTRIES entries and
their snapshots), in alternating rounds so that other load on the machine falls
on all alike. Prints the median and p95 milliseconds per unit and the ratio
10,000/10 (goal: within 1.2x). SQLite always; PostgreSQL when ``--pg URL`` or
DIRECTOR_TEST_POSTGRES_URL names a server (a scratch database is created there
and dropped).

    python bench/storage.py [--pg URL] [--units 400] [--characters 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from contextlib import asynccontextmanager
from pathlib import Path

from sqlalchemy import insert, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import NullPool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Database  # noqa: E402
from bot.storage.models import Character, Game, LogEntry, Player  # noqa: E402
from bot.storage.repository import mirror_hash, mirror_rows, pack_state  # noqa: E402
from bot.rules.qotd.samples import sample_game  # noqa: E402
from bot.rules.qotd.state import Trait  # noqa: E402

SIZES = (10, 10_000)
HOW = ("warm", "cold")
LOG_ENTRIES = 10
BATCH = 1_000
GUILD = 500_000_000_000_000_000
TRAITS = (Trait("quick_draw"), Trait("particular_weapon", "Colt Single Action Army"), Trait("steady"),
          Trait("marksman"), Trait("tough"))


def realistic_state(characters: int) -> dict:
    """A game mid-phase from the real engine: ``characters`` characters with kit, cards, wounds and skills."""
    game = sample_game(characters=characters, turned=20)
    for character in game.characters.values():
        character.traits = list(TRAITS)
    return game.to_json()


async def seed(database: Database, games: int, state: dict) -> None:
    """Store ``games`` games, each with its mirror rows and a log of LOG_ENTRIES entries with snapshots."""
    players, characters = mirror_rows(state)
    digest, snapshot = mirror_hash((players, characters)), pack_state(state)
    entry = {"actor_id": 1, "kind": "shoot", "text": "Doc Holliday fires twice at Ike Clanton.",
             "data": {"roll": {"dice": [6, 4, 1], "kept": [6, 4], "total": 10}}}
    async with database.engine.begin() as connection:
        for first in range(1, games + 1, BATCH):
            ids = range(first, min(first + BATCH, games + 1))
            await connection.execute(insert(Game), [
                {"id": i, "guild_id": GUILD, "channel_id": i, "director_id": 1, "state": state,
                 "mirror_hash": digest, "last_seq": LOG_ENTRIES} for i in ids])
            await connection.execute(insert(Player), [{"game_id": i, **row} for i in ids for row in players])
            await connection.execute(insert(Character), [{"game_id": i, **row} for i in ids for row in characters])
            await connection.execute(insert(LogEntry), [{"game_id": i, "seq": s, "snapshot": snapshot, **entry}
                                                        for i in ids for s in range(1, LOG_ENTRIES + 1)])
        await connection.execute(text("ANALYZE"))


async def unit_of_work(database: Database, channel: int, rng: random.Random, cold: bool) -> float:
    """One command's unit of work; returns its wall time in milliseconds."""
    if cold:
        database.forget_games()
    else:
        async with database.unit(GUILD, channel):
            pass                                      # served once: kept in memory
    start = time.perf_counter()
    async with database.unit(GUILD, channel) as uow:
        before = uow.game.state
        state = dict(before)
        state["deck"] = {**before["deck"], "phase": before["deck"].get("phase", 0) + 1}
        uow.save(state)
        await uow.log(1, "shoot", "Doc Holliday fires twice.", {"roll": [rng.randint(1, 6) for _ in range(3)]},
                      before=before)
    return (time.perf_counter() - start) * 1000


@asynccontextmanager
async def scratch_databases(kind: str, server: str | None, count: int):
    """``count`` empty databases of ``kind``: SQLite files in a temp folder, or scratch PostgreSQL databases."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield [f"sqlite+aiosqlite:///{folder}/bench{n}.db" for n in range(count)]
        return
    url = make_url(server)
    names = [f"director_bench_{uuid.uuid4().hex[:12]}" for _ in range(count)]
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    try:
        async with admin.connect() as connection:
            for name in names:
                await connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield [url.set(database=name).render_as_string(hide_password=False) for name in names]
    finally:
        async with admin.connect() as connection:
            for name in names:
                await connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        await admin.dispose()


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[18]


async def bench(kind: str, server: str | None, units: int, state: dict) -> None:
    async with scratch_databases(kind, server, len(SIZES)) as urls:
        databases = [Database(url) for url in urls]
        try:
            for database, size in zip(databases, SIZES):
                started = time.perf_counter()
                await database.migrate()
                await seed(database, size, state)
                print(f"  seeded {size:>6} games ({size * LOG_ENTRIES} log entries) in "
                      f"{time.perf_counter() - started:.1f} s", flush=True)
            rng = random.Random(1)
            times: dict[tuple[str, int], list[float]] = {(how, size): [] for how in HOW for size in SIZES}
            rounds, per_round = 20, max(1, units // 20)
            for round_ in range(rounds + 1):
                for how in HOW:
                    for database, size in zip(databases, SIZES):
                        samples = [await unit_of_work(database, rng.randint(1, size), rng, how == "cold")
                                   for _ in range(per_round)]
                        if round_:  # round 0 warms the pools and caches up
                            times[how, size] += samples
            for how in HOW:
                for size in SIZES:
                    print(f"  {kind:10} {how}, {size:>6} games: median {statistics.median(times[how, size]):6.2f} ms, "
                          f"p95 {p95(times[how, size]):6.2f} ms  ({len(times[how, size])} units)")
                small, large = (times[how, size] for size in SIZES)
                print(f"  {kind:10} {how}, ratio 10k/10: median "
                      f"{statistics.median(large) / statistics.median(small):.2f}x, "
                      f"p95 {p95(large) / p95(small):.2f}x (goal: within 1.2x)", flush=True)
        finally:
            for database in databases:
                await database.dispose()


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg", default=os.environ.get("DIRECTOR_TEST_POSTGRES_URL"),
                        help="PostgreSQL server URL (default: DIRECTOR_TEST_POSTGRES_URL)")
    parser.add_argument("--units", type=int, default=400, help="timed units of work per database size")
    parser.add_argument("--characters", type=int, default=10, help="characters in the game state")
    args = parser.parse_args(argv)
    state = realistic_state(args.characters)
    print(f"state: {args.characters} characters, {len(json.dumps(state)) / 1024:.1f} KB of JSON, "
          f"{len(pack_state(state)) / 1024:.1f} KB as a snapshot")
    await bench("sqlite", None, args.units, state)
    if args.pg:
        await bench("postgresql", args.pg, args.units, state)
    else:
        print("postgresql: skipped (give --pg URL or set DIRECTOR_TEST_POSTGRES_URL)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
