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
from .state import Character, GameState
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


def trait_rights(character: Character, situation: Situation) -> list[Right]:
    """The character's trait re-roll rights that apply to a roll."""
    out = []
    for tr in TRAIT_RIGHTS:
        if situation.test not in tr.tests:
            continue
        if tr.situation == "skill":
            if not (situation.skill and character.has(tr.trait, situation.skill)):
                continue
        elif not character.has(tr.trait) or (tr.situation and tr.situation not in situation.tags):
            continue
        if all(r.key != tr.trait for r in out):
            out.append(Right(tr.trait, f"Re-roll ({trait_name(tr.trait)})"))
    return out


def luck_rights(state: GameState, character: Character) -> list[Right]:
    """Lucky and Cut!, as far as the character still has them."""
    out = []
    if character.has("lucky"):
        left = state.settings.lucky_rerolls - character.lucky_used
        if left > 0:
            out.append(Right("lucky", f"Lucky — {left} left"))
    if (not character.is_beast and character.type.row.lead
            and character.cuts_used < state.settings.cuts_per_character):
        card = state.next_card_of(character)
        if card is not None:
            out.append(Right("cut", f"Cut! — lose your next card ({card})"))
    return out


def pay(state: GameState, ctx: Context, character: Character, right: Right) -> None:
    """Pay for a right taken: a Lucky re-roll, or the card sacrificed for Cut!."""
    if right.key == "lucky":
        character.lucky_used += 1
        left = state.settings.lucky_rerolls - character.lucky_used
        ctx.note(f"{character.name} uses a Lucky re-roll ({left} left).")
    elif right.key == "cut":
        card = state.sacrifice(character)
        character.cuts_used += 1
        ctx.note(f"Cut! {character.name} sacrifices {card} to reshoot the scene.")


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


def action_roll(state: GameState, ctx: Context, character: Character, chart: Chart | GridChart,
                situation: Situation, *, label: str = "", reduce_for: Iterable[str] = (),
                dice: Dice | None = None, reduced: Dice | None = None,
                extra: Iterable[Right] = (), adverse: Callable[[Reading], bool] = failed,
                column: int = 0, adjustments: tuple[tuple[str, int], ...] = (),
                ones_ignored: bool = False, whose: str = "") -> Reading:
    """Roll for ``character`` on ``chart`` (a grid is read in ``column``), offering its re-roll rights.

    The character's joker mark, if any, is spent on this roll. ``whose`` names dice that are
    not the character's own (a leader's).
    """
    chosen, reason = dice_for(character, reduce_for, dice, reduced, whose)
    label = label or chart.name
    luck, character.luck = character.luck, None
    extra = tuple(extra)

    def read(roll: Roll) -> Reading:
        if isinstance(chart, GridChart):
            _, outcome = chart.read(roll.value, column)
            return Reading(label, character.key, reason, roll, outcome, chart.key,
                           column=chart.column_for(column), adjustments=adjustments)
        return Reading(label, character.key, reason, roll, chart.read(roll.value), chart.key)

    def rights(reading: Reading) -> list[Right]:
        if not adverse(reading):
            return []
        found = list(extra) + trait_rights(character, situation) + luck_rights(state, character)
        return list({r.key: r for r in found}.values())

    def use(right: Right) -> Dice | None:
        pay(state, ctx, character, right)
        return None

    return ctx.roll(chosen, label=label, roller=character.key, dice_reason=reason,
                    read=read, rights=rights, use=use, luck=luck,
                    ones_ignored=ones_ignored)
