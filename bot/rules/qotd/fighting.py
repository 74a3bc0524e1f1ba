"""Reel 5: fighting, a three-step process: Wanting to Attack, to hit, the effect of the hit."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from ..core.dice import Band
from ..core.replay import Context, Right
from .actions import Request, Story, action, begin
from .charts import CHARTS
from .beasts import ANIMALS
from .checks import check_can_act, check_not_holding, leader_of
from .hits import Blow, courage_test, poison_test, strike_rider_or_mount
from .rolls import Situation, Test, action_roll, automatic_reductions
from .shooting import ShotRequest, ShotType, carried_weapon, entangle, quick_reactions, shoot
from .state import Character, Condition, QotdState, RulesError
from .vehicles import SLOW_PACES, TEAM, check_target, check_team, may_choose_in_fight, strike_aboard
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


MOUNTED_HIGH_IMPACT = 4
"""Hits from a mount or vehicle moving over this many paces count as high impact."""
BRAWLER_WEAPONS = frozenset({"club", "improvised_club", "improvised_short", "light_club"})
"""Clubs, chairs, bottles and other improvised short range weapons: a Brawler's weapons."""
RUN_DOWN = Weapon("run_down", "Mount running them down", "mount", "Fighting: Mounts", reach=Reach.CLOSE)
"""A mount running a character down: one hit, lethal."""

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
    """How many opponents the attacker is fighting (outnumbered beyond their cards); at least those the bot
    knows they are in combat with."""
    behind_defences: bool = False
    continuing: bool = False
    """The fight is already under way: no Wanting to Attack test (also so when the two are already in combat)."""
    riding: bool = False
    hasty: bool = False
    """A hasty attack (after blocking, in their turn)."""
    stunning: bool = False
    """A Martial Artist choosing a stunning attack."""
    riposte: bool = False
    """A fight back after A Deadly Riposte!: the attacker may re-roll to hit."""
    at_mount: bool = False
    """Attacking the defender's mount rather than its rider."""
    drawing: bool = False
    """The attacker drew the weapon this turn: +1 to the defender's DV unless a Quick Draw (347-349)."""
    surprised: bool = False
    """The defender is surprised, or otherwise incapable of defending themselves: Defenceless."""
    lethal: bool = False
    """A Martial Artist choosing a lethal attack, however armed."""
    moved: int = 0
    """Paces the attacker's mount moved to attack: over 4, the blow is high impact."""
    rider_moving: bool = False
    """The defender's mount is moving: an attacker on foot must roll for rider or mount."""
    run_down: bool = False
    """The attacker's mount tries to run the defender down: they test to evade, else take a hit."""
    leader: str = ""
    """A Natural Leader or Dominant character within 10 paces of one who rolls (of the same player)."""
    restrain: bool = False
    """Restraining the defender by strength alone: a hit entangles rather than wounds."""

    def involved(self) -> tuple[str, ...]:
        return (self.attacker, self.defender)


def fighting_weapon(character: Character, key: str) -> tuple[str, Weapon]:
    """The weapon a character fights with: a beast's teeth, claws or hooves; the one named; the first fighting
    weapon; or fists."""
    if character.is_beast:
        weapon = ANIMALS[character.animal].weapon
        return weapon.key, weapon
    if key in ("", FISTS) and not any(WEAPONS[c.weapon].range == 0 for c in character.weapons):
        return FISTS, WEAPONS[FISTS]
    if key == FISTS:
        return FISTS, WEAPONS[FISTS]
    carried, weapon = carried_weapon(character, key, missile=False)
    return carried.weapon, weapon


def reach_of(character: Character) -> Reach:
    """The reach of the weapon a defender fights with: the one they last fought with in this combat, else their
    first fighting weapon."""
    if character.fighting_with and (character.is_beast or character.fighting_with == FISTS
                                    or any(c.weapon == character.fighting_with for c in character.weapons)):
        return fighting_weapon(character, character.fighting_with)[1].reach or Reach.CLOSE
    return fighting_weapon(character, "")[1].reach or Reach.CLOSE


def riding(character: Character) -> bool:
    """Whether the character is on a mount still standing."""
    return character.mount is not None and not character.mount.collapsed


