"""How fast the pictures are drawn, each beside the time Pillow takes to encode a blank RGB PNG of the
same size (default settings) measured in the same run, and the ratio.

Goal (issue #4): /draw and a full /shoot each cost at most 5x a no-op slash command, picture and
commit included. The picture is drawn in a worker thread while the commit runs, so the deck as /draw
sends it and the roll card of a full shot must each be drawn in about 1.5 ms at most (ideally 1 ms).
The status board is not on that path: as fast as it reasonably can be.

The first rows are medians of the same picture drawn again (names, numbers and cards cached, as in a
game under way); the last is each /draw of a phase drawn once, in a game whose names are new.

    python bench/render.py [runs]
"""

from __future__ import annotations

import copy
import io
import random
import statistics
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pictures import draw, render_board_pages, render_scene  # noqa: E402
from bot.rules.qotd.board import board  # noqa: E402
from bot.rules.qotd.pictures import pack, scene  # noqa: E402
from bot.rules.qotd.ruleset import QOTD  # noqa: E402
from bot.rules.qotd.samples import OWNERS, cast, sample_battlefield, sample_game, sample_resolution  # noqa: E402
from bot.rules.qotd.state import QotdState  # noqa: E402

GOAL_MS = 1.5
"""The most a picture on the /draw or /shoot path may take."""
MAP_GOAL = 4.0
"""The map picture within this many times a blank PNG encode of its size (issue #16)."""


def median_ms(job, runs: int) -> float:
    """Median wall time of ``job`` in milliseconds, after one warm-up run."""
    job()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def blank_encode_ms(size: tuple[int, int], runs: int) -> float:
    """Median time to encode a blank RGB image of ``size`` as PNG with Pillow's defaults."""
    blank = Image.new("RGB", size)
    return median_ms(lambda: blank.save(io.BytesIO(), "PNG"), runs)


def a_phase_draw_by_draw(seed: int = 5) -> list[QotdState]:
    """The game after each /draw of its first phase: ten characters, renamed so no picture has shown them."""
    rng = random.Random(seed)
    state = QotdState()
    cast(state, rng, 10)
    for character in state.characters.values():
        character.name = f"New {character.name}"
    state.shuffle(rng)
    states = []
    while state.deck.to_come:
        state.turn()
        states.append(copy.deepcopy(state))
    return states


def first_draws_ms(states: list[QotdState]) -> tuple[float, bytes]:
    """Median time of each state's deck picture drawn once, and the largest picture."""
    times, largest = [], b""
    for state in states:
        start = time.perf_counter()
        data = draw(pack(state))
        times.append(time.perf_counter() - start)
        largest = max(largest, data, key=len)
    return statistics.median(times) * 1000, largest


def row(name: str, data: bytes, drawn: float, runs: int, goal: bool | float) -> str:
    """One line of the table; ``goal`` True for the time goal, a number for a goal as a ratio to the blank."""
    size = Image.open(io.BytesIO(data)).size
    blank = blank_encode_ms(size, runs)
    if goal is True:
        verdict = "met" if drawn <= GOAL_MS else "MISSED"
    else:
        verdict = (f"met (within {goal:g}x)" if drawn / blank <= goal else f"MISSED ({goal:g}x)") if goal else ""
    return (f"{name:34} {size[0]:>4}x{size[1]:<5} {len(data) // 1024:>4} {drawn:>8.2f} {blank:>9.2f} "
            f"{drawn / blank:>6.2f}  {verdict}")


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 100
    deck_state = sample_game(characters=10, turned=20)
    status_state = sample_game(characters=20, turned=20)
    resolution = sample_resolution()
    map_state = sample_battlefield(20)
    jobs = {"deck, /draw (10 cast, 20 turned)": (lambda: draw(pack(deck_state)), True),
            "roll card, a full /shoot": (lambda: draw(QOTD.picture_of_roll(resolution)), True),
            "status (20 characters)": (lambda: render_board_pages(board(status_state), OWNERS, 1)[0], False),
            "map, 60x40 paces, 20 tokens": (lambda: render_scene(scene(map_state)), MAP_GOAL)}
    print(f"goal: the /draw and /shoot pictures within {GOAL_MS} ms each (issue #4); medians of {runs} runs")
    print(f"{'image':34} {'size':>10} {'KB':>4} {'draw ms':>8} {'blank ms':>9} {'ratio':>6}  goal")
    for name, (job, goal) in jobs.items():
        print(row(name, job(), median_ms(job, runs), runs, goal))
    drawn, largest = first_draws_ms(a_phase_draw_by_draw())
    print(row("deck, each /draw of a new game", largest, drawn, runs, False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
