"""A character's roll on a chart: which dice, which re-roll rights are open, and their price.

Re-roll rights come from personality, skills and traits (as Reel 2 lists them),
from Lucky (four a game), from Cut! (Heroes and Main Characters, a card to
come), and from earlier outcomes such as "Got Them!". A right is offered only
when the roll went against the character (see docs/rulings.md); each roll is
re-rolled at most once and the second roll is kept.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..core.charts import Chart, GridChart
from ..core.dice import Dice, Roll
from ..core.replay import Context, Reading, Right
from .state import Character, QotdState
from .traits import PERSONALITIES, SKILLS


class Test(enum.Enum):
    """The kinds of roll the book gives re-roll rights for."""

    MOVE = "move"
    EVADE = "evade"
    TASK = "task"
    HOLD = "respond from hold"
    RESPOND = "respond"
    REACT = "react"
    LOCATE = "locate"
    COURAGE = "courage"
    SHOOT = "wanting to shoot"
    TO_HIT = "to hit"
    RELOAD = "reload"
    DRAW = "draw"
    ATTACK = "wanting to attack"
    BREAK_OFF = "break off"
    COME_ROUND = "come round"
    HEAL = "heal"
    POISON = "poison"
    ESCAPE = "escape"
    EFFECT = "effect of a hit"
    BEAST = "beast's reaction"
    INFLUENCE = "charm or dominate"


@dataclass(frozen=True)
class TraitRight:
    """A trait's re-roll right: on which tests, and in which situation (a tag the roll must carry)."""

    trait: str
    tests: frozenset[Test]
    situation: str = ""
    """A tag such as "towards the enemy"; "skill" means the trait's detail must match the roll's skill."""


def _right(trait: str, *tests: Test, situation: str = "") -> TraitRight:
    return TraitRight(trait, frozenset(tests), situation)


DRAWING = "responding to an opponent drawing"
"""The tag of a Main Street roll, where Quick Draw's re-roll applies to responding too (347, 1224)."""

TRAIT_RIGHTS = (
    _right("academic", Test.TASK, Test.LOCATE, situation="skill"),
    _right("brave", Test.COURAGE),
    _right("proud", Test.COURAGE),
    _right("disciplined", Test.MOVE, Test.SHOOT, Test.ATTACK, Test.HOLD, Test.RELOAD),
    _right("fanatic", Test.ATTACK),
    _right("fanatic", Test.MOVE, situation="towards the enemy"),
    _right("rash", Test.MOVE, situation="towards the enemy"),
    _right("quick_witted", Test.RESPOND, Test.HOLD, Test.REACT),
    _right("athletic", Test.TASK, situation="athletic"),
    _right("good_in", Test.TASK, situation="skill"),
    _right("fleet_footed", Test.MOVE),
    _right("strong", Test.TASK, situation="strength"),
    _right("strong", Test.ESCAPE),
    _right("surefooted", Test.MOVE, situation="bad going"),
    _right("tough", Test.COME_ROUND, Test.HEAL, Test.POISON),
    _right("expert", Test.TO_HIT, Test.RELOAD, Test.TASK, situation="skill"),
    _right("marksman", Test.RELOAD),
    _right("quick_draw", Test.DRAW),
    _right("quick_draw", Test.RESPOND, situation=DRAWING),
)


def trait_name(key: str) -> str:
    """The book's name for a personality or skill key."""
    trait = PERSONALITIES.get(key) or SKILLS.get(key)
    return trait.name if trait else key.replace("_", " ").title()


def failed(reading: Reading) -> bool:
    """The usual test of a roll that went against the roller: 1 to 4."""
    return not reading.band.passed


@dataclass(frozen=True)
class Situation:
    """What a roll is about, for the rights it opens."""

    test: Test
    tags: frozenset[str] = frozenset()
    skill: str = ""
    """The skill, area of study or weapon key the roll uses, matched against trait details."""


