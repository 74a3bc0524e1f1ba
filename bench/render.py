"""How fast the pictures are drawn: median time of the deck image (mid-phase, 20 cards turned) and
of a 20-character status board, each beside the time Pillow takes to encode a blank PNG of the
same size (default settings) in the same run, and the ratio. Goal: within 4x of the blank encode.

    python bench/render.py [runs]
"""

from __future__ import annotations

import io
import statistics
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.render import render_deck, render_status  # noqa: E402
from bot.render.gallery import OWNERS, sample_game  # noqa: E402


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


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 50
    deck_state = sample_game(characters=10, turned=20)
    status_state = sample_game(characters=20, turned=20)
    jobs = {"deck (20 turned)": lambda: render_deck(deck_state),
            "status (20 characters)": lambda: render_status(status_state, OWNERS)}
    print(f"{'image':24} {'size':>10} {'KB':>5} {'draw ms':>8} {'blank ms':>9} {'ratio':>6}")
    for name, job in jobs.items():
        data = job()
        size = Image.open(io.BytesIO(data)).size
        drawn, blank = median_ms(job, runs), blank_encode_ms(size, runs)
        print(f"{name:24} {size[0]:>4}x{size[1]:<5} {len(data) // 1024:>5} {drawn:>8.1f} {blank:>9.1f} "
              f"{drawn / blank:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
