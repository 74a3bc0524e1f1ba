"""The worker processes that draw the pictures (``python -m bot.pictures.worker``), shared fairly between servers.

Drawing is CPU work. In a thread it would take turns with the event loop for Python's global lock
(and a process pool's helper threads take turns too), so a busy bot would use one core. In worker
processes of their own, pictures are drawn on the other cores while the loop goes on, and requests
and pictures travel through the workers' pipes, read by the event loop itself: no thread in the
bot's process. There is one worker fewer than the machine has cores, but at least two (the workers are
niced below the bot), started on first use; each has one picture in hand at a time (so its pipe never
fills).

No picture can hold a worker for long, and no server can hold them all (rulings 460-462): a worker that has
drawn one picture for :attr:`Pool.deadline` seconds of its processor's time is stopped by the system (see
:mod:`bot.pictures.worker`) and replaced by a fresh process, and that picture fails (its reply goes without
it), and the same picture asked for again is given up at once (ruling 464). A picture not drawn within :attr:`Pool.wait`
seconds of its asking is given up (ruling 490): its worker, which arms the system's clock timer itself, is stopped at
that moment, and a picture still waiting for a worker then is given up as soon as the pool next hands one out; so the
bot arms no timer of its own for a picture. A worker still drawing a picture whose reply stopped waiting is killed
and replaced too. A server has at most
:attr:`Pool.share` of the workers at once, its other pictures waiting their turn, and the servers waiting
take the workers that come free in turn. A worker that dies is replaced at once. Which server a picture is
for is the one of the command asking for it (see :func:`asked_for`).
A picture asked for again (the same drawing of the same things) is sent as it was drawn,
without a worker (:data:`DRAWN_BYTES`).
"""

from __future__ import annotations

import asyncio
import atexit
import functools
import hashlib
import itertools
import logging
import os
import pickle
import signal
import subprocess
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from bot.pictures.worker import HEADER, frame

log = logging.getLogger("director.painters")

WORKERS = max(2, (os.cpu_count() or 2) - 1)
DEADLINE = 2.0
"""Seconds (by default: the bot sets its pool's from ``PICTURE_SECONDS``) a worker may spend on one picture before it is killed and replaced (an ordinary board or map takes a
few hundredths of one)."""
RUNAWAYS = 1024
"""How many of the pictures stopped at their deadline are remembered, so as not to draw them again."""
DRAWN_BYTES = 16 << 20
"""The most bytes of pictures kept as drawn (the last asked for): a picture asked for again, the same drawing of the
same things (a map shown again, a board that has not changed), is sent again without a worker. (The cards a step
turns are kept by the step itself, :data:`bot.glue.steps.TURNS`, where a hit costs less than a pickle.)"""
READ = 1 << 16
KEEP_MEMORY = {"MALLOC_MMAP_THRESHOLD_": str(32 << 20), "MALLOC_TRIM_THRESHOLD_": str(64 << 20)}
"""glibc's malloc in a worker keeps the memory a picture freed for the next one: a map's buffers (some 300 KB
each, the picture, its bytes, its PNG) would otherwise go back to the system and be faulted in afresh each
time, which doubled the time a map took to draw. Other C libraries ignore these."""
WAIT = 10.0
"""Seconds from a picture's asking to the end of its drawing, past which it is given up (ruling 490)."""
EXITING = 0.02
"""Seconds to wait for a worker whose output has closed to be reaped, and its exit code read."""

SERVER: ContextVar[int | None] = ContextVar("director.painters.server", default=None)
"""The server (guild id) the pictures asked for in this context are for; None for the bot's own."""


def asked_for(guild_id: int | None) -> None:
    """The pictures the current task asks for from now on (and the tasks it starts) are for this server."""
    SERVER.set(guild_id)



class PictureFailed(RuntimeError):
    """A worker could not draw a picture (the message is the worker's traceback), took too long, or died."""


