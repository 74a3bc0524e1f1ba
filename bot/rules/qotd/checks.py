"""Tests on a single chart (Reels 1 to 7), and those that change the game: holding,
responding, coming round, healing, poison, entangling and escaping.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.charts import Chart, Outcome, Row
from ..core.dice import Band, Dice
from ..core.replay import Context, Right
from ..core.words import Command, Name, words
from .casting import CharacterType
from .actions import Request, Story, action, begin
from .charts import CHARTS
from .hits import Blow, beast_reacts, courage_test, entangled, hold_fast, lose_card, poisoned, strike
from .rolls import Situation, Test, action_roll, automatic_reductions
from .state import ENTANGLEMENT, Character, Condition, QotdState, RulesError, WeaponCondition
from .weapons import WEAPONS

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
FOULING = {("move_snow", "Fall Over!"), ("move_swamp", "Glug! Glug!")}
"""Move outcomes that foul the character's weapons until an Action test clears them (653-660, 703-712)."""
FALL_INJURY = Chart("fall_injury", "Roll again: injured on a 1", (
    Row(1, 1, Outcome("Injured!", "Test for injury as if hit by a low impact weapon.")),
    Row(2, 10, Outcome("Back on their feet", "No harm done.")),
))
"""Fall Over! in ruins: roll again, and on a 1 the character is injured (758-761)."""
HOLDERS_MAY = ("respond_opportunity", "respond_attack", "react", "locate", "courage", "poison", "escape",
               "beast_reaction", "random_movement", "entangle")
"""Charts a holding character may still test on: responding, reacting, and what happens to them."""


def check_can_act(character: Character) -> None:
    """Refuse an action by a character who is out of it."""
    if character.casualty:
        raise RulesError(f"{character.name} has no cards left and cannot act.")
    if not character.in_action:
        raise RulesError(f"{character.name} is out of the action.")


def check_not_holding(character: Character) -> None:
    """Refuse a normal action by a holding character: they respond to an opportunity first (867-868)."""
    if character.conditions and Condition.HOLDING in character.conditions:
        raise RulesError(words(Name(character.name), " is holding and cannot act normally: respond to an "
                               "opportunity first (", Command("test chart:respond_opportunity"), ")."))


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
    in_cover: bool = False
    """The one taking a courage test is already in cover (a 1 ducks down rather than flees)."""
    helped: bool = False
    """An escape with a tool, a weapon, a device or other characters' help: a re-roll, and possible when trapped."""

    def involved(self) -> tuple[str, ...]:
        return (self.character,)


def leader_of(state: QotdState, key: str, *followers: Character) -> Character | None:
    """The leader named for an action (None when none is): another character of the same player as one of
    those who roll in it."""
    if not key:
        return None
    leader = state.characters.get(key)
    if leader is None or any(leader.key == f.key for f in followers):
        raise RulesError("Name another character of the game as the leader.")
    if all(leader.owner != f.owner for f in followers):
        raise RulesError(f"{leader.name} leads only their own player's characters.")
    return leader


@action(TestRequest)
def run_test(state: QotdState, request: TestRequest, ctx: Context) -> Story:
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
    if request.chart not in HOLDERS_MAY:
        check_not_holding(character)
    test = CHART_TESTS[request.chart]
    _refuse_needless(character, request)
    tags = {tag for tag, on in (("towards the enemy", request.towards_enemy),
                                ("bad going", request.bad_going),
                                ("athletic", request.athletic),
                                ("strength", request.strength)) if on}
    situation = Situation(test, frozenset(tags), request.skill)
    reduce_for = [request.reduced] + automatic_reductions(character, test, situation)
    if test is Test.MOVE:
        reduce_for += second_move(character)
    extra = []
    if test is Test.ESCAPE:
        reduce_for += escape_difficulty(character)
        if request.helped:
            extra.append(Right("helped", "Re-roll (a tool, weapon or help)"))
    leader = leader_of(state, request.leader, character)
    if test is Test.COURAGE:
        courage_test(state, ctx, character, request.in_close_combat, leader, (request.reduced,),
                     in_cover=request.in_cover)
        return story
    reading = action_roll(state, ctx, character, chart, situation, reduce_for=reduce_for, leader=leader,
                          extra=extra)
    _apply(state, request, character, reading.band, reading.outcome.title, ctx)
    return story


def escape_difficulty(character: Character) -> list[str]:
    """Escaping is a difficult action (reduced dice) once entangled or restrained (2-4) or completely trapped."""
    if Condition.TRAPPED in character.conditions:
        return ["completely trapped"]
    if Condition.HELD in character.conditions:
        return ["entangled or restrained: a difficult action"]
    return []