def check_fight(state: QotdState, request: FightRequest) -> tuple[Character, Character | None]:
    """Refuse an attack that cannot be made, before any die is rolled."""
    attacker = state.characters[request.attacker]
    defender = state.characters.get(request.defender)
    vehicle = state.vehicle_of(request.defender)
    check_can_act(attacker)
    check_not_holding(attacker)
    if attacker is defender:
        raise RulesError("A character cannot attack themselves.")
    if defender is None:
        check_target(vehicle)
        if request.defence is not Defence.BASIC or request.surprised or request.behind_defences:
            raise RulesError(f"The {vehicle.name} makes no defence: attack someone aboard to have them respond.")
        if request.at_mount:
            check_team(vehicle)
        if request.run_down or request.restrain:
            raise RulesError(f"The {vehicle.name} cannot be run down or restrained: name someone aboard.")
    elif defender.casualty or not defender.active or Condition.FLED in defender.conditions:
        raise RulesError(f"{defender.name} is already out of the fight.")
    if attacker.is_beast and attacker.attack_dice <= 0:
        raise RulesError(f"{attacker.name} has lost all its attack dice and cannot attack.")
    if Condition.FLEEING in attacker.conditions:
        raise RulesError(f"{attacker.name} is fleeing this phase and cannot attack.")
    if not 1 <= request.opponents <= 20:
        raise RulesError("Opponents must be between 1 and 20.")
    if (request.lethal or request.stunning) and not attacker.has("martial_artist"):
        raise RulesError("Only a Martial Artist chooses between lethal and stunning attacks.")
    if request.lethal and request.stunning:
        raise RulesError("An attack is lethal or stunning, not both.")
    if (request.moved or request.run_down) and not riding(attacker):
        raise RulesError(f"{attacker.name} is not riding a mount.")
    if request.surprised and request.defence is not Defence.BASIC:
        raise RulesError(f"A surprised defender cannot respond: {defender.name} makes no defence.")
    if request.restrain and (request.run_down or attacker.is_beast):
        raise RulesError("Only a character restrains another by strength.")
    if request.run_down and (request.defence is not Defence.BASIC or request.form is not Form.STANDARD
                             or request.hasty or request.riposte or request.behind_defences):
        raise RulesError("A run-down is a charge of the mount: no form of attack or defence to choose.")
    if request.riposte and Condition.BLOCKED in attacker.conditions:
        raise RulesError(f"{attacker.name} blocked: they cannot make a counter attack.")
    if request.riposte and request.defender not in attacker.opponents:
        raise RulesError(f"A Deadly Riposte! is a fight back: {attacker.name} is not in combat with "
                         f"{(defender or vehicle).name}.")
    return attacker, defender


def forced_form(state: QotdState, ctx: Context, attacker: Character, form: Form,
                first_round: bool) -> tuple[Form, bool]:
    """The form of attack made: Rash characters and Fanatics must make an All Out Attack in the first round
    of fighting, within the one a phase unless the game's settings say otherwise; an enraged beast makes one
    (3084-3085). Returns it and whether it was forced."""
    if Condition.ENRAGED in attacker.conditions:
        ctx.note(f"{attacker.name} is enraged: an All Out Attack.")
        return Form.ALL_OUT, True
    if not first_round or form is Form.ALL_OUT or not (attacker.has("rash") or attacker.has("fanatic")):
        return form, False
    who = "Rash" if attacker.has("rash") else "a Fanatic"
    if Condition.ALL_OUT_ATTACK_USED in attacker.conditions and not state.settings.all_out_every_fight:
        ctx.note(f"{attacker.name} is {who} but has made this phase's All Out Attack: a {form.value}.")
        return form, False
    ctx.note(f"{attacker.name} is {who}: an All Out Attack in the first round.")
    return Form.ALL_OUT, True


def helpless(state: QotdState, defender: Character, request: FightRequest) -> str:
    """Why the defender counts as Defenceless against this attack, or "" if they can defend themselves."""
    if request.surprised:
        return "surprised"
    if Condition.KNOCKED_OUT in defender.conditions:
        return "KO'd"
    if defender.stunned and (state.settings.stunned_defenceless or not defender.available):
        return "stunned"
    if Condition.DUCKED_DOWN in defender.conditions:
        return "ducked down"
    return ""


