"""Load: many games at once, each played through SimCord by its Director and two players for a whole
phase (start, cast, deal, every draw with a shot after it, status), on SQLite and on PostgreSQL.

The games play side by side in waves: each wave sends the next command of every game still playing,
all in flight at once, then waits for every reply. Per database and number of games it prints the
commands run, commands per second, the time per command (wall time over commands) and how much of it
the garbage collector took, the median and p99 latency of a command (from its sending to its
completion, queueing behind the wave included), peak memory and memory per game, unexpected errors,
and what was lost. Nothing is lost when, for every game, the log is numbered 1..n without a gap and
holds one entry per acknowledged command in the order they were acknowledged, the deck invariant
holds, and the cards that /draw announced in the phase are the cards the stored game holds as
turned, in order.

Each size runs in a process of its own (for its peak memory); a tenth of the games runs first as the
baseline: the time per command and the memory per game should not grow with the number of games.
SimCord runs in the bot's process and keeps every message and picture it was sent, as Discord would:
that store grows with the games, so the report says how much of the memory is its copy of the
pictures, and how much of the time the garbage collector took (its full collections walk that store).

    .venv/bin/python bench/load.py [--games 1000] [--servers 10] [--db sqlite,postgresql] [--pg URL]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import simcord
from simcord import _runtime as simcord_runtime

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.client import Director  # noqa: E402
from bot.db import Database  # noqa: E402
from bot.rules.qotd.state import GameState  # noqa: E402
from bot.settings import Settings  # noqa: E402
from tests.bot.conftest import REFUSALS  # noqa: E402
from tests.bot.helpers import unsettled  # noqa: E402
from tests.db.helpers import rows  # noqa: E402

ANSWER_TIMEOUT = 600.0
"""The longest a wave waits for its answers."""
POLL = 0.001
CAST = (  # (who plays, name, type, weapon): 4 + 3 + 2 + 1 cards, and the two jokers
    ("pete", "Kid", "hero", "single_action_revolver"),
    ("polly", "Wyatt", "main", "double_action_revolver"),
    ("dora", "Ike", "supporting", "repeating_rifle"),
    ("dora", "Billy", "minor", "single_action_revolver"),
)
SIDES = {"pete": ("Ike", "Billy"), "polly": ("Billy", "Ike"), "dora": ("Kid", "Wyatt")}
"""Whom each player's characters shoot at, first choice first."""
LOG_KIND = {"game start": "start", "game settings": "settings", "game join": "join", "cast add": "cast",
            "cast weapon": "weapon", "deal": "deal", "draw": "draw", "shoot": "shoot", "reload": "reload",
            "keep": "decide"}
"""The log entry each command writes when it is acknowledged (/status writes none)."""
ACTS = re.compile(r"<@(\d+)>, .* acts\.")


@dataclass
class Table:
    """One game as its players see it: what to send next, what was acknowledged, what /draw announced."""

    channel: object
    players: dict[str, object]
    script: list[tuple[str, str, dict]]
    acknowledged: list[str] = field(default_factory=list)
    announced: list[str] = field(default_factory=list)
    """The cards /draw announced in the current phase."""
    refused: int = 0
    shooter: str | None = None
    waiting: object = None
    """A message whose re-roll buttons wait for a choice (the Director keeps the roll)."""

    def next_command(self):
        """The name of the next command and a coroutine that sends it, or None when the game is done."""
        if not self.script:
            return None
        who, name, options = self.script.pop(0)
        actor = self.players[who]
        if name == "keep":
            return name, actor.click(self.waiting, label="Keep")
        return name, actor.slash(self.channel, name, **options)

    def heard(self, name: str, response) -> None:
        """Take in the reply to ``name``: count it, and after a /draw plan the shot and the next card."""
        if response is None or response.ephemeral:
            self.refused += 1
            if name == "shoot" and response is not None and "reload" in response.content:
                self.script.insert(0, (self.shooter, "reload", {}))
            return
        if name in LOG_KIND:
            self.acknowledged.append(LOG_KIND[name])
        if response.components:
            self.waiting = response.message
            self.script.insert(0, ("dora", "keep", {}))
        if name != "draw":
            return
        description = response.embeds[0].description or ""
        if "is shuffled" in description:                    # a spent pack (a hit took its last card): a new phase
            self.announced = []
        self.announced += [line.split(" — ")[0].strip("*") for line in description.splitlines() if " — " in line]
        if "ends:" in description:
            self.script = [("dora", "status", {})]
            return
        acting = ACTS.search(response.content or "")
        self.shooter = next((who for who, member in self.players.items() if acting and member.id == int(acting[1])),
                            None)
        self.script = [("dora", "draw", {})]
        if self.shooter:
            target = SIDES[self.shooter][len(self.announced) % 2]
            self.script.insert(0, (self.shooter, "shoot", {"target": target, "paces": 8}))


