"""The Anatomy of the Turn (DA 33-78): Hands from each player's own deck, cards face down, the flip, the
Activations, the NPC Phase."""

from __future__ import annotations

import random

import pytest

from bot.glue.replies import markdown
from bot.rules.core.cards import Card
from bot.rules.core.errors import RulesError
from bot.rules.core.piles import CardPile, full_pack
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import Condition, Phase
from bot.rules.dracula.turn import activate, flip, hand_size, play, to_play

from .game import ANN, BOB, Faces, cast, two_posses

C = Card.parse


def dealt():
    state = two_posses()
    DRACULA.deal(state, random.Random(4))
    return state


def test_a_hand_is_half_the_models_on_the_table_rounded_up_plus_one_for_the_boss():
    """DA 37: half the number of your models on table (round up), plus one if Boss is amongst them."""
    state = dealt()
    assert (hand_size(state, ANN), hand_size(state, BOB)) == (2, 3)
    assert (len(state.seats[ANN].cards.hand), len(state.seats[BOB].cards.hand)) == (2, 3)
    state.characters["bo"].condition = Condition.CASUALTY
    assert hand_size(state, BOB) == 1
    state.check()


def test_each_player_draws_from_a_deck_of_their_own_and_refreshes_it_when_short():
    """DA 63, 67: played cards go to your Discard Pile; unable to draw enough, draw what you can, shuffle the
    Discard Pile and continue drawing."""
    pile = CardPile([C("AS")], discard=[C("2H"), C("3H")])
    assert pile.draw(2, random.Random(0)) and len(pile.hand) == 2 and pile.hand[0] == C("AS")
    assert sorted(pile.cards()) == sorted([C("AS"), C("2H"), C("3H")]) and len(pile.to_come) == 1
    state = dealt()
    assert len(state.seats[ANN].cards.cards()) == len(full_pack()) == 54


def test_cards_are_played_face_down_and_flipped_when_the_last_is_down():
    """DA 41-43: play a card face down; flip the face-down cards to determine the order of Activation."""
    state = dealt()
    ann, bob = state.seats[ANN].cards, state.seats[BOB].cards
    assert sorted(to_play(state)) == [ANN, BOB]
    assert not play(state, ANN, ann.hand[0])
    with pytest.raises(RulesError, match="already played"):
        play(state, ANN, ann.hand[0])
    assert to_play(state) == [BOB]
    assert play(state, BOB, bob.hand[0])
    step = flip(state, Faces())
    assert state.phase is Phase.ACTIVATIONS and len(step.faces) == 2 and ann.face_down is None


def order_of(ann: str, bob: str, *dice: int) -> tuple[list[int], list[str]]:
    """The order of Activation two face-down cards make, and the lines the channel shows of their flip."""
    state = dealt()
    for user, code in ((ANN, ann), (BOB, bob)):
        pile = state.seats[user].cards
        pile.to_come.remove(C(code))
        pile.hand.append(C(code))
        play(state, user, C(code))
    step = flip(state, Faces(*dice))
    return state.order, list(map(markdown, step.lines))


def test_highest_value_first_aces_to_twos_then_jokers():
    """DA 45: Aces, Kings, Queens, Jacks, numerical cards (10-2), then Jokers."""
    assert order_of("KS", "AH")[0] == [BOB, ANN]
    assert order_of("2S", "RJ")[0] == [ANN, BOB]
    assert order_of("10D", "9S")[0] == [ANN, BOB]


def test_black_before_red():
    """DA 46: black cards before red cards (7 of hearts after 7 of clubs, no Roll-Off)."""
    assert order_of("7H", "7C") == ([BOB, ANN], ["1. Bo's Posse: **7♣**", "2. Abe's Posse: **7♥**"])


def test_same_value_is_a_roll_off():
    """DA 47: cards of same value, a Roll-Off (a D6 each, ties again: see docs/rulings.md)."""
    order, lines = order_of("7S", "7C", 3, 3, 2, 5)
    assert order == [BOB, ANN]
    assert lines[2:] == ["Roll-Off: Abe's Posse 3, Bo's Posse 3", "Roll-Off: Abe's Posse 2, Bo's Posse 5"]


def test_identical_cards_make_an_event_then_a_roll_off():
    """DA 48: identical cards, an Event occurs, then a Roll-Off to establish who Activates first."""
    order, lines = order_of("QH", "QH", 6, 1)
    assert order == [ANN, BOB]
    assert lines[2:] == ["Identical cards: **an Event occurs** (the Director resolves it).",
                         "Roll-Off: Abe's Posse 6, Bo's Posse 1"]


def test_solo_dual_and_pass():
    """DA 52-59: Solo, one model, two Actions; Dual, two models one Action each; both get Done Tokens; Pass
    only when every model is Done (DA 54)."""
    state = dealt()
    order_state_to(state, ANN)
    with pytest.raises(RulesError, match="Pass only"):
        activate(state, ANN, "pass", [], Faces())
    with pytest.raises(RulesError, match="Dual Activation names two"):
        activate(state, ANN, "dual", ["abe"], Faces())
    assert markdown(activate(state, ANN, "dual", ["abe", "art"], Faces())) == "**Abe** and **Art** Activate (Dual)."
    assert state.activation.actions == {"abe": 1, "art": 1}
    assert state.characters["abe"].done and state.characters["art"].done


