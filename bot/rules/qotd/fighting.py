"""Reel 5: fighting, a three-step process: Wanting to Attack, to hit, the effect of the hit."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..core.dice import Band
from ..core.replay import Context, Right
from .actions import Request, Story, action, begin
from .charts import CHARTS
from .checks import check_can_act
from .hits import Blow, courage_test, strike_rider_or_mount
from .rolls import Situation, Test, action_roll, automatic_reductions
from .shooting import ShotRequest, ShotType, carried_weapon, shoot
from .state import Character, Condition, GameState, RulesError
from .weapons import WEAPONS, Fire, Impact, Reach, Weapon, fire_dice, reduced_fire_dice

FISTS = "fists"
REACH_ORDER = (Reach.CLOSE, Reach.SHORT, Reach.MEDIUM, Reach.LONG)


class Form(enum.Enum):
    """Forms of attack."""

    STANDARD = "Standard Attack"
    MIGHTY_BLOW = "Mighty Blow"
    ALL_OUT = "All Out Attack"


class Defence(enum.Enum):
    """The defender's choice; all but the basic defence need a response and use up a card."""

    BASIC = "basic defence"
    BLOCK = "Block"
    EVADE = "Evade"
    HASTY_SHOT = "Hasty shot"


ONCE_A_PHASE = {Form.MIGHTY_BLOW: Condition.MIGHTY_BLOW_USED, Form.ALL_OUT: Condition.ALL_OUT_ATTACK_USED}


@dataclass
class FightRequest(Request):
    """An attack in close combat."""

    kind = "fight"
    attacker: str
    defender: str
    weapon: str = ""
    """Key of the carried weapon; empty for the first fighting weapon, or fists."""
    form: Form = Form.STANDARD
    defence: Defence = Defence.BASIC
    charging: bool = False
    opponents: int = 1
    """How many opponents the attacker is fighting (outnumbered beyond their cards)."""
    behind_defences: bool = False
    continuing: bool = False
    """The fight is already under way: no Wanting to Attack test."""
    riding: bool = False
    hasty: bool = False
    """A hasty attack (after blocking, in their turn)."""
    stunning: bool = False
    """A Martial Artist choosing a stunning attack."""
    riposte: bool = False
    """A fight back after A Deadly Riposte!: the attacker may re-roll to hit."""
    at_mount: bool = False
    """Attacking the defender's mount rather than its rider."""

    def involved(self) -> tuple[str, ...]:
        return (self.attacker, self.defender)


def fighting_weapon(character: Character, key: str) -> tuple[str, Weapon]:
    """The weapon a character fights with: the one named, the first fighting weapon, or fists."""
    if key in ("", FISTS) and not any(WEAPONS[c.weapon].range == 0 for c in character.weapons):
        return FISTS, WEAPONS[FISTS]
    if key == FISTS:
        return FISTS, WEAPONS[FISTS]
    carried, weapon = carried_weapon(character, key, missile=False)
    return carried.weapon, weapon


def reach_of(character: Character) -> Reach:
    """The reach of the weapon a defender fights back with."""
    return fighting_weapon(character, "")[1].reach or Reach.CLOSE


@action(FightRequest)
def fight(state: GameState, request: FightRequest, ctx: Context) -> Story:
    """The whole attack: Wanting to Attack, the defender's response, to hit, effect and courage."""
    attacker = state.characters[request.attacker]
    defender = state.characters[request.defender]
    check_can_act(attacker)
    if attacker is defender:
        raise RulesError("A character cannot attack themselves.")
    if defender.casualty or not defender.in_action:
        raise RulesError(f"{defender.name} is already out of the fight.")
    if not 1 <= request.opponents <= 20:
        raise RulesError("Opponents must be between 1 and 20.")
    weapon_key, weapon = fighting_weapon(attacker, request.weapon)
    form = request.form
    if not request.continuing and form is not Form.ALL_OUT and (attacker.has("rash") or attacker.has("fanatic")):
        form = Form.ALL_OUT
        ctx.note(f"{attacker.name} is {'Rash' if attacker.has('rash') else 'a Fanatic'}: "
                 "an All Out Attack in the first round.")
    if form in ONCE_A_PHASE and ONCE_A_PHASE[form] in attacker.conditions:
        raise RulesError(f"Only one {form.value} can be made in a phase.")
    story = begin(ctx, Story("fight", f"{attacker.name} attacks {defender.name} with "
                                      f"{weapon.name.lower()} ({form.value})", attacker.key, defender.key))
    extra: list[Right] = []
    if request.riposte:
        extra.append(Right("riposte", "Re-roll (A Deadly Riposte!)"))
    if not (request.continuing or request.riposte):
        want = action_roll(state, ctx, attacker, CHARTS["attack"], Situation(Test.ATTACK))
        if not want.band.passed:
            return story
        if want.band is Band.OUTSTANDING:
            extra.append(Right("get_stuck_in", "Re-roll (Get Stuck In!)", ones_ignored=True))
    if form in ONCE_A_PHASE:
        attacker.conditions.add(ONCE_A_PHASE[form])
    if form is Form.ALL_OUT:
        attacker.conditions.add(Condition.MADE_ALL_OUT_ATTACK)
        extra.append(Right("all_out", "Re-roll (All Out Attack)"))
    blow = Blow(attacker, lethal=weapon.lethal and not (request.stunning and attacker.has("martial_artist")),
                label="Effect of the blow", in_close_combat=True)
    if not respond(state, ctx, attacker, defender, request, blow):
        return story
    hit = to_hit(state, ctx, attacker, weapon_key, request, form, extra)
    if hit is None:
        return story
    add_adjustments(blow, attacker, defender, weapon, request, form, deadly=hit == 10)
    may_choose = request.riding or attacker.has("man_killer") or attacker.has("expert", weapon_key)
    if strike_rider_or_mount(state, ctx, defender, blow, request.at_mount, may_choose):
        courage_test(state, ctx, defender, in_close_combat=True)
    return story


