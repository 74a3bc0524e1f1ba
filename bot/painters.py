"""The worker processes that draw the pictures (``python -m bot.render.worker``).

Drawing is CPU work. In a thread it would take turns with the event loop for Python's global lock
(and a process pool's helper threads take turns too), so a busy bot would use one core. In worker
processes of their own, pictures are drawn on the other cores while the loop goes on, and requests
and pictures travel through the workers' pipes, read by the event loop itself: no thread in the
bot's process. There is one worker fewer than the machine has cores, but at least two (so that a reply
with two pictures, a roll card and the map, has them drawn side by side; the workers are niced below the
bot), started on first use; each has one picture in hand at a time (so its pipe never fills), the
others wait here; a worker that dies is replaced by the next picture asked for.
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import itertools
import logging
import os
import pickle
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from typing import Any

from .render.worker import HEADER, frame

log = logging.getLogger("director.painters")

WORKERS = max(2, (os.cpu_count() or 2) - 1)
READ = 1 << 16
KEEP_MEMORY = {"MALLOC_MMAP_THRESHOLD_": str(32 << 20), "MALLOC_TRIM_THRESHOLD_": str(64 << 20)}
"""glibc's malloc in a worker keeps the memory a picture freed for the next one: a map's buffers (some 300 KB
each, the picture, its bytes, its PNG) would otherwise go back to the system and be faulted in afresh each
time, which doubled the time a map took to draw. Other C libraries ignore these."""


class PictureFailed(RuntimeError):
    """A worker could not draw a picture (the message is the worker's traceback), or died drawing it."""


class Painter:
    """One worker process, the picture it is drawing and those waiting for it."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "bot.render.worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env={**os.environ, **KEEP_MEMORY})
        self._answers = self.process.stdout.fileno()
        os.set_blocking(self._answers, False)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._buffer = bytearray()
        self._queue: deque[tuple[int, bytes]] = deque()
        self._in_hand: int | None = None
        self._ended = False
        self.waiting: dict[int, asyncio.Future[bytes]] = {}

    @property
    def alive(self) -> bool:
        """Running: its output has not ended (which may be seen before the process can be waited for)."""
        return not self._ended and self.process.poll() is None

    @property
    def load(self) -> int:
        return len(self._queue) + (self._in_hand is not None)

    def draw(self, number: int, name: str, args: tuple) -> asyncio.Future[bytes]:
        """Ask for a picture; the future gets the PNG bytes."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._read_on(loop)
        future = loop.create_future()
        self.waiting[number] = future
        self._queue.append((number, frame(pickle.dumps((number, name, args), protocol=pickle.HIGHEST_PROTOCOL))))
        self._send_next()
        return future

    def stop(self) -> None:
        """End the worker (it ends when its input does) and give up on its pictures."""
        self._fail(PictureFailed("the picture worker was stopped"))
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers)
        for stream in (self.process.stdin, self.process.stdout):
            stream.close()
        try:
            self.process.wait(2)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def _read_on(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read answers on ``loop`` from now on; pictures awaited on an earlier loop are given up."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers)
        for future in self.waiting.values():
            future.cancel()
        self.waiting.clear()
        self._loop = loop
        loop.add_reader(self._answers, self._readable)

    def _send_next(self) -> None:
        if self._in_hand is not None or not self._queue:
            return
        self._in_hand, request = self._queue.popleft()
        try:
            self.process.stdin.write(request)
            self.process.stdin.flush()
        except OSError:
            self._died()

    def _readable(self) -> None:
        try:
            data = os.read(self._answers, READ)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._died()
            return
        self._buffer += data
        while len(self._buffer) >= HEADER.size:
            size = HEADER.size + HEADER.unpack_from(self._buffer)[0]
            if len(self._buffer) < size:
                break
            number, drawn, result = pickle.loads(self._buffer[HEADER.size:size])
            del self._buffer[:size]
            future = self.waiting.pop(number, None)
            if future is not None and not future.done():
                future.set_result(result) if drawn else future.set_exception(PictureFailed(result))
            if number == self._in_hand:
                self._in_hand = None
                self._send_next()

    def _died(self) -> None:
        log.warning("a picture worker ended (exit code %s)", self.process.poll())
        self._ended = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers)
        self._fail(PictureFailed("the picture worker died"))

    def _fail(self, error: Exception) -> None:
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(error)
        self.waiting.clear()
        self._queue.clear()
        self._in_hand = None


_painters: list[Painter] = []
_numbers = itertools.count(1)


def start_painters() -> None:
    """Start the workers that are not running (so that the first picture need not wait for them)."""
    _painters[:] = [painter for painter in _painters if painter.alive]
    while len(_painters) < WORKERS:
        _painters.append(Painter())


def paint(draw: Callable[..., bytes], *args: Any) -> asyncio.Future[bytes]:
    """Have the least busy worker call ``draw(*args)``: ``draw`` a ``bot.render`` function, or a
    ``functools.partial`` of one. A future of the PNG."""
    if isinstance(draw, functools.partial):
        draw, args = draw.func, (*draw.args, *args)
    start_painters()
    return min(_painters, key=lambda painter: painter.load).draw(next(_numbers), draw.__name__, args)


@atexit.register
def stop_painters() -> None:
    """End every worker."""
    while _painters:
        _painters.pop().stop()