@action(FightRequest)
def fight(state: QotdState, request: FightRequest, ctx: Context) -> Story:
    """The whole attack: Wanting to Attack, the defender's response, to hit, effect and courage."""
    attacker, defender = check_fight(state, request)
    vehicle = state.vehicle_of(request.defender)
    leader = leader_of(state, request.leader, *(c for c in (attacker, defender) if c is not None))
    weapon_key, weapon = fighting_weapon(attacker, request.weapon)
    continuing = request.continuing or request.defender in attacker.opponents
    form, forced = forced_form(state, ctx, attacker, request.form, first_round=not continuing)
    attacker.conditions.discard(Condition.ENRAGED)
    if form in ONCE_A_PHASE and ONCE_A_PHASE[form] in attacker.conditions and not forced:
        raise RulesError(f"Only one {form.value} can be made in a phase.")
    if Condition.BLOCKED in attacker.conditions:
        attacker.conditions.discard(Condition.BLOCKED)
        ctx.note(f"{attacker.name} blocked: only a hasty attack.")
        request = replace(request, hasty=True)
    story = begin(ctx, Story("fight", f"{attacker.name} attacks {(defender or vehicle).name} with "
                                      f"{weapon.name.lower()} ({form.value})", attacker.key, request.defender))
    if request.run_down:
        run_down(state, ctx, attacker, defender, request, leader)
        return story
    if request.charging and defender is not None and not face_the_fearsome(state, ctx, attacker, defender,
                                                                             leader):
        return story
    extra = quick_reactions(attacker)
    if request.riposte:
        extra.append(Right("riposte", "Re-roll (A Deadly Riposte!)"))
    if not (continuing or request.riposte):
        want = action_roll(state, ctx, attacker, CHARTS["attack"], Situation(Test.ATTACK), leader=leader)
        if not want.band.passed:
            return story
        if want.band is Band.OUTSTANDING:
            extra.append(Right("get_stuck_in", "Re-roll (Get Stuck In!)", ones_ignored=True))
    if defender is not None:
        state.engage(attacker, defender)
    attacker.fighting_with = weapon_key
    if form in ONCE_A_PHASE:
        attacker.conditions.add(ONCE_A_PHASE[form])
    if form is Form.ALL_OUT:
        attacker.conditions.add(Condition.MADE_ALL_OUT_ATTACK)
        extra.append(Right("all_out", "Re-roll (All Out Attack)"))
    blow = Blow(attacker, lethal=not request.stunning if attacker.has("martial_artist") and (
        request.lethal or request.stunning) else weapon.lethal, label="Effect of the blow", in_close_combat=True)
    if defender is not None and not respond(state, ctx, attacker, defender, request, blow):
        return story
    hit = to_hit(state, ctx, attacker, weapon_key, request, form, extra, leader)
    if hit is None:
        return story
    driving = state.vehicle_of(attacker.key)
    driving_fast = driving is not None and driving.paces > SLOW_PACES
    if vehicle is not None:
        def struck(on: Character, deadly: bool) -> Blow:
            add_adjustments(blow, attacker, on, weapon, request, form, deadly)
            if driving_fast:
                blow.adjust("high_impact")
            return blow
        stated = TEAM if defender is None and request.at_mount else request.defender
        strike_aboard(state, ctx, attacker, stated, vehicle, [hit],
                      may_choose_in_fight(state, attacker, vehicle, weapon_key), struck,
                      lambda deadly: blow_vdv(attacker, weapon, deadly, driving_fast), in_close_combat=True)
        return story
    close_under_reach(ctx, attacker, defender, weapon)
    if request.restrain:
        entangle(state, ctx, defender, bulls_eye=hit == 10)
        return story
    add_adjustments(blow, attacker, defender, weapon, request, form, deadly=hit == 10)
    if driving_fast:
        blow.adjust("high_impact")
    land_blow(state, ctx, attacker, defender, blow, request, leader, weapon_key)
    return story


def land_blow(state: QotdState, ctx: Context, attacker: Character, defender: Character, blow: Blow,
              request: FightRequest, leader: Character | None, weapon_key: str) -> None:
    """The effect of a blow on the defender (or their mount), venom, and the courage test it calls for."""
    may_choose = (riding(attacker) or attacker.has("man_killer") or attacker.has("expert", weapon_key)
                  or not request.rider_moving)
    lost = len(defender.lost)
    must_test = strike_rider_or_mount(state, ctx, defender, blow, request.at_mount, may_choose,
                                      fast=request.rider_moving)
    if attacker.is_beast and ANIMALS[attacker.animal].poison and len(defender.lost) > lost:
        must_test = poison_test(state, ctx, defender) or must_test
    if must_test:
        courage_test(state, ctx, defender, in_close_combat=True, leader=leader)


