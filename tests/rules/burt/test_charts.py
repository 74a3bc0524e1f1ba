"""Every table of the text against its lines, typed afresh from steve-burt-wild-west-skirmish.txt."""

import pytest

from bot.rules.burt.charts import (CHARTS, DAMAGE, FIRER_MOTION, HITS, INITIATIVE_PRICE, OVER_TEN, RANGES,
                                   SHOOTING_SKILL, TARGET_MOTION, UNJAM, Attack, Band, Calibre, Class, Gait, band_at,
                                   hits_column, second_die, to_hit, visibility_penalty)

TEXT_HITS = """
.22 Shotgun, long  | 1-7 | 8,9 | 0   | -
.33 Shotgun, med   | 1-6 | 7,8 | 9   | 0
.45 Shotgun, short | 1-5 | 6-8 | 9   | 0
Shotgun, PB        | 1-4 | 5-7 | 8,9 | 0
"""
"""SB 333-381: Calibre | Light | Serious | Critical | Dead, "0" a 10."""


def spans(cell: str) -> list[int]:
    """The die values of a cell: "1-7", "8,9", "0", "-"."""
    if cell == "-":
        return []
    if "-" in cell:
        low, high = cell.split("-")
        return list(range(int(low) or 10, (int(high) or 10) + 1))
    return [int(v) or 10 for v in cell.split(",")]


@pytest.mark.parametrize("line", TEXT_HITS.strip().splitlines())
def test_the_hits_table_row_by_row(line):
    """SB 327-381: "When a bullet hits, roll for effect depending on calibre"."""
    row, *cells = (c.strip() for c in line.split("|"))
    calibre = next(c for c in Calibre if c.title == row)
    expected = {v: title for cell, title in zip(cells, ("Light", "Serious", "Critical", "Dead")) for v in spans(cell)}
    assert sorted(expected) == list(range(1, 11))
    assert {v: HITS.read(v, hits_column(calibre))[1].title for v in range(1, 11)} == expected


def test_ranges_by_weapon():
    """SB 63-125: Point Blank, Short, Medium, Long."""
    assert RANGES == {"derringer": (3, 10, 20, 30), "pistol": (5, 15, 30, 50), "carbine": (10, 25, 50, 75),
                      "rifle": (15, 50, 100, 150), "shotgun": (3, 10, 20, 30)}
    assert band_at("pistol", 5) is Band.POINT_BLANK and band_at("pistol", 6) is Band.SHORT
    assert band_at("rifle", 150) is Band.LONG and band_at("rifle", 151) is None


def test_basic_rolls_to_hit_and_shooting_skill():
    """SB 197-221: 3, 5, 7, 9; -1 non-combatants, 0 cowboys, 1 lawmen/desperadoes, 2 gunslingers."""
    assert [b.to_hit for b in Band] == [3, 5, 7, 9]
    assert SHOOTING_SKILL == {Class.NON_COMBATANT: -1, Class.COWBOY: 0, Class.LAWMAN: 1, Class.DESPERADO: 1,
                              Class.GUNSLINGER: 2}


def test_motion_modifiers():
    """SB 231-265: the target's and the firer's motion."""
    assert TARGET_MOTION == {Gait.RUN: -1, Gait.TROT: -1, Gait.SPRINT: -2, Gait.CANTER: -2, Gait.GALLOP: -3}
    assert FIRER_MOTION == {Gait.WALK: -1, Gait.RUN: -2, Gait.TROT: -2, Gait.SPRINT: -3, Gait.CANTER: -3,
                            Gait.GALLOP: -4}


@pytest.mark.parametrize("visible, hard, soft", [(100, 0, 0), (75, -1, 0), (50, -2, -1), (25, -3, -1), (10, -4, -2)])
def test_visibility_and_soft_cover(visible, hard, soft):
    """SB 267-295: 75% -1, 50% -2, 25% -3, 10% -4; soft cover half: behind a waist-high hedge 75%, not 50%."""
    assert visibility_penalty(visible, soft_cover=False) == hard
    assert visibility_penalty(visible, soft_cover=True) == soft


def test_rolls_over_ten():
    """SB 303-311: 11 - 6-0, 12 - 8-0, 13 - 9-0, 14+ 0."""
    assert OVER_TEN == {11: 6, 12: 8, 13: 9, 14: 10}
    assert second_die(17) == 10


@pytest.mark.parametrize("needed, values", [
    (5, {1: "Jammed", 4: "Miss", 5: "Hit", 10: "Hit"}),
    (-1, {1: "Jammed", 2: "Hit"}),
    (12, {1: "Jammed", 9: "Miss", 10: "10: roll again"}),
])
def test_the_die_to_hit(needed, values):
    """SB 303, 313: a 1 indicates a jammed weapon; past 10 a 10 calls for the second die."""
    assert {v: to_hit(needed).read(v).title for v in values} == values


def test_unjam():
    """SB 313-319: 1 = permanently jammed, 4-6 OK, 2,3 try again."""
    assert [UNJAM.read(v).title for v in range(1, 7)] == ["Permanently jammed", "Try again", "Try again", "OK",
                                                          "OK", "OK"]


def test_hand_to_hand():
    """SB 399-433: roll to hit and damage by attack."""
    assert {a.title: a.to_hit for a in Attack} == {"Punch": 5, "Kick": 7, "Club": 5, "Knife": 7, "Grapple": 7}
    text = {Attack.PUNCH: "1-10 Light", Attack.KICK: "1-7 Light 8-10 Serious",
            Attack.CLUB: "1-7 Light 8-9 Serious 10-10 Critical", Attack.KNIFE: "1-5 Light 6-8 Serious 9-10 Critical"}
    for attack, row in text.items():
        assert " ".join(f"{r.low}-{r.high} {r.outcome.title}" for r in DAMAGE[attack].rows) == row


def test_initiative_prices():
    """SB 139-141: 1 point for a gunslinger, 2 for a desperado/lawman, 4 for a cowboy."""
    assert INITIATIVE_PRICE == {Class.GUNSLINGER: 1, Class.DESPERADO: 2, Class.LAWMAN: 2, Class.COWBOY: 4}


def test_movement_table():
    """SB 19-57: Crawl 2, Walk 6 (both), Run 12 / Trot, Sprint 16 / Canter, Gallop 20."""
    assert {g.title: g.cm for g in Gait if g is not Gait.STILL} == {
        "Crawl": 2, "Walk": 6, "Run": 12, "Trot": 12, "Sprint": 16, "Canter": 16, "Gallop": 20}


def test_every_fixed_chart_is_listed():
    assert set(CHARTS) == {"hits", "unjam", "punch", "kick", "club", "knife"}