@dataclass
class Job:
    """One picture asked for: its number, its server, its drawing and arguments (pickled), who awaits it, what
    the picture is (a digest of the drawing), and when it is given up (``time.monotonic()``)."""

    number: int
    server: int | None
    drawing: bytes
    future: asyncio.Future[bytes]
    picture: bytes
    give_up_at: float


class Painter:
    """One worker process and the picture it has in hand; it tells its pool when it is free again, or gone."""

    def __init__(self, pool: Pool) -> None:
        self.pool = pool
        self.process = subprocess.Popen([sys.executable, "-m", "bot.pictures.worker"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, env={**os.environ, **KEEP_MEMORY})
        self._answers = self.process.stdout.fileno()
        os.set_blocking(self._answers, False)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._buffer = bytearray()
        self.job: Job | None = None
        self.ended = False

    @property
    def alive(self) -> bool:
        """Running: its output has not ended (which may be seen before the process can be waited for)."""
        return not self.ended and self.process.poll() is None

    def read_on(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read answers on ``loop`` (idle, it may move from one event loop to the next)."""
        if self._loop is not loop:
            self._forget_loop()
            self._loop = loop
            loop.add_reader(self._answers, self._readable)

    def take(self, job: Job) -> None:
        """Draw ``job``'s picture, within :attr:`Pool.deadline` seconds of processor time and by its time to give
        up, which the worker keeps itself. Should its reply stop waiting for it first, the worker is killed: it
        may be drawing a picture that never ends."""
        self.job = job
        job.future.add_done_callback(self._given_up)
        request = (job.number, job.drawing, self.pool.deadline, job.give_up_at - time.monotonic())
        try:
            self.process.stdin.write(frame(pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)))
            self.process.stdin.flush()
        except OSError:
            self._end(PictureFailed("the picture worker died"), "a picture worker ended (exit code %s)")

    def stop(self, error: Exception) -> None:
        """Kill the worker (a killed process cannot hold on) and fail its picture with ``error``."""
        self._forget_loop()
        self.ended = True
        self.process.kill()
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:                   # a request still buffered for a worker that died: not flushed
                pass
        self._finish(error)

    def _forget_loop(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._answers)
        self._loop = None

    def _given_up(self, future: asyncio.Future[bytes]) -> None:
        if future.cancelled() and self.job is not None and self.job.future is future and not self.ended:
            self._end(PictureFailed("its reply stopped waiting"), "a picture's reply stopped waiting for it "
                      "(server %s): its worker is killed and replaced", self.job.server)

    def _ended(self) -> None:
        """The worker's output ended: it died, or the system stopped it at the picture's deadline. A process's
        output is closed as it exits, a moment before it can be reaped: that moment is waited for (briefly)."""
        try:
            code = self.process.wait(EXITING)
        except subprocess.TimeoutExpired:
            code = None
        server = self.job.server if self.job else None
        if code == -signal.SIGPROF:
            seconds = self.pool.deadline
            if self.job is not None:
                self.pool.ran_away(self.job.picture)
            self._end(PictureFailed(f"the picture took longer than {seconds:g} s to draw: its worker was stopped"),
                      f"a picture worker drew for {seconds:g} s (server %s): stopped and replaced", server)
        elif code == -signal.SIGALRM:
            self._end(PictureFailed(f"the picture was not drawn within {self.pool.wait:g} s of its asking: its "
                                    "worker was stopped"),
                      f"a picture was not drawn within {self.pool.wait:g} s (server %s): its worker is stopped and "
                      "replaced", server)
        else:
            self._end(PictureFailed("the picture worker died"), "a picture worker ended (exit code %s)", code)

    def _end(self, error: PictureFailed, message: str, *args: object) -> None:
        log.warning(message, *args)
        self.stop(error)
        self.pool.gone(self)

    def _readable(self) -> None:
        try:
            data = os.read(self._answers, READ)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._ended()
            return
        self._buffer += data
        if len(self._buffer) < HEADER.size or len(self._buffer) < HEADER.size + HEADER.unpack_from(self._buffer)[0]:
            return
        size = HEADER.size + HEADER.unpack_from(self._buffer)[0]
        number, drawn, result = pickle.loads(self._buffer[HEADER.size:size])
        del self._buffer[:size]
        if self.job is None or number != self.job.number:
            return
        if drawn:
            self.pool.drew(self.job.picture, result, size)
        self._finish(None if drawn else PictureFailed(result), result)
        self.pool.free(self)

    def _finish(self, error: Exception | None, picture: bytes | None = None) -> None:
        """The picture in hand is done: drawn, or failed with ``error``."""
        job, self.job = self.job, None
        if job is None or job.future.done() or job.future.get_loop().is_closed():
            return
        job.future.set_exception(error) if error is not None else job.future.set_result(picture)


class Pool:
    """The workers, the pictures waiting for them by server, and how many each server has in hand."""

    def __init__(self, workers: int = WORKERS, deadline: float = DEADLINE, share: int | None = None,
                 wait: float = WAIT) -> None:
        self.workers = workers
        self.deadline = deadline
        """Seconds of its processor's time a worker may spend on one picture."""
        self.wait = wait
        """Seconds from a picture's asking to the end of its drawing, past which it is given up."""
        self.share = share or max(1, workers // 2)
        """The most workers one server may have drawing for it at once."""
        self.painters: list[Painter] = []
        self._runaways: OrderedDict[bytes, None] = OrderedDict()
        """The pictures stopped at their deadline, the last :data:`RUNAWAYS`: never drawn again."""
        self._drawn: OrderedDict[bytes, tuple[bytes | list[bytes], int]] = OrderedDict()
        """The pictures drawn last (:data:`DRAWN_BYTES` of them), with their sizes, by :attr:`Job.picture`."""
        self._drawn_bytes = 0
        self._idle: deque[Painter] = deque()
        """The workers with nothing in hand, the one freed last at the end: it takes the next picture, its caches still
        warm from the last (a picture took a fifth longer on a worker that had idled while the other drew); a worker
        just started, at the front, comes last."""
        self._waiting: OrderedDict[int | None, deque[Job]] = OrderedDict()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._numbers = itertools.count(1)

    def start(self) -> None:
        """Start the workers that are not running (so that the first picture need not wait for them)."""
        for painter in [painter for painter in self.painters if not painter.alive]:
            self._drop(painter)
        while len(self.painters) < self.workers:
            painter = Painter(self)
            self.painters.append(painter)
            self._idle.appendleft(painter)          # taken last: it is still warming up
            if self._loop is not None:
                painter.read_on(self._loop)

    def paint(self, name: str, args: tuple, server: int | None) -> asyncio.Future[bytes]:
        """Ask for the picture ``name(*args)`` for ``server``: a future of its PNG bytes."""
        loop = asyncio.get_running_loop()
        drawing = pickle.dumps((name, args), protocol=pickle.HIGHEST_PROTOCOL)
        picture = hashlib.sha256(drawing).digest()
        future = loop.create_future()
        if (drawn := self._drawn.get(picture)) is not None:
            self._drawn.move_to_end(picture)
            future.set_result(drawn[0])
            return future
        if loop is not self._loop:
            self._move_to(loop)
        self.start()
        job = Job(next(self._numbers), server, drawing, future, picture, time.monotonic() + self.wait)
        if self._stale(job):
            return job.future
        self._waiting.setdefault(server, deque()).append(job)
        self._hand_out()
        return job.future

    def _stale(self, job: Job) -> bool:
        """Whether ``job`` is not to be drawn: given up by its reply, a picture that ran past its deadline, then
        or since it was asked for (given up now, ruling 464), or one past its time to give up (ruling 490)."""
        if job.future.done():
            return True
        if job.picture in self._runaways:
            job.future.set_exception(PictureFailed("the picture ran past its deadline before: it is not drawn again"))
        elif time.monotonic() >= job.give_up_at:
            job.future.set_exception(PictureFailed(f"the picture waited {self.wait:g} s for a worker: given up"))
        return job.future.done()

    def ran_away(self, picture: bytes) -> None:
        """The picture (a :attr:`Job.picture`) was stopped at its deadline: asked for again, it is given up at
        once (ruling 464)."""
        self._runaways[picture] = None
        if len(self._runaways) > RUNAWAYS:
            self._runaways.popitem(last=False)

    def drew(self, picture: bytes, png: bytes | list[bytes], size: int) -> None:
        """The picture (a :attr:`Job.picture`) was drawn as ``png`` (or pages of PNGs), ``size`` bytes as the worker
        sent it: kept, to be sent again if asked for again."""
        if size > DRAWN_BYTES or picture in self._drawn:
            return
        self._drawn[picture] = png, size
        self._drawn_bytes += size
        while self._drawn_bytes > DRAWN_BYTES:
            self._drawn_bytes -= self._drawn.popitem(last=False)[1][1]

    def free(self, painter: Painter) -> None:
        """``painter`` has finished a picture: it takes the next."""
        self._idle.append(painter)
        self._hand_out()

    def gone(self, painter: Painter) -> None:
        """``painter`` died or was killed: a fresh worker takes its place."""
        self._drop(painter)
        self.start()
        self._hand_out()

    def stop(self) -> None:
        """End every worker; the pictures waiting are given up."""
        for painter in list(self.painters):
            painter.stop(PictureFailed("the picture workers were stopped"))
            self._drop(painter)
        self._give_up_waiting(PictureFailed("the picture workers were stopped"))

    def busy(self, server: int | None) -> int:
        """How many workers are drawing for ``server`` now."""
        return sum(painter.job is not None and painter.job.server == server for painter in self.painters)

    def _hand_out(self) -> None:
        """Give idle workers the next pictures, the worker freed last first: the servers in turn, each within its
        share."""
        while self._idle and (job := self._next_job()) is not None:
            self._idle.pop().take(job)

    def _next_job(self) -> Job | None:
        """The next picture to draw: the first waiting server's (in turn) that is within its share; that server
        goes to the back of the turn. Every picture waiting past its time is given up on the way."""
        for server in list(self._waiting):
            queue = self._waiting[server] = deque(job for job in self._waiting[server] if not self._stale(job))
            if not queue:
                del self._waiting[server]
            elif self.busy(server) < self.share:
                job = queue.popleft()
                self._waiting.move_to_end(server)
                if not queue:
                    del self._waiting[server]
                return job
        return None

    def _drop(self, painter: Painter) -> None:
        if painter in self.painters:
            self.painters.remove(painter)
        if painter in self._idle:
            self._idle.remove(painter)

    def _move_to(self, loop: asyncio.AbstractEventLoop) -> None:
        """Serve ``loop`` from now on: pictures awaited on an earlier loop are given up, and a worker still
        drawing one is replaced."""
        self._give_up_waiting(PictureFailed("the event loop that asked for the picture has ended"))
        self._loop = loop
        for painter in list(self.painters):
            if painter.job is None:
                painter.read_on(loop)
            else:
                painter.stop(PictureFailed("the event loop that asked for the picture has ended"))
                self._drop(painter)

    def _give_up_waiting(self, error: Exception) -> None:
        for queue in self._waiting.values():
            for job in queue:
                if not job.future.done() and not job.future.get_loop().is_closed():
                    job.future.set_exception(error)
        self._waiting.clear()


POOL = Pool()
"""The bot's picture workers."""


def start_painters() -> None:
    """Start the workers that are not running (so that the first picture need not wait for them)."""
    POOL.start()


def paint(draw: Callable[..., bytes], *args: Any) -> asyncio.Future[bytes]:
    """Have a worker call ``draw(*args)`` for the server of the current command (see :func:`asked_for`):
    ``draw`` a ``bot.pictures`` function, or a ``functools.partial`` of one. A future of the PNG."""
    if isinstance(draw, functools.partial):
        draw, args = draw.func, (*draw.args, *args)
    return POOL.paint(draw.__name__, args, SERVER.get())


@atexit.register
def stop_painters() -> None:
    """End every worker."""
    POOL.stop()
