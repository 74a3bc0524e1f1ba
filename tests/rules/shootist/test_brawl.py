"""Hand-to-hand (SH 67-73) and the weapons that count in it (SH 34, 71, 100, 103-104)."""

import pytest

from bot.glue.replies import markdown
from bot.rules.core.errors import RulesError
from bot.rules.shootist.brawl import BrawlRequest, BreakOffRequest
from bot.rules.shootist.moves import MoveRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest
from bot.rules.shootist.state import Status

from .table import Dice, act, dealt, dies, game, titles


def duel(ann=None, bob=None, kinds=None):
    return dealt(game(("Ann", 1, ann or {}), ("Bob", 2, bob or {}), kinds=kinds), 6, 2)


def test_highest_brawl_wins_and_the_loser_is_wounded():
    """SH 69-70: "Roll brawl vs brawl. Highest wins, loser gets a wound"; "Roll hit location as normal"."""
    state, result = act(duel(), BrawlRequest("ann", "bob"), 6, 3, 7)
    assert titles(result) == ["Brawl 6", "Loses", "Spare Arm"]
    assert state.characters["bob"].wounds == ["spare_arm"]
    assert state.characters["ann"].brawling == ["bob"]


def test_a_tie_is_no_wounds():
    """SH 69: "Tie = no wounds"."""
    state, result = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    assert titles(result) == ["Brawl 4", "Tie"]
    assert "A tie: no wounds." in result.changes


def test_head_is_a_knockout_for_a_turn():
    """SH 57, 70: "Head = knockout"; he sits out the next turn and comes round after it (see docs/rulings.md)."""
    state, result = act(duel(), BrawlRequest("ann", "bob"), 3, 7, 1)
    assert state.characters["ann"].status is Status.KNOCKED_OUT
    assert state.characters["ann"].brawling == [] and state.characters["bob"].brawling == []
    step = SHOOTIST.deal(state, Dice(2))
    assert step.acting == "bob" and state.turn.order == ["bob"]
    step = SHOOTIST.deal(state, Dice(5, 3))
    assert "Ann comes round." in map(markdown, step.lines) and state.turn.order == ["ann", "bob"]


def test_knives_tomahawks_and_spears_give_plus_one():
    """SH 71: "Knife, Tomahawk and Spear give +1"; SH 104: a shield +1 against hand to hand."""
    _, result = act(duel(ann={"weapons": "Colt, Knife"}, bob={"shield": "yes"}), BrawlRequest("ann", "bob"), 1, 1)
    assert dies(result) == [10, 10]


def test_a_spearman_is_wounded_only_by_a_spear():
    """SH 100: "In brawl, cannot be wounded by opponent unless also opponent is also fighting with spear"."""
    state, result = act(duel(bob={"weapons": "Spear"}), BrawlRequest("ann", "bob"), 6, 3)
    assert state.characters["bob"].wounds == []
    assert any("fights with a spear" in c for c in result.changes)


def test_attacked_hand_to_hand_may_not_shoot_but_may_brawl_and_move_one_hex():
    """SH 72: "may not shoot anymore that turn, but he may fight hand to hand, and may move upto 1 hex"."""
    state, _ = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    SHOOTIST.advance(state, None)
    with pytest.raises(RulesError, match="attacked hand to hand this turn"):
        act(state, ShootRequest("bob", "ann", hexes=0))
    with pytest.raises(RulesError, match="1 hex"):
        act(state, MoveRequest("bob", 2))
    state, result = act(state, BrawlRequest("bob", "ann"), 5, 2, 9)
    assert state.characters["ann"].wounds == ["leg"]


def test_attacked_hand_to_hand_he_may_move_one_hex_out_of_the_brawl():
    """SH 72: one attacked hand to hand "may move upto 1 hex" that turn, though he did not draw first (SH 73);
    the move takes him out of the brawl."""
    state, _ = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    SHOOTIST.advance(state, None)
    state, result = act(state, MoveRequest("bob", 1))
    assert "Bob breaks off from the brawl without penalty." in result.changes
    assert state.characters["ann"].brawling == [] and state.characters["bob"].brawling == []


def test_attacked_hand_to_hand_he_may_break_off_that_turn():
    """SH 72-73: the man attacked this turn may break off, as he may move away; the next turn only the one who
    draws first may."""
    state, _ = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    SHOOTIST.advance(state, None)
    state, result = act(state, BreakOffRequest("bob"))
    assert state.characters["ann"].brawling == [] and state.characters["bob"].brawling == []


def test_the_brawl_bars_shooting_only_the_turn_he_is_attacked():
    """SH 72: "may not shoot anymore that turn": the next turn a shootist in a brawl may shoot, and stays in the
    brawl."""
    state, _ = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    dealt(state, 2, 6)
    state, result = act(state, ShootRequest("bob", "ann", hexes=0), 5, 2, 9)
    assert titles(result) == ["Shoot 5", "Hit", "Leg"]
    assert state.characters["bob"].brawling == ["ann"]


def test_only_the_one_who_draws_first_breaks_off():
    """SH 73: "A shootist involved in a brawl, which draws first, can break-off from brawl without penalty"."""
    state, _ = act(duel(), BrawlRequest("ann", "bob"), 4, 4)
    dealt(state, 6, 2)
    state, _ = act(state, MoveRequest("ann", 0))
    SHOOTIST.advance(state, None)
    with pytest.raises(RulesError, match="did not draw first"):
        act(state, BreakOffRequest("bob"))
    with pytest.raises(RulesError, match="in a brawl"):
        act(state, MoveRequest("bob", 1))
    dealt(state, 6, 2)
    state, result = act(state, BreakOffRequest("ann"))
    assert state.characters["ann"].brawling == [] and state.characters["bob"].brawling == []
