"""The terrain's index (issue #26) answers as reading the whole terrain does: a line of sight, a path's going, the
first wall and the places of cover are the same whether the map's index is built or not, on random maps; and
what a map may hold (:mod:`bot.rules.qotd.map_checks`): a map stored before the checks keeps what passes them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.core import serial
from bot.rules.core.geometry import Rect
from bot.rules.qotd.battlefield import BARRIERS, GROUNDS, Area, Battlefield, Mover, Obstacle, Opening, Token
from bot.rules.qotd.map_checks import MAX_LINE_POINTS, MAX_PIECES, MAX_POINTS, check, stored_map
from bot.rules.qotd.state import RulesError

SIZE = 60
paces = st.integers(0, SIZE * 2).map(lambda n: n / 2)
places = st.tuples(paces, paces)


@st.composite
def areas(draw) -> Area:
    """An area on the set, of any ground; a building with a door or window on its south wall, or none."""
    x, y = draw(st.integers(0, SIZE - 2)), draw(st.integers(0, SIZE - 2))
    w, h = draw(st.integers(1, SIZE - x)), draw(st.integers(1, SIZE - y))
    ground = draw(st.sampled_from(list(GROUNDS)))
    doors = [Opening(kind, (x + w / 2, y + h)) for kind in draw(st.lists(st.sampled_from(["door", "window"]),
                                                                          max_size=1))]
    return Area(ground, Rect(x, y, w, h), "", doors if ground == "building" else [])


lines = st.builds(Obstacle, st.sampled_from(list(BARRIERS)), st.lists(places, min_size=2, max_size=8))
maps = st.builds(lambda a, o: Battlefield(SIZE, SIZE, areas=a, obstacles=o),
                 st.lists(areas(), max_size=12), st.lists(lines, max_size=8))


def whole(field: Battlefield) -> Battlefield:
    """The same map with no index: every query reads its whole terrain."""
    return Battlefield(field.width, field.height, areas=field.areas, obstacles=field.obstacles)


def going(field: Battlefield, a, b) -> object:
    """The going from ``a`` to ``b`` on foot, or why it is refused."""
    try:
        return field.going([a, b], Mover(8))
    except RulesError as refused:
        return str(refused)


@settings(max_examples=150, deadline=None)
@given(maps, st.lists(st.tuples(places, places), min_size=1, max_size=6))
def test_the_index_answers_as_the_whole_terrain_does(field, segments):
    indexed = field
    indexed.indexed()
    plain = whole(field)
    for a, b in segments:
        assert indexed.sight(a, b) == plain.sight(a, b)
        assert going(indexed, a, b) == going(plain, a, b)
        assert indexed.first_wall(a, b) == plain.first_wall(a, b)
    lattice = [(i + 0.5, j + 0.5) for i in range(0, SIZE, 3) for j in range(0, SIZE, 3)]
    assert [indexed.sheltering(p) for p in lattice] == [plain.sheltering(p) for p in lattice]


def test_cover_is_sought_only_within_reach():
    """A fence 20 paces off is past two moves on foot (16 paces): no place of cover is offered there; within
    reach, the places beside it are."""
    field = Battlefield(60, 40, obstacles=[Obstacle("fence", [(30, 0), (30, 40)])])
    assert field.shelter((10, 20), 16) == []
    near = field.shelter((22, 20), 16)
    assert near and all(math.dist(p, (22, 20)) <= 16 and abs(p[0] - 30) <= 2 for p in near)


# -- what a map may hold ---------------------------------------------------------------------------------------


def test_a_map_at_the_limits_passes_and_one_past_them_is_refused():
    fences = [Obstacle("fence", [(float(k % 2), float(n)) for k in range(MAX_LINE_POINTS)])
              for n in range(MAX_POINTS // MAX_LINE_POINTS)]
    scrub = [Area("scrub", Rect(1, 1, 1, 1)) for _ in range(MAX_PIECES - len(fences))]
    full = Battlefield(SIZE, SIZE, areas=scrub, obstacles=fences)
    assert check(full) is full
    with pytest.raises(RulesError, match=f"at most {MAX_PIECES} pieces"):
        check(Battlefield(SIZE, SIZE, areas=[*scrub, Area("scrub", Rect(1, 1, 1, 1))], obstacles=fences))
    with pytest.raises(RulesError, match=f"at most {MAX_POINTS:,} places in all"):
        check(Battlefield(SIZE, SIZE, obstacles=[*fences, Obstacle("wall", [(0, 0), (1, 1)])]))


def test_a_map_stored_before_the_checks_keeps_what_passes_them_in_order():
    stored = serial.to_json(Battlefield(
        SIZE, SIZE, "Old", areas=[Area("woods", Rect(1, 1, math.nan, 4)), Area("rocks", Rect(2, 2, 3, 3)),
                                  Area("scrub", Rect(50, 50, 20, 20))],
        obstacles=[Obstacle("fence", [(0, k % 2) for k in range(MAX_LINE_POINTS + 1)]),
                   Obstacle("hedge", [(0, 0), (math.inf, 0)]), Obstacle("wall", [(5, 5), (9, 5)])],
        tokens={"kid": Token("kid", (3, 3)), "ghost": Token("ghost", (math.nan, 1)),
                "far": Token("far", (500, 1))}))
    field = stored_map(stored)
    assert [a.ground for a in field.areas] == ["rocks"] and [o.barrier for o in field.obstacles] == ["wall"]
    assert list(field.tokens) == ["kid"] and field.name == "Old"


def test_a_stored_map_past_the_limits_keeps_its_first_pieces_up_to_them():
    scrub = [Area("scrub", Rect(1, 1, 1, 1), str(n)) for n in range(MAX_PIECES + 20)]
    field = stored_map(serial.to_json(Battlefield(SIZE, SIZE, areas=scrub)))
    assert [a.name for a in field.areas] == [str(n) for n in range(MAX_PIECES)]


def test_a_stored_terrain_is_read_and_checked_once_and_its_size_is_part_of_it():
    """Each command reads its game's map; the set never changes in a game, so its pieces are read and checked the
    first time and shared after (a map edited is a new list); the same pieces on a smaller map are checked anew."""
    pieces = {"areas": [Area("rocks", Rect(2, 2, 3, 3)), Area("woods", Rect(40, 40, 5, 5))],
              "obstacles": [Obstacle("wall", [(5, 5), (9, 5)])]}
    stored = serial.to_json(Battlefield(SIZE, SIZE, "Set", **pieces, tokens={"kid": Token("kid", (3, 3))}))
    first, again = stored_map(stored), stored_map({**stored, "tokens": {"kid": {"key": "kid", "at": [4, 4]}}})
    assert again.areas is first.areas and again.obstacles is first.obstacles and again.tokens["kid"].at == (4, 4)
    assert [a.ground for a in first.areas] == ["rocks", "woods"] and again.name == "Set"
    smaller = stored_map({**stored, "width": 30, "height": 30})
    assert [a.ground for a in smaller.areas] == ["rocks"] and smaller.areas is not first.areas


def test_a_stored_map_that_cannot_be_read_is_left_out():
    assert stored_map({"width": 1e999, "height": 30}) is None
    assert stored_map({"width": 40, "height": 30, "areas": "woods"}) is None
