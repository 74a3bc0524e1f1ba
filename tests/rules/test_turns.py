"""Whose card is up, the joker's mark as the acting character's own, the DV line and the end-of-game tally."""

from bot.rules.core.cards import Card
from bot.rules.core.dice import Dice as DiceSpec, Luck, Roll
from bot.rules.core.charts import Outcome
from bot.rules.core.replay import Reading
from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import ComeRoundRequest, TestRequest
from bot.rules.qotd.dv import dv_line
from bot.rules.qotd.fighting import FightRequest
from bot.rules.qotd.shooting import DrawRequest, ShotRequest
from bot.rules.qotd.state import Condition, QotdState
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.turns import out_of_turn

from .scripted import Dice
from .test_actions import HERO, MAIN, MINOR, game, keeping, person, titles


def with_card_up(state: QotdState, key: str) -> QotdState:
    """Turn cards until ``key``'s is up (jokers taken out of the way, so no mark falls)."""
    state.deck.to_come = [c for c in state.deck.to_come if not c.is_joker]
    while state.acting is None or state.acting.key != key:
        state.turn()
    return state


def three() -> QotdState:
    """Doc (a Hero) and Wyatt (a Main Character) of one player, Ike (a Minor Character) of another; Doc's card up."""
    return with_card_up(game(person("doc", HERO), person("wyatt", MAIN), person("ike", MINOR, owner=2)), "doc")


def test_before_the_first_deal_nobody_has_a_turn_and_nothing_is_checked():
    state = QotdState()
    for character in (person("doc", HERO), person("ike", MINOR, owner=2)):
        state.add(character, None)
    assert out_of_turn(state, ShotRequest("ike", "doc", paces=6)) is None


def test_only_the_character_whose_card_is_up_takes_a_turn_action():
    state = three()
    assert out_of_turn(state, ShotRequest("doc", "ike", paces=6)) is None
    for request in (ShotRequest("ike", "doc", paces=6), TestRequest("wyatt", "task"), TestRequest("ike", "move"),
                    ComeRoundRequest("wyatt"), DrawRequest("ike", "doc")):
        assert out_of_turn(state, request) is state.characters[request.involved()[0]], request


def test_off_turn_the_book_allows_called_for_tests_responses_with_a_card_to_come_and_holders():
    state = three()
    for chart in ("courage", "react", "poison", "entangle"):
        assert out_of_turn(state, TestRequest("ike", chart)) is None, chart
    wyatt_to_come = state.next_card_of(state.characters["wyatt"]) is not None
    assert wyatt_to_come
    for request in (TestRequest("wyatt", "respond_attack"), ShotRequest("wyatt", "ike", paces=6, responding=True),
                    DrawRequest("wyatt", "ike", responding=True), TestRequest("wyatt", "respond_draw")):
        assert out_of_turn(state, request) is None, request
    state.deck.to_come = [c for c in state.deck.to_come if c not in state.characters["wyatt"].cards]
    assert out_of_turn(state, TestRequest("wyatt", "respond_attack")) is state.characters["wyatt"]
    state.characters["wyatt"].conditions.add(Condition.HOLDING)
    assert out_of_turn(state, ShotRequest("wyatt", "ike", paces=6)) is None


def test_a_black_joker_on_the_card_up_spares_the_effect_roll_of_a_hit_on_them_and_waits_for_their_own_roll():
    state = three()
    doc = state.characters["doc"]
    doc.luck = Luck.BLACK
    # Ike shoots Doc (by the Director's leave): Wanting to Shoot 7, to hit 8, Doc's effect roll [9, 9]: no mark
    state, result = keeping(state, ShotRequest("ike", "doc", paces=6), Dice(7, 8, 9, 9, 7, 7))
    effect = next(r for r in result.readings if r.roller == "doc")
    assert effect.roll.luck is None and effect.roll.value == 9
    assert state.characters["doc"].luck is Luck.BLACK
    # Doc's own first roll takes the mark: a 1 whatever the dice say
    state, result = keeping(state, TestRequest("doc", "task"), Dice(8, 8))
    assert result.readings[0].roll.luck is Luck.BLACK and result.readings[0].roll.value == 1
    assert state.characters["doc"].luck is None


def effect(column: int, adjustments=(), base=None) -> Reading:
    return Reading("Effect of hit", "doc", "Hero", Roll(DiceSpec(1), (5,)), Outcome("1 Hit", ""),
                   "effect_of_hits", column=column, adjustments=adjustments, base=base)