def respond(state: GameState, ctx: Context, attacker: Character, defender: Character,
            request: FightRequest, blow: Blow) -> bool:
    """The defender's response to the attack. Returns whether the attack still goes in."""
    if request.defence is Defence.BASIC:
        if defender.casualty or defender.stunned and not defender.available:
            blow.adjust("defenceless")
        return True
    if state.next_card_of(defender) is None:
        raise RulesError(f"{defender.name} has no card left this phase to respond with.")
    situation = Situation(Test.RESPOND)
    reading = action_roll(state, ctx, defender, CHARTS["respond_attack"], situation,
                          reduce_for=automatic_reductions(defender, Test.RESPOND, situation))
    card = state.sacrifice(defender)
    ctx.note(f"{defender.name} uses up {card} to respond.")
    if reading.band is Band.DISASTER:
        defender.conditions.add(Condition.DEFENCELESS)
        return True
    if reading.band is Band.FAIL:
        blow.adjustments.append(("Flustered! (failed to respond)", -1))
        return True
    if request.defence is Defence.EVADE:
        ctx.note(f"{defender.name} evades the attack.")
        return False
    if request.defence is Defence.BLOCK:
        blow.adjust("block")
        return True
    carried, _ = carried_weapon(defender, "", missile=True)
    shot = ShotType.DELIBERATE if reading.band is Band.OUTSTANDING else ShotType.HASTY
    shoot(state, ShotRequest(defender.key, attacker.key, carried.weapon, shot, paces=1, responding=True), ctx)
    if attacker.casualty or not attacker.in_action:
        return False
    defender.conditions.add(Condition.DEFENCELESS)
    ctx.note(f"{attacker.name} is still coming: {defender.name} counts as defenceless.")
    return True


def to_hit(state: GameState, ctx: Context, attacker: Character, weapon_key: str, request: FightRequest,
           form: Form, extra: list[Right]) -> int | None:
    """Roll to hit in a fight. Returns the die value of the hit, or None for a miss."""
    tier = "lead" if attacker.is_beast or attacker.type.row.lead else "support"
    reasons = []
    if attacker.has("poor_fighter"):
        reasons.append("Poor fighter")
    if request.opponents > len(attacker.available):
        reasons.append(f"outnumbered by {request.opponents}")
    dice = attacker.action_dice() if attacker.is_beast else fire_dice(tier, Fire.FIGHTING)
    reading = action_roll(state, ctx, attacker, CHARTS["to_hit_fighting"], Situation(Test.TO_HIT, skill=weapon_key),
                          label="To hit", reduce_for=reasons, dice=dice,
                          reduced=None if attacker.is_beast else reduced_fire_dice(tier, Fire.FIGHTING),
                          extra=extra)
    band = reading.band
    if band is Band.DISASTER:
        ctx.note(f"A Deadly Riposte! {state.characters[request.defender].name} may fight back at once, "
                 "with a re-roll.")
        if form is not Form.STANDARD:
            attacker.conditions.add(Condition.DEFENCELESS)
            ctx.note(f"{attacker.name} is left defenceless.")
    elif band is Band.FAIL:
        if form is Form.MIGHTY_BLOW:
            attacker.conditions.add(Condition.ON_THE_BACK_FOOT)
            ctx.note(f"{attacker.name} is On the Back Foot.")
        elif form is Form.ALL_OUT and reading.reroll:
            attacker.conditions.add(Condition.DEFENCELESS)
            ctx.note(f"{attacker.name} misses again and is left defenceless.")
    return reading.roll.value if band.passed else None


def add_adjustments(blow: Blow, attacker: Character, defender: Character, weapon: Weapon,
                    request: FightRequest, form: Form, deadly: bool) -> None:
    """Every DV adjustment of Reel 6 that applies to a blow in close combat."""
    fists = weapon.key == FISTS
    reach = weapon.reach or Reach.CLOSE
    checks = [
        ("defenceless", Condition.DEFENCELESS in defender.conditions),
        ("all_out_attack", Condition.MADE_ALL_OUT_ATTACK in defender.conditions),
        ("behind_defences", request.behind_defences),
        ("shield", defender.shield),
        ("man_killer", attacker.has("man_killer")),
        ("deadly_blow", deadly),
        ("high_impact", weapon.impact is Impact.HIGH),
        ("expert", attacker.has("expert", weapon.key)),
        ("longer_reach", REACH_ORDER.index(reach) > REACH_ORDER.index(reach_of(defender))),
        ("riding", request.riding),
        ("charging", request.charging),
        ("fighter", attacker.has("martial_artist") or (attacker.has("brawler") and weapon.improvised)),
        ("mighty_blow", form is Form.MIGHTY_BLOW),
        ("two_weapon", attacker.has("two_weapon_trained") or (fists and attacker.has("two_fisted"))),
        ("strong_blunt", attacker.has("strong") and weapon.blunt),
        ("off_handed", attacker.has("off_handed")),
        ("light_impact", weapon.impact is Impact.LIGHT or weapon.improvised),
        ("back_foot", Condition.ON_THE_BACK_FOOT in attacker.conditions),
        ("hasty_attack", request.hasty),
    ]
    for key, applies in checks:
        if applies:
            blow.adjust(key)