def _refuse_needless(character: Character, request: TestRequest) -> None:
    if request.in_cover and request.chart != "courage":
        raise RulesError("Being in cover changes only a courage test.")
    if request.helped and request.chart != "escape":
        raise RulesError("Help, a tool or a weapon changes only an escape.")
    if (request.athletic or request.strength) and request.chart != "task":
        raise RulesError("Climbing, jumping and strength are tasks: test them on the task chart.")
    if request.chart == "escape":
        if not character.conditions & set(ENTANGLEMENT):
            raise RulesError(f"{character.name} is not entangled or restrained.")
        if Condition.TRAPPED in character.conditions and not request.helped:
            raise RulesError(f"{character.name} is completely trapped and cannot escape without help.")
    if CHART_TESTS[request.chart] is Test.MOVE and Condition.UNDER_MOUNT in character.conditions:
        raise RulesError(words(Name(character.name), " is trapped under their dead mount and cannot move: pass an "
                               "Action test (", Command("test chart:task"), ") to get free first."))
    if request.chart == "courage" and character.has("heroic"):
        raise RulesError(f"{character.name} is Heroic: no need to test for Courage.")
    needed = INFLUENCE.get(request.chart)
    if needed and not character.has(needed):
        raise RulesError(f"Only a {needed.title()} character makes that test.")
    if request.chart == "respond_opportunity" and Condition.HOLDING not in character.conditions:
        raise RulesError(f"{character.name} is not holding.")
    if request.chart == "beast_reaction" and not character.is_beast:
        raise RulesError(f"{character.name} is not a beast.")


def _after_plain(state: QotdState, request: TestRequest, character: Character, ctx: Context) -> None:
    if request.chart == "entangle":
        entangled(character, ctx.readings[-1].roll.value, ctx)


def _apply(state: QotdState, request: TestRequest, character: Character, band: Band, title: str,
           ctx: Context) -> None:
    """What an outcome changes in the game (most outcomes are carried out on the table)."""
    chart = request.chart
    if chart.startswith("move") and title in RANDOM_AGAIN:
        action_roll(state, ctx, character, CHARTS["random_movement"], Situation(Test.MOVE),
                    label="Random movement", dice=Dice(1), adverse=lambda r: False)
    elif (chart, title) in FOULING:
        foul_weapons(character, ctx)
    elif chart == "move_ruins" and title == "Fall Over!":
        again = action_roll(state, ctx, character, FALL_INJURY, Situation(Test.TASK), dice=Dice(1),
                            adverse=lambda r: False)
        if again.band is Band.DISASTER:
            fall(state, ctx, character, light=True)
    elif chart == "move" and request.bad_going and band is Band.DISASTER:
        fall(state, ctx, character, light=False)
    elif chart == "respond_opportunity":
        character.conditions.discard(Condition.HOLDING)
        ctx.note(f"{character.name} stops holding.")
        if band.passed:
            character.conditions.add(Condition.RESPONDING)
            ctx.note(f"{character.name} responds in time: they act now, before the next card is turned.")
        if band is Band.OUTSTANDING:
            character.conditions.add(Condition.QUICK_REACTIONS)
            ctx.note(f"Quick Reactions! {character.name} may re-roll the dice of this attack or shot.")
    elif chart == "respond_attack":
        card = state.sacrifice(character)
        ctx.note(f"{character.name} uses up {card} to respond.")
        if band is Band.DISASTER:
            character.conditions.add(Condition.LEFT_DEFENCELESS)
            ctx.note(f"{character.name} counts as defenceless until their next turn.")
    elif chart == "break_off" and band.passed:
        for key in list(character.opponents):
            state.part(character, state.characters[key])
        ctx.note(f"{character.name} breaks off from the fight.")
    elif chart == "task" and band.passed and Condition.UNDER_MOUNT in character.conditions:
        character.conditions.discard(Condition.UNDER_MOUNT)
        ctx.note(f"{character.name} gets free of the dead mount.")
    elif chart == "task" and band.passed and character.mount is not None and character.mount.bolting:
        character.mount.bolting = False
        ctx.note(f"{character.name} regains control of the {character.mount.kind}.")
    elif chart == "beast_reaction":
        beast_reacts(state, ctx, character, band)
    elif chart == "poison" and not band.passed:
        if poisoned(state, character, ctx):
            courage_test(state, ctx, character, request.in_close_combat)
    elif chart == "escape" and band is Band.DISASTER:
        worse = ENTANGLEMENT[min(len(ENTANGLEMENT) - 1, 1 + max(ENTANGLEMENT.index(c) for c in ENTANGLEMENT
                                                                 if c in character.conditions))]
        hold_fast(character, worse)
        ctx.note(f"It's getting worse: {character.name} is now {worse.value.lower()}.")
    elif chart == "escape" and band.passed:
        character.conditions -= {*ENTANGLEMENT, Condition.DEFENCELESS}
        ctx.note(f"{character.name} gets free.")


