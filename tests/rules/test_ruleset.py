"""Quick on the Draw behind the ruleset interface (bot/rules/core/ruleset.py): what the bot asks of every
ruleset, answered as the bot has always played Quick on the Draw (Reel 1, Filming the Action: lines 45-66)."""

from __future__ import annotations

import random

import pytest

from bot.rules import registry  # noqa: F401 (every ruleset registered)
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import (DECISION, HOLD, RULESETS, Campaign, CastSpec, HiddenHands, OnAMap, Targets, Tunable,
                                    Wait, register, ruleset)
from bot.rules.core.words import Bold, Command, Name, words
from bot.rules.qotd.ruleset import HELD, LAST_CARD, NEXT_PHASE, QOTD, TURN
from bot.rules.qotd.state import Condition

from .test_actions import HERO, MINOR, game, person

DIRECTOR = 99


def test_quick_on_the_draw_is_registered_first_and_found_by_its_key():
    assert next(iter(RULESETS)) == "qotd" and ruleset("qotd") is QOTD
    with pytest.raises(RulesError, match="does not play the ruleset 'chess'"):
        ruleset("chess")
    with pytest.raises(ValueError, match="Two rulesets"):
        register(QOTD)


@pytest.mark.parametrize("capability", [HiddenHands, OnAMap, Targets, Tunable, Campaign])
def test_a_ruleset_has_a_capability_when_it_has_every_member_of_it_however_often_asked(capability):
    members = [name for name in vars(capability) if not name.startswith("_")] + list(capability.__annotations__)
    for rules in RULESETS.values():
        has = all(hasattr(rules, name) for name in members)
        assert [isinstance(rules, capability) for _ in range(3)] == [has] * 3, rules.key
    whole = type("Whole", (), dict.fromkeys(members, print))()
    short = type("Short", (), dict.fromkeys(members[1:], print))()
    assert isinstance(whole, capability) and not isinstance(short, capability) and not isinstance(short, capability)


def test_a_game_is_made_cast_and_stored_through_the_interface():
    state = QOTD.new_game()
    assert QOTD.join(state, 1, random.Random(1)) == "♥ hearts"
    doc = QOTD.cast(state, CastSpec("doc", "Doc Holliday", 1, "hero", {"personality": "brave"}), random.Random(1))
    assert [card.suit for card in doc.cards] == ["hearts"] * 4 and doc.type is HERO
    with pytest.raises(RulesError, match="needs a personality"):
        QOTD.cast(state, CastSpec("ike", "Ike", 1, "minor"), random.Random(1))
    assert QOTD.load(state.to_json()) == state
    [row] = QOTD.board(state).rows
    assert [held.code for held in row.cards] == [card.code for card in doc.cards] and row.emblem == "hearts"
    assert QOTD.board(state).title == "Before the first phase"


def test_the_game_waits_on_whose_card_is_up_then_on_the_director_to_deal_the_next_phase():
    """Lines 45-66: each card turned, its character acts; a spent pack is shuffled again for the next phase."""
    state = QOTD.new_game()
    state.add(person("doc", HERO), random.Random(1))
    state.add(person("ike", MINOR, owner=2), random.Random(1))
    assert QOTD.waiting_on(state, DIRECTOR) is None
    dealt = QOTD.deal(state, random.Random(3))
    assert dealt.title == "Phase 1" and list(map(str, dealt.lines)) == ["Phase 1: the pack of 7 cards is shuffled. /draw turns "
                                                        "the first card."]
    step = QOTD.advance(state, random.Random(3))
    acting = state.acting
    assert step.acting == acting.key and step.faces[-1] == state.deck.current.code
    name = Bold(Name(acting.name))
    assert QOTD.waiting_on(state, DIRECTOR) == Wait((acting.owner,), TURN, acting.key,
                                                    words(name, "'s card is up. Act, ", Command("hold"), ", or ",
                                                          Command("draw"), " the next card."), "the turn passes",
                                                    words(name, " holds"))
    while state.deck.to_come:
        QOTD.advance(state, random.Random(3))
    last = state.acting
    wait = QOTD.waiting_on(state, DIRECTOR)
    assert (wait.reason, wait.character, wait.then, wait.draws) == (LAST_CARD, last.key, "the next phase is dealt",
                                                                   False)
    assert str(wait.asks) == f"{last.name}'s card, the last of phase 1, is up. Act, or /hold; a Director then deals " \
                             "the next phase with /draw."
    state.acting.conditions.add(Condition.HOLDING)
    assert QOTD.waiting_on(state, DIRECTOR) == Wait((DIRECTOR,), NEXT_PHASE, asks=words(
        "phase 1 is over: ", Command("draw"), " deals the next one."), then="the next phase is dealt")
    assert QOTD.at_deadline(state, QOTD.waiting_on(state, DIRECTOR), random.Random(4)).title.startswith("Phase 2")


