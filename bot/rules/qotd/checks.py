"""Tests on a single chart (Reels 1 to 7), and those that change the game: holding,
responding, coming round, healing, poison, entangling and escaping.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.dice import Band, Dice
from ..core.replay import Context, Right
from .casting import CharacterType
from .actions import Request, Story, action, begin
from .charts import CHARTS
from .hits import courage_test, entangled, lose_card
from .rolls import Situation, Test, action_roll, automatic_reductions
from .state import Character, Condition, GameState, RulesError

CHART_TESTS: dict[str, Test] = {
    "move": Test.MOVE, "move_forest": Test.MOVE, "move_snow": Test.MOVE, "move_swamp": Test.MOVE,
    "move_ruins": Test.MOVE, "evade": Test.EVADE, "task": Test.TASK,
    "respond_opportunity": Test.HOLD, "respond_attack": Test.RESPOND, "react": Test.REACT,
    "locate": Test.LOCATE, "courage": Test.COURAGE, "shoot": Test.SHOOT, "draw": Test.DRAW,
    "respond_draw": Test.RESPOND, "attack": Test.ATTACK, "break_off": Test.BREAK_OFF,
    "poison": Test.POISON, "escape": Test.ESCAPE,
    "beast_reaction": Test.BEAST, "charm": Test.INFLUENCE, "dominate": Test.INFLUENCE,
}
"""Charts a character tests on with their action dice, and the kind of test each is."""

PLAIN_D10 = ("random_movement", "entangle")
"""Charts read on a plain 1D10, whoever rolls."""

TESTABLE = tuple(CHART_TESTS) + PLAIN_D10
"""Every chart `/test` may roll on; to-hit, reloading, coming round, healing and recovery have their own actions."""

MOVE_CHART_TERRAIN = {"move_forest": "forest or jungle", "move_snow": "deep snow or sand",
                      "move_swamp": "a swamp", "move_ruins": "ruins"}
RANDOM_AGAIN = ("Disorientated!", "Slip Sliding Away!", "Loose Footing!")
"""Move outcomes that send the character off in a random direction."""
INFLUENCE = {"charm": "charismatic", "dominate": "dominant"}


def check_can_act(character: Character) -> None:
    """Refuse an action by a character who is out of it."""
    if character.casualty:
        raise RulesError(f"{character.name} has no cards left and cannot act.")
    if not character.in_action:
        raise RulesError(f"{character.name} is out of the action.")


@dataclass
class TestRequest(Request):
    """A test on one chart with the character's action dice."""

    __test__ = False  # a rules test, not a pytest one
    kind = "test"
    character: str
    chart: str
    reduced: str = ""
    """Why the dice are reduced, when adverse circumstances apply (empty: they are not)."""
    towards_enemy: bool = False
    bad_going: bool = False
    skill: str = ""
    """The skill, area of study or weapon a task uses (for Good in, Poor in, Academic, Expert)."""
    athletic: bool = False
    strength: bool = False
    in_close_combat: bool = False
    leader: str = ""
    """A Natural Leader or Dominant character within 10 paces of the one testing."""

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


LED_TESTS = (Test.MOVE, Test.COURAGE, Test.HOLD)
"""Tests where a Natural Leader's command uses the leader's dice."""
SWAYED_TESTS = (Test.MOVE, Test.EVADE, Test.TASK, Test.HOLD, Test.RESPOND, Test.REACT, Test.LOCATE,
                Test.SHOOT, Test.ATTACK, Test.BREAK_OFF, Test.RELOAD, Test.ESCAPE)
"""Action and task tests a Dominant leader's followers may re-roll when failed."""


