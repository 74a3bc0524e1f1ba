"""The search for cover on a hostile map (issue #26): the 40 KB text map whose one fence of 7,000 places, with one
Fall back and Take Cover!, held the event loop 22-26 s, and the largest map the checks now allow (ten fences of
100 places zigzagging edge to edge). Each is timed before (every half-pace lattice point of the map tried against
every segment of every line, as ``Battlefield.shelter`` did, and every line of sight read the whole terrain) and
after (the places within two moves, read through the terrain's index built for the search, as a fall back does
now), beside Main Street, the baseline, measured in the same run. A fall back's search runs in a thread of its
own, so the event loop goes on meanwhile (tests/bot/test_map_limits.py measures the loop); goal: the largest map
the checks allow searched within 150 ms, where before took seconds.

    .venv/bin/python bench/maps.py [--runs 5]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.rules.core.geometry import near_segment  # noqa: E402
from bot.rules.qotd.battlefield import (BARRIERS, COVER_REACH, GROUNDS, Battlefield, Cover, Mover,  # noqa: E402
                                        Obstacle)
from bot.rules.qotd.map_checks import MAX_LINE_POINTS  # noqa: E402
from bot.rules.qotd.on_the_map import nearest_cover  # noqa: E402
from bot.rules.qotd.sets import ready  # noqa: E402

ON_FOOT = Mover(8)


class Before(Battlefield):
    """The map as the search for cover read it before: :meth:`shelter` gave every half-pace lattice point in the
    box about each piece of cover, tried against every segment of its line, and every line of sight read the
    whole terrain (no index)."""

    def shelter(self, around: tuple[float, float], reach: float) -> list[tuple[float, float]]:
        """Every place of cover on the map, however far (``around`` and ``reach`` were not asked then)."""
        spots: set[tuple[float, float]] = set()
        r = COVER_REACH

        def lattice(x0: float, y0: float, x1: float, y1: float):
            for i in range(max(0, math.floor(x0)), min(self.width, math.ceil(x1))):
                for j in range(max(0, math.floor(y0)), min(self.height, math.ceil(y1))):
                    yield (i + 0.5, j + 0.5)

        for area in self.areas:
            if GROUNDS[area.ground].cover is not Cover.NONE:
                box = area.rect
                spots.update(lattice(box.x - r, box.y - r, box.x + box.w + r, box.y + box.h + r))
        for obstacle in self.obstacles:
            if BARRIERS[obstacle.barrier].cover is Cover.NONE:
                continue
            xs, ys = [p[0] for p in obstacle.line], [p[1] for p in obstacle.line]
            spots.update(p for p in lattice(min(xs) - r, min(ys) - r, max(xs) + r, max(ys) + r)
                         if any(near_segment(p, c, d) <= r for c, d in zip(obstacle.line, obstacle.line[1:])))
        return sorted(spots)


def zigzag(points: int, size: int, first: int = 0) -> list[tuple[float, float]]:
    """A fence from edge to edge of the set and back, a pace further south each time across."""
    return [(0.0 if k % 2 == 0 else size - 1.0, float((first + k // 2) % size)) for k in range(points)]


def maps() -> list[tuple[str, Battlefield, tuple[float, float], tuple[float, float]]]:
    """Each map with where the one who falls back stands and where the enemy stands."""
    issue = Battlefield(100, 100, "Long Fence", obstacles=[Obstacle("fence", zigzag(7_000, 100))])
    largest = Battlefield(100, 100, "Rails", obstacles=[Obstacle("fence", zigzag(MAX_LINE_POINTS, 100, 10 * n))
                                                        for n in range(10)])
    return [("Main Street (baseline)", ready("main_street"), (24.0, 18.0), (24.0, 22.0)),
            ("the issue's fence of 7,000 places (refused, or left out when stored, now)", issue, (30.0, 50.5),
             (20.0, 50.5)),
            ("ten fences of 100 places (the most allowed)", largest, (30.0, 40.5), (20.0, 40.5))]


def timed(work, runs: int) -> float:
    """The median of ``runs`` timings of ``work()``, in milliseconds."""
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        took.append((time.perf_counter() - start) * 1000)
    return statistics.median(took)


def fresh(field: Battlefield, kind: type[Battlefield] = Battlefield) -> Battlefield:
    """The map as a command loads it: no index built yet."""
    return kind(field.width, field.height, field.name, field.areas, field.obstacles)


def main() -> None:
    """Time the search for cover on each map, before and after, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timings of each search after (before: one)")
    args = parser.parse_args()
    baseline = None
    for name, field, start, threat in maps():
        found = []
        before = timed(lambda: found.append(nearest_cover(fresh(field, Before), start, threat, ON_FOOT, True)), 1)
        after = timed(lambda: found.append(nearest_cover(fresh(field), start, threat, ON_FOOT, True)), args.runs)
        baseline = baseline or after
        print(f"{name}: the search for cover before {before:,.1f} ms, after {after:.1f} ms ({after / baseline:.1f}x "
              f"the baseline's after), cover found at {found[0][0].path[-1] if found[0] else None} before, "
              f"{found[-1][0].path[-1] if found[-1] else None} after")


if __name__ == "__main__":
    main()
