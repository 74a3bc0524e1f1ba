"""Plane geometry for a tabletop in paces: points, segments, paths and upright rectangles.

x runs east across the table, y south down it (as a picture is drawn). Small and
exact enough for a skirmish: nothing here knows about any ruleset.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
EPSILON = 1e-9


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def point_at(a: Point, b: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def crossing(a: Point, b: Point, c: Point, d: Point) -> float | None:
    """How far along ``a``-``b`` (0 to 1) it crosses the segment ``c``-``d``; None if it does not
    (parallel segments never cross)."""
    r = (b[0] - a[0], b[1] - a[1])
    s = (d[0] - c[0], d[1] - c[1])
    denominator = r[0] * s[1] - r[1] * s[0]
    if abs(denominator) < EPSILON:
        return None
    q = (c[0] - a[0], c[1] - a[1])
    t = (q[0] * s[1] - q[1] * s[0]) / denominator
    u = (q[0] * r[1] - q[1] * r[0]) / denominator
    if -EPSILON <= t <= 1 + EPSILON and -EPSILON <= u <= 1 + EPSILON:
        return min(1.0, max(0.0, t))
    return None


def crossings(a: Point, b: Point, line: list[Point]) -> list[float]:
    """Where ``a``-``b`` crosses a polyline, as fractions along it, nearest ``a`` first; a crossing at a
    joint of the polyline counts once."""
    found = sorted(t for c, d in zip(line, line[1:]) if (t := crossing(a, b, c, d)) is not None)
    return [t for i, t in enumerate(found) if i == 0 or t - found[i - 1] > EPSILON]


def near_segment(p: Point, c: Point, d: Point) -> float:
    """The distance from ``p`` to the nearest point of the segment ``c``-``d``."""
    length = distance(c, d) ** 2
    if length < EPSILON:
        return distance(p, c)
    t = ((p[0] - c[0]) * (d[0] - c[0]) + (p[1] - c[1]) * (d[1] - c[1])) / length
    return distance(p, point_at(c, d, min(1.0, max(0.0, t))))


@dataclass(frozen=True)
class Rect:
    """An upright rectangle: its north-west corner, width (east) and height (south)."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, p: Point) -> bool:
        return self.x - EPSILON <= p[0] <= self.x + self.w + EPSILON and \
            self.y - EPSILON <= p[1] <= self.y + self.h + EPSILON

    def clip(self, a: Point, b: Point) -> tuple[float, float] | None:
        """The stretch of ``a``-``b`` inside the rectangle, as fractions (t0, t1) along it; None if it
        misses or only grazes a corner (Liang-Barsky)."""
        t0, t1 = 0.0, 1.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        for p, q in ((-dx, a[0] - self.x), (dx, self.x + self.w - a[0]),
                     (-dy, a[1] - self.y), (dy, self.y + self.h - a[1])):
            if abs(p) < EPSILON:
                if q < -EPSILON:
                    return None
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
        if t1 - t0 <= EPSILON:
            return None
        return t0, t1

    def walls_crossed(self, a: Point, b: Point) -> list[float]:
        """Where ``a``-``b`` passes through the rectangle's edge (in or out), as fractions along it."""
        stretch = self.clip(a, b)
        if stretch is None:
            return []
        t0, t1 = stretch
        return [t for t, through in ((t0, t0 > EPSILON), (t1, t1 < 1 - EPSILON)) if through]


def path_length(path: list[Point]) -> float:
    return sum(distance(a, b) for a, b in zip(path, path[1:]))


def cut_path(path: list[Point], length: float) -> list[Point]:
    """The first ``length`` paces of a path."""
    out = path[:1]
    left = length
    for a, b in zip(path, path[1:]):
        leg = distance(a, b)
        if leg >= left - EPSILON:
            out.append(point_at(a, b, left / leg) if leg > EPSILON else b)
            return out
        out.append(b)
        left -= leg
    return out


def turned(a: Point, b: Point, quarter_turns: int, length: float) -> Point:
    """The point ``length`` paces from ``a``, heading as from ``a`` to ``b`` turned clockwise (as seen from
    above) by ``quarter_turns`` right angles."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy) or 1.0
    dx, dy = dx / norm, dy / norm
    for _ in range(quarter_turns % 4):
        dx, dy = -dy, dx
    return (a[0] + dx * length, a[1] + dy * length)
