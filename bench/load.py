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
pictures, and how much of the time the garbage collector took. Before each wave what the run kept so
far is set aside from the collector's walks (see ``set_aside``): the real Discord's store is not in the
bot's process, and full collections walking SimCord's held up whole waves.

Beside the final reply's latency it prints, in real time, how long each interaction waited for its first
acknowledgement (the real Discord drops one not acknowledged within 3 s; goal: all within 2.5 s) and which
commands were acknowledged last. Then the crowd: the largest game a server allows by default, with a long log
(``--crowd`` entries), sent 25 /status and 10 /log export at once: their acknowledgements, and the longest the
event loop was held by one step (goal: 50 ms of its work).

    .venv/bin/python bench/load.py [--games 1000] [--servers 10] [--db sqlite,postgresql] [--pg URL] [--crowd N]
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

from sqlalchemy import update  # noqa: E402

from bot.pictures import pool as painters  # noqa: E402
from bot.app.launch import make_bot  # noqa: E402
from bot.glue.client import DirectorBot  # noqa: E402
from bot.storage import Database  # noqa: E402
from bot.storage.models import Game  # noqa: E402
from bot.rules.qotd.state import QotdState  # noqa: E402
from bot.app.settings import Settings  # noqa: E402
from tests.bot.conftest import REFUSALS, TEST_PACE  # noqa: E402
from tests.bot.helpers import LoopWatch, Stopwatch, fill_log, reply_of, unsettled  # noqa: E402
from tests.storage.helpers import rows  # noqa: E402
from tests.rules.scripted import Dice  # noqa: E402

ANSWER_TIMEOUT = 600.0
"""The longest a wave waits for its answers."""
SETTLE = 60.0
"""The longest, in real seconds, SimCord waits for the bot to settle: after a command of a set-up, after a wave,
after the last. Much longer, and on PostgreSQL a timer of the bot's some minutes off held every settling until
it rang."""
POLL = 0.01
"""How often, in seconds, a wave looks for its answers: each look takes the event loop from the bot a while."""
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

    def heard(self, name: str, result) -> None:
        """Take in the reply to ``name``: count it, and after a /draw plan the shot and the next card."""
        response = reply_of(result)
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


def answered_fully(result) -> bool:
    """Whether the bot answered the interaction: acknowledged, and not only deferred ("thinking", or a press
    acknowledged unseen, whose answer is its follow-up)."""
    if result.deferred:
        return bool(result.followups)
    return result.acknowledged and not result._interaction.loading


async def answered(results: list) -> None:
    """Wait until every interaction of the wave has its answer.

    (SimCord's own settling looks over every task at every step: with a thousand interactions in
    flight that costs far more than the bot does, so the wave is watched for its answers instead,
    looking again only at those still unanswered.)
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + ANSWER_TIMEOUT
    unanswered = results
    while unanswered := [result for result in unanswered if not answered_fully(result)]:
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


def set_aside() -> None:
    """Take what the run has kept so far out of the garbage collector's walks. SimCord keeps every message,
    request and event of the run, as the real Discord does on its servers, not in the bot's process: walked
    by every full collection, that store made pauses of up to 2 s in the middle of a wave of 1,000 games, in
    which no interaction could be acknowledged. What is garbage is collected, what lives on is frozen
    (``gc.freeze``, as the bot freezes what its start-up made); the bot's garbage within a wave is collected
    as ever, and the time of both is counted as the garbage collector's."""
    gc.collect()
    gc.freeze()


