"""A picture worker: ``python -m bot.pictures.worker`` draws the pictures the bot asks for, one after another.

It reads requests from its standard input and writes the pictures to its standard output, each as a
frame: a 4-byte big-endian length, then a pickle. A request is ``(number, drawing, seconds)``, ``drawing`` the
pickle of ``(name, args)`` (which the bot hashes to know a picture again), ``name`` one
of :data:`PICTURES` (the others are refused); the answer is ``(number, True, png)``, or
``(number, False, "what went wrong")``. A picture drawn for longer than ``seconds`` of the worker's processor
time has the system stop the worker (``SIGPROF``, whose default is to end the process, even in the middle of
Pillow's C code), and so does one not drawn within ``wait`` seconds by the clock (``SIGALRM``: the time left
until the bot gives it up): the bot replaces it. It ends when its input does.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
import traceback
from typing import BinaryIO

from bot.pictures import draw, render_board_pages, render_scene, render_turn, warm_up

HEADER = struct.Struct(">I")
PICTURES = {drawing.__name__: drawing for drawing in (draw, render_board_pages, render_scene, render_turn)}
"""The pictures the bot asks for: any of the vocabulary (:mod:`bot.rules.core.pictures`), the map as its
:class:`~bot.rules.core.pictures.Scene` (a fraction of the whole game's bytes to send), a status board's pages, the
cards turned."""
NICENESS = 10
"""A worker yields the processor to the bot: woken by a request, it would otherwise be run at once on the
bot's own core, stopping the bot (a millisecond a picture) when the other cores are busy."""


def read_frame(stream: BinaryIO) -> bytes | None:
    """The next frame's payload, or None at the end of the stream."""
    header = stream.read(HEADER.size)
    if len(header) < HEADER.size:
        return None
    return stream.read(HEADER.unpack(header)[0])


def frame(payload: bytes) -> bytes:
    return HEADER.pack(len(payload)) + payload


def serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """Draw each picture asked for, until the requests end."""
    while (payload := read_frame(requests)) is not None:
        number, drawing, seconds, wait = pickle.loads(payload)
        try:
            signal.setitimer(signal.ITIMER_REAL, max(wait, 0.001))
            name, args = pickle.loads(drawing)
            if name not in PICTURES:
                raise ValueError(f"not a picture: {name!r}")
            signal.setitimer(signal.ITIMER_PROF, seconds)
            answer = (number, True, PICTURES[name](*args))
        except Exception:
            answer = (number, False, traceback.format_exc(limit=5))
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.setitimer(signal.ITIMER_REAL, 0)
        answers.write(frame(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)))
        answers.flush()


if __name__ == "__main__":
    os.nice(NICENESS)
    for stop in (signal.SIGPROF, signal.SIGALRM):
        signal.signal(stop, signal.SIG_DFL)
    warm_up()
    serve(sys.stdin.buffer, sys.stdout.buffer)