RIGHTS_BY_TEST: dict[Test, tuple[TraitRight, ...]] = {
    test: tuple(tr for tr in TRAIT_RIGHTS if test in tr.tests) for test in Test}
"""The trait rights that may apply to each kind of roll, in the order of :data:`TRAIT_RIGHTS`."""


def trait_rights(character: Character, situation: Situation) -> list[Right]:
    """The character's trait re-roll rights that apply to a roll."""
    out = []
    for tr in RIGHTS_BY_TEST[situation.test]:
        if tr.situation == "skill":
            if not (situation.skill and character.has(tr.trait, situation.skill)):
                continue
        elif not character.has(tr.trait) or (tr.situation and tr.situation not in situation.tags):
            continue
        if all(r.key != tr.trait for r in out):
            out.append(Right(tr.trait, f"Re-roll ({trait_name(tr.trait)})"))
    return out


def lucky_right(state: QotdState, character: Character, owner: str = "") -> list[Right]:
    """A Lucky character's re-roll, while they have any left this game."""
    left = state.settings.lucky_rerolls - character.lucky_used
    if not character.has("lucky") or left <= 0:
        return []
    return [Right("lucky", f"Lucky ({character.name}) — {left} left" if owner else f"Lucky — {left} left",
                  owner=owner)]


def luck_rights(state: QotdState, character: Character) -> list[Right]:
    """Lucky and Cut!, as far as the character still has them."""
    out = lucky_right(state, character)
    if (not character.is_beast and character.type.row.lead
            and character.cuts_used < state.settings.cuts_per_character):
        if state.next_card_of(character) is not None:     # which card it is stays face down until sacrificed
            out.append(Right("cut", "Cut! — lose your next card"))
    return out


def pay(state: QotdState, ctx: Context, character: Character, right: Right) -> None:
    """Pay for a right taken: a Lucky re-roll, or the card sacrificed for Cut!."""
    if right.key == "lucky":
        character.lucky_used += 1
        left = state.settings.lucky_rerolls - character.lucky_used
        ctx.note(f"{character.name} uses a Lucky re-roll ({left} left).")
    elif right.key == "cut":
        card = state.sacrifice(character)
        character.cuts_used += 1
        ctx.note(f"Cut! {character.name} sacrifices {card} to reshoot the scene.")


LED_TESTS = (Test.MOVE, Test.COURAGE, Test.HOLD)
"""Tests where a Natural Leader's command uses the leader's dice."""
SWAYED_TESTS = (Test.MOVE, Test.EVADE, Test.TASK, Test.HOLD, Test.RESPOND, Test.REACT, Test.LOCATE,
                Test.SHOOT, Test.ATTACK, Test.TO_HIT, Test.COURAGE, Test.BREAK_OFF, Test.RELOAD, Test.ESCAPE)
"""Action and task tests a Dominant leader's followers may re-roll when failed."""


def command(leader: Character | None, follower: Character, test: Test) -> tuple[Character | None, list[Right]]:
    """A leader's command over a follower's roll (a character of the same player, not the leader): a Natural
    Leader's dice for moving, courage and responding from hold, or a Dominant leader's re-roll of a failed test."""
    if leader is None or leader.key == follower.key or leader.owner != follower.owner:
        return None, []
    if leader.has("natural_leader") and test in LED_TESTS:
        return leader, []
    if leader.has("dominant") and test in SWAYED_TESTS:
        return None, [Right("dominant", f"Re-roll ({leader.name} is Dominant)")]
    return None, []


def automatic_reductions(character: Character, test: Test, situation: Situation) -> list[str]:
    """Reasons the book gives for reduced dice that follow from the character itself."""
    reasons = []
    if character.has("cautious") and test in (Test.RESPOND, Test.HOLD, Test.REACT):
        reasons.append("Cautious")
    if character.has("lumbering") and test is Test.MOVE and "bad going" in situation.tags:
        reasons.append("Lumbering in bad going")
    if test is Test.TASK and situation.skill and character.has("poor_in", situation.skill):
        reasons.append(f"Poor in {situation.skill}")
    if character.has("frail") and test in (Test.COME_ROUND, Test.POISON):
        reasons.append("Frail")
    return reasons