class BenchDirector(DirectorBot):
    """The bot, its dice sealed as ever but in the channels whose dice the bench writes (``scripted``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.scripted: dict[int, Dice] = {}

    def dice(self, ruleset, state, channel_id: int) -> random.Random:
        sealed = super().dice(ruleset, state, channel_id)
        return self.scripted.get(channel_id, sealed)


def director(url: str) -> BenchDirector:
    """The bot on the database at ``url``; its players are robots, faster than anyone, so no pace holds them."""
    return make_bot(Settings(discord_token="", database_url=url, commands_per_minute=TEST_PACE), Database(url),
                    kind=BenchDirector, rng=random.Random(1), sync_on_start=True, shard_count=1)


RUNAWAY = {"width": 200, "height": 200, "name": "The Endless Woods",
           "areas": [{"ground": "woods", "rect": {"x": 0, "y": 0, "w": 200, "h": 200}}] * 500}
"""The heaviest picture the map checks let through (ruling 445): the largest set, its 500 pieces each a woods the
size of the set, seconds of a worker's processor time. (Issue 26's 169-byte map, woods 100,000 paces wide on a
10-pace set, loses those woods when read since the checks.)"""
FENCES, FENCE_POINTS = 10, 100
"""Issue 26's long fence as far as the checks allow: ten fences of 100 points each, zigzagging across Main Street's
north side (its 8,000-point fence is cut from a stored map when read); a Fall back and Take Cover! on it looks for
the nearest cover among them."""
FALL_BACK = (6, 6, 9, 3)
"""Wyatt's shot at Kid: wants to shoot [6], hits [6] (Gotcha!), effect [9] (a Courage Test), courage [3]: Fall
back and Take Cover!"""


@dataclass
class Hostile(Table):
    """A game of the attacker's server: the same commands every wave, answered or not, whatever they show."""

    repeat: tuple[str, str, dict] | None = None
    """The command sent again once the script is done (none: the game stops)."""
    sent: object = None
    """The last command sent: the next is sent once it is answered (the waves do not wait for it)."""

    def next_command(self):
        if self.sent is not None and not answered_fully(self.sent):
            return None
        if not self.script and self.repeat is not None:
            self.script.append(self.repeat)
        return super().next_command()

    def heard(self, name: str, result) -> None:
        self.sent = result


async def hostile_games(env, bot: BenchDirector) -> list[Hostile]:
    """The attacker's servers: one with a game whose stored map has the runaway woods (its Director asks for the
    map again as soon as it is answered), one with a game on Main Street with the long fence, where Wyatt shoots
    Kid once, who falls back. The maps are written straight into the games' stored state."""
    gulch, town = env.create_guild("Runaway Gulch"), env.create_guild("Fence Town")
    woods, fence = gulch.create_text_channel("woods"), town.create_text_channel("fence")
    users = {who: env.create_user(f"{who}-hostile") for who in ("dora", "pete", "polly")}
    dora, pete, polly = (town.add_member(user) for user in users.values())
    runaway = {"dora": gulch.add_member(users["dora"])}
    await runaway["dora"].slash(woods, "game start")
    for command, options in (("game start", {}), ("map set", {"ready_set": "main_street"})):
        await dora.slash(fence, command, **options)
    for who, name, at in ((pete, "Kid", "24,18"), (polly, "Wyatt", "24,22")):
        await who.slash(fence, "game join")
        await who.slash(fence, "cast add", name=name, type="supporting", personality="ordinary")
        await who.slash(fence, "cast weapon", character=name, weapon="single_action_revolver")
        await dora.slash(fence, "place", who=name, at=at)
    await store_map(bot.db, gulch.id, woods.id, lambda state: RUNAWAY)
    await store_map(bot.db, town.id, fence.id, long_fence)
    bot.scripted[fence.id] = Dice(*FALL_BACK)
    players = {"dora": dora, "pete": pete, "polly": polly}
    return [Hostile(woods, runaway, [], repeat=("dora", "map show", {})),
            Hostile(fence, players, [("dora", "status", {})] * 4 + [("polly", "shoot", {"shooter": "Wyatt",
                                                                                      "target": "Kid"})])]


def long_fence(state: dict) -> dict:
    """The game's map with :data:`FENCES` fences of :data:`FENCE_POINTS` points, zigzagging 1 pace deep along the
    north."""
    field = dict(state["battlefield"])
    step = (field["width"] - 2) / (FENCES * FENCE_POINTS)
    lines = [[[1 + n * step, 2 + n % 2] for n in range(k * FENCE_POINTS, (k + 1) * FENCE_POINTS)]
             for k in range(FENCES)]
    field["obstacles"] = [*field["obstacles"], *({"barrier": "fence", "line": line} for line in lines)]
    return field


async def store_map(database: Database, guild_id: int, channel_id: int, make) -> None:
    """Store ``make(state)`` as the map of the channel's game, as the database holds it, past every check."""
    game = await database.load_game(guild_id, channel_id)
    state = {**game.state, "battlefield": make(game.state)}
    async with database.engine.begin() as connection:
        await connection.execute(update(Game).where(Game.id == game.id).values(state=state))
    database.forget_games()


class PictureClock:
    """How long each picture took, from being asked for to being drawn (or given up), in real seconds."""

    def __init__(self) -> None:
        self.drawn: list[float] = []
        self.given_up = 0
        pool = painters.POOL
        paint = pool.paint

        def timed(name: str, args: tuple, server: int | None):
            asked = time.perf_counter()
            future = paint(name, args, server)
            future.add_done_callback(lambda done: self._done(asked, done))
            return future
        pool.paint = timed

    def _done(self, asked: float, future) -> None:
        if future.cancelled() or future.exception() is not None:
            self.given_up += 1
        else:
            self.drawn.append(time.perf_counter() - asked)


