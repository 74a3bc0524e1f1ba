"""The turn (SH 3-5): the Draw die and its order, the lesser die, Super Fast, Variable, one action each,
waits and deadlines; a property test of the order."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from bot.glue.replies import markdown
from bot.rules.core.errors import RulesError
from bot.rules.shootist.moves import MoveRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import ShootRequest
from bot.rules.shootist.state import Status
from bot.rules.shootist.turns import DrawDieRequest, VariableRequest

from .table import Dice, act, dealt, dies, game

DIRECTOR = 99


def three(**options):
    return game(("Ann", 1, options.get("ann", {})), ("Bob", 2, options.get("bob", {})), ("Cal", 2, {}))


def test_highest_draw_goes_first():
    """SH 3: "Roll Draw die, highest roller goes first"."""
    state = three()
    step = SHOOTIST.deal(state, Dice(3, 8, 5))
    assert state.turn.order == ["bob", "cal", "ann"]
    assert step.title == "Turn 1: the Draw" and step.acting == "bob"
    assert step.faces == ("d8:8:bob", "d8:5:cal", "d8:3:ann")
    assert markdown(step.lines[-1]) == "Draw order: Bob, Cal, Ann."


def test_ties_roll_again_among_themselves():
    """SH 3 says nothing of ties: the tied roll again for their places (see docs/rulings.md)."""
    state = three()
    step = SHOOTIST.deal(state, Dice(5, 5, 2, 3, 6))
    assert state.turn.order == ["bob", "ann", "cal"]
    assert "Tied on 5: Ann rolls again 3, Bob rolls again 6" in map(markdown, step.lines)
    assert step.faces == ("d8:5,6:bob", "d8:5,3:ann", "d8:2:cal")   # each tied die with its roll again


def test_a_lesser_draw_die():
    """SH 3: "A shootist may opt to roll a lesser die"; the choice stands until changed (see docs/rulings.md)."""
    state = three()
    state, result = act(state, DrawDieRequest("ann", 4))
    assert "Ann rolls a D4 in the Draw phases to come." in result.changes
    step = SHOOTIST.deal(state, Dice(4, 2, 1))
    assert step.faces[0] == "d4:4:ann"
    with pytest.raises(RulesError, match="a lesser die is one of D4, D6"):
        act(state, DrawDieRequest("ann", 10))


def test_super_fast_goes_first_and_shoots_at_minus_one():
    """SH 115: Super Fast "May go first in a turn, but shooting is at a -1"."""
    state = three(ann={"abilities": "Super Fast"})
    with pytest.raises(RulesError, match="Only a Super Fast"):
        act(state, DrawDieRequest("bob", first=True))
    state, _ = act(state, DrawDieRequest("ann", first=True))
    SHOOTIST.deal(state, Dice(1, 8, 5))
    assert state.turn.order == ["ann", "bob", "cal"]
    _, result = act(state, ShootRequest("ann", "bob", hexes=4), 1, 1)
    assert dies(result)[0] == 6 and "Super Fast, gone first" in result.readings[0].dice_reason


def test_variable_gives_one_skill_a_die_bonus_for_the_turn():
    """SH 117: "Can apply one die bonus to any one skill once each turn. This counts for all die rolls for that
    skill"."""
    state = three(ann={"abilities": "Variable"})
    state, _ = act(state, VariableRequest("ann", "draw"))
    step = SHOOTIST.deal(state, Dice(9, 2, 1))
    assert step.faces[0] == "d10:9:ann"
    with pytest.raises(RulesError, match="this turn already"):
        act(state, VariableRequest("ann", "shoot"))
    SHOOTIST.deal(state, Dice(8, 2, 1))
    state, _ = act(state, VariableRequest("ann", "shoot"))
    _, result = act(state, ShootRequest("ann", "bob", hexes=4), 1, 1)
    assert dies(result)[0] == 10
    with pytest.raises(RulesError, match="not Variable"):
        act(state, VariableRequest("bob", "shoot"))


