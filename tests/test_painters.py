"""The picture workers: pictures drawn in their own processes are the pictures, come back however many are
asked for at once, and a worker that dies is replaced."""

from __future__ import annotations

import asyncio
import json
import os
import signal

import pytest

from bot.pictures import pool as painters
from bot.pictures.pool import PictureFailed, Pool, paint
from bot.pictures import draw, render_scene, render_turn
from bot.rules.core.cards import RED_JOKER, Card
from bot.rules.core.dice import Luck
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.samples import sample_battlefield, sample_resolution
from bot.rules.qotd.sets import read_json
from bot.rules.qotd.state import QotdState

from .bot.test_stalls import RUNAWAY

KING = Card.parse("KH")


async def test_a_worker_draws_the_same_picture_as_drawing_it_here():
    card = QOTD.picture_of_roll(sample_resolution())
    assert await paint(draw, card) == draw(card)
    assert await paint(render_turn, (RED_JOKER, KING), Luck.RED) == render_turn((RED_JOKER, KING), Luck.RED)


async def test_many_pictures_asked_at_once_all_come_back_each_its_own():
    cards = [Card.parse(f"{rank}{suit}") for rank in ("A", "K", "Q", "J", "10") for suit in "HSDC"]
    drawn = await asyncio.gather(*(paint(render_turn, (card,)) for card in cards))
    assert drawn == [render_turn((card,)) for card in cards]


async def test_a_worker_draws_the_map_of_a_scene_as_drawing_it_here():
    scene = QOTD.scene(sample_battlefield())
    assert await paint(render_scene, scene) == render_scene(scene)


@pytest.mark.skipif(not os.path.exists("/proc/self/environ"), reason="reads a process's environment in /proc")
def test_a_workers_malloc_keeps_the_memory_a_picture_freed():
    """A picture's large buffers are not handed back to the system after each picture (glibc reads these)."""
    painters.start_painters()
    for painter in painters.POOL.painters:
        environment = open(f"/proc/{painter.process.pid}/environ", "rb").read().split(b"\0")
        assert b"MALLOC_TRIM_THRESHOLD_=67108864" in environment and b"MALLOC_MMAP_THRESHOLD_=33554432" in environment


async def test_only_pictures_are_drawn():
    with pytest.raises(PictureFailed, match="not a picture"):
        await paint(os.getcwd)


async def test_a_worker_that_dies_fails_its_picture_and_is_replaced():
    pool = Pool(workers=2)
    card = QOTD.picture_of_roll(sample_resolution())
    try:
        waiting = [pool.paint("draw", (card,), None) for _ in range(20)]
        dying = next(painter for painter in pool.painters if painter.job is not None)
        os.kill(dying.process.pid, signal.SIGKILL)
        outcomes = await asyncio.wait_for(asyncio.gather(*waiting, return_exceptions=True), 10)
        failed = [outcome for outcome in outcomes if isinstance(outcome, Exception)]
        assert len(failed) <= 1 and all(isinstance(outcome, PictureFailed) and "died" in str(outcome)
                                        for outcome in failed)
        assert [outcome for outcome in outcomes if not isinstance(outcome, Exception)] \
            == [draw(card)] * (20 - len(failed))
        assert dying not in pool.painters and len(pool.painters) == pool.workers
        assert await pool.paint("render_turn", ((KING,),), None) == render_turn((KING,))
    finally:
        pool.stop()


async def test_a_picture_asked_for_again_is_sent_as_drawn_without_a_worker(monkeypatch):
    pool = Pool(workers=2)
    try:
        queen = await pool.paint("render_turn", ((Card.parse("QH"),),), None)
        king = await pool.paint("render_turn", ((KING,),), None)
        again = pool.paint("render_turn", ((KING,),), None)
        assert again.done() and again.result() == king == render_turn((KING,))
        asked = pool.paint("render_turn", ((KING,), Luck.RED), None)                  # another drawing of him
        assert not asked.done()
        red = await asked
        assert red == render_turn((KING,), Luck.RED)
        monkeypatch.setattr(painters, "DRAWN_BYTES", len(king) + len(red) + len(queen) // 2)   # room for two
        pool.drew(b"another picture", b"x", 1)
        assert not pool.paint("render_turn", ((Card.parse("QH"),),), None).done()    # asked for least lately
        assert pool.paint("render_turn", ((KING,),), None).done()
    finally:
        pool.stop()


async def test_pictures_asked_for_one_after_another_are_drawn_by_the_worker_freed_last(monkeypatch):
    pool = Pool(workers=2)
    takers = []
    take = painters.Painter.take
    monkeypatch.setattr(painters.Painter, "take", lambda painter, job: (takers.append(painter), take(painter, job))[1])
    try:
        for code in ("QH", "JH", "10H"):                  # each a picture not drawn before: a worker draws it
            assert await pool.paint("render_turn", ((Card.parse(code),),), None) == render_turn((Card.parse(code),))
        assert len(pool.painters) == 2 and takers == [takers[0]] * 3     # the other stays idle, not taking turns
        idle = next(painter for painter in pool.painters if painter is not takers[0])
        idle.process.kill()
        idle.process.wait()
        assert await pool.paint("render_turn", ((Card.parse("9H"),),), None) == render_turn((Card.parse("9H"),))
        assert idle not in pool.painters and len(pool.painters) == 2 and takers[-1] is takers[0]   # not the new one
    finally:
        pool.stop()


def test_the_workers_serve_one_event_loop_after_another():
    pool = Pool(workers=2)
    try:
        for card in (KING, Card.parse("QH")):           # each a picture not drawn before: a worker draws it
            assert asyncio.run(_drawn(pool, card)) == render_turn((card,))
    finally:
        pool.stop()


async def _drawn(pool: Pool, card: Card) -> bytes:
    return await asyncio.wait_for(pool.paint("render_turn", ((card,),), None), 30)


async def test_a_picture_not_drawn_in_time_is_given_up_and_its_worker_stopped_by_its_own_clock():
    """Ruling 490: a picture still drawing when its time to give up comes (here 0.3 s after its asking) fails,
    its worker stopped by the clock timer it armed itself (no timer in the bot), and replaced; a picture asked
    for after it is drawn as ever."""
    pool = Pool(workers=2, deadline=60.0, wait=0.3)
    state = QotdState(battlefield=read_json(json.loads(RUNAWAY)))
    try:
        runaway = pool.paint("render_scene", (QOTD.scene(state),), None)
        drawing = next(painter for painter in pool.painters if painter.job is not None)
        with pytest.raises(PictureFailed, match="not drawn within 0.3 s"):
            await runaway
        assert drawing.process.wait(10) == -signal.SIGALRM and drawing not in pool.painters
        assert await pool.paint("render_turn", ((KING,),), None) == render_turn((KING,))
        assert len(pool.painters) == 2
    finally:
        pool.stop()
