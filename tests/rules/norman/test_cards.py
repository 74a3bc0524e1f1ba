"""The card table (MN 46-86): moves, climbs, Shoot cards and their limits, and the Joker window that waits on
every opponent alike."""

import pytest

from bot.glue.replies import markdown
from bot.rules.core.cards import Card
from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import AnswerRequest, PlayRequest
from bot.rules.norman.ruleset import NORMAN

from .table import ANN, BOB, CAL, D6, DIRECTOR, act, gunfight, told


def test_a_3_allows_a_3_inch_move_half_if_pinned():
    """MN 57-60: "a 3 allows a 3" move (half if Pinned)"; the card waits on Bob's answer first."""
    state = gunfight(hands={ANN: "3S 4S", BOB: "5H"})
    state, resolution = act(state, PlayRequest(ANN, "kid", "move", ("3S",)))
    assert NORMAN.waiting_on(state, DIRECTOR).users == (BOB,)
    state, resolution = act(state, AnswerRequest(BOB))
    assert "Kid moves up to 3\"." in told(resolution)
    state.characters["joe"].pinned = True
    NORMAN.advance(state, None)
    state, resolution = act(state, PlayRequest(BOB, "joe", "move", ("5H",)))
    state, resolution = act(state, AnswerRequest(ANN))
    assert "Joe moves up to 2.5\" (half: Pinned)." in told(resolution)


def test_move_2_climb_move_4_uses_a_6_and_a_10():
    """MN 61-66: "move 2" then climb then move 4," uses a "6" and a "10"": the climb takes the figure up."""
    state = gunfight(hands={ANN: "6S 10S", BOB: ""})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("6S",), climb="10S"))
    state, resolution = act(state, AnswerRequest(BOB))
    assert told(resolution)[-2:] == ["Kid moves up to 6\".", "Kid climbs up onto a balcony or roof on the way."]
    assert state.characters["kid"].high
    assert Card.parse("6S") in state.deck.discard and Card.parse("10S") in state.deck.discard


def test_a_climb_card_is_no_move_card_and_a_figure_moves_once():
    """MN 57-66: 2-6 move, 7-10 climb (see docs/rulings.md); MN 56: no figure activates more than once."""
    state = gunfight(hands={ANN: "8S 2S 3S", BOB: ""})
    with pytest.raises(RulesError, match="not a move card"):
        act(state, PlayRequest(ANN, "kid", "move", ("8S",)))
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("2S",)))
    state, _ = act(state, AnswerRequest(BOB))
    with pytest.raises(RulesError, match="already moved"):
        act(state, PlayRequest(ANN, "kid", "move", ("3S",)))


def test_no_figure_activates_more_than_once_a_turn():
    """MN 56: once Ann plays for another figure, the first cannot be activated again this turn."""
    state = gunfight(figures={"kid": (ANN, "man", {"pistols": "1"}), "sam": (ANN, "man", {}),
                              "joe": (BOB, "man", {})}, hands={ANN: "2S 3S 4S", BOB: ""})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("2S",)))
    state, _ = act(state, AnswerRequest(BOB))
    state, _ = act(state, PlayRequest(ANN, "sam", "move", ("3S",)))
    state, _ = act(state, AnswerRequest(BOB))
    with pytest.raises(RulesError, match="already activated"):
        act(state, PlayRequest(ANN, "kid", "shoot", ("4S",), weapon="pistol", targets=("joe",), range=3))


def test_only_the_player_whose_turn_it_is_plays():
    state = gunfight(hands={ANN: "2S", BOB: "3H"})
    with pytest.raises(RulesError, match="not your turn"):
        act(state, PlayRequest(BOB, "joe", "move", ("3H",)))
    with pytest.raises(RulesError, match="do not hold"):
        act(state, PlayRequest(ANN, "kid", "move", ("3H",)))


@pytest.mark.parametrize(("options", "weapon", "most"), [({"long": "shotgun"}, "shotgun", 1),
                                                        ({"long": "rifle"}, "rifle", 1),
                                                        ({"pistols": "1"}, "pistol", 3),
                                                        ({"pistols": "2"}, "pistols", 6)])
def test_shoot_cards_a_turn_by_weapon(options, weapon, most):
    """MN 69-72: "maximum of one Shoot card on a shotgun, up to 1 (+1 to aim) on a rifle, and up to 3 on a
    pistol, 6 for 2 pistols"."""
    state = gunfight(figures={"kid": (ANN, "man", options), "joe": (BOB, "man", {})},
                     hands={ANN: "AS KS QS JS AC KC QC", BOB: ""})
    cards = ("AS", "KS", "QS", "JS", "AC", "KC", "QC")[:most + 1]
    with pytest.raises(RulesError, match=f"at most {most} Shoot cards"):
        act(state, PlayRequest(ANN, "kid", "shoot", cards, weapon=weapon, targets=("joe",), range=3))
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", cards[:most], weapon=weapon, targets=("joe",), range=3))
    assert state.window.play.units == most


