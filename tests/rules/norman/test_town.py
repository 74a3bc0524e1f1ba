"""The town and its Allies (MN 17-26, 204-224): stock cards face down on buildings, looked at from the door,
Persuaded on 6+, Money taken."""

from random import Random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import DoorRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import stock

from .table import ANN, BOB, act, gunfight, told


def town(state, *cards):
    """The town is built before the first deal: here, after it, one building a card, in the order given."""
    turn, state.turn = state.turn, 0
    for each in cards:
        NORMAN.add_stock(state, each)
    NORMAN.build_town(state, [f"House {n}" for n in range(1, len(cards) + 1)], Random(0))
    state.town.sort(key=lambda place: [c.name for c in cards].index(place.card.name))
    for n, place in enumerate(state.town, start=1):
        place.name = f"House {n}"
    state.turn = turn
    return state


def test_stock_cards_are_randomly_allocated_face_down_one_a_building():
    """MN 208-210: "randomly allocated face down to buildings"; MN 22: 18 cards for 12 houses, six left out."""
    state = NORMAN.new_game()
    for n in range(18):
        NORMAN.add_stock(state, stock(f"Townsman {n}"))
    NORMAN.build_town(state, [f"House {n}" for n in range(12)], Random(3))
    assert len(state.stock) == 6 and all(place.card for place in state.town)
    assert [place.card.name for place in state.town] != [f"Townsman {n}" for n in range(12)]


def test_looking_at_the_card_is_for_the_looker_alone():
    """MN 212-213: "you need to be at a door of the building to look at the card"."""
    state = town(gunfight(), stock("Mangy Dog", "dog"))
    state, resolution = act(state, DoorRequest(ANN, "kid", "House 1", "peek"))
    assert resolution.headline == "Kid looks at the card of the House 1" and not resolution.changes
    assert NORMAN.seen(state, ANN) == {"House 1": "Mangy Dog"} and NORMAN.seen(state, BOB) == {}


def test_persuade_needs_6_with_same_suit_plus_1():
    """MN 214-222: 6+ to join; +1 if the character is of the same suit; the figure joins Ann's side."""
    state = town(gunfight(), stock("Doc", "man", "spades", pistols=1, shoot=-1))
    state, resolution = act(state, DoorRequest(ANN, "kid", "House 1", "persuade"), 5)
    assert told(resolution) == ["Kid Persuades: 5 Persuaded", "Doc joins Kid's side for this gunfight."]
    doc = state.characters["Doc"]
    assert (doc.owner, doc.ally, doc.suit, doc.shoot, doc.pistols) == (ANN, True, "spades", -1, 1)
    assert state.town[0].card is None


def test_persuade_opposite_colour_minus_1_and_skill_plus():
    """MN 217-221: Persuasion Skills (0 to +2); opposite colour (Red / Black) -1."""
    persuader = {"kid": (ANN, "man", {"skills": "Persuade"}), "joe": (BOB, "man", {})}
    state = town(gunfight(persuader), stock("Belle", "woman", "hearts"))
    state, resolution = act(state, DoorRequest(ANN, "kid", "House 1", "persuade"), 6)
    assert resolution.readings[0].outcome.title == "Persuaded"
    state = town(gunfight(), stock("Belle", "woman", "hearts"))
    state, resolution = act(state, DoorRequest(ANN, "kid", "House 1", "persuade"), 6)
    assert told(resolution) == ["Kid Persuades: 6 Not persuaded"]
    assert state.town[0].card.name == "Belle" and NORMAN.seen(state, ANN) == {"House 1": "Belle"}


def test_a_dog_cannot_persuade_and_money_is_taken_not_persuaded():
    """MN 224: "Obviously a Mangy Dog or Horse cannot Persuade…"; MN 22-26: Money cards are taken."""
    dog = {"rex": (ANN, "dog", {}), "joe": (BOB, "man", {})}
    state = town(gunfight(dog), stock("Strongbox", "money"), stock("Sheriff"))
    for house in ("House 1", "House 2"):
        with pytest.raises(RulesError, match="cannot Persuade"):
            act(state, DoorRequest(ANN, "rex", house, "persuade"))
    state, resolution = act(state, DoorRequest(ANN, "rex", "House 1", "take"))
    assert resolution.changes == ("Rex takes a Money card.",) and state.characters["rex"].money == 1


def test_asking_a_card_unseen_for_what_it_does_not_allow_is_a_look_and_no_more():
    """MN 212-213: at the door a figure looks first. A player who has not looked, asking to take what is no Money
    or to Persuade a Money card, looks (as `peek`: the same words for the channel, the activation spent) and is
    refused nothing that would name the card; having looked, they are refused (ruling 432)."""
    state = town(gunfight(), stock("Strongbox", "money"), stock("Sheriff"))
    seen = []
    for house, what in (("House 1", "persuade"), ("House 2", "take"), ("House 2", "peek")):
        after, resolution = act(state, DoorRequest(ANN, "kid", house, what))
        assert resolution.headline == f"Kid looks at the card of the {house}" and not resolution.changes
        assert after.characters["kid"].activated and NORMAN.seen(after, ANN) == {house: after.town[int(house[-1]) - 1]
                                                                                 .card.name}
        seen.append(after)
    with pytest.raises(RulesError, match="Money cannot be Persuaded"):
        act(seen[0], DoorRequest(ANN, "kid", "House 1", "persuade"))
    with pytest.raises(RulesError, match="The card of the House 2 is no Money card"):
        act(seen[1], DoorRequest(ANN, "kid", "House 2", "take"))


def test_a_persuaded_figure_counts_as_its_own_suit_when_persuading():
    """MN 223-224: "A persuaded figure still counts as their own suit if themselves Persuading"."""
    talker = {"kid": (ANN, "man", {"skills": "Persuade, Persuade"}), "joe": (BOB, "man", {})}
    state = town(gunfight(talker), stock("Doc", "man", "diamonds"), stock("Nell", "woman", "diamonds"))
    state, _ = act(state, DoorRequest(ANN, "kid", "House 1", "persuade"), 5)
    state.acting = ""
    state, resolution = act(state, DoorRequest(ANN, "Doc", "House 2", "persuade"), 5)
    assert resolution.readings[0].adjustments == ()                # the same suit's +1 counts unseen: 5 persuades
    assert resolution.readings[0].outcome.title == "Persuaded"
    assert state.characters["Nell"].owner == ANN