def second_move(character: Character) -> list[str]:
    """A move is tracked for the phase: a second or later one uses reduced dice (435-437). Moving
    spoils an aim."""
    moved = Condition.MOVED in character.conditions
    character.conditions |= {Condition.MOVED}
    character.conditions.discard(Condition.AIMING)
    return ["a second move this phase"] if moved else []


def foul_weapons(character: Character, ctx: Context) -> None:
    """Snow, sand or water in every missile weapon: each needs an Action test to clear it (`/reload`)."""
    fouled = [carried for carried in character.weapons if carried.condition is WeaponCondition.READY
              and WEAPONS[carried.weapon].range > 0]
    for carried in fouled:
        carried.condition = WeaponCondition.FOULED
    if fouled:
        ctx.note(words(f"{character.name}'s {', '.join(WEAPONS[c.weapon].name for c in fouled)} must be cleared (",
                       Command("reload"), ") before use."))


def fall(state: QotdState, ctx: Context, character: Character, light: bool) -> None:
    """Falling over and testing for injury, as if hit (by a light impact weapon in the ruins; see
    docs/rulings.md)."""
    blow = Blow(character, lethal=True, label="Falls: test for injury")
    if light:
        blow.adjust("light_impact")
    if strike(state, ctx, character, blow):
        courage_test(state, ctx, character, in_close_combat=False)


def come_round(state: QotdState, character: Character, band: Band, ctx: Context) -> None:
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


def take_hold(character: Character) -> None:
    """The character holds on their card, if the rules let them (:class:`RulesError` if not)."""
    check_can_act(character)
    if character.is_beast or character.type is CharacterType.MINOR:
        raise RulesError("Only Heroes, Main and Supporting Characters can hold.")
    if Condition.HOLDING in character.conditions:
        raise RulesError(f"{character.name} is already holding.")
    if Condition.HELD_THIS_PHASE in character.conditions:
        raise RulesError(f"{character.name} has held once this phase already: a character holds once a phase.")
    character.conditions |= {Condition.HOLDING, Condition.HELD_THIS_PHASE}


@action(HoldRequest)
def hold(state: QotdState, request: HoldRequest, ctx: Context) -> Story:
    """Hold on this card to respond later in the phase."""
    character = state.characters[request.character]
    take_hold(character)
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
def try_to_come_round(state: QotdState, request: ComeRoundRequest, ctx: Context) -> Story:
    """Trying to come round (Reel 6): needs a stunned card and a card still to act with."""
    character = state.characters[request.character]
    if not character.stunned:
        raise RulesError(f"{character.name} is not knocked out.")
    if Condition.KNOCKED_OUT in character.conditions:
        raise RulesError(f"{character.name} is KO'd for the rest of the action: only medical aid can help now.")
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
def heal(state: QotdState, request: HealRequest, ctx: Context) -> Story:
    """Trying to heal (Reel 6). The patient's Frail and Tough apply to the healer's roll. Medical assistance
    restores one card to a character who has passed out (stunned to no cards)."""
    healer = state.characters[request.healer]
    patient = state.characters[request.patient]
    check_can_act(healer)
    if not healer.has("healer"):
        raise RulesError(f"{healer.name} is no Healer/Saw Bones.")
    passed_out = patient.casualty and not patient.lost
    if not patient.lost and not passed_out:
        raise RulesError(f"{patient.name} has no wounds to heal.")
    story = begin(ctx, Story("heal", f"{healer.name} tends {patient.name}'s wounds", healer.key, patient.key))
    extra = [Right("tough", "Re-roll (patient is Tough)")] if patient.has("tough") else []
    reading = action_roll(state, ctx, healer, CHARTS["heal"], Situation(Test.HEAL),
                          reduce_for=["patient is Frail"] if patient.has("frail") else [], extra=extra)
    if reading.band is Band.DISASTER:
        for _ in list(patient.available):
            lose_card(state, patient, True, "He's Gone!", ctx)
    elif reading.band.passed:
        cards = patient.stunned[:1] if passed_out else patient.lost[: None if reading.band is Band.OUTSTANDING else 1]
        for card in list(cards):
            state.restore(patient, card, ctx.rng)
            ctx.note(f"{patient.name} recovers {card}.")
    return story