def setup_script() -> list[tuple[str, str, dict]]:
    script = [("dora", "game start", {}), ("dora", "game settings", {"cuts": 0}),
              ("pete", "game join", {}), ("polly", "game join", {})]
    for who, name, kind, weapon in CAST:
        script += [(who, "cast add", {"name": name, "type": kind, "personality": "ordinary"}),
                   (who, "cast weapon", {"character": name, "weapon": weapon})]
    return script + [("dora", "deal", {}), ("dora", "draw", {})]


class Clock:
    """When each interaction was sent and when the bot completed it (or refused it)."""

    def __init__(self, bot: DirectorBot) -> None:
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


async def play(url: str, games: int, servers: int, hostile: bool) -> dict:
    """Play ``games`` games at once on the database at ``url`` (beside the attacker's, if ``hostile``); returns the
    figures."""
    callbacks_by_identity()
    bot = director(url)
    clock = Clock(bot)
    async with simcord.run(bot, check_errors=False) as env:
        env.settle_timeout = SETTLE                 # the attacker's answers are not waited for wave by wave
        towns = [env.create_guild(f"Town {n}") for n in range(servers)]
        tables = []
        for n in range(games):
            town = towns[n % servers]
            players = {who: town.add_member(env.create_user(f"{who}{n}")) for who in ("dora", "pete", "polly")}
            tables.append(Table(town.create_text_channel(f"saloon-{n}"), players, setup_script()))
        attackers = await hostile_games(env, bot) if hostile else []
        memory_before = peak_memory_kb()
        commands = 0
        collector = Collector()
        names: dict[int, str] = {}
        pictures = PictureClock()
        with Stopwatch(env) as watch, LoopWatch(harness=asyncio.current_task()) as loop_watch:
            started = time.perf_counter()
            while pending := [(table, command) for table in tables if (command := table.next_command())]:
                pending += [(table, command) for table in attackers if (command := table.next_command())]
                set_aside()
                with unsettled(env):
                    results = []
                    for table, (name, sending) in pending:
                        sent_at = time.perf_counter()
                        result = await sending
                        if not isinstance(table, Hostile):       # the attacker's wait for pictures given up
                            clock.sent[result._interaction.id] = sent_at
                        names[result._interaction.id] = name
                        results.append(result)
                await answered([result for (table, _), result in zip(pending, results)
                                if not isinstance(table, Hostile)])
                if not attackers:
                    await env.settle()       # what the wave left (quick now that it is answered); later timers wait
                for (table, (name, _)), result in zip(pending, results):
                    table.heard(name, result)
                commands += len(pending)
            elapsed, collecting = time.perf_counter() - started, collector.seconds
            await answered([table.sent for table in attackers if table.sent is not None])
            try:
                await env.settle()
                left_running = 0
            except TimeoutError as error:          # counted, and told: what the bot still had running
                left_running = str(error).count("CommandTree")
        errors = [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]
        lost = await check(bot.db, tables)
        pictures_kb = sum(map(len, env.backend.cdn._blobs.values())) / 1024
    await bot.db.dispose()
    peak = peak_memory_kb()
    return {"games": games, "hostile": hostile, "left_running": left_running, "commands": commands, "seconds": elapsed,
            "collecting": collecting,
            "stall_ms": loop_watch.longest * 1000, "stall_work_ms": loop_watch.longest_work * 1000,
            "stalled_by": loop_watch.culprit, "harness_ms": loop_watch.harness_work * 1000,
            "pictures": len(pictures.drawn), "pictures_given_up": pictures.given_up,
            "slowest_picture_ms": max(pictures.drawn, default=0.0) * 1000,
            "refused": sum(t.refused for t in tables), "errors": len(errors),
            "error_sample": [repr(e)[:200] for e in errors[:3]], "lost": lost,
            "median_ms": statistics.median(clock.latencies), "p99_ms": quantile(clock.latencies, 0.99),
            "max_ms": max(clock.latencies), **acknowledgements(watch), "slowest": slowest(watch, names),
            "peak_mb": peak / 1024, "per_game_kb": (peak - memory_before) / games,
            "pictures_per_game_kb": pictures_kb / games}


CROWD_CAST = 60
"""The largest cast a server allows by default (see ``ServerRow.max_cast``): the largest allowed game."""
CROWD_PLAYERS = 4
CROWD = (("status", 25), ("log export", 10))

"""The commands sent at once to the largest allowed game, and how many of each."""


