"""Startup and the turn (MN 12-16, 46-47, 245-250) with the Director's settings for what the text leaves out."""

from random import Random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import SwapRequest
from bot.rules.norman.ruleset import NORMAN

from .table import ANN, BOB, CAL, DIRECTOR, act, gunfight


def test_each_game_randomly_allocates_a_suit_to_each_player():
    """MN 13-14: a suit per player, at random; a fifth player finds none left."""
    state = NORMAN.new_game()
    said = [NORMAN.join(state, user, Random(user)) for user in range(1, 5)]
    assert sorted(seat.suit for seat in state.seats.values()) == ["clubs", "diamonds", "hearts", "spades"]
    assert said[0] == f"{state.seats[1].suit.capitalize()} " + {"spades": "♠", "clubs": "♣", "hearts": "♥",
                                                                "diamonds": "♦"}[state.seats[1].suit]
    with pytest.raises(RulesError, match="full"):
        NORMAN.join(state, 5, Random(0))


def test_the_deal_gives_each_player_the_hand_size_and_hides_the_cards():
    """The hand size is the Director's (default 5; see docs/rulings.md); the deal names no card."""
    state = gunfight(hand="7")
    assert [len(seat.hand) for seat in state.seats.values()] == [7, 7]
    step = NORMAN.deal(state, Random(1))
    assert step.title == "Turn 2" and step.faces == ()
    assert step.lines == ["Spades ♠ is dealt 7 cards.", "Hearts ♥ is dealt 7 cards.", "Hearts ♥ plays."]
    assert len(state.deck.discard) == 14


def test_kept_hands_grow():
    state = gunfight(keep="yes", hand="3")
    NORMAN.deal(state, Random(1))
    assert [len(seat.hand) for seat in state.seats.values()] == [6, 6]


def test_turns_rotate_and_the_last_draw_deals_the_next_turn():
    """Turn order (see docs/rulings.md): seats in the text's suit order, the first player moving on a seat each
    turn; `/draw` passes the turn; after the last player, the next turn is dealt."""
    state = gunfight({"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {})},
                     suits={ANN: "spades", BOB: "hearts", CAL: "clubs"})
    assert state.order == [ANN, CAL, BOB]
    assert NORMAN.waiting_on(state, DIRECTOR).users == (ANN,)
    step = NORMAN.advance(state, Random(0))
    assert step.lines == ["Clubs ♣ plays."] and step.acting == "cal"
    NORMAN.advance(state, Random(0))
    step = NORMAN.advance(state, Random(0))
    assert step.title == "Turn 2" and state.order == [CAL, BOB, ANN]


def test_a_cardsharp_deals_an_extra_card_at_most_two_a_side():
    """MN 245-246, 254: "Deals an extra card. Maximum +2 cards per turn"; several Cardsharps on a side add at
    most 2."""
    sharps = {"kid": (ANN, "man", {"skills": "Cardsharp,Cardsharp"}), "doc": (ANN, "man", {"skills": "Cardsharp"}),
              "joe": (BOB, "man", {"skills": "Cardsharp"})}
    state = gunfight(sharps)
    step = NORMAN.deal(state, Random(0))
    assert step.lines[:2] == ["Spades ♠ is dealt 7 cards (2 for a Cardsharp).",
                              "Hearts ♥ is dealt 6 cards (1 for a Cardsharp)."]


def test_a_cheatin_rat_discards_one_and_replaces_it_before_playing():
    """MN 248-250: "On being dealt cards, may discard up to one and replace it"."""
    rat = {"kid": (ANN, "man", {"skills": "Cheatin' rat"}), "joe": (BOB, "man", {})}
    state = gunfight(rat, {ANN: "2S 3S 4S 5S 6S"})
    state, resolution = act(state, SwapRequest(ANN, "2S"))
    assert resolution.headline == "Spades discards the 2♠ and is dealt a card"
    assert len(state.seats[ANN].hand) == 5 and "2S" not in {c.code for c in state.seats[ANN].hand}
    with pytest.raises(RulesError, match="Cheatin' rat"):
        act(state, SwapRequest(ANN, "3S"))
    with pytest.raises(RulesError, match="Cheatin' rat"):
        act(state, SwapRequest(BOB, state.seats[BOB].hand[0].code))


def test_pins_last_the_turn_unless_the_director_says_the_game():
    """How long a Pin lasts is the Director's (see docs/rulings.md); MN 202: more Pins have no extra effect."""
    for setting, after in (("turn", False), ("game", True)):
        state = gunfight(pins=setting)
        state.characters["joe"].pinned = True
        NORMAN.deal(state, Random(0))
        assert state.characters["joe"].pinned is after


def test_a_deadline_passes_the_turn():
    state = gunfight()
    wait = NORMAN.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.then) == ((ANN,), "the turn passes")
    NORMAN.at_deadline(state, wait, Random(0))
    assert state.player == BOB


def test_settings_refuse_what_is_not_a_choice():
    state = NORMAN.new_game()
    for name, value in (("order", "alphabetical"), ("hand", "0"), ("hand", "13"), ("nonsense", "1"),
                        ("contact", "all"), ("money", "lots"), ("packs", "5")):
        with pytest.raises(RulesError):
            NORMAN.configure(state, name, value)
    assert NORMAN.configure(state, "contact", "table") == "contact: table" and state.settings.contact == "table"


def test_two_packs_make_one_deck_of_108_with_four_jokers():
    """Setting `packs` (see docs/rulings.md): more players, more cards; every card still counted."""
    state = gunfight(packs="2", hand="9", suits={ANN: "spades", BOB: "hearts", CAL: "clubs"},
                     figures={"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {})})
    assert len(state.deck.to_come) + sum(len(seat.hand) for seat in state.seats.values()) == 108
    assert sum(card.is_joker for card in state.cards().elements()) == 4
    with pytest.raises(RulesError, match="before the first deal"):
        NORMAN.configure(state, "packs", "1")


def test_a_deal_the_deck_cannot_make_is_refused_and_changes_nothing():
    state = gunfight(keep="yes", hand="12", suits={ANN: "spades", BOB: "hearts", CAL: "clubs"},
                     figures={"kid": (ANN, "man", {}), "joe": (BOB, "man", {}), "cal": (CAL, "man", {})})
    before = state.to_json()
    with pytest.raises(RulesError, match="cannot deal that many"):
        NORMAN.deal(state, Random(0))
    assert state.to_json() == before
