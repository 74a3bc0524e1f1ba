"""Mackenzie Norman's card gunfight behind the ruleset interface: registered as "norman" for a `/gunfight`
group, offered by the bot through the registry, with hidden hands."""

import json
from random import Random

from bot.rules import registry  # noqa: F401  (registers every ruleset the bot plays)
from bot.rules.core.charts import GridChart
from bot.rules.core.ruleset import RULESETS, Cast, HiddenHands, State, ruleset
from bot.rules.norman.ruleset import NORMAN

from .table import gunfight


def test_registered_under_its_key_with_its_group_and_in_the_registry():
    assert ruleset("norman") is NORMAN and RULESETS["norman"].group == "gunfight"
    assert list(RULESETS).index("norman") > list(RULESETS).index("qotd")
    assert isinstance(NORMAN, HiddenHands)
    assert NORMAN.title == "Mackenzie Norman's card gunfight"


def test_the_state_is_what_the_bot_reads_and_stores():
    state = gunfight()
    assert isinstance(state, State) and all(isinstance(f, Cast) for f in state.characters.values())
    assert NORMAN.load(json.loads(json.dumps(state.to_json()))) == state
    assert state.pending is None and set(state.seats) == {1, 2}


def test_every_single_chart_covers_the_six_faces_once():
    """Every "needs" row of the text splits the D6's faces into a pass and a fail, with no gap."""
    for chart in NORMAN.charts.values():
        if isinstance(chart, GridChart):
            assert sorted(chart.cells) == list(range(1, 8))
        else:
            assert sorted(v for row in chart.rows for v in range(row.low, row.high + 1)) == list(range(1, 7))


def test_the_deal_shuffles_with_the_random_source_given():
    first, second = gunfight(), gunfight()
    for state, seed in ((first, 1), (second, 1)):
        NORMAN.deal(state, Random(seed))
    assert first.seats[1].hand == second.seats[1].hand