def leadership(state: GameState, request: TestRequest, test: Test) -> tuple[Character | None, list[Right]]:
    """A leader within 10 paces: a Natural Leader whose dice are used, or a Dominant leader's re-roll."""
    if not request.leader:
        return None, []
    leader = state.characters.get(request.leader)
    if leader is None or leader.key == request.character:
        raise RulesError("Name another character of the game as the leader.")
    if leader.has("natural_leader") and test in LED_TESTS:
        return leader, []
    if leader.has("dominant") and test in SWAYED_TESTS:
        return None, [Right("dominant", f"Re-roll ({leader.name} is Dominant)")]
    return None, []


@action(TestRequest)
def run_test(state: GameState, request: TestRequest, ctx: Context) -> Story:
    """Roll a test on a chart and apply what the outcome does to the game."""
    if request.chart not in TESTABLE:
        raise RulesError(f"There is no chart {request.chart!r} to test on.")
    character = state.characters[request.character]
    chart = CHARTS[request.chart]
    story = begin(ctx, Story("test", f"{character.name}: {chart.name}", character.key))
    if request.chart in PLAIN_D10:
        action_roll(state, ctx, character, chart, Situation(Test.TASK), dice=Dice(1), adverse=lambda r: False)
        _after_plain(state, request, character, ctx)
        return story
    check_can_act(character)
    test = CHART_TESTS[request.chart]
    _refuse_needless(character, request)
    tags = {tag for tag, on in (("towards the enemy", request.towards_enemy),
                                ("bad going", request.bad_going),
                                ("athletic", request.athletic),
                                ("strength", request.strength)) if on}
    situation = Situation(test, frozenset(tags), request.skill)
    reduce_for = [request.reduced] + automatic_reductions(character, test, situation)
    leader, extra = leadership(state, request, test)
    if test is Test.COURAGE:
        courage_test(state, ctx, character, request.in_close_combat, leader, (request.reduced,))
        return story
    reading = action_roll(state, ctx, character, chart, situation, reduce_for=reduce_for, extra=extra,
                          dice=leader.action_dice() if leader else None,
                          whose=f"{leader.name}'s dice" if leader else "")
    _apply(state, request, character, reading.band, reading.outcome.title, ctx)
    return story


def _refuse_needless(character: Character, request: TestRequest) -> None:
    if request.chart == "courage" and character.has("heroic"):
        raise RulesError(f"{character.name} is Heroic: no need to test for Courage.")
    needed = INFLUENCE.get(request.chart)
    if needed and not character.has(needed):
        raise RulesError(f"Only a {needed.title()} character makes that test.")
    if request.chart == "respond_opportunity" and Condition.HOLDING not in character.conditions:
        raise RulesError(f"{character.name} is not holding.")
    if request.chart == "beast_reaction" and not character.is_beast:
        raise RulesError(f"{character.name} is not a beast.")


def _after_plain(state: GameState, request: TestRequest, character: Character, ctx: Context) -> None:
    if request.chart == "entangle":
        entangled(character, ctx.readings[-1].roll.value, ctx)


def _apply(state: GameState, request: TestRequest, character: Character, band: Band, title: str,
           ctx: Context) -> None:
    """What an outcome changes in the game (most outcomes are carried out on the table)."""
    chart = request.chart
    if chart.startswith("move") and title in RANDOM_AGAIN:
        action_roll(state, ctx, character, CHARTS["random_movement"], Situation(Test.MOVE),
                    label="Random movement", dice=Dice(1), adverse=lambda r: False)
    elif chart == "respond_opportunity":
        character.conditions.discard(Condition.HOLDING)
        ctx.note(f"{character.name} stops holding.")
    elif chart == "respond_attack":
        card = state.sacrifice(character)
        ctx.note(f"{character.name} uses up {card} to respond.")
        if band is Band.DISASTER:
            character.conditions.add(Condition.DEFENCELESS)
            ctx.note(f"{character.name} counts as defenceless.")
    elif chart == "poison" and not band.passed:
        for _ in range(2):
            lose_card(state, character, True, "poison", ctx)
    elif chart == "escape" and band.passed:
        character.conditions -= {Condition.ENTANGLED, Condition.DEFENCELESS}
        ctx.note(f"{character.name} gets free.")


