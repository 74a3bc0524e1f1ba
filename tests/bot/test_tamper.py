"""The tamper suite through the real bot: games of every ruleset played through SimCord and exported with
/log export pass ``python -m bot verify`` and fail it, in one line naming the entry, once changed any way
tests/test_verify_tamper.py knows; /verify checks the stored entries the same way, acknowledged first and off
the event loop, and a name shaped like a roll changes nothing."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from sqlalchemy import delete, insert, update

from bot.storage.models import Game, LogEntry
from bot.rules.verify import read_export
from tests import logbook
from tests.logbook import require_chained
from tests.test_verify_tamper import HIDDEN, TAMPERS, checked, export, rechain, recomputed

from .helpers import LoopWatch, Stopwatch, end_game, text_of
from .test_fair import doc_misses
from .test_answering import first_responses
from .test_fair_rulesets import PLAYS

LOOP_LIMIT = 0.050
"""The longest one step of a command may hold the event loop, in seconds of the loop thread's work."""


async def qotd(scene) -> None:
    """Doc shoots at Virgil and misses; the roll kept."""
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")


GAMES = {"qotd": qotd, **PLAYS}


async def played(scene, ruleset: str) -> str:
    """A game of ``ruleset`` played through the bot and ended, as /log export gives it."""
    scene.env.bot.rng = random.Random(5)
    await GAMES[ruleset](scene)
    await end_game(scene.dora, scene.channel)
    exported = await scene.polly.slash(scene.channel, "log export")
    return (await exported.response.attachments[0].read()).decode()


@pytest.mark.parametrize("ruleset", GAMES)
async def test_a_game_of_every_ruleset_exported_passes_and_each_change_fails_naming_the_entry(
        scene, ruleset, tmp_path, capsys):
    log = await played(scene, ruleset)
    require_chained(log)
    assert checked(tmp_path, capsys, log) == (0, "Verdict: every check passes.", "")
    verdict = text_of(await scene.stranger.slash(scene.channel, "verify"))
    assert "Fair play: every check passes" in verdict, verdict
    recomputable = any(recomputed(r) for e in read_export(log)
                       for r in e["data"].get("resolution", {}).get("readings", []))
    for tamper, change in TAMPERS.items():
        if tamper == "edited outcome" and not recomputable:
            continue                        # no outcome the verifier reads on a chart: it rests on the chain
        entries = list(read_export(log))
        seq, reason, *edited = change(entries)
        code, last, _ = checked(tmp_path, capsys, export(entries))
        assert code == 1 and f"FAILS: entry #{edited[0] if edited else seq}, " in last, (tamper, last)
        if tamper in HIDDEN:
            entries = list(read_export(log))
            seq, reason, *_ = change(entries)
            code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
            assert code == 1 and f"FAILS: entry #{seq}, " in last and reason in last, (tamper, last)


@pytest.mark.parametrize("name", ["1D0: [1] (draw 0)", "1D6: [7] (draw 0)"])
async def test_a_model_named_like_a_roll_changes_nothing_in_verify(scene, name, tmp_path, capsys):
    scene.env.bot.rng = random.Random(7)
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name=name, type="hero", personality="ordinary")
    await scene.pete.slash(scene.channel, "roll", why=f"{name} tries his luck")
    verdict = text_of(await scene.stranger.slash(scene.channel, "verify"))
    assert "Something went wrong" not in verdict and "FAILS" not in verdict, verdict
    await end_game(scene.dora, scene.channel)
    exported = await scene.polly.slash(scene.channel, "log export")
    log = (await exported.response.attachments[0].read()).decode()
    assert name.replace("[", "\\[").replace("]", "\\]") in log or name in log
    code, last, _ = checked(tmp_path, capsys, log)
    assert code != 1, last                                        # nothing fails, whatever the name says
    require_chained(log)
    assert (code, last) == (0, "Verdict: every check passes.")