def test_the_dv_line_adds_up_from_the_basic_dv_and_says_when_the_sum_is_past_the_charts_edge():
    assert dv_line(effect(1, base=("minimal armour", 1))) == "DV 1 (minimal armour)"
    cover = (("Target in hard cover", 2), ("Short range", -1))
    assert dv_line(effect(3, cover, ("armoured", 2))) == \
        "DV 2 (armoured) + 2 (Target in hard cover) − 1 (Short range) = 3"
    assert dv_line(effect(4, (("Target in hard cover", 2),), ("heavy armour", 3))) == \
        "DV 3 (heavy armour) + 2 (Target in hard cover) = 5, past the chart's edge: read in the 3+ column"
    assert dv_line(effect(-3, (("Defenceless", -2), ("Flustered!", -1), ("All Out", -1)), ("no armour", 0))) == \
        "DV 0 (no armour) − 2 (Defenceless) − 1 (Flustered!) − 1 (All Out) = -4, past the chart's edge: " \
        "read in the -3 column"


def test_the_engine_gives_the_effect_roll_its_basic_dv():
    state = three()
    state.characters["ike"].armour = "minimal"
    _, result = keeping(state, ShotRequest("doc", "ike", paces=6), Dice(7, 7, 8, 8, 9, 6))
    assert titles(result)[:2] == ["Shoot at the Enemy!", "Gotcha!"]
    assert result.readings[2].base == ("minimal armour", 1)
    assert dv_line(result.readings[2]).startswith("DV 1 (minimal armour)")


def deeds_of(summary, key: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A character's counts and notes in the summary (none if it tells nothing of them)."""
    found = [(d.counts, d.notes) for d in summary.deeds if d.key == key]
    return found[0] if found else ((), ())


def test_the_summary_counts_finished_actions_hits_landed_and_cards_lost():
    state = three()
    resolutions = []
    for request, dice in ((ShotRequest("doc", "ike", paces=6), (7, 7, 8, 8, 5)),      # 1 Hit: Ike is down
                          (TestRequest("doc", "task"), (6, 6))):
        state, result = keeping(state, request, Dice(*dice))
        resolutions.append(result)
    paused_state, paused = perform(state, TestRequest("doc", "task"), Dice(2, 2))   # waiting: not counted
    assert paused.decision is not None
    told = QOTD.summary(state, [*resolutions, paused])
    assert deeds_of(told, "doc") == (("1 shot", "1 hit"), ())
    ike = state.characters["ike"]
    assert deeds_of(told, "ike") == ((), (f"lost {', '.join(map(str, ike.cards))} (for good)",))
    assert deeds_of(told, "wyatt") == ((), ())
    assert [(f.key, f.how) for f in told.fallen] == [("ike", "casualty")]


def test_a_shot_that_stopped_at_wanting_to_shoot_is_not_counted():
    """Shooting is three steps, the first the Wanting to Shoot test (text 1140-1143): on 2 to 4, "Where's the
    target! Hesitate and do not Shoot" (1151, 1172-1175), so the summary counts no shot; one that goes on to roll to hit counts."""
    state = three()
    state, balked = keeping(state, ShotRequest("doc", "ike", paces=6), Dice(3, 3))
    assert titles(balked) == ["Where’s the target!"]
    state, fired = keeping(state, ShotRequest("doc", "ike", paces=6), Dice(7, 7, 1, 1))
    assert titles(fired)[0] == "Shoot at the Enemy!" and len(fired.readings) == 2
    assert deeds_of(QOTD.summary(state, [balked]), "doc") == ((), ())
    assert deeds_of(QOTD.summary(state, [balked, fired]), "doc") == (("1 shot",), ())


def test_a_holder_who_responds_in_time_acts_off_their_card_until_the_next_is_turned():
    state = three()
    wyatt = state.characters["wyatt"]
    wyatt.conditions.add(Condition.HOLDING)
    # Hesitate! (3): the hold ends and nothing comes of it
    hesitated, _ = keeping(state, TestRequest("wyatt", "respond_opportunity"), Dice(3, 3))
    assert out_of_turn(hesitated, ShotRequest("wyatt", "ike", paces=6)) is hesitated.characters["wyatt"]
    # I'm Ready! (7): the hold ends, and Wyatt acts now, Doc's card still up
    state, result = keeping(state, TestRequest("wyatt", "respond_opportunity"), Dice(7, 7))
    assert Condition.HOLDING not in state.characters["wyatt"].conditions
    assert out_of_turn(state, ShotRequest("wyatt", "ike", paces=6)) is None
    assert out_of_turn(state, TestRequest("wyatt", "move")) is None
    state.turn()                                              # the next card: the moment has passed
    assert Condition.RESPONDING not in state.characters["wyatt"].conditions
    while state.acting is None or state.acting.key == "wyatt":
        state.turn()
    assert out_of_turn(state, ShotRequest("wyatt", "ike", paces=6)) is state.characters["wyatt"]


def test_the_fight_back_a_deadly_riposte_gives_is_taken_off_turn_a_fight_is_not():
    state = three()
    assert out_of_turn(state, FightRequest("ike", "doc", riposte=True)) is None
    assert out_of_turn(state, FightRequest("ike", "doc")) is state.characters["ike"]