async def crowd(url: str, entries: int) -> dict:
    """The largest allowed game with ``entries`` log entries; 25 /status and 10 /log export sent at once.
    Returns when each was acknowledged and answered, and the longest the event loop was held."""
    bot = director(url)
    async with simcord.run(bot, check_errors=False) as env:
        env.settle_timeout = SETTLE
        town = env.create_guild("Crowded Town")
        channel = town.create_text_channel("saloon")
        players = [town.add_member(env.create_user(f"player{n}")) for n in range(CROWD_PLAYERS)]
        await players[0].slash(channel, "game start")
        for player in players[1:]:
            await player.slash(channel, "game join")
        for n in range(CROWD_CAST):
            await players[n % CROWD_PLAYERS].slash(channel, "cast add", name=f"Gunslinger {n}", type="minor",
                                                   personality="ordinary")
        await players[0].slash(channel, "deal")
        await players[1].slash(channel, "test", chart="courage", character="Gunslinger 1")
        await fill_log(bot.db, town.id, channel.id, entries)
        with LoopWatch() as loop_watch, Stopwatch(env) as watch:
            with unsettled(env):
                results = [await players[n % CROWD_PLAYERS].slash(channel, name)
                           for name, count in CROWD for n in range(count)]
            await answered(results)
            await env.settle()
        exports = [result.response for result in results[-CROWD[1][1]:]]
        errors = [e for e in env.errors if not isinstance(getattr(e, "original", e), REFUSALS)]
    await bot.db.dispose()
    return {"entries": entries, "cast": CROWD_CAST, **acknowledgements(watch),
            "stall_ms": loop_watch.longest * 1000, "stall_work_ms": loop_watch.longest_work * 1000,
            "stalled_by": loop_watch.culprit,
            "export_files": [len(r.attachments) if r else 0 for r in exports][:1],
            "export_mb": max(sum(a.size for a in r.attachments) for r in exports if r) / 2**20,
            "errors": len(errors), "error_sample": [repr(e)[:200] for e in errors[:3]]}


def report_crowd(db: str, figures: dict) -> None:
    print(f"{db:10} crowd: {' and '.join(f'{count} /{name}' for name, count in CROWD)} at once, on a cast of "
          f"{figures['cast']} with {figures['entries']} log entries: {acknowledged(figures)}  event loop held "
          f"at most {figures['stall_ms']:5.0f} ms by one step, {figures['stall_work_ms']:4.0f} ms of its work "
          f"(goal 50)  export {figures['export_mb']:4.1f} MiB in "
          f"{figures['export_files'][0]} file(s)  errors {figures['errors']}", flush=True)
    for line in figures["error_sample"]:
        print(f"    {line}")
    if figures["stall_work_ms"] > 50:
        print(f"    held by {figures['stalled_by']}")


async def check(database: Database, tables: list[Table]) -> list[str]:
    """What each game lost, read back from the database: nothing, when all is as acknowledged."""
    lost = []
    for table in tables:
        game = await database.load_game(table.players["dora"].guild.id, table.channel.id)
        if game is None:
            lost.append(f"#{table.channel.name}: no game stored")
            continue
        log = await rows(database, "SELECT seq, kind FROM log WHERE game_id = :id ORDER BY seq", id=game.id)
        state = QotdState.from_json(game.state)
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


def acknowledgements(watch: Stopwatch) -> dict:
    """The real time from each interaction's creation to its first acknowledgement (the real Discord drops
    one not acknowledged within 3 s), and to the last call answering it, in milliseconds."""
    acknowledged, answered = [s * 1000 for s in watch.acknowledged], [s * 1000 for s in watch.answered]
    return {"ack_median_ms": statistics.median(acknowledged), "ack_p99_ms": quantile(acknowledged, 0.99),
            "ack_max_ms": max(acknowledged), "answer_max_ms": max(answered),
            "unacknowledged": len(watch.created) - len(acknowledged)}


def slowest(watch: Stopwatch, names: dict[int, str]) -> str:
    """The commands acknowledged last: each command's longest time to its acknowledgement."""
    worst: dict[str, float] = {}
    for interaction_id, at in watch.first.items():
        name = names.get(interaction_id, "?")
        worst[name] = max(worst.get(name, 0.0), at - watch.created[interaction_id])
    return ", ".join(f"/{name} {seconds * 1000:.0f} ms" for name, seconds in sorted(worst.items(),
                                                                                   key=lambda kv: -kv[1])[:4])