def callbacks_by_identity() -> None:
    """SimCord keeps the bot's pending callbacks in a list of records that compare field by field, so
    each callback that runs costs a comparison with every other one pending: with a thousand commands
    in flight (each waiting for a pooled connection on a timer) that is most of the run, and says
    nothing about the bot. The bench has the records compare by identity, which is what removing one
    from the list means."""
    simcord_runtime._CallbackRecord.__eq__ = object.__eq__


async def answered(results: list) -> None:
    """Wait until every interaction of the wave has its answer.

    (SimCord's own settling looks over every task at every step: with a thousand interactions in
    flight that costs far more than the bot does, so the wave is watched for its answers instead,
    looking again only at those still unanswered.)
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ANSWER_TIMEOUT
    unanswered = results
    while unanswered := [result for result in unanswered if not result.acknowledged]:
        if loop.time() > deadline:
            raise TimeoutError(f"{len(unanswered)} interactions still unanswered, such as {unanswered[:3]}")
        await asyncio.sleep(POLL)


class Collector:
    """The time the garbage collector takes, in seconds. Its full collections walk every object the
    process holds, SimCord's store of every message and picture too, so they grow with the games."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._began = 0.0
        gc.callbacks.append(self._time)

    def _time(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._began


def setup_script() -> list[tuple[str, str, dict]]:
    script = [("dora", "game start", {}), ("dora", "game settings", {"cuts": 0}),
              ("pete", "game join", {}), ("polly", "game join", {})]
    for who, name, kind, weapon in CAST:
        script += [(who, "cast add", {"name": name, "type": kind, "personality": "ordinary"}),
                   (who, "cast weapon", {"character": name, "weapon": weapon})]
    return script + [("dora", "deal", {}), ("dora", "draw", {})]


class Clock:
    """When each interaction was sent and when the bot completed it (or refused it)."""

    def __init__(self, bot: Director) -> None:
        self.sent: dict[int, float] = {}
        self.latencies: list[float] = []
        bot.add_listener(self.finished, "on_app_command_completion")
        refuse = bot.tree.on_error

        async def on_error(interaction, error) -> None:
            await refuse(interaction, error)
            self.stop(interaction.id)
        bot.tree.on_error = on_error

    async def finished(self, interaction, _command) -> None:
        self.stop(interaction.id)

    def stop(self, interaction_id: int) -> None:
        sent = self.sent.pop(interaction_id, None)
        if sent is not None:
            self.latencies.append((time.perf_counter() - sent) * 1000)


async def play(url: str, games: int, servers: int) -> dict:
    """Play ``games`` games at once on the database at ``url``; returns the figures."""
    callbacks_by_identity()
    bot = Director(Settings(discord_token="", database_url=url), Database(url), rng=random.Random(1),
                   sync_on_start=True, shard_count=1)
    clock = Clock(bot)
    async with simcord.run(bot, check_errors=False) as env:
        towns = [env.create_guild(f"Town {n}") for n in range(servers)]
        tables = []
        for n in range(games):
            town = towns[n % servers]
            players = {who: town.add_member(env.create_user(f"{who}{n}")) for who in ("dora", "pete", "polly")}
            tables.append(Table(town.create_text_channel(f"saloon-{n}"), players, setup_script()))
        memory_before = peak_memory_kb()
        commands = 0
        collector = Collector()
        started = time.perf_counter()
        while pending := [(table, command) for table in tables if (command := table.next_command())]:
            with unsettled(env):
                results = []
                for _, (_, sending) in pending:
                    sent_at = time.perf_counter()
                    result = await sending
                    clock.sent[result._interaction.id] = sent_at
                    results.append(result)
            await answered(results)
            await env.settle()           # what the wave left (quick now that it is answered); later timers wait
            for (table, (name, _)), result in zip(pending, results):
                table.heard(name, result.response)
            commands += len(pending)
        elapsed, collecting = time.perf_counter() - started, collector.seconds
        errors = [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]
        lost = await check(bot.db, tables)
        pictures_kb = sum(map(len, env.backend.cdn._blobs.values())) / 1024
    await bot.db.dispose()
    peak = peak_memory_kb()
    return {"games": games, "commands": commands, "seconds": elapsed, "collecting": collecting,
            "refused": sum(t.refused for t in tables), "errors": len(errors),
            "error_sample": [repr(e)[:200] for e in errors[:3]], "lost": lost,
            "median_ms": statistics.median(clock.latencies), "p99_ms": quantile(clock.latencies, 0.99),
            "peak_mb": peak / 1024, "per_game_kb": (peak - memory_before) / games,
            "pictures_per_game_kb": pictures_kb / games}


async def check(database: Database, tables: list[Table]) -> list[str]:
    """What each game lost, read back from the database: nothing, when all is as acknowledged."""
    lost = []
    for table in tables:
        game = await database.load_game(table.players["dora"].guild.id, table.channel.id)
        if game is None:
            lost.append(f"#{table.channel.name}: no game stored")
            continue
        log = await rows(database, "SELECT seq, kind FROM log WHERE game_id = :id ORDER BY seq", id=game.id)
        state = GameState.from_json(game.state)
        problems = []
        if [seq for seq, _ in log] != list(range(1, len(log) + 1)):
            problems.append("log numbers have gaps")
        if [kind for _, kind in log] != table.acknowledged:
            problems.append(f"{len(log)} log entries for {len(table.acknowledged)} acknowledged commands")
        try:
            state.check()
        except AssertionError as error:
            problems.append(f"deck invariant: {error}")
        if [str(card) for card in state.deck.turned] != table.announced:
            problems.append("the turned cards are not those /draw announced")
        lost += [f"#{table.channel.name}: {problem}" for problem in problems]
    return lost


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peak_memory_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run_child(db: str, games: int, servers: int, pg: str | None) -> dict:
    """One size on one database, in a process of its own; its figures come back as JSON."""
    command = [sys.executable, __file__, "--child", db, "--games", str(games), "--servers", str(servers)]
    if pg:
        command += ["--pg", pg]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{db} with {games} games failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


async def child(db: str, games: int, servers: int, pg: str | None) -> dict:
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            return await play(f"sqlite+aiosqlite:///{folder}/load.db", games, servers)
    from storage import scratch_databases
    async with scratch_databases("postgresql", pg, 1) as [url]:
        return await play(url, games, servers)


def report(db: str, figures: dict) -> None:
    per_command = figures["seconds"] * 1000 / figures["commands"]
    collecting = figures["collecting"] * 1000 / figures["commands"]
    print(f"{db:10} {figures['games']:>5} games  {figures['commands']:>6} commands  "
          f"{figures['commands'] / figures['seconds']:5.0f}/s  {per_command:5.2f} ms each "
          f"({collecting:4.2f} collecting garbage)  latency median {figures['median_ms']:6.0f} ms, "
          f"p99 {figures['p99_ms']:6.0f} ms  peak {figures['peak_mb']:4.0f} MB ({figures['per_game_kb']:3.0f} KB/game, "
          f"{figures['pictures_per_game_kb']:3.0f} of it SimCord's copy of the pictures)  "
          f"refused {figures['refused']}  errors {figures['errors']}  lost {len(figures['lost'])}", flush=True)
    for line in figures["error_sample"] + figures["lost"][:5]:
        print(f"    {line}")


def growth(small: dict, large: dict) -> str:
    """How the large run's figures per command and per game compare with the small run's."""
    def per_command(figures: dict, *, collecting: bool) -> float:
        return (figures["seconds"] - (0 if collecting else figures["collecting"])) / figures["commands"]

    def bot_memory(figures: dict) -> float:
        return figures["per_game_kb"] - figures["pictures_per_game_kb"]

    return (f"time per command {per_command(large, collecting=True) / per_command(small, collecting=True):.2f}x "
            f"({per_command(large, collecting=False) / per_command(small, collecting=False):.2f}x besides collecting "
            f"garbage), memory per game {large['per_game_kb'] / small['per_game_kb']:.2f}x "
            f"({bot_memory(large) / bot_memory(small):.2f}x besides SimCord's pictures)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--servers", type=int, default=10)
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--pg", default=os.environ.get("DIRECTOR_TEST_POSTGRES_URL"),
                        help="PostgreSQL server URL (default: DIRECTOR_TEST_POSTGRES_URL)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(child(args.child, args.games, args.servers, args.pg))))
        return 0
    print(__doc__.split("\n\n")[0].replace("\n", " "))
    baseline = max(args.servers, args.games // 10)
    for db in args.db.split(","):
        if db == "postgresql" and not args.pg:
            print("postgresql: skipped (give --pg URL or set DIRECTOR_TEST_POSTGRES_URL)")
            continue
        small, large = (run_child(db, games, args.servers, args.pg) for games in (baseline, args.games))
        report(db, small)
        report(db, large)
        print(f"{db:10} {args.games} games against {baseline}: {growth(small, large)} (goal: neither grows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
