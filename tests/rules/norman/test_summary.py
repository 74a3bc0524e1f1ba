"""The end-of-game summary in the gunfight's words (MN = line of the text): who was Shot down, Fled or is Dead
(MN 176, 226), and each figure's plays, close combats and the hits that called for a True Grit roll (MN 162-203).
It names no card: a hand may still be hidden when the game ends."""

from bot.rules.norman.actions import AnswerRequest, PlayRequest
from bot.rules.norman.ruleset import NORMAN

from .table import ANN, BOB, act, gunfight

RIFLE = {"kid": (ANN, "man", {"long": "rifle"}), "joe": (BOB, "man", {})}


def test_a_shot_that_shoots_down_and_no_card_named():
    """MN 118-124: a 5 hits; MN 180-185: True Grit 3, Shot down. Bob still holds his hand."""
    state = gunfight(RIFLE, hands={ANN: "KS", BOB: "4H 9D"})
    state, played = act(state, PlayRequest(ANN, "kid", "shoot", cards=("KS",), weapon="rifle", targets=("joe",),
                                           range=10))
    state, answered = act(state, AnswerRequest(BOB), 5, 3)
    told = NORMAN.summary(state, [played, answered])
    assert [(f.name, f.how) for f in told.fallen] == [("Joe", "Shot down")]
    assert {d.name: d.counts for d in told.deeds} == {"Kid": ("1 play", "1 hit")}
    words = " ".join([told.fallen_title, *(f.how for f in told.fallen), *(w for d in told.deeds
                                                                           for w in (*d.counts, *d.notes))])
    assert not any(card in words for card in ("K♠", "4♥", "9♦", "KS", "4H", "9D"))
