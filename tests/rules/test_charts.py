"""Every cell of every result chart against the book, typed afresh from the book's pages.

Single-die charts are typed by the book's columns (1, 2 to 4, 5 to 9, 10); the grids
are typed down each DV column (die 10 first), the other way from the chart module.
"""

import pytest

from bot.rules.qotd.charts import CHARTS, GRIDS

BOOK = """
move                | Caution – Danger Ahead! | Are you Sure? | Forward! | Move It!
evade               | Gripped By Fear! | Panic! | Evade then! | Caught them Out!
move_forest         | Disorientated! | Is this the Path? | This is the Path! | Quickly – this way is Clear!
move_snow           | Fall Over! | Slip Sliding Away! | Firm Going! | Quickly – this way is Fine!
move_swamp          | Glug! Glug! | Is this the Path? | Its Shallow water here! | Its only ankle deep!
move_ruins          | Fall Over! | Loose Footing! | No obstacles ahead! | Quickly – this way is Fine!
task                | Complete Failure! | No Luck so Far! | Success! | Complete Success!
respond_opportunity | Flustered! | Hesitate! | I’m Ready! | Quick Reactions!
respond_attack      | Hesitate! | Flustered! | Respond | Quick Reactions!
react               | What shall I do? | This doesn’t look good! | Made of stern stuff! | Let’s do it!
locate              | Confused | I see no enemy! | I see you! | Got you!
courage             | Let’s get out of here! | Fall back and Take Cover!
                    | A- OK - Keep Calm and Carry On! | Totally Unaffected!
shoot               | I’m not sure I can do this! | Where’s the target! | Shoot at the Enemy! | Got Them!
to_hit_shooting     | Damn It! | Missed! | Gotcha! | Bulls Eye!
reload              | It’s Jammed! | This is Fiddly! | Ready to shoot! | Rapid Reload!
draw                | Darn It! | Slow on the Draw! | Shoot that Smoke Wagon! | Mr Chained Lightning!
respond_draw        | What The? | Time to get out ‘a Town! | Shoot that Smoke Wagon! | Mr Chained Lightning!
attack              | I’m not sure I can do this! | They look Tough! | Attack the Enemy! | Get Stuck In!
break_off           | Gripped By Fear! | Panic! | Evade then! | Caught them Out!
to_hit_fighting     | A Deadly Riposte! | Missed! | Take That! | A Deadly Blow!
come_round          | Knocked Out | Groggy | ‘Where Am I?’ | Let Me At’em!
heal                | He’s Gone! | Try Some More | Feeling Better | It’s a Miracle!
recovery_fit        | I’m Exhausted! | I’m Tired out! | Fighting Fit! | Experience is a great Teacher!
recovery_down       | He’s Going! | He needs time to heal! | Fully Recovered! | It’s a Miracle!
hes_going           | A Goner! | A Goner! | Needs Extensive Medical Care! | Needs Medical Care!
entangle            | Completely trapped or restrained | Entangled or restrained
                    | Partially entangled or restrained | Barely entangled or restrained
escape              | It’s Getting Worse! | I Won’t Give Up! | Done It! | That Was Easy!
beast_reaction      | The Beast flees | The Beast backs off | The Beast attacks | The Beast becomes enraged
charm               | Fails so badly | Fails | Success | Outstanding success
dominate            | Fails so badly | Fail | Success | Outstanding success
"""
"""Each chart's titles by the book's four columns: 1, 2 to 4, 5 to 9, 10 (a line with no key goes on)."""

OTHER_ROWS = {
    "random_movement": {"1-3": "Reverse", "4-5": "Go Right", "6-7": "Go left", "8-10": "Straight Ahead"},
    "poison": {"1-4": "Treat as 2 Lethal Hits", "5-10": "No Effect"},
}
"""The charts whose rows are not the four columns, by die ranges."""


def by_columns(table: str) -> dict[str, dict[str, str]]:
    """The typed table as die ranges to titles, chart by chart."""
    charts: dict[str, list[str]] = {}
    key = ""
    for line in table.strip().splitlines():
        head, *titles = (cell.strip() for cell in line.split("|"))
        key = head or key
        charts.setdefault(key, []).extend(titles)
    return {key: dict(zip(("1", "2-4", "5-9", "10"), titles, strict=True)) for key, titles in charts.items()}


EXPECTED = by_columns(BOOK) | OTHER_ROWS


def expected_title(key: str, value: int) -> str:
    for span, title in EXPECTED[key].items():
        low, _, high = span.partition("-")
        if int(low) <= value <= int(high or low):
            return title
    raise AssertionError(f"{key} has no title for {value}")