def dice_for(character: Character, reduce_for: Iterable[str], dice: Dice | None = None,
             reduced: Dice | None = None, whose: str = "") -> tuple[Dice, str]:
    """The dice a character rolls and why: reduced when any reason applies."""
    reasons = [r for r in reduce_for if r]
    if character.reduced:
        reasons.insert(0, "exhausted")
    base = dice or character.action_dice()
    if reasons:
        chosen = reduced or character.action_dice(reduced=True)
        return chosen, f"reduced dice {chosen} ({', '.join(reasons)})"
    who = whose or (character.type.title if not character.is_beast else "Beast")
    return base, f"{who}: {base}"


IMPROVABLE = ("Near Miss", "Nick", "Graze")
"""Effects of a hit that take nothing from the target: a Lucky character who caused the hit may re-roll them,
"improving the results of hits caused by them" (250-252)."""


def improvable(reading: Reading) -> bool:
    return reading.outcome.title in IMPROVABLE


def action_roll(state: QotdState, ctx: Context, character: Character, chart: Chart | GridChart,
                situation: Situation, *, label: str = "", reduce_for: Iterable[str] = (),
                dice: Dice | None = None, reduced: Dice | None = None,
                extra: Iterable[Right] = (), adverse: Callable[[Reading], bool] = failed,
                column: int = 0, adjustments: tuple[tuple[str, int], ...] = (), base: tuple[str, int] | None = None,
                ones_ignored: bool = False, whose: str = "", leader: Character | None = None,
                striker: Character | None = None) -> Reading:
    """Roll for ``character`` on ``chart`` (a grid is read in ``column``), offering its re-roll rights.

    The character's joker mark, if any, is spent on this roll when it is their own, as the one acting
    (a hit on them, or a test another's action calls for, leaves it). ``whose`` names dice that are
    not the character's own; a ``leader`` within 10 paces commands the roll (:func:`command`).
    On the effect of a hit, a Lucky ``striker`` who caused it may re-roll a result that took no card from the
    target, when the target has no right of their own to take on it (see docs/rulings.md).
    """
    extra = tuple(extra)
    if leader is not None:
        dice_of, led = command(leader, character, situation.test)
        if dice_of is not None:
            dice, whose = dice_of.action_dice(), f"{dice_of.name}'s dice"
        extra += tuple(led)
    chosen, reason = dice_for(character, reduce_for, dice, reduced, whose)
    label = label or chart.name
    luck = None
    if getattr(ctx.story, "actor", None) == character.key:
        luck, character.luck = character.luck, None

    def read(roll: Roll) -> Reading:
        if isinstance(chart, GridChart):
            _, outcome = chart.read(roll.value, column)
            return Reading(label, character.key, reason, roll, outcome, chart.key,
                           column=chart.column_for(column), adjustments=adjustments, base=base)
        return Reading(label, character.key, reason, roll, chart.read(roll.value), chart.key)

    def rights(reading: Reading) -> list[Right]:
        found = list(extra) + trait_rights(character, situation) + luck_rights(state, character) \
            if adverse(reading) else []
        if not found and striker is not None and striker is not character and improvable(reading):
            return lucky_right(state, striker, owner=striker.key)
        return list({r.key: r for r in found}.values())

    def use(right: Right) -> Dice | None:
        pay(state, ctx, state.characters[right.owner] if right.owner else character, right)
        return None

    return ctx.roll(chosen, label=label, roller=character.key, dice_reason=reason,
                    read=read, rights=rights, use=use, luck=luck,
                    ones_ignored=ones_ignored)
