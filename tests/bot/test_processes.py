"""Bot processes killed and racing: what a user was told is what the database holds.

Each bot here is a process of its own (tests/bot/player.py) playing one game as fast as it can and
printing every reply it got. One is killed with SIGKILL in the middle of its burst; two others share one
PostgreSQL and play the same game at once.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import simcord
from sqlalchemy.engine import make_url

from bot.glue.client import STALE
from bot.storage import Database
from bot.rules.core import serial
from bot.rules.core.cards import Card
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.state import QotdState
from bot.glue.acting import decision_view
from tests.storage.helpers import json_value, rows

from .conftest import SETTLE_SECONDS
from .player import GUILD_ID, make_bot, setup, the_set

ROOT = Path(__file__).resolve().parents[2]
REMINDER_HOURS = 12
"""The servers' default: nothing in the player's Settings changes it."""
PLAY_KINDS = ("draw", "shoot", "reload", "decide")
"""What the players' commands log: a /draw, a /shoot or /reload, a re-roll decision."""
FAIR_REFUSALS = (STALE, "A roll is waiting for a re-roll decision", "That roll has already been decided",
                 "Billy is already out of the fight")
"""Refusals two processes playing one game may meet: each other's change, each other's roll, or a target
the other one shot down."""


def player(url: str, *args: object) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.bot.player", url, *map(str, args)], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def replies(lines: list[str]) -> list[dict]:
    return [json.loads(line) for line in lines if line.startswith("{")]


async def stored(url: str) -> tuple[QotdState, int, list[tuple[int, str, dict]]]:
    """The game as stored, its last log number, and its log: (seq, kind, data) each, and a
    ``"shuffled"`` key in the data of the entries that began a phase."""
    database = Database(url)
    try:
        game = await database.load_game(GUILD_ID, await channel_id(database))
        last_seq = (await rows(database, "SELECT last_seq FROM games WHERE id = :id", id=game.id))[0][0]
        entries = await rows(database, "SELECT seq, kind, text, data FROM log WHERE game_id = :id ORDER BY seq",
                             id=game.id)
        log = [(seq, kind, {**json_value(data), "shuffled": "shuffled" in text}) for seq, kind, text, data in entries]
    finally:
        await database.dispose()
    return QotdState.from_json(game.state), last_seq, log


async def channel_id(database: Database) -> int:
    [(channel,)] = await rows(database, "SELECT channel_id FROM games WHERE status = 'active'")
    return channel


def as_told(kind: str) -> str:
    """The log's kind for a command a player's process names."""
    return "decide" if kind == "keep" else kind


@pytest.mark.parametrize("seed", [1, 2])
async def test_a_bot_killed_mid_burst_loses_nothing_it_acknowledged(database_url, seed, held):
    await setup(database_url)
    process = player(database_url, "play", 400, seed)
    heard: list[str] = []
    stop_after = random.Random(seed).randint(15, 45)
    while len(heard) < stop_after and (line := process.stdout.readline()):
        heard.append(line)
    process.send_signal(signal.SIGKILL)
    heard += process.stdout.read().splitlines()                  # replies it printed before it died
    process.wait(30)
    assert process.returncode == -signal.SIGKILL
    acknowledged = [r for r in replies(heard) if r["ok"]]
    assert len(acknowledged) >= stop_after - 5

    state, last_seq, log = await stored(database_url)
    assert [seq for seq, _, _ in log] == list(range(1, last_seq + 1))        # no gap, none half-written
    played = [(kind, data) for _, kind, data in log if kind in PLAY_KINDS]
    assert [kind for kind, _ in played][:len(acknowledged)] == [as_told(r["command"]) for r in acknowledged]
    assert len(played) - len(acknowledged) in (0, 1)             # at most the one it died before telling
    drawn = [[str(Card.parse(code)) for code in data["turned"]] for kind, data in played if kind == "draw"]
    told = [r["turned"] for r in acknowledged if r["command"] == "draw"]
    assert drawn[:len(told)] == told
    state.check()
    assert str(state.deck.turned[-1]) == drawn[-1][-1]           # the game is as its last entry left it
    held(f"SIGKILL ({make_url(database_url).get_backend_name()}): killed after {len(acknowledged)} acknowledged "
         f"commands; {len(played)} in the log, {len(played) - len(acknowledged)} of them unacknowledged; lost 0")

    bot = make_bot(database_url, seed + 10)                      # the bot comes back on the same database
    async with simcord.run(bot) as env:
        env.settle_timeout = SETTLE_SECONDS
        channel, people = the_set(env)
        await env.advance_time(REMINDER_HOURS * 3600 + 60)       # its timers: the wait's one reminder rings
        assert sum("a reminder:" in message.content for message in channel.history()) == 1
        if state.pending:                                        # its buttons, as Discord still shows them
            game = await bot.db.load_game(GUILD_ID, channel.id)
            seq, waiting = [(seq, resolution) for seq, kind, data in log if "resolution" in data
                            and (resolution := serial.from_json(Resolution, data["resolution"])).decision][-1]
            shown = await bot.get_channel(channel.id).send("Re-roll or keep?",
                                                           view=decision_view(game.id, seq, waiting))
            kept = await people["pete"].click(shown, label="Keep")
            assert not kept.response.ephemeral
        again = await people["dora"].slash(channel, "draw")
        assert not again.response.ephemeral and " acts" in again.response.content
    await bot.db.dispose()
    after, _, _ = await stored(database_url)
    after.check()
    assert after.pending is None and len(after.deck.turned) > 0


async def test_two_processes_on_one_postgresql_apply_each_command_once_or_refuse_it(postgres_url, held):
    await setup(postgres_url)
    processes = [player(postgres_url, "play", 60, seed, "gated") for seed in (3, 4)]
    for process in processes:                                # both bots up before either plays: they meet
        assert process.stdout.readline().startswith('{"started"'), process.stderr.read()[-3000:]
    for process in processes:
        process.stdin.write("go\n")
        process.stdin.flush()
    outputs = [process.communicate(timeout=300) for process in processes]
    for process, (_, errors) in zip(processes, outputs):
        assert process.returncode == 0, errors[-3000:]
    said = [r for out, _ in outputs for r in replies(out.splitlines())]
    refusals = Counter(r["text"] for r in said if not r["ok"])
    assert all(text.startswith(FAIR_REFUSALS) for text in refusals), refusals
    assert refusals[STALE] > 0, "the processes never met: the test proves nothing"

    state, last_seq, log = await stored(postgres_url)
    assert [seq for seq, _, _ in log] == list(range(1, last_seq + 1))
    acknowledged = [r for r in said if r["ok"]]
    played = [(kind, data) for _, kind, data in log if kind in PLAY_KINDS]
    assert Counter(kind for kind, _ in played) == Counter(as_told(r["command"]) for r in acknowledged)
    state.check()
    phase: list[str] = []
    for kind, data in played:                                    # no card turned twice in a phase
        if data["shuffled"]:
            phase = []
        phase += data.get("turned", [])
        assert len(phase) == len(set(phase)), f"a card turned twice in one phase: {phase}"
    held(f"two processes on one PostgreSQL: {len(said)} commands, {len(acknowledged)} applied once each, "
         f"{refusals[STALE]} refused as the game changed, {sum(refusals.values()) - refusals[STALE]} other "
         f"refusals; lost 0")