def test_a_holder_waits_for_the_next_card_in_words_that_escape_their_name():
    """Book 864-868: a character who holds states it when their card is turned, and play goes on to the next card;
    the reminder asks for it."""
    state = QOTD.new_game()
    state.add(person("kid", HERO), random.Random(1))
    state.characters["kid"].name = "*Kid*"
    state.add(person("ike", MINOR, owner=2), random.Random(1))
    QOTD.deal(state, random.Random(3))
    QOTD.advance(state, random.Random(3))
    while state.acting.key != "kid":
        QOTD.advance(state, random.Random(3))
    state.acting.conditions.add(Condition.HOLDING)
    assert not state.deck.spent
    assert QOTD.waiting_on(state, DIRECTOR) == Wait((1,), HELD, "kid", words(
        Bold(Name("*Kid*")), " holds on their card: ", Command("draw"), " turns the next one."), "the next card is turned")


def test_a_roll_waiting_for_a_decision_waits_on_its_rollers_player():
    state = game(person("doc", HERO), person("ike", MINOR, owner=2))
    state.pending = {"roller": "ike", "tape": [], "request": {}}
    wait = QOTD.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason, wait.character) == ((2,), DECISION, "ike")
    assert wait.asks == words(Bold(Name("Ike")), "'s roll waits for your choice: re-roll or keep?")


def dealt_with_a_card_up(*kinds):
    """A game of the given characters, dealt, with the first character's card up."""
    state = QOTD.new_game()
    for index, kind in enumerate(kinds):
        state.add(person(f"c{index}", kind, owner=index + 1), random.Random(1))
    QOTD.deal(state, random.Random(3))
    QOTD.advance(state, random.Random(3))
    return state


def test_at_a_deadline_that_holds_the_character_whose_card_is_up_holds_and_the_next_card_is_turned():
    """Book 864-868: Heroes, Main and Supporting characters may hold instead of acting, once a phase; the game's
    deadline policy (ruling of /game settings deadline_action) has them do so."""
    state = dealt_with_a_card_up(HERO, HERO)
    held = state.acting
    wait = QOTD.waiting_on(state, DIRECTOR)
    assert wait.reason == TURN and wait.holds == words(Bold(Name(held.name)), " holds")
    step = QOTD.at_deadline(state, wait, random.Random(4), HOLD)
    assert step.outcome == "holds." and Condition.HOLDING in held.conditions
    assert len(state.deck.turned) >= 2 and step.faces


def test_at_a_deadline_a_minor_character_cannot_hold_and_the_turn_passes():
    """Book 864: only Heroes, Main and Supporting characters hold."""
    state = dealt_with_a_card_up(HERO, MINOR, HERO)
    while state.acting.key != "c1" or state.deck.spent:
        QOTD.advance(state, random.Random(5))
    minor = state.acting
    step = QOTD.at_deadline(state, QOTD.waiting_on(state, DIRECTOR), random.Random(4), HOLD)
    assert step.outcome == ("cannot hold (Only Heroes, Main and Supporting Characters can hold.): the turn "
                            "passes.")
    assert Condition.HOLDING not in minor.conditions


def test_at_a_deadline_that_skips_the_turn_passes_without_holding():
    state = dealt_with_a_card_up(HERO, HERO)
    first = state.acting
    step = QOTD.at_deadline(state, QOTD.waiting_on(state, DIRECTOR), random.Random(4), "skip")
    assert step.outcome == "does not act: the turn passes." and Condition.HOLDING not in first.conditions


def test_a_deal_with_cards_still_to_come_is_refused_unless_dealt_again_and_a_draw_needs_a_deal():
    state = QOTD.new_game()
    with pytest.raises(RulesError, match="Nobody in the cast has a card"):
        QOTD.deal(state, random.Random(1))
    state.add(person("doc", HERO), random.Random(1))
    with pytest.raises(RulesError, match="No phase has been dealt yet"):
        QOTD.advance(state, random.Random(1))
    QOTD.deal(state, random.Random(3))
    with pytest.raises(RulesError, match=r"Phase 1 still has \d+ cards to come"):
        QOTD.deal(state, random.Random(3))
    assert QOTD.deal(state, random.Random(3), again=True).title == "Phase 2"


def test_a_card_shuffled_in_among_those_to_come_is_placed_for_the_log():
    state = dealt_with_a_card_up(HERO)
    before = state.to_json()
    assert QOTD.placed(before, state) == []
    card = state.deck.to_come.pop()
    state.deck.to_come.insert(0, card)
    moved = state.to_json()
    state.deck.to_come.remove(card)
    assert QOTD.placed({"deck": {**before["deck"], "to_come": [c for c in moved["deck"]["to_come"]
                                                               if c != card.code]}}, state) == []
    assert QOTD.placed({"deck": {**before["deck"], "to_come": []}}, state) == [c.code for c in state.deck.to_come]


def test_the_deck_tells_the_cards_turned_and_the_card_up():
    state = dealt_with_a_card_up(HERO, MINOR)
    shown = QOTD.deck(state)
    assert shown.title == "Phase 1" and shown.lines[0].endswith(f", {len(state.deck.to_come)} to come.")
    assert shown.lines[1].parts[:3] == (str(state.deck.current), " — ", Bold(Name(state.acting.name)))