def quantile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def peak_memory_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def run_child(db: str, games: int, servers: int, pg: str | None, crowd_entries: int = 0, hostile: bool = True
              ) -> dict:
    """One size on one database (or, given ``crowd_entries``, the crowd), in a process of its own; its
    figures come back as JSON."""
    command = [sys.executable, __file__, "--child", db, "--games", str(games), "--servers", str(servers),
               "--crowd", str(crowd_entries), *([] if hostile else ["--no-hostile"])]
    if pg:
        command += ["--pg", pg]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{db} with {games} games failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


async def child(db: str, games: int, servers: int, pg: str | None, crowd_entries: int, hostile: bool) -> dict:
    async def run(url: str) -> dict:
        return await (crowd(url, crowd_entries) if crowd_entries else play(url, games, servers, hostile))
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            return await run(f"sqlite+aiosqlite:///{folder}/load.db")
    from storage import scratch_databases
    async with scratch_databases("postgresql", pg, 1) as [url]:
        return await run(url)


def report(db: str, figures: dict) -> None:
    per_command = figures["seconds"] * 1000 / figures["commands"]
    collecting = figures["collecting"] * 1000 / figures["commands"]
    print(f"{db:10} {figures['games']:>5} games  {figures['commands']:>6} commands  "
          f"{figures['commands'] / figures['seconds']:5.0f}/s  {per_command:5.2f} ms each "
          f"({collecting:4.2f} collecting garbage)  latency median {figures['median_ms']:6.0f} ms, "
          f"p99 {figures['p99_ms']:6.0f} ms, max {figures['max_ms']:6.0f} ms  {acknowledged(figures)}  "
          f"peak {figures['peak_mb']:4.0f} MB ({figures['per_game_kb']:3.0f} KB/game, "
          f"{figures['pictures_per_game_kb']:3.0f} of it SimCord's copy of the pictures)  "
          f"refused {figures['refused']}  errors {figures['errors']}  lost {len(figures['lost'])}", flush=True)
    print(f"    acknowledged last: {figures['slowest']}")
    print(f"    {'beside the attacker (runaway pictures, a fall-back on a long fence): ' if figures['hostile'] else ''}"
          f"event loop held at most {figures['stall_ms']:.0f} ms by one step, {figures['stall_work_ms']:.0f} ms of "
          f"its work (goal 50), the bench's own step handing a wave over {figures['harness_ms']:.0f} ms; "
          f"{figures['pictures']} pictures drawn, the slowest in "
          f"{figures['slowest_picture_ms']:.0f} ms from being asked for, {figures['pictures_given_up']} given up")
    if figures["stall_work_ms"] > 50:
        print(f"    held by {figures['stalled_by']}")
    if figures["left_running"]:
        print(f"    {figures['left_running']} commands still running {SETTLE:.0f} s after the last answer")
    for line in figures["error_sample"] + figures["lost"][:5]:
        print(f"    {line}")


def acknowledged(figures: dict) -> str:
    """The acknowledgement times beside the final replies' (goal: every one within 2.5 s)."""
    return (f"acknowledged median {figures['ack_median_ms']:5.0f} ms, p99 {figures['ack_p99_ms']:5.0f} ms, "
            f"max {figures['ack_max_ms']:5.0f} ms (goal 2500), never {figures['unacknowledged']}; "
            f"last answer max {figures['answer_max_ms']:6.0f} ms")


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
    parser.add_argument("--crowd", type=int, default=40_000, metavar="ENTRIES",
                        help="log entries of the largest allowed game that 25 /status and 10 /log export hit at "
                             "once (default 40000; 0: no crowd)")
    parser.add_argument("--no-hostile", dest="hostile", action="store_false",
                        help="play without the attacker's server (runaway pictures, a fall-back on a long fence)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(asyncio.run(child(args.child, args.games, args.servers, args.pg, args.crowd,
                                           args.hostile))))
        return 0
    print(__doc__.split("\n\n")[0].replace("\n", " "))
    baseline = max(args.servers, args.games // 10)
    for db in args.db.split(","):
        if db == "postgresql" and not args.pg:
            print("postgresql: skipped (give --pg URL or set DIRECTOR_TEST_POSTGRES_URL)")
            continue
        if args.games:
            small, large = (run_child(db, games, args.servers, args.pg, hostile=args.hostile)
                            for games in (baseline, args.games))
            report(db, small)
            report(db, large)
            print(f"{db:10} {args.games} games against {baseline}: {growth(small, large)} (goal: neither grows)")
        if args.crowd:
            report_crowd(db, run_child(db, 0, 1, args.pg, args.crowd))
    return 0


if __name__ == "__main__":
    sys.exit(main())
