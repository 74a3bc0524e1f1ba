"""The end of a game of Quick on the Draw through Discord: `/game end` posts who fell and who did what, and a shot
that stopped at Wanting to Shoot is no shot (quick-on-the-draw.txt 1140-1143, 1172-1175). The other rulesets'
summaries are read at the end of their whole-game tests (test_burt, test_shootist, test_dracula, test_gunfight); a
ruleset that tells none of its own gets the protocol's default."""

from __future__ import annotations

import random

from bot.glue.summaries import summary_lines
from bot.rules.core.ruleset import CastSpec

from .duel import DUEL
from .helpers import end_game, text_of
from .test_commands import ready, step  # noqa: F401  (the fixture)


async def test_the_summary_counts_the_shot_fired_not_the_one_that_stopped_at_wanting_to_shoot(ready):
    scene = ready
    balked = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (3,))
    assert "Where’s the target!" in text_of(balked)
    fired = await step(scene, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (7, 8, 5, 6))
    assert "Wyatt loses K♠ (lethal hit, for good)" in text_of(fired)
    ended = text_of(await end_game(scene.dora, scene.channel))
    assert "The end of the game" in ended
    assert "**Who did what**\n**Kid**: 1 shot, 1 hit\n**Wyatt**: lost K♠ (for good)" in ended


def test_a_ruleset_that_tells_no_summary_of_its_own_says_who_fell_as_its_board_has_them():
    """A ruleset dropped in beside the five (tests/bot/duel.py) ends with the protocol's default: its board's rows
    out of the fight, with their words, and no deeds."""
    state = DUEL.new_game()
    for key, owner, grit in (("kid", 1, "0"), ("ann", 2, "2")):
        DUEL.cast(state, CastSpec(key, key.title(), owner, "gunslinger", {"grit": grit}), random.Random(0))
    told = DUEL.summary(state, [])
    assert [(f.name, f.how) for f in told.fallen] == [("Kid", "Down")] and told.deeds == ()
    assert summary_lines(told) == ["**Casualties**", "**Kid**: Down", "", "**Who did what**",
                                   "Nobody did anything worth telling."]
