"""The charts' registry by key, which the verifier reads outcomes on: every chart of every ruleset registers
itself, no two rulesets share a key, and a chart made anew for each situation is never read from its key."""

from bot.rules import registry  # noqa: F401 (every ruleset)
from bot.rules.burt.charts import threshold, to_hit
from bot.rules.core.charts import OWNERS, REGISTRY, SITUATIONAL, Outcome, chart_for
from bot.rules.core.ruleset import RULESETS
from bot.rules.core.dice import Dice, Roll
from bot.rules.verify import recompute, unreadable


def test_every_ruleset_s_charts_are_registered_by_their_key():
    for ruleset in RULESETS.values():
        for chart in ruleset.charts.values():
            assert REGISTRY[chart.key] == chart or chart.key in SITUATIONAL, (ruleset.key, chart.key)


def test_no_two_rulesets_share_a_chart_key():
    to_hit(7), to_hit(12), threshold("shock", "Shock: stunned on 2 or less", 6, 3, Outcome("a", ""), Outcome("b", ""))
    shared = {key: owners for key, owners in OWNERS.items() if len(owners) != 1}
    assert shared == {}
    assert {owner for owners in OWNERS.values() for owner in owners} >= {
        "bot.rules.qotd", "bot.rules.burt", "bot.rules.shootist", "bot.rules.dracula", "bot.rules.norman"}
    # (and any ruleset a test defines, such as tests/bot/duel.py's High Noon, once imported)


def test_a_chart_made_for_each_situation_or_read_by_other_than_a_die_is_not_read_from_its_key():
    to_hit(7), threshold("shock", "Shock: stunned on 2 or less", 6, 3, Outcome("a", ""), Outcome("b", ""))
    assert "to_hit" in SITUATIONAL and chart_for("to_hit") is None
    assert unreadable("shock") == "its chart is made for each situation"
    assert unreadable("save") == "its chart is read by the Successes scored" and chart_for("save") is None
    assert unreadable("colt-range") == "its chart is read by hexes"
    assert unreadable("persuade") == ("its chart is read by the die, the Persuade skill and the building card's "
                                      "colour, which is not shown")          # an honest log never fails on it
    assert unreadable("") == unreadable("no-such-chart") == "no chart"
    assert unreadable("to_hit_shooting") == "" and chart_for("to_hit_shooting").read(3).title == "Missed!"
    assert chart_for("one_die").read(12).title == "Success" and chart_for("one_die").read(4).title == "Failure"


def test_a_situational_chart_is_made_again_from_its_reading_s_base_and_modifiers():
    assert unreadable("to_hit") == unreadable("difficult") == ""
    roll = Roll(Dice(1), (6,))
    assert recompute("to_hit", roll, {"base": ["Short range", 7], "adjustments": [["Aimed", 1]]}) == "Hit"
    assert recompute("to_hit", roll, {"base": ["Long range", 9], "adjustments": [["Aimed", 1]]}) == "Miss"
    assert recompute("to_hit", Roll(Dice(1), (1,)), {"base": ["Short range", 7]}) == "Jammed"
    assert recompute("to_hit", roll, {}) is None                     # no range's number: not made again
    assert recompute("difficult", Roll(Dice(1), (2,)), {"adjustments": [["rating", 1]]}) == "Fallen over"
    assert recompute("difficult", Roll(Dice(1), (3,)), {"adjustments": [["rating", 1]]}) == "Made it"