def test_a_move_card_does_not_shoot_and_a_figure_needs_the_gun():
    """MN 153: Shoot cards are Ace/J/Q/K; a figure shoots only a weapon it carries."""
    state = gunfight(hands={ANN: "5S KS", BOB: ""})
    with pytest.raises(RulesError, match="not a Shoot card"):
        act(state, PlayRequest(ANN, "kid", "shoot", ("5S",), weapon="pistol", targets=("joe",), range=3))
    with pytest.raises(RulesError, match="no rifle"):
        act(state, PlayRequest(ANN, "kid", "shoot", ("KS",), weapon="rifle", targets=("joe",), range=3))


def test_the_joker_window_waits_on_every_opponent_whatever_they_hold():
    """MN 73-78, and the secret of issue 15: the window waits on both opponents, Joker or none, and answers
    stay unsaid until the last is in."""
    state = gunfight({"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {})},
                     {ANN: "4S", BOB: "RJ", CAL: "2D"}, {ANN: "spades", BOB: "hearts", CAL: "diamonds"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("4S",)))
    assert set(NORMAN.waiting_on(state, DIRECTOR).users) == {BOB, CAL}
    state, first = act(state, AnswerRequest(BOB, cancel=1))
    assert told(first) == ["Answers in: 1 of 2."]
    assert NORMAN.waiting_on(state, DIRECTOR).users == (CAL,)
    with pytest.raises(RulesError, match="hold no Joker"):
        act(state, AnswerRequest(CAL, cancel=1))
    state, last = act(state, AnswerRequest(CAL))
    assert told(last)[1:] == ["A Hearts Joker cancels the move.",
                              "Kid is stopped at any point en route, ending the player's turn."]
    assert state.stopped and "stopped your turn" in str(NORMAN.waiting_on(state, DIRECTOR).asks)
    with pytest.raises(RulesError, match="Joker ended your turn"):
        act(state, PlayRequest(ANN, "kid", "move", ("4S",)))


def test_cancelling_a_shoot_card_cancels_its_aim_and_still_counts_as_shot():
    """MN 77-78: "Cancelling a Shoot card cancels any attached Aim card. The figure still counts as having Shot
    once." """
    state = gunfight(figures={"kid": (ANN, "man", {"long": "rifle"}), "joe": (BOB, "man", {})},
                     hands={ANN: "KS AS QS", BOB: "BJ"})
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", ("KS",), aim="AS", weapon="rifle", targets=("joe",),
                                      range=10))
    state, resolution = act(state, AnswerRequest(BOB, cancel=1))
    assert told(resolution)[-1] == "A Hearts Joker cancels Shoot card 1 (K♠) and its Aim card."
    assert not resolution.readings and state.characters["kid"].shots == 1
    with pytest.raises(RulesError, match="at most 1 Shoot cards"):
        act(state, PlayRequest(ANN, "kid", "shoot", ("QS",), weapon="rifle", targets=("joe",), range=10))


def test_a_joker_cancels_one_of_three_pistol_shots():
    """MN 70-78: a pistol plays up to 3 Shoot cards; a Joker cancels one of them, the others are rolled."""
    state = gunfight(hands={ANN: "KS QS JS", BOB: "RJ"})
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", ("KS", "QS", "JS"), weapon="pistol", targets=("joe",),
                                      range=4))
    state, resolution = act(state, AnswerRequest(BOB, cancel=2), 1, 2)
    assert told(resolution) == ["Kid shoots at Joe: 1 Missed", "Kid shoots at Joe: 2 Missed", "Answers in: 1 of 1.",
                                "A Hearts Joker cancels Shoot card 2 (Q♠)."]


def test_one_weapon_type_a_turn():
    """MN 286: "You may only Shoot with one weapon type in a players turn"."""
    state = gunfight(figures={"kid": (ANN, "man", {"pistols": "1", "long": "rifle"}), "joe": (BOB, "man", {})},
                     hands={ANN: "KS QS", BOB: ""})
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", ("KS",), weapon="pistol", targets=("joe",), range=3))
    state, _ = act(state, AnswerRequest(BOB), 1)
    with pytest.raises(RulesError, match="one weapon type a turn"):
        act(state, PlayRequest(ANN, "kid", "shoot", ("QS",), weapon="rifle", targets=("joe",), range=3))


def test_teammates_are_not_asked_in_a_four_player_game():
    """MN 15-16: "For 4 player games the 2 Black suits fight the 2 Red ones": only the red players answer."""
    state = gunfight({"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {}),
                      "dot": (4, "man", {})}, {ANN: "2S"}, {ANN: "spades", BOB: "hearts", CAL: "clubs", 4: "diamonds"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("2S",)))
    assert sorted(NORMAN.waiting_on(state, DIRECTOR).users) == [BOB, 4]