async def stored_log(scene, entries: list[dict]) -> None:
    """Replace the channel's game's log with ``entries`` (as the bot would have stored them)."""
    database = scene.db()
    game = await database.load_game(scene.guild.id, scene.channel.id)
    async with database.engine.begin() as connection:
        await connection.execute(delete(LogEntry).where(LogEntry.game_id == game.id))
        for first in range(0, len(entries), 5000):
            await connection.execute(insert(LogEntry), [
                {"game_id": game.id, "seq": e["seq"], "actor_id": e["actor"], "kind": e["kind"], "text": e["text"],
                 "undone": e["undone"], "data": e["data"],
                 "at": datetime.strptime(e["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)}
                for e in entries[first:first + 5000]])
        await connection.execute(update(Game).where(Game.id == game.id).values(last_seq=len(entries)))
    database.forget_games()


@pytest.mark.parametrize("tamper", TAMPERS)
async def test_verify_in_the_channel_fails_a_stored_log_changed_naming_the_entry(scene, tamper):
    await scene.game()
    honest = logbook.qotd(logbook.Logbook(channel=scene.channel.id)).entries
    await stored_log(scene, honest)
    shown = text_of(await scene.stranger.slash(scene.channel, "verify"))
    assert "Fair play: every check passes" in shown
    assert "\nOutcomes: 6 recomputed from their dice on their charts.\n" in shown, shown
    assert "\nThe root (sealed in #1, " in shown, shown
    assert "\n↳ Phase 1: draws 0-3 in #5, undone by #7; taken again in #8\n" in shown, shown
    assert "\nPhase 1 (sealed in #1, " in shown and "\nThe deck pack 1 (sealed in #2, " in shown, shown
    entries = logbook.qotd(logbook.Logbook(channel=scene.channel.id)).entries
    seq, reason = TAMPERS[tamper](entries)[:2]
    if tamper == "reordered":                       # the database keeps entries in their numbers' order: the
        for number, entry in enumerate(entries, 1):   # contents of two are swapped under them
            entry["seq"] = number
    await stored_log(scene, rechain(entries) if tamper in HIDDEN else entries)
    verdict = text_of(await scene.stranger.slash(scene.channel, "verify"))
    assert "Fair play: a check FAILS" in verdict and f"FAILS: entry #{seq}" in verdict, verdict


async def test_verify_of_40_000_entries_is_acknowledged_first_and_never_holds_the_event_loop(scene, held):
    await scene.game()
    await stored_log(scene, logbook.long_game(40_000, book=logbook.Logbook(channel=scene.channel.id)).entries)
    scene.env.settle_timeout = 300.0                          # real seconds: the log is checked in a thread
    calls = len(scene.env.http_requests)
    with LoopWatch() as loop, Stopwatch(scene.env) as watch:
        result = await scene.stranger.slash(scene.channel, "verify")
    assert list(first_responses(scene.env, calls).values()) == [5]          # "thinking…" first, then the answer
    shown = text_of(result)
    assert "Fair play: every check passes" in shown, shown
    assert "The log: matches: its 40000 entries each chained to the one before" in shown
    assert len(result.response.embeds[0].description) <= 4096
    assert loop.longest_work < LOOP_LIMIT, f"the loop was held {loop.longest_work * 1000:.0f} ms by {loop.culprit}"
    [acknowledged], [answered] = watch.acknowledged, watch.answered
    held(f"/verify of 40,000 chained entries: acknowledged in {acknowledged * 1000:.0f} ms real time, answered in "
         f"{answered * 1000:.0f} ms; the event loop held at most {loop.longest_work * 1000:.0f} ms of work "
         f"({loop.longest * 1000:.0f} ms of real time) by one step")


async def test_verify_of_one_phase_shows_its_seals_and_says_so_when_the_log_never_sealed_it(scene):
    await scene.game()
    await stored_log(scene, logbook.qotd(logbook.Logbook(channel=scene.channel.id)).entries)
    one = text_of(await scene.stranger.slash(scene.channel, "verify", phase=1))
    assert "\nPhase 1 (sealed in #1, " in one and "\nThe deck pack 1 (sealed in #2, " in one, one
    assert "Phase 2 (" not in one and "The root (" not in one, one
    book = logbook.Logbook(channel=scene.channel.id)
    book.log("start", "Game started.", {"sealed": [book.sealed("root")]})
    book.end()
    await stored_log(scene, book.entries)
    none = await scene.stranger.slash(scene.channel, "verify", phase=1)
    assert not none.response.ephemeral and none.response.content == "Phase 1 is not sealed in this log.", \
        none.response.content