def test_one_action_a_turn_in_draw_order():
    """SH 5: each shootist takes one action in his turn; `/draw` moves on."""
    state = dealt(three(), 6, 4, 2)
    with pytest.raises(RulesError, match="not Bob's turn: Ann is acting"):
        act(state, MoveRequest("bob", 2))
    state, _ = act(state, MoveRequest("ann", 2))
    with pytest.raises(RulesError, match="Ann has taken his action"):
        act(state, MoveRequest("ann", 2))
    assert SHOOTIST.advance(state, None).acting == "bob"


def test_draw_skips_the_dead_and_the_turn_ends():
    """SH 3-5: past the last shootist the turn is over; the next `/draw` is the next Draw phase."""
    state = dealt(three(), 6, 4, 2)
    state.characters["bob"].status = Status.DEAD
    assert SHOOTIST.advance(state, None).acting == "cal"
    assert SHOOTIST.advance(state, None).title == "Turn 1 is over"
    wait = SHOOTIST.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason) == ((DIRECTOR,), "next turn")
    assert markdown(wait.asks) == "Turn 1 is over: `/deal` (or `/draw`) rolls the next Draw."
    step = SHOOTIST.advance(state, Dice(3, 5))
    assert step.title == "Turn 2: the Draw" and state.turn.order == ["cal", "ann"]


def test_waits_and_deadlines():
    """Whom the game waits on: nobody before the first Draw, the acting shootist's player, then the Director;
    at the deadline the shootist does nothing and play moves on."""
    state = three()
    assert SHOOTIST.waiting_on(state, DIRECTOR) is None
    dealt(state, 6, 4, 2)
    wait = SHOOTIST.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason, wait.character) == ((1,), "turn", "ann")
    assert markdown(wait.asks) == "**Ann**'s turn: his action (`/shootist ...`), or `/draw` to pass."
    assert markdown(wait.then) == "Ann does nothing this turn"
    step = SHOOTIST.at_deadline(state, wait, None)
    assert markdown(step.lines[0]) == "Time is up: Ann does nothing." and step.acting == "bob"


def test_a_shootist_removed_mid_turn_leaves_the_order():
    state = dealt(three(), 6, 4, 2)
    SHOOTIST.advance(state, None)
    SHOOTIST.remove(state, "ann")
    assert state.turn.acting == "bob" and state.turn.order == ["bob", "cal"]
    state.check()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), dice=st.lists(st.sampled_from(["D4", "D6", "D8", "D10", "D12"]),
                                                  min_size=2, max_size=6),
       lesser=st.lists(st.sampled_from([0, 4, 6]), min_size=6, max_size=6))
def test_the_draw_order_property(seed, dice, lesser):
    """SH 3, for any dice: every shootist up is in the order once; those going first lead; otherwise nobody is
    ahead of a shootist who rolled higher; and /draw visits them in that order, each once."""
    state = game(*((f"S{n}", n % 2 + 1, {"draw": die, "abilities": "Super Fast" if n == 0 else ""})
                   for n, die in enumerate(dice)))
    for n, key in enumerate(state.characters):
        if lesser[n] and lesser[n] < state.characters[key].dice["draw"]:
            state.characters[key].draw_die = lesser[n]
    state.characters["s0"].go_first = seed % 2 == 0
    rng = random.Random(seed)
    SHOOTIST.deal(state, rng)
    order, draws = state.turn.order, state.turn.draws
    assert sorted(order) == sorted(state.characters)
    for key, rolled in draws.items():
        shootist = state.characters[key]
        assert rolled.dice.sides == (shootist.draw_die or shootist.dice["draw"])
    rank = [(state.characters[k].go_first, draws[k].value) for k in order]
    assert rank == sorted(rank, reverse=True)
    visited = [state.turn.acting]
    while not state.turn.over:
        SHOOTIST.advance(state, rng)
        visited.append(state.turn.acting)
    assert visited[:-1] == order
    state = SHOOTIST.load(state.to_json())
    assert state.turn.order == order
    state.check()