def order_state_to(state, user):
    state.phase, state.order, state.flipped, state.at = Phase.ACTIVATIONS, [user], [C("AS")], 0


def test_after_the_last_activation_a_new_round_then_the_npc_phase():
    """DA 61-63: repeat until no cards in Hand or all models Done; discard the rest; DA 73-78: a Roll-Off, the
    winner orders the NPCs, Innocent Bystanders first, then Supernatural Creatures."""
    state = dealt()
    cast(state, "wolf", ANN, "supernatural")
    cast(state, "dolly", BOB, "bystander")
    for model in state.characters.values():
        model.done = True
    order_state_to(state, ANN)
    step = DRACULA.advance(state, Faces(4, 2))
    assert state.phase is Phase.NPC and all(not p.cards.hand for p in state.seats.values())
    assert list(map(markdown, step.lines)) == [
        "The Action Phase ends; Hands are discarded.", "Roll-Off: Abe's Posse 4, Bo's Posse 2",
        "Abe's Posse orders the NPCs.", "Innocent Bystanders act: Dolly", "Supernatural Creatures act: Wolf",
        "Then `/dracula recovery`."]
    state.check()


def test_a_lone_gun_is_not_waited_on_while_others_hold_cards():
    """DA 69-71: a Hand of only one card at the start of a Turn: its player decides when to play it."""
    state = two_posses()
    for key in ("art",):
        del state.characters[key]
    state.characters["abe"].boss = False
    DRACULA.deal(state, random.Random(1))
    assert state.seats[ANN].lone_gun and to_play(state) == [BOB]


def test_a_slick_model_may_roll_for_one_more_action():
    """DA 199: Slick, when Activated, may roll one Grit Die: on a Success, an additional Action."""
    state = dealt()
    order_state_to(state, ANN)
    state.characters["abe"].skills.append("Slick")
    said = markdown(activate(state, ANN, "solo", ["abe"], Faces(5), slick=True))
    assert said == "**Abe** Activate (Solo). Slick: **Abe** rolls D10 [5], one more Action."
    assert state.activation.actions == {"abe": 3}


def test_at_the_deadline_an_absent_player_plays_a_random_card_or_none():
    """The text is silent on absent players: a setting (see docs/rulings.md). "random": a random card of the
    Hand goes face down and the round flips; "none": no card, and with no card down the Action Phase ends."""
    state = dealt()
    play(state, ANN, state.seats[ANN].cards.hand[0])
    wait = DRACULA.waiting_on(state, 99)
    assert wait.users == (BOB,) and wait.then == "a random card of the Hand is played"
    step = DRACULA.at_deadline(state, wait, Faces(1, 2))
    assert markdown(step.lines[0]) == "Bo's Posse plays a random card face down." and state.phase is Phase.ACTIVATIONS
    state = dealt()
    state.settings.absent_play = "none"
    step = DRACULA.at_deadline(state, DRACULA.waiting_on(state, 99), Faces(3, 4))
    assert list(map(markdown, step.lines[:2])) == ["Abe's Posse plays no card this round.",
                                                   "Bo's Posse plays no card this round."]
    assert state.phase is Phase.NPC and step.title == "Turn 1 — the NPC Phase"
    state.check()


def test_the_npc_phase_deadline_ends_it_and_rolls_the_recovery_phase():
    """The NPC Phase waits on the Director (DA 73-78); at its deadline the NPCs not yet moved do nothing and the
    Recovery Phase is rolled (DA 80-88): Done Tokens off, a Recovery Test for each Downed model, nobody named in
    Contact, the re-roll a maximum face offers (DA 27) declined (docs/rulings.md)."""
    state = dealt()
    state.settings.absent_play = "none"
    DRACULA.at_deadline(state, DRACULA.waiting_on(state, 99), Faces(3, 4))
    state.characters["art"].condition = Condition.DOWNED
    state.characters["bo"].done = True
    wait = DRACULA.waiting_on(state, 99)
    assert wait.users == (99,) and wait.then == "the NPC Phase ends and the Recovery Phase is rolled"
    step = DRACULA.at_deadline(state, wait, Faces(6, 1, 2, 1, 2, 5))
    assert step.title == "Turn 1 — the Recovery Phase"
    assert list(map(markdown, step.lines)) == [
        "The NPC Phase ends: the NPCs that have not acted do nothing.",
        "Recovery Test of Art: [6, 1, 2] → **1 Success: Remains Downed**",
        "Bottle Check of Abe's Posse: [1, 2, 5] → **1 Success: Fights on**",
        "The Done Tokens are taken off every model.", "Art remains Downed."]
    assert state.phase is Phase.RECOVERY and not state.pending and not state.characters["bo"].done
    assert state.characters["art"].condition is Condition.DOWNED
    assert DRACULA.waiting_on(state, 99).reason == "next turn"
    state.check()
