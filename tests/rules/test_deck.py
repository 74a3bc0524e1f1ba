"""The deck: cards from the owner's suit, a second pack, jokers, and no card ever duplicated or lost."""

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bot.rules.core.cards import Card
from bot.rules.core.dice import Luck
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.state import Character, Condition, QotdState, RulesError


def cast(state, key, owner, kind=CharacterType.HERO, rng=None):
    return state.add(Character(key, key.title(), owner, kind, "ordinary"), rng or random.Random(0))


def test_cards_come_from_the_owners_suit_best_first():
    state = QotdState()
    hero = cast(state, "doc", 1)
    minor = cast(state, "kid", 1, CharacterType.MINOR)
    other = cast(state, "ike", 2, CharacterType.MAIN)
    assert [c.code for c in hero.cards] == ["AH", "KH", "QH", "JH"]
    assert [c.code for c in minor.cards] == ["10H"]
    assert [c.code for c in other.cards] == ["AS", "KS", "QS"]


def test_a_fifth_player_and_a_fourteenth_card_open_a_second_pack():
    state = QotdState()
    for user in range(1, 6):
        state.seat(user)
    assert state.seats[5].suits == [("hearts", 2)]
    for i in range(3):
        cast(state, f"h{i}", 1)          # 12 hearts of pack 1
    overflow = cast(state, "h3", 1)      # one heart left in pack 1, so a new pack of hearts
    assert {c.pack for c in overflow.cards} == {3}
    assert state.seats[1].suits == [("hearts", 1), ("hearts", 3)]
    state.check()


def test_the_pack_is_every_active_card_and_both_jokers():
    state = QotdState()
    cast(state, "doc", 1)
    cast(state, "kid", 2, CharacterType.SUPPORTING)
    state.shuffle(random.Random(3))
    assert len(state.deck.to_come) == 4 + 2 + 2
    assert sum(c.is_joker for c in state.deck.to_come) == 2
    state.check()


def test_a_joker_marks_the_next_card_and_red_and_black_cancel():
    state = QotdState()
    doc = cast(state, "doc", 1)
    state.shuffle(random.Random(0))
    state.deck.to_come = [Card.parse("RJ"), Card.parse("AH"), Card.parse("BJ"), Card.parse("RJ"), Card.parse("KH")]
    state.deck.to_come = [c for c in state.deck.to_come]
    state.turn()
    _, who = state.turn()
    assert who is doc and doc.luck is Luck.RED
    state.turn(), state.turn()
    state.turn()
    assert doc.luck is None


def test_a_lethal_hit_takes_the_next_card_to_come_and_a_casualty_has_none():
    state = QotdState()
    kid = cast(state, "kid", 1, CharacterType.SUPPORTING)
    state.shuffle(random.Random(5))
    first = state.next_card_of(kid)
    assert state.wound(kid, lethal=True) == first
    assert first not in state.deck.to_come
    state.wound(kid, lethal=True)
    assert kid.casualty and state.wound(kid, lethal=True) is None
    state.check()


def test_cut_needs_a_card_still_to_come():
    state = QotdState()
    kid = cast(state, "kid", 1, CharacterType.MINOR)
    state.shuffle(random.Random(5))
    while state.deck.to_come:
        state.turn()
    with pytest.raises(RulesError):
        state.sacrifice(kid)


class DeckMachine(RuleBasedStateMachine):
    """Any sequence of deck operations keeps every card exactly once, and survives JSON."""

    def __init__(self):
        super().__init__()
        self.state = QotdState()
        self.rng = random.Random(0)
        self.made = 0

    def keys(self):
        return sorted(self.state.characters)

    @rule(owner=st.integers(1, 6), kind=st.sampled_from(list(CharacterType)))
    def add(self, owner, kind):
        self.made += 1
        try:
            cast(self.state, f"c{self.made}", owner, kind, self.rng)
        except ValueError:
            pass

    @precondition(lambda self: self.state.characters)
    @rule(data=st.data())
    def remove(self, data):
        self.state.remove(data.draw(st.sampled_from(self.keys())))

    @precondition(lambda self: self.state.characters)
    @rule()
    def shuffle(self):
        self.state.shuffle(self.rng)

    @precondition(lambda self: self.state.deck.to_come)
    @rule()
    def turn(self):
        self.state.turn()

    @precondition(lambda self: self.state.characters)
    @rule(data=st.data(), lethal=st.booleans())
    def wound(self, data, lethal):
        self.state.wound(self.state.characters[data.draw(st.sampled_from(self.keys()))], lethal)

    @precondition(lambda self: self.state.characters)
    @rule(data=st.data())
    def restore(self, data):
        character = self.state.characters[data.draw(st.sampled_from(self.keys()))]
        out = character.lost + character.stunned
        if out:
            self.state.restore(character, data.draw(st.sampled_from(out)), self.rng)

    @precondition(lambda self: self.state.characters)
    @rule(data=st.data())
    def sacrifice(self, data):
        try:
            self.state.sacrifice(self.state.characters[data.draw(st.sampled_from(self.keys()))])
        except RulesError:
            pass

    @precondition(lambda self: self.state.characters)
    @rule(data=st.data(), condition=st.sampled_from([Condition.KNOCKED_OUT, Condition.FLED]))
    def take_out(self, data, condition):
        self.state.take_out_of_action(self.state.characters[data.draw(st.sampled_from(self.keys()))], condition)

    @invariant()
    def no_card_duplicated_or_lost(self):
        self.state.check()

    @invariant()
    def json_round_trip_is_lossless(self):
        assert QotdState.from_json(self.state.to_json()) == self.state


DeckMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)
test_deck_invariant = DeckMachine.TestCase


@pytest.mark.parametrize("card", [Card(rank, suit, pack) for rank in ("A", "10", "5") for suit in
                                  ("hearts", "spades", "clubs", "diamonds") for pack in (1, 2)])
def test_a_card_is_read_back_as_a_hand_shows_it_or_as_its_code_in_any_case(card):
    shown = str(card).replace(" (pack 2)", "2")
    for typed in (card.code, card.code.lower(), shown, shown.lower(), shown.replace("10", "T").lower(), f" {shown} "):
        assert Card.parse(typed) == card, typed


def test_white_suit_symbols_and_the_jokers_read_too_and_nonsense_does_not():
    assert Card.parse("q♡") == Card("Q", "hearts") and Card.parse("7♧") == Card("7", "clubs")
    assert Card.parse("5♥\ufe0f") == Card("5", "hearts")                 # as an emoji keyboard types it
    assert Card.parse("rj") == Card("Joker", "red") and Card.parse("BJ") == Card("Joker", "black")
    for typed in ("ZZ", "5", "♣", "11♣", "T", "5X", "5♣x"):
        with pytest.raises(ValueError):
            Card.parse(typed)