def test_the_deadline_lets_the_play_stand():
    """Every answer missing at the deadline lets the play stand (see docs/rulings.md)."""
    state = gunfight(hands={ANN: "KS", BOB: "RJ"})
    state, _ = act(state, PlayRequest(ANN, "kid", "shoot", ("KS",), weapon="pistol", targets=("joe",), range=3))
    step = NORMAN.at_deadline(state, NORMAN.waiting_on(state, DIRECTOR), D6(6, 3))
    assert list(map(markdown, step.lines)) == ["Kid shoots at Joe: 6 → **Hit**", "True Grit of Joe: 3 → **Shot down**",
                          "Joe is Shot down.", "Kid gains a notch (1)."]
    assert Card.parse("RJ") in state.seats[BOB].hand


def test_a_rider_dismounts_during_the_move():
    """MN 85-86: "Move and climb / dismount" count as one card for the Joker."""
    state = gunfight({"kid": (ANN, "man", {"horse": "yes"}), "joe": (BOB, "man", {})}, {ANN: "5S"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("5S",), dismount=True))
    assert state.window.play.units == 1
    state, resolution = act(state, AnswerRequest(BOB))
    assert resolution.changes[-1] == "Kid dismounts." and not state.characters["kid"].horse


def test_a_group_move_at_the_speed_of_the_slowest_and_movement_alone():
    """MN 267-272: "a bunch of figures in base contact to all move at the same time (at the speed of the
    slowest) ... can only do Movement this turn"."""
    state = gunfight({"kid": (ANN, "man", {"pistols": "1"}), "sam": (ANN, "man", {}), "joe": (BOB, "man", {})},
                     {ANN: "6S KS", BOB: ""})
    state.characters["sam"].pinned = True
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("6S",), group=("sam",)))
    assert state.window.play.units == 1
    state, resolution = act(state, AnswerRequest(BOB))
    assert resolution.changes[-1] == "Kid and Sam move up to 3\" (half: Pinned), still in contact, at the speed " \
                                     "of the slowest."
    for figure in ("kid", "sam"):
        with pytest.raises(RulesError, match="already activated"):
            act(state, PlayRequest(ANN, figure, "shoot", ("KS",), weapon="pistol", targets=("joe",), range=3))


def test_a_joker_stops_the_whole_group():
    state = gunfight({"kid": (ANN, "man", {}), "sam": (ANN, "man", {}), "joe": (BOB, "man", {})},
                     {ANN: "4S", BOB: "RJ"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("4S",), group=("sam",)))
    state, resolution = act(state, AnswerRequest(BOB, cancel=1))
    assert resolution.changes[-1] == "Kid and Sam are stopped at any point en route, ending the player's turn."


def test_the_channel_reads_the_cards_played_and_what_for():
    state = gunfight({"kid": (ANN, "man", {"horse": "yes"}), "sam": (ANN, "man", {}), "joe": (BOB, "man", {})},
                     {ANN: "5S 9S"})
    state, resolution = act(state, PlayRequest(ANN, "kid", "move", ("5S",), climb="9S", dismount=True))
    assert resolution.headline == "Kid plays 5♠, 9♠ to move, climbing, dismounting"
    assert resolution.changes == ("Every opponent answers: cancel it with a Joker, or let it stand.",)


def test_each_card_has_its_uses_for_the_hand_menu():
    """MN 48-86, the "Uses – either:" column read from the notes (see docs/rulings.md)."""
    state = gunfight(hands={ANN: "AS KS 2S 7S BJ"})
    assert [(str(card), uses) for card, uses in NORMAN.uses(state, ANN)] == [
        ("A♠", ("Shoot", "Aim", "distance")), ("K♠", ("Shoot", "Aim")), ("2♠", ("move", "distance")),
        ("7♠", ("climb", "distance")), ("Black Joker", ("cancel",))]
    with pytest.raises(RulesError, match="no seat"):
        NORMAN.uses(state, CAL)



def test_a_joker_laid_in_the_window_is_seen_by_its_owner_alone():
    """The answers stay unsaid until the last is in (see docs/rulings.md)."""
    state = gunfight({"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {})},
                     {ANN: "4S", BOB: "RJ 2H", CAL: ""}, {ANN: "spades", BOB: "hearts", CAL: "diamonds"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("4S",)))
    state, _ = act(state, AnswerRequest(BOB, cancel=1))
    assert [str(c) for c in NORMAN.face_down(state, BOB)] == ["Red Joker"] and NORMAN.face_down(state, CAL) == []
    public = NORMAN.redact(state)["window"]
    assert (public["answered"], public["waiting"]) == (1, [CAL]) and "Joker" not in str(public)