def face_the_fearsome(state: QotdState, ctx: Context, attacker: Character, defender: Character,
                      leader: Character | None) -> bool:
    """Charging or being charged by a Fearsome character calls for a courage test first. Returns whether the
    attack still goes in (not if either side panics and flees)."""
    for brave, feared in ((defender, attacker), (attacker, defender)):
        if feared.has("fearsome"):
            ctx.note(f"{feared.name} is Fearsome: {brave.name} takes a courage test.")
            courage_test(state, ctx, brave, in_close_combat=True, leader=leader)
    return all(Condition.FLEEING not in c.conditions for c in (attacker, defender))


def run_down(state: QotdState, ctx: Context, attacker: Character, defender: Character,
             request: FightRequest, leader: Character | None) -> None:
    """A mount tries to run a character down: one with a card still to come this phase tests to evade; one
    who fails (or has no card to come) takes a hit from the mount (see docs/rulings.md)."""
    state.engage(attacker, defender)
    if state.next_card_of(defender) is not None:
        situation = Situation(Test.EVADE)
        evade = action_roll(state, ctx, defender, CHARTS["evade"], situation, label="Evading the collision",
                            reduce_for=automatic_reductions(defender, Test.EVADE, situation), leader=leader)
        if evade.band.passed:
            state.part(defender, attacker)
            ctx.note(f"{defender.name} evades the collision.")
            return
    blow = Blow(attacker, lethal=True, label="Run down", in_close_combat=True)
    add_adjustments(blow, attacker, defender, RUN_DOWN, request, Form.STANDARD, deadly=False)
    land_blow(state, ctx, attacker, defender, blow, request, leader, "")


def close_under_reach(ctx: Context, attacker: Character, defender: Character, weapon: Weapon) -> None:
    """A hit by the shorter weapon gets under the longer one: its reach counts no more in this combat."""
    if REACH_ORDER.index(weapon.reach or Reach.CLOSE) < REACH_ORDER.index(reach_of(defender)) \
            and attacker.key not in defender.closed_with:
        defender.closed_with.append(attacker.key)
        ctx.note(f"{attacker.name} gets under {defender.name}'s reach: it counts no more in this combat.")


def respond(state: QotdState, ctx: Context, attacker: Character, defender: Character,
            request: FightRequest, blow: Blow) -> bool:
    """The defender's response to the attack. Returns whether the attack still goes in."""
    if request.defence is Defence.BASIC:
        why = helpless(state, defender, request)
        if why:
            blow.adjust("defenceless")
            ctx.note(f"{defender.name} is {why}: Defenceless.")
        return True
    if state.next_card_of(defender) is None:
        raise RulesError(f"{defender.name} has no card left this phase to respond with.")
    situation = Situation(Test.RESPOND)
    reading = action_roll(state, ctx, defender, CHARTS["respond_attack"], situation,
                          reduce_for=automatic_reductions(defender, Test.RESPOND, situation))
    card = state.sacrifice(defender)
    ctx.note(f"{defender.name} uses up {card} to respond.")
    if reading.band is Band.DISASTER:
        blow.adjust("defenceless")
        ctx.note(f"{defender.name} hesitates and counts as defenceless against this attack.")
        return True
    if reading.band is Band.FAIL:
        blow.adjustments.append(("Flustered! (failed to respond)", -1))
        return True
    if request.defence is Defence.EVADE:
        state.part(defender, attacker)
        ctx.note(f"{defender.name} evades the attack.")
        return False
    if request.defence is Defence.BLOCK:
        blow.adjust("block")
        defender.conditions.add(Condition.BLOCKED)
        ctx.note(f"{defender.name} blocks: no counter attack, and only a hasty attack in their turn.")
        return True
    carried, _ = carried_weapon(defender, "", missile=True)
    shot = ShotType.DELIBERATE if reading.band is Band.OUTSTANDING else ShotType.HASTY
    shoot(state, ShotRequest(defender.key, attacker.key, carried.weapon, shot, paces=1, responding=True), ctx)
    if attacker.casualty or not attacker.in_action:
        return False
    blow.adjust("defenceless")
    ctx.note(f"{attacker.name} is still coming: {defender.name} counts as defenceless against this attack.")
    return True


