"""Fighting back in base-to-base contact (MN 146-161): cards out of sight, revealed together, simultaneous."""

from random import Random

import pytest

from bot.glue.replies import markdown
from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import AnswerRequest, ContactRequest, DefendRequest, PlayRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import SHOT_DOWN

from .table import ANN, BOB, D6, DIRECTOR, act, give, gunfight, told

FIGHTERS = {"kid": (ANN, "man", {"pistols": "1"}), "joe": (BOB, "man", {"long": "rifle"})}


def test_pistol_attacker_three_cards_rifle_defender_two_reveal_at_the_same_time():
    """MN 156-159: a Pistol armed attacker places one, two or three Shoot cards out of sight; a Rifle armed
    defender plays up to two back; reveal at the same time. Strikes are simultaneous (MN 155): Joe, Shot down
    by the first strike, still strikes back."""
    state = gunfight(FIGHTERS, {ANN: "AS KS QS", BOB: "KH JH"})
    state, resolution = act(state, ContactRequest(ANN, "kid", "joe", ("AS", "KS", "QS")))
    assert resolution.headline == "Kid attacks Joe in contact with 3 card(s) out of sight"
    assert NORMAN.waiting_on(state, DIRECTOR).users == (BOB,)
    with pytest.raises(RulesError, match="at most 2"):
        act(state, DefendRequest(BOB, ("KH", "JH", "QH")))
    state, resolution = act(state, DefendRequest(BOB, ("KH", "JH")), 6, 1, 1, 5, 2, 2, 5)
    assert told(resolution) == [
        "Kid strikes Joe (1): 6 Hit", "Kid strikes Joe (2): 1 Missed", "Kid strikes Joe (3): 1 Missed",
        "Joe strikes Kid (1): 5 Hit", "Joe strikes Kid (2): 2 Missed",
        "True Grit of Joe: 2 Shot down", "True Grit of Kid: 5 Pinned",
        "Revealed: Kid A♠, K♠, Q♠; Joe K♥, J♥.", "Joe is Shot down.", "Kid gains a notch (1).", "Kid is Pinned."]
    assert state.characters["joe"].status == SHOT_DOWN and state.contact is None


@pytest.mark.parametrize(("setting", "pistol", "other"), [("section", 3, 2), ("table", 3, 1), ("option", 2, 2)])
def test_the_contact_limits_by_setting(setting, pistol, other):
    """MN 151-152 (two, three with a Pistol), MN 72 ("3(pistol)/1(other) in contact"), MN 161 (the option, up to
    2): the Director chooses (see docs/rulings.md)."""
    for options, most in (({"pistols": "1"}, pistol), ({"long": "rifle"}, other)):
        state = gunfight({"kid": (ANN, "man", options), "joe": (BOB, "man", {})}, {ANN: "AS KS QS JS"},
                         contact=setting)
        with pytest.raises(RulesError, match=f"at most {most}"):
            act(state, ContactRequest(ANN, "kid", "joe", ("AS", "KS", "QS", "JS")[:most + 1]))
        act(state, ContactRequest(ANN, "kid", "joe", ("AS", "KS", "QS", "JS")[:most]))


def test_a_defender_who_does_not_answer_strikes_back_with_nothing():
    """At the deadline the defender plays nothing (see docs/rulings.md)."""
    state = gunfight(FIGHTERS, {ANN: "AS", BOB: "KH"})
    state, _ = act(state, ContactRequest(ANN, "kid", "joe", ("AS",)))
    step = NORMAN.at_deadline(state, NORMAN.waiting_on(state, DIRECTOR), D6(3))
    assert list(map(markdown, step.lines)) == ["Kid strikes Joe (1): 3 → **Missed**", "Revealed: Kid A♠; Joe nothing."]


def test_shoot_skill_counts_in_contact_and_no_move_card_strikes():
    """MN 161, 236: Shoot +1 "includes hands in contact"; MN 153: Shoot cards are Ace/J/Q/K."""
    state = gunfight({"kid": (ANN, "man", {"skills": "Shoot"}), "joe": (BOB, "man", {})}, {ANN: "AS 5S"})
    with pytest.raises(RulesError, match="not a Shoot card"):
        act(state, ContactRequest(ANN, "kid", "joe", ("5S",)))
    state, _ = act(state, ContactRequest(ANN, "kid", "joe", ("AS",)))
    state, resolution = act(state, DefendRequest(BOB), 4, 6)
    assert resolution.readings[0].adjustments == (("Shoot skill", 1),)
    assert resolution.readings[0].outcome.title == "Hit"


def test_only_an_enemy_is_fought():
    """MN 147: "base-to-base Contact with enemy figure(s)"."""
    state = gunfight({"kid": (ANN, "man", {"pistols": "1"}), "pal": (ANN, "man", {}), "joe": (BOB, "man", {})},
                     {ANN: "AS KS"})
    with pytest.raises(RulesError, match="no enemy"):
        act(state, ContactRequest(ANN, "kid", "pal", ("AS",)))


def test_guns_never_fire_in_contact_until_the_figure_moves_away():
    """MN 154: "Guns may never fire while in contact with an enemy ... move away first then shoot"."""
    state = gunfight(FIGHTERS, {ANN: "AS", BOB: "KH"})
    state, _ = act(state, ContactRequest(ANN, "kid", "joe", ("AS",)))
    state, _ = act(state, DefendRequest(BOB), 1)
    NORMAN.advance(state, Random(0))
    give(state, {BOB: "KH 4H"})
    with pytest.raises(RulesError, match="guns never fire in contact"):
        act(state, PlayRequest(BOB, "joe", "shoot", ("KH",), weapon="rifle", targets=("kid",), range=1))
    state, _ = act(state, PlayRequest(BOB, "joe", "move", ("4H",)))
    state, resolution = act(state, AnswerRequest(ANN))
    assert "Joe moves away from Kid." in resolution.changes
    assert state.characters["kid"].contact == [] and state.characters["joe"].contact == []


def test_the_simpler_game_has_no_close_combat():
    """MN 282-285: "A simpler game occurs by simply missing out elements such as close combat"."""
    state = gunfight(FIGHTERS, {ANN: "AS"}, contact="none")
    with pytest.raises(RulesError, match="without close combat"):
        act(state, ContactRequest(ANN, "kid", "joe", ("AS",)))


def test_each_player_sees_only_their_own_cards_out_of_sight():
    """MN 157-159: the cards are placed out of sight; their owner knows them, nobody else."""
    state = gunfight(FIGHTERS, {ANN: "AS KS", BOB: "KH"})
    state, _ = act(state, ContactRequest(ANN, "kid", "joe", ("AS", "KS")))
    assert [str(c) for c in NORMAN.face_down(state, ANN)] == ["A♠", "K♠"] and NORMAN.face_down(state, BOB) == []
    assert NORMAN.redact(state)["contact"] == {"attacker": "kid", "defender": "joe", "attack": 2, "defence": 0}
