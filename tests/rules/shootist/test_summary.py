"""The end-of-game summary in the Shootist's words (SH = line of the text): who is dead or knocked out (SH 57-58),
and each shootist's shots (SH 5), brawls (SH 67-70) and the wounds he dealt (the Wounds chart, SH 55-61)."""

from bot.rules.shootist.brawl import BrawlRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest

from .table import act, dealt, game, titles


def test_a_brawl_lost_and_a_shot_that_kills():
    """Ann brawls Bob and loses: Bob deals her a wound, in the Head, and she is knocked out (SH 57, 69-70: the
    loser gets a wound). Cy, next, shoots Bob in the head: instant death (SH 57)."""
    state = dealt(game(("Ann", 1, {}), ("Bob", 2, {}), ("Cy", 1, {})), 6, 2, 4)
    state, lost = act(state, BrawlRequest("ann", "bob"), 3, 7, 1)
    assert titles(lost)[-1] == "Head"
    assert SHOOTIST.advance(state, None).acting == "cy"
    state, shot = act(state, ShootRequest("cy", "bob", hexes=4), 6, 5, 1)
    told = SHOOTIST.summary(state, [lost, shot])
    assert [(f.name, f.how) for f in told.fallen] == [("Ann", "knocked out"), ("Bob", "dead")]
    assert {d.name: d.counts for d in told.deeds} == {"Ann": ("1 brawl",), "Bob": ("1 wound dealt",),
                                                      "Cy": ("1 shot", "1 wound dealt")}