def come_round(state: GameState, character: Character, band: Band, ctx: Context) -> None:
    """Trying to come round: recover a stunned card, or be KO'd for the rest of the action."""
    if band is Band.DISASTER:
        state.take_out_of_action(character, Condition.KNOCKED_OUT)
        ctx.note(f"{character.name} is KO'd for the rest of the action.")
    elif band.passed and character.stunned:
        card = character.stunned[0]
        state.restore(character, card, ctx.rng)
        ctx.note(f"{character.name} comes round and recovers {card}.")


@dataclass
class HoldRequest(Request):
    """Holding: a basic action, no test. Once a phase."""

    kind = "hold"
    character: str

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


@action(HoldRequest)
def hold(state: GameState, request: HoldRequest, ctx: Context) -> Story:
    """Hold on this card to respond later in the phase."""
    character = state.characters[request.character]
    check_can_act(character)
    if character.is_beast or character.type is CharacterType.MINOR:
        raise RulesError("Only Heroes, Main and Supporting Characters can hold.")
    if Condition.HOLDING in character.conditions:
        raise RulesError(f"{character.name} is already holding.")
    character.conditions.add(Condition.HOLDING)
    ctx.note(f"{character.name} holds, ready to respond.")
    return Story("hold", f"{character.name} holds", character.key)


@dataclass
class ComeRoundRequest(Request):
    """A KO'd character tries to come round."""

    kind = "come_round"
    character: str

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


@action(ComeRoundRequest)
def try_to_come_round(state: GameState, request: ComeRoundRequest, ctx: Context) -> Story:
    """Trying to come round (Reel 6): needs a stunned card and a card still to act with."""
    character = state.characters[request.character]
    if not character.stunned:
        raise RulesError(f"{character.name} is not knocked out.")
    if not character.available:
        raise RulesError(f"{character.name} has passed out: only medical aid can help now.")
    story = begin(ctx, Story("come_round", f"{character.name} tries to come round", character.key))
    situation = Situation(Test.COME_ROUND)
    reading = action_roll(state, ctx, character, CHARTS["come_round"], situation,
                          reduce_for=automatic_reductions(character, Test.COME_ROUND, situation))
    come_round(state, character, reading.band, ctx)
    return story


@dataclass
class HealRequest(Request):
    """A Healer/Saw Bones gives first aid to a wounded character."""

    kind = "heal"
    healer: str
    patient: str

    def involved(self) -> tuple[str, ...]:
        return (self.healer, self.patient)


@action(HealRequest)
def heal(state: GameState, request: HealRequest, ctx: Context) -> Story:
    """Trying to heal (Reel 6). The patient's Frail and Tough apply to the healer's roll."""
    healer = state.characters[request.healer]
    patient = state.characters[request.patient]
    check_can_act(healer)
    if not healer.has("healer"):
        raise RulesError(f"{healer.name} is no Healer/Saw Bones.")
    if not patient.lost:
        raise RulesError(f"{patient.name} has no wounds to heal.")
    story = begin(ctx, Story("heal", f"{healer.name} tends {patient.name}'s wounds", healer.key, patient.key))
    extra = [Right("tough", "Re-roll (patient is Tough)")] if patient.has("tough") else []
    reading = action_roll(state, ctx, healer, CHARTS["heal"], Situation(Test.HEAL),
                          reduce_for=["patient is Frail"] if patient.has("frail") else [], extra=extra)
    if reading.band is Band.DISASTER:
        for _ in list(patient.available):
            lose_card(state, patient, True, "He's Gone!", ctx)
    elif reading.band.passed:
        for card in list(patient.lost)[: None if reading.band is Band.OUTSTANDING else 1]:
            state.restore(patient, card, ctx.rng)
            ctx.note(f"{patient.name} recovers {card}.")
    return story