@pytest.mark.parametrize("key, value", [(key, value) for key in EXPECTED for value in range(1, 11)])
def test_chart_cell_matches_book(key, value):
    assert CHARTS[key].read(value).title == expected_title(key, value)


def test_every_chart_of_the_book_is_registered():
    assert set(CHARTS) == set(EXPECTED)
    assert set(GRIDS) == {"effect_of_hits", "effect_on_mounts", "effect_on_vehicles", "damage_to_wild_animals"}


@pytest.mark.parametrize("key", sorted(CHARTS))
def test_chart_covers_one_to_ten_with_names_and_effects(key):
    chart = CHARTS[key]
    assert chart.key == key and chart.name.strip()
    covered = sorted(v for row in chart.rows for v in range(row.low, row.high + 1))
    assert covered == list(range(1, 11))
    assert all(row.outcome.title.strip() and row.outcome.effect.strip() for row in chart.rows)


HITS = {"-": "Near Miss", "g": "Graze", "c": "Courage Test", "1": "1 Hit", "2": "2 Hits", "3": "3 Hits"}
VEHICLE = {"n": "No Damage", "c": "Courage test", "r": "Reduced Mobility", "i": "Immobilized", "d": "Destroyed"}
ANIMAL = {"n": "Nick", "1": "1 Hit", "2": "2 Hits", "s": "Slain"}

DOWN_THE_COLUMNS = {
    # die 10 first, down to 1; "3+" is the column after 3
    "effect_of_hits": (HITS, {-3: "gc11122233", -2: "gcc1122233", -1: "gccc112223", 0: "gcccc11222",
                              1: "-gcccc1122", 2: "-gccccc122", 3: "--gccccc12", 4: "---ggccc11"}),
    "effect_on_vehicles": (VEHICLE, {-3: "ncriiddddd", -2: "ncrriidddd", -1: "ncrrriiddd", 0: "ncrrriiidd",
                                     1: "nncrrriiid", 2: "nnncrrriid", 3: "nnnncrriid", 4: "nnnnncriid"}),
    "damage_to_wild_animals": (ANIMAL, {-2: "n11222ssss", -1: "nn11222sss", 0: "nn112222ss",
                                        1: "nnn112222s", 2: "nnnn11222s", 3: "nnnnn1122s"}),
}
DOWN_THE_COLUMNS["effect_on_mounts"] = DOWN_THE_COLUMNS["effect_of_hits"]

GRID_CELLS = [(key, dv, 10 - i, code) for key, (_, columns) in DOWN_THE_COLUMNS.items()
              for dv, column in columns.items() for i, code in enumerate(column)]


@pytest.mark.parametrize("key, dv, value, code", GRID_CELLS)
def test_grid_cell_matches_book(key, dv, value, code):
    titles = DOWN_THE_COLUMNS[key][0]
    assert GRIDS[key].read(value, dv)[1].title == titles[code]


@pytest.mark.parametrize("key, value, dv, title", [
    ("effect_of_hits", 8, -3, "1 Hit"), ("effect_of_hits", 10, 1, "Near Miss"), ("effect_of_hits", 2, -3, "3 Hits"),
    ("effect_of_hits", 1, 4, "1 Hit"), ("effect_on_vehicles", 5, 4, "Courage test"),
    ("damage_to_wild_animals", 4, -2, "Slain"), ("damage_to_wild_animals", 9, -2, "1 Hit"),
])
def test_grid_spot_checks(key, value, dv, title):
    assert GRIDS[key].read(value, dv)[1].title == title


@pytest.mark.parametrize("key", sorted(GRIDS))
def test_grid_dv_past_either_end_reads_the_end_column(key):
    grid = GRIDS[key]
    low, high = grid.columns[0], grid.columns[-1]
    for value in range(1, 11):
        assert grid.read(value, low - 3) == grid.read(value, low)
        assert grid.read(value, high + 5) == grid.read(value, high)


def test_grid_columns_and_names():
    assert GRIDS["effect_of_hits"].columns == GRIDS["effect_on_vehicles"].columns == (-3, -2, -1, 0, 1, 2, 3, 4)
    assert GRIDS["damage_to_wild_animals"].columns == (-2, -1, 0, 1, 2, 3)
    assert all(grid.name.strip() and all(o.effect.strip() for o in grid.outcomes.values()) for grid in GRIDS.values())


def test_mounts_read_the_characters_table_with_their_own_effects():
    characters, mounts = GRIDS["effect_of_hits"], GRIDS["effect_on_mounts"]
    assert mounts.cells is characters.cells
    assert set(mounts.outcomes) == set(characters.outcomes) == {"near_miss", "graze", "courage", "hit1", "hit2", "hit3"}
    assert all(mounts.outcomes[k].effect != characters.outcomes[k].effect for k in mounts.outcomes)