def to_hit(state: QotdState, ctx: Context, attacker: Character, weapon_key: str, request: FightRequest,
           form: Form, extra: list[Right], leader: Character | None = None) -> int | None:
    """Roll to hit in a fight. Returns the die value of the hit, or None for a miss."""
    tier = "lead" if attacker.is_beast or attacker.type.row.lead else "support"
    reasons = []
    if attacker.has("poor_fighter"):
        reasons.append("Poor fighter")
    opponents = max(request.opponents, len(attacker.opponents))
    if opponents > len(attacker.available):
        reasons.append(f"outnumbered by {opponents}")
    dice = attacker.action_dice() if attacker.is_beast else fire_dice(tier, Fire.FIGHTING)
    reading = action_roll(state, ctx, attacker, CHARTS["to_hit_fighting"], Situation(Test.TO_HIT, skill=weapon_key),
                          label="To hit", reduce_for=reasons, dice=dice,
                          reduced=None if attacker.is_beast else reduced_fire_dice(tier, Fire.FIGHTING),
                          extra=extra, leader=leader)
    band = reading.band
    if band is Band.DISASTER:
        ctx.note(f"A Deadly Riposte! {state.characters[request.defender].name} may fight back at once, "
                 "with a re-roll.")
        if form is not Form.STANDARD:
            attacker.conditions.add(Condition.LEFT_DEFENCELESS)
            ctx.note(f"{attacker.name} is left defenceless until their next turn.")
    elif band is Band.FAIL:
        if form is Form.MIGHTY_BLOW:
            attacker.conditions.add(Condition.ON_THE_BACK_FOOT)
            ctx.note(f"{attacker.name} is On the Back Foot.")
        elif form is Form.ALL_OUT and reading.reroll:
            attacker.conditions.add(Condition.LEFT_DEFENCELESS)
            ctx.note(f"{attacker.name} misses again and is left defenceless until their next turn.")
    return reading.roll.value if band.passed else None


def blow_vdv(attacker: Character, weapon: Weapon, deadly: bool, driving_fast: bool) -> list[str]:
    """Every VDV adjustment of Reel 6 that applies to a blow on a vehicle in mêlée; a blow struck from a vehicle
    moving over 4 paces counts as high impact."""
    checks = [
        ("deadly_blow", deadly),
        ("high_impact", weapon.impact is Impact.HIGH or driving_fast),
        ("expert", attacker.has("expert", weapon.key)),
        ("melee", True),
        ("light_impact", weapon.impact is Impact.LIGHT),
        ("back_foot", Condition.ON_THE_BACK_FOOT in attacker.conditions),
        ("improvised", weapon.improvised),
    ]
    return [key for key, applies in checks if applies]


def add_adjustments(blow: Blow, attacker: Character, defender: Character, weapon: Weapon,
                    request: FightRequest, form: Form, deadly: bool) -> None:
    """Every DV adjustment of Reel 6 that applies to a blow in close combat."""
    fists = weapon.key == FISTS
    reach = weapon.reach or Reach.CLOSE
    longer = REACH_ORDER.index(reach) > REACH_ORDER.index(reach_of(defender))
    mounted = request.riding or riding(attacker)
    checks = [
        ("defenceless", defender.defenceless),
        ("all_out_attack", Condition.MADE_ALL_OUT_ATTACK in defender.conditions),
        ("behind_defences", request.behind_defences),
        ("shield", defender.shield),
        ("man_killer", attacker.has("man_killer")),
        ("deadly_blow", deadly),
        ("high_impact", weapon.impact is Impact.HIGH or (mounted and request.moved > MOUNTED_HIGH_IMPACT)),
        ("expert", attacker.has("expert", weapon.key)),
        ("longer_reach", longer and defender.key not in attacker.closed_with),
        ("riding", mounted),
        ("charging", request.charging),
        ("fighter", attacker.has("martial_artist") or (attacker.has("brawler") and weapon.key in BRAWLER_WEAPONS)),
        ("mighty_blow", form is Form.MIGHTY_BLOW),
        ("two_weapon", attacker.has("two_weapon_trained") or (fists and attacker.has("two_fisted"))),
        ("strong_blunt", attacker.has("strong") and weapon.blunt),
        ("off_handed", attacker.has("off_handed")),
        ("light_impact", weapon.impact is Impact.LIGHT or weapon.improvised),
        ("back_foot", Condition.ON_THE_BACK_FOOT in attacker.conditions),
        ("hasty_attack", request.hasty),
        ("drawing", request.drawing and not attacker.has("quick_draw")),
    ]
    for key, applies in checks:
        if applies:
            blow.adjust(key)
