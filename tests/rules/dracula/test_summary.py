"""The end-of-game summary in Dracula's America's words (DA = line of the reference): who is Downed, a Casualty
or Bottled Out (DA 84-95, 145-150), and each model's Shoot and Fight Actions and the Saves they forced (DA 97-141).
It names no card: a hand may still be hidden when the game ends."""

from __future__ import annotations

from bot.rules.core.actions import perform
from bot.rules.dracula.actions import FightRequest, ShootRequest
from bot.rules.dracula.ruleset import DRACULA

from .game import Faces
from .test_combat import activated


def test_a_shot_then_a_fight_that_downs_the_target():
    """Abe shoots Bud: 2 Successes, the Save fails by 2, Shaken (DA 112-116, 148); then charges him: Abe wins
    the Fight and strikes, the Save fails by 3, Downed (DA 128-141)."""
    state = activated("abe")
    state, shot = perform(state, ShootRequest("abe", "bud", "pistol", "short"), Faces(7, 5, 2, 1, 4))
    state, fight = perform(state, FightRequest("abe", "bud", charging=True), Faces(9, 6, 1, 2, 3, 3))
    told = DRACULA.summary(state, [shot, fight])
    assert [(f.name, f.how) for f in told.fallen] == [("Bud", "Downed")]
    assert {d.name: d.counts for d in told.deeds} == {"Abe": ("1 Shoot Action", "1 Fight Action", "2 Saves forced")}
    assert told.fallen_title == "Downed, Casualties and Bottled Out"


def test_nothing_done_and_everyone_standing():
    told = DRACULA.summary(activated("abe"), [])
    assert told.fallen == told.deeds == () and told.nobody_fell == "Nobody: every model stands."
