"""Actions of an Activation (DA 58-59): Shoot (DA 97-120, 160-179), Fight (DA 122-141), Move and Lookout; the
Save and Damage they lead to (DA 112-158); the Recovery Phase's Tests and Bottle Checks (DA 80-95); and what the
text names without giving (Reactions, Spotting and Nerve Tests, Shooting into a Fight: DA 186-197), as
docs/rulings.md records them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.rules.core.actions import Request, Story, action, begin
from bot.rules.core.charts import Outcome
from bot.rules.core.dice import Dice, Keep, Roll
from bot.rules.core.errors import RulesError
from bot.rules.core.replay import Context, Reading, Right
from bot.rules.core.words import Code, words

from .charts import (BOTTLE, CASUALTY, DAMAGE, DOWNED, FIGHT_MODIFIERS, MULTIPLE_ENEMIES, ONE_DIE, RECOVERY, SAVE,
                     SHOOTING_MODIFIERS, TEST_DICE, WEAPONS, Weapon)
from .pools import take_test, won
from .state import Condition, DraculaState, Model, Phase

GUNSMITH = Right("gunsmith", "Gunsmith: re-roll")
HAWKEYE = Right("hawkeye", "Hawkeye: re-roll the Test")
QUICKDRAW = Right("quickdraw", "Quickdraw: re-roll the Test")
NERVES_OF_STEEL = "Nerves of Steel"
LEMAT, SAWN_OFF = "lemat pistol", "sawn-off shotgun"


def spend(state: DraculaState, model: Model, what: str) -> None:
    """Use one of ``model``'s Actions in the Activation under way (DA 58-59), or the Action its Reaction won
    (DA 194); a Downed model may only crawl (DA 158). NPCs act in the NPC Phase as the Director moves them
    (DA 73-78)."""
    if not model.on_table:
        raise RulesError(f"{model.name} is no longer on the table.")
    if not model.standing and what != "Move":
        raise RulesError(f"{model.name} is {model.condition.value}: it may only Move (crawl up to 2\").")
    if model.npc and state.phase is Phase.NPC:
        return
    activation = state.activation
    if reacting(state, model):
        if what == "Lookout":
            raise RulesError("A Reaction is a Move, Shoot or Fight Action.")
        activation.reactions[model.key] -= 1
        return
    if activation is None or activation.actions.get(model.key, 0) <= 0:
        raise RulesError(f"{model.name} has no Action left: it is not Activated, or has used its Actions.")
    activation.actions[model.key] -= 1
    activation.made += 1
    model.lookout = False               # an Action of its own ends its watch (a Lookout Action puts it back)


def nerves_of_steel(model: Model) -> str:
    """The skill re-rolling any one die of every Nerve Test the model takes, Bottle Checks included (DA 195)."""
    return NERVES_OF_STEEL if NERVES_OF_STEEL in model.skills else ""


def reacting(state: DraculaState, model: Model) -> bool:
    """Whether ``model``'s next Action is the Reaction its Reaction Test won (DA 194)."""
    return state.activation is not None and state.activation.reactions.get(model.key, 0) > 0


def damage(model: Model, amount: int, ctx: Context) -> None:
    """A failed Save by ``amount`` (DA 145-158): Shaken, Downed or removed as a Casualty; a Shaken model
    Shaken again is Downed (DA 154)."""
    result = DAMAGE.read(amount).title
    if result == CASUALTY:
        model.condition = Condition.CASUALTY
    elif result == DOWNED or model.condition is not Condition.FINE:
        model.condition = Condition.DOWNED
    else:
        model.condition = Condition.SHAKEN
    ctx.note(f"{model.name} is {model.condition.value}.")
    if not model.standing and model.lookout:
        model.lookout = False
        ctx.note(f"{model.name} is no longer on Lookout.")


def save(ctx: Context, model: Model, hits: int, modifiers: list[tuple[str, int]]) -> None:
    """The model makes a Save on one Grit Die against the Successes scored on it (DA 112-120); Save Modifiers are
    added to the die (see docs/rulings.md). A failed Save does Damage by the amount it failed by."""
    if "Tough" in model.skills:
        modifiers = [*modifiers, ("Tough", 1)]
    need = SAVE.read(hits)
    target = min(hits, 6) + 4

    def read(rolled: Roll) -> Reading:
        score = rolled.value + sum(n for _, n in modifiers)
        title = "Saved" if score >= target else f"Failed by {target - score}"
        return Reading(f"Save of {model.name}", model.key, f"one Grit Die (D{model.grit}), {need.title}", rolled,
                       Outcome(title, need.effect), SAVE.key, adjustments=tuple(modifiers))
    reading = ctx.roll(Dice(1, Keep.BEST, model.grit), label=f"Save of {model.name}", roller=model.key,
                       dice_reason="", read=read)
    score = reading.roll.value + sum(n for _, n in modifiers)
    if score < target:
        damage(model, target - score, ctx)


@dataclass
class ShootRequest(Request):
    """A Shoot Action (DA 97-120): weapon, target, range band and the situation's Dice Modifiers."""

    kind = "dracula-shoot"
    title = "Shoot Action"
    shooter: str
    target: str
    weapon: str
    range: str = "medium"
    """"short", "medium" or "long" for the weapon (DA 162-177)."""
    cover: bool = False
    back_shooter: bool = False
    elevated: bool = False
    ignore: str = ""
    """Trick Shooter: "long" or "cover", declared before the shot (DA 188)."""
    twice: bool = False
    """A Sixgun or Repeater Rifle shooting twice as one Action (DA 174, 175)."""
    second_weapon: str = ""
    """Gunslinger: the second Pistol-Class Weapon fired in the same Shoot Action (DA 185)."""
    second_target: str = ""
    """Its target, if another."""
    fight: list[str] = field(default_factory=list)
    """Shooting into a Fight: the other models in the Fight with the target (DA 186; see docs/rulings.md)."""
    sawn_off: bool = False
    """A LeMat Pistol's once-per-game shot as a Sawn-Off Shotgun (DA 174)."""

    def involved(self) -> tuple[str, ...]:
        return (self.shooter, self.target, *((self.second_target,) if self.second_target else ()), *self.fight)


def shooting_modifiers(shooter: Model, request: ShootRequest, weapon: Weapon) -> list[tuple[str, int]]:
    """The Dice Modifiers of a Shooting Test (DA 103-110), the weapon's notes (DA 165) and skills and injuries
    (DA 188, 189, 215)."""
    wanted = {"cover": request.cover, "long": request.range == "long", "back_shooter": request.back_shooter,
              "short": request.range == "short", "elevated": request.elevated}
    if request.ignore:
        if "Trick Shooter" not in shooter.skills or weapon.kind != "Rifle":
            raise RulesError("Only a Trick Shooter with a Rifle-Class Weapon ignores a modifier.")
        wanted[request.ignore] = False
    modifiers = [SHOOTING_MODIFIERS[key] for key, on in wanted.items() if on]
    if request.range == "short" and weapon.dice_short:
        modifiers.append((f"{weapon.name} at up to {weapon.short}\"", weapon.dice_short))
    if request.range == "long" and weapon.dice_long:
        modifiers.append((f"{weapon.name} at {weapon.medium + 1}-{weapon.long}\"", weapon.dice_long))
    if "Deadeye" in shooter.skills:
        modifiers.append(("Deadeye", 1))
    if "One-Eyed" in shooter.injuries:
        modifiers.append(("One-Eyed", -1))
    return modifiers


def one_die(ctx: Context, model: Model, label: str, sides: int, what: str, effects: tuple[str, str],
            rights: Callable[[Reading], list[Right]] = lambda r: []) -> bool:
    """One die of ``sides`` for ``model``, a Success on 5+ (DA 25); ``effects``: the words of a Success and of a
    Failure. Returns whether it is a Success."""
    def read(rolled: Roll) -> Reading:
        title = ONE_DIE.read(rolled.value).title
        return Reading(label, model.key, what, rolled, Outcome(title, effects[title == "Failure"]), ONE_DIE.key)
    return ctx.roll(Dice(1, Keep.BEST, sides), label=label, roller=model.key, dice_reason="", read=read,
                    rights=rights).outcome.title == "Success"


def jamming_check(ctx: Context, shooter: Model, weapon: str) -> None:
    """Missed with at least one 1: a Jamming Check on the JAM die, a Success (5+) or the Weapon is Jammed
    (DA 179); a Gunsmith may re-roll a failure (DA 187). "Auto" jams after every shot (DA 177)."""
    gun = shooter.gun(weapon)
    if not one_die(ctx, shooter, f"Jamming Check of {shooter.name}", gun.kind.jam,
                   f"the JAM die of the {gun.kind.name} (D{gun.kind.jam})",
                   ("Nothing happens.", "The Weapon receives a Jammed Token."),
                   lambda r: [GUNSMITH] if r.outcome.title == "Failure" and "Gunsmith" in shooter.skills else []):
        gun.jammed = True
        ctx.note(f"{shooter.name}'s {gun.kind.name} is Jammed.")


def shot(ctx: Context, shooter: Model, target: Model, request: ShootRequest, volley: Volley) -> None:
    """One shot: the Shooting Test, the Save if hit, the Jamming Check if missed with a 1."""
    weapon = volley.weapon
    reading = take_test(ctx, label=volley.label, roller=shooter.key, sides=shooter.grit, base=TEST_DICE,
                        modifiers=shooting_modifiers(shooter, request, weapon))
    hits = won(reading)
    if hits:
        modifiers = []
        if request.range == "short" and weapon.save_short:
            modifiers.append((f"{weapon.name} at up to {weapon.short}\"", weapon.save_short))
        if request.range == "long" and weapon.save_long:
            modifiers.append((f"{weapon.name} at {weapon.medium + 1}-{weapon.long}\"", weapon.save_long))
        save(ctx, target, hits, modifiers)
    elif 1 in reading.roll.faces and weapon.jam:
        jamming_check(ctx, shooter, volley.gun)
    if not weapon.jam:
        gun = shooter.gun(volley.gun)
        gun.jammed = True
        ctx.note(f"{shooter.name}'s {gun.kind.name} Jams after Shooting.")


@dataclass
class Volley:
    """One weapon's shot of a Shoot Action: the gun carried (its key), the profile it shoots with (a LeMat's
    Sawn-Off shot is a Sawn-Off Shotgun's, DA 174), its target and the label of its Test."""

    gun: str
    weapon: Weapon
    target: Model
    label: str


def ready_to_fire(state: DraculaState, shooter: Model, key: str, target: Model, gunslinging: bool = False) -> Weapon:
    """The weapon ``key`` of the shooter's, if it may fire at ``target`` now (DA 58, 158, 179): each Weapon once
    an Activation, the same Weapon twice for a Trigger-Happy model, never in a Reaction nor with the Gunslinger
    Skill (DA 184)."""
    weapon = WEAPONS.get(key)
    if weapon is None:
        raise RulesError(f"There is no weapon {key!r} in the Weapon Summaries.")
    if shooter.gun(key).jammed:
        raise RulesError(f"{shooter.name}'s {weapon.name} is Jammed: clear it first.")
    if target.condition is Condition.DOWNED:
        raise RulesError(f"{target.name} is Downed: it may not be Shot at (DA 158).")
    if not target.on_table:
        raise RulesError(f"{target.name} is no longer on the table.")
    fired = state.activation.fired.count(f"{shooter.key}:{key}") if state.activation else 0
    if not fired:
        return weapon
    if "Trigger-Happy" not in shooter.skills or reacting(state, shooter):
        raise RulesError("Each Weapon can only be fired once per Activation (DA 58); Trigger-Happy fires it twice, "
                         "but not as a Reaction (DA 184).")
    if fired > 1:
        raise RulesError(f"{shooter.name} has fired the {weapon.name} twice this Activation: Trigger-Happy "
                         "Shoots the same Weapon twice, no more (DA 184).")
    if gunslinging or shooter.key in state.activation.gunslingers:
        raise RulesError("Trigger-Happy cannot be combined with the Gunslinger Skill (DA 184).")
    return weapon


def volleys(state: DraculaState, shooter: Model, request: ShootRequest) -> list[Volley]:
    """Each weapon fired by the Shoot Action, at its target, with the label of its Tests: one weapon (twice for a
    Sixgun or Repeater Rifle, DA 173, 175; a LeMat once a game as a Sawn-Off Shotgun, DA 174), or a
    Gunslinger's two Pistol-Class Weapons (DA 185)."""
    target = state.model(request.target)
    weapon = ready_to_fire(state, shooter, request.weapon, target, bool(request.second_weapon))
    if request.twice and not weapon.twice:
        raise RulesError(f"A {weapon.name} cannot Shoot twice as one Action.")
    if request.sawn_off:
        return [sawn_off(shooter, request, target)]
    if not request.second_weapon:
        return [Volley(request.weapon, weapon, target, label) for label in (
            ("Shooting Test (first shot)", "Shooting Test (second shot)") if request.twice else ("Shooting Test",))]
    other = state.model(request.second_target or request.target)
    second = ready_to_fire(state, shooter, request.second_weapon, other, True)
    if "Gunslinger" not in shooter.skills or request.twice or reacting(state, shooter):
        raise RulesError("Only a Gunslinger fires two Weapons as one Shoot Action, a Sixgun not twice, and not as "
                         "a Reaction (DA 185).")
    if {weapon.kind, second.kind} != {"Pistol"} or request.weapon == request.second_weapon:
        raise RulesError("A Gunslinger fires two different Pistol-Class Weapons.")
    if state.activation and any(state.activation.fired.count(f) > 1 for f in set(state.activation.fired)
                                if f.startswith(f"{shooter.key}:")):
        raise RulesError("The Gunslinger Skill cannot be combined with Trigger-Happy (DA 184).")
    return [Volley(request.weapon, weapon, target, f"Shooting Test ({weapon.name})"),
            Volley(request.second_weapon, second, other, f"Shooting Test ({second.name})")]


def sawn_off(shooter: Model, request: ShootRequest, target: Model) -> Volley:
    """"LeMat Pistol ... Once per game, may Shoot as Sawn-Off Shotgun" (DA 174): with the Sawn-Off's profile, so
    it Jams after Shooting (DA 177); not with the Gunslinger Skill (DA 185)."""
    gun = shooter.gun(request.weapon)
    if request.weapon != LEMAT:
        raise RulesError("Only a LeMat Pistol may Shoot as a Sawn-Off Shotgun (DA 174).")
    if gun.special_used:
        raise RulesError(f"{shooter.name}'s LeMat Pistol has Shot as a Sawn-Off Shotgun already: once per game "
                         "(DA 174).")
    if request.second_weapon:
        raise RulesError("LeMat Pistols cannot use their once-per-game ability with the Gunslinger Skill (DA 185).")
    gun.special_used = True
    return Volley(LEMAT, WEAPONS[SAWN_OFF], target,
                  "Shooting Test (LeMat Pistol as a Sawn-Off Shotgun)")


def in_the_fight(state: DraculaState, shooter: Model, request: ShootRequest) -> list[Model]:
    """The models a shot into a Fight may strike, the target first (DA 186, the rule not given: see
    docs/rulings.md): none to choose from when it is no Fight, or the shooter a Hawkeye, who "may freely pick
    its Target"; setting ``into_fight`` "forbidden" refuses the shot to anyone else."""
    fighters = [state.model(request.target), *(state.model(key) for key in dict.fromkeys(request.fight))]
    if len(fighters) < 2 or "Hawkeye" in shooter.skills:
        return []
    if shooter in fighters or len({m.key for m in fighters}) < len(fighters):
        raise RulesError("The Fight shot into is the target's and the other models in it, the shooter not one.")
    if state.settings.into_fight == "forbidden":
        raise RulesError(words("Only a Hawkeye may Shoot into a Fight (the Director's setting ", Code("into_fight"),
                               ")."))
    for model in fighters:
        if model.condition is Condition.DOWNED or not model.on_table:
            raise RulesError(f"{model.name} is Downed or gone: it may not be Shot at (DA 158).")
    return fighters


def struck(ctx: Context, shooter: Model, fighters: list[Model]) -> Model:
    """Which model of a Fight a shot into it strikes: one die with a face for each still standing, each as likely
    (none rolled for one)."""
    fighters = [m for m in fighters if m.standing] or fighters[:1]
    if len(fighters) == 1:
        return fighters[0]
    faces = ", ".join(f"{i} {m.name}" for i, m in enumerate(fighters, 1))

    def read(rolled: Roll) -> Reading:
        return Reading(f"Shooting into a Fight ({shooter.name})", shooter.key, f"one D{len(fighters)}: {faces}",
                       rolled, Outcome(f"{fighters[rolled.value - 1].name} is the Target", ""))
    reading = ctx.roll(Dice(1, Keep.BEST, len(fighters)), label=f"Shooting into a Fight ({shooter.name})",
                       roller=shooter.key, dice_reason="", read=read)
    return fighters[reading.roll.value - 1]


@action(ShootRequest)
def shoot(state: DraculaState, request: ShootRequest, ctx: Context) -> Story:
    shooter = state.model(request.shooter)
    fired = volleys(state, shooter, request)
    fighters = in_the_fight(state, shooter, request)
    spend(state, shooter, "Shoot")
    if state.activation:
        state.activation.fired += [f"{shooter.key}:{volley.gun}" for volley in fired]
        if request.second_weapon:
            state.activation.gunslingers.append(shooter.key)
    names = " and the ".join(dict.fromkeys(WEAPONS[volley.gun].name for volley in fired))
    targets = " and ".join(dict.fromkeys(volley.target.name for volley in fired))
    story = begin(ctx, Story("dracula-shoot", f"{shooter.name} shoots at {targets} with the {names}"
                             + (" as a Sawn-Off Shotgun" if request.sawn_off else ""), shooter.key, request.target))
    for volley in fired:
        target = struck(ctx, shooter, fighters) if fighters and volley.target is fighters[0] else volley.target
        if not shooter.gun(volley.gun).jammed and target.standing:
            shot(ctx, shooter, target, request, volley)
    return story


@dataclass
class FightRequest(Request):
    """A Fight Action (DA 122-141): both models roll a 3 Dice Fight Test."""

    kind = "dracula-fight"
    title = "Fight Action"
    attacker: str
    defender: str
    charging: bool = False
    fortified: bool = False
    attacker_enemies: int = 0
    """Unengaged enemies in Contact with the attacker after the first."""
    defender_enemies: int = 0
    close_work: int = 0
    """Close Work: the attacker uses one or two unjammed Pistol-Class Weapons, +1 or +2 Dice (DA 204)."""

    def involved(self) -> tuple[str, ...]:
        return (self.attacker, self.defender)


def fight_modifiers(state: DraculaState, model: Model, enemies: int, situation: list[str]) -> list[tuple[str, int]]:
    """Die Modifiers of a Fight Test (DA 128-133, 209, 217); the multiple-enemies line's sign is the game's
    setting, and 'Ornery ignores it as a penalty (DA 207): see docs/rulings.md."""
    modifiers = [FIGHT_MODIFIERS[key] for key in situation]
    sign = state.settings.multiple_enemies
    if enemies and not (sign < 0 and "'Ornery" in model.skills):
        modifiers.append((f"{MULTIPLE_ENEMIES} (x{enemies})", sign * enemies))
    if "Mean" in model.skills:
        modifiers.append(("Mean", 1))
    if "Weakened" in model.injuries:
        modifiers.append(("Weakened", -1))
    return modifiers


def close_work(model: Model, pistols: int) -> list[tuple[str, int]]:
    """Close Work (DA 204): an unjammed Pistol-Class Weapon in a Fight, +1 Die; two, +2."""
    if not pistols:
        return []
    if "Close Work" not in model.skills:
        raise RulesError(f"{model.name} lacks the Close Work Skill.")
    if sum(1 for g in model.weapons if g.kind.kind == "Pistol" and not g.jammed) < pistols:
        raise RulesError(f"{model.name} has not {pistols} unjammed Pistol-Class Weapons.")
    return [("Close Work", pistols)]


def fearsome(ctx: Context, attacker: Model, defender: Model) -> list[tuple[str, int]]:
    """Fearsome (DA 205): fighting it, a 1 Die Nerve Test, or -1 Die this Activation; Fearsome models ignore it.
    (Once a Fight here: see docs/rulings.md.) Nerves of Steel re-rolls its die, as on "all its Nerve Tests"
    (DA 195)."""
    if "Fearsome" not in defender.skills or "Fearsome" in attacker.skills:
        return []
    nerve = take_test(ctx, label=f"Nerve Test of {attacker.name} (Fearsome)", roller=attacker.key,
                      sides=attacker.grit, base=1, skill=nerves_of_steel(attacker))
    return [] if won(nerve) else [("Failed Nerve Test against Fearsome", -1)]


@action(FightRequest)
def fight(state: DraculaState, request: FightRequest, ctx: Context) -> Story:
    attacker, defender = state.model(request.attacker), state.model(request.defender)
    if attacker.key == defender.key:
        raise RulesError("A model cannot Fight itself.")
    if not defender.on_table:
        raise RulesError(f"{defender.name} is no longer on the table.")
    spend(state, attacker, "Fight")
    story = begin(ctx, Story("dracula-fight", f"{attacker.name} fights {defender.name}", attacker.key, defender.key))
    if defender.condition is Condition.DOWNED:
        defender.condition = Condition.CASUALTY
        ctx.note(f"{defender.name} is Downed: no Fight Test, removed as a Casualty (DA 158).")
        return story
    situation = [key for key, on in (("charging", request.charging), ("fortified", request.fortified)) if on]
    modifiers = fight_modifiers(state, attacker, request.attacker_enemies, situation)
    modifiers += close_work(attacker, request.close_work) + fearsome(ctx, attacker, defender)
    mine = take_test(ctx, label=f"Fight Test of {attacker.name}", roller=attacker.key, sides=attacker.grit,
                     base=TEST_DICE, modifiers=modifiers)
    theirs = take_test(ctx, label=f"Fight Test of {defender.name}", roller=defender.key, sides=defender.grit,
                       base=TEST_DICE, modifiers=fight_modifiers(state, defender, request.defender_enemies, []))
    margin = won(mine) - won(theirs)
    if margin == 0:
        high_mine, high_theirs = max(mine.roll.faces), max(theirs.roll.faces)
        margin = (high_mine > high_theirs) - (high_mine < high_theirs)
        if margin == 0:
            ctx.note("A Draw: no effect; the models remain engaged.")
            return story
        ctx.note("Equal Successes: the single highest scoring Die wins by 1.")
    winner, loser = (attacker, defender) if margin > 0 else (defender, attacker)
    ctx.note(f"{winner.name} wins the Fight by {abs(margin)} and strikes {loser.name}.")
    modifiers = [("Bull-Rush", -1)] if winner is attacker and request.charging and "Bull-Rush" in winner.skills else []
    save(ctx, loser, abs(margin), modifiers)
    return story


@dataclass
class PlainRequest(Request):
    """An Action the quick reference gives no roll for: Move, Lookout, or clearing a Jammed Token (DA 58, 179)."""

    kind = "dracula-plain"
    title = "Action"
    model: str
    what: str
    weapon: str = ""

    def involved(self) -> tuple[str, ...]:
        return (self.model,)


PLAIN = {"move": "Move", "lookout": "Lookout", "clear": "Clear a Jammed Token"}


@action(PlainRequest)
def plain(state: DraculaState, request: PlainRequest, ctx: Context) -> Story:
    model = state.model(request.model)
    what = PLAIN[request.what]
    if request.what == "clear":
        gun = model.gun(request.weapon)
        if not gun.jammed:
            raise RulesError(f"{model.name}'s {gun.kind.name} is not Jammed.")
    if request.what == "move" and "Limp" in model.injuries and state.activation:
        if model.key in state.activation.moved:
            raise RulesError(f"{model.name} has a Limp: one Move Action per Activation (DA 216).")
        state.activation.moved.append(model.key)
    spend(state, model, what)
    story = begin(ctx, Story("dracula-plain", f"{model.name}: {what}", model.key))
    if request.what == "clear":
        gun.jammed = False
        ctx.note(f"{model.name}'s {gun.kind.name} is cleared.")
    elif request.what == "lookout":
        model.lookout = True
        ctx.note(f"{model.name} is on Lookout.")
    return story


@dataclass
class ReactRequest(Request):
    """A model on Lookout Reacts to the enemy's Action just made (DA 194, 197; the rule is not given: see
    docs/rulings.md): a Reaction Test; passed, the model makes one Action (Move, Shoot or Fight) at once."""

    kind = "dracula-react"
    title = "Reaction"
    model: str

    def involved(self) -> tuple[str, ...]:
        return (self.model,)


@action(ReactRequest)
def react(state: DraculaState, request: ReactRequest, ctx: Context) -> Story:
    model = state.model(request.model)
    activation = state.activation
    if not model.lookout:
        raise RulesError(f"{model.name} is not on Lookout.")
    if not model.standing:
        raise RulesError(f"{model.name} is {model.condition.value}: it cannot React.")
    if activation is None or activation.player == model.owner or not activation.made:
        raise RulesError("A Reaction answers an enemy's Action: React once an enemy model has made one in its "
                         "Activation.")
    trigger = f"{model.key}:{activation.made}"
    if trigger in activation.reacted:
        raise RulesError(f"{model.name} can only React once per triggering Action (DA 194).")
    activation.reacted.append(trigger)
    story = begin(ctx, Story("dracula-react", f"{model.name} Reacts from Lookout", model.key))
    test = take_test(ctx, label=f"Reaction Test of {model.name}", roller=model.key, sides=model.grit,
                     base=state.settings.test_dice, again=QUICKDRAW if "Quickdraw" in model.skills else None)
    if won(test):
        activation.reactions[model.key] = 1
        ctx.note(f"{model.name} Reacts: one Action now (Move, Shoot or Fight).")
    else:
        ctx.note(f"{model.name} fails to React.")
    if "Bushwhacker" in model.skills and one_die(
            ctx, model, f"Bushwhacker of {model.name}", model.grit, f"one Grit Die (D{model.grit})",
            ("It keeps its Lookout marker and is not Done.", "It loses its Lookout marker and is Done.")):
        return story
    model.lookout, model.done = False, True
    ctx.note(f"{model.name} leaves Lookout and is Done.")
    return story


NAMED_TESTS = {"spotting": "Spotting Test", "nerve": "Nerve Test"}
"""Tests the text names without giving (DA 186, 195): taken when the Director says one is due."""


@dataclass
class NamedTestRequest(Request):
    """A Spotting Test (DA 186) or a Nerve Test (DA 195) of the setting's dice, passed with a Success (see
    docs/rulings.md). Not an Action."""

    kind = "dracula-test"
    title = "Test"
    model: str
    test: str
    """A key of :data:`NAMED_TESTS`."""
    modifier: int = 0
    """Dice Modifiers the situation gives (DA 17-21)."""

    def involved(self) -> tuple[str, ...]:
        return (self.model,)


@action(NamedTestRequest)
def named_test(state: DraculaState, request: NamedTestRequest, ctx: Context) -> Story:
    model = state.model(request.model)
    if not model.on_table:
        raise RulesError(f"{model.name} is no longer on the table.")
    title = NAMED_TESTS[request.test]
    story = begin(ctx, Story("dracula-test", f"{model.name} takes a {title}", model.key))
    reading = take_test(ctx, label=f"{title} of {model.name}", roller=model.key, sides=model.grit,
                        base=state.settings.test_dice,
                        modifiers=[("Dice Modifier", request.modifier)] if request.modifier else [],
                        skill=nerves_of_steel(model) if request.test == "nerve" else "",
                        again=HAWKEYE if request.test == "spotting" and "Hawkeye" in model.skills else None)
    ctx.note(f"{model.name} {'passes' if won(reading) else 'fails'} its {title}.")
    return story


@dataclass
class RecoveryRequest(Request):
    """The Recovery Phase (DA 80-95): Done Tokens off, a Recovery Test for each Downed model, Bottle Checks."""

    kind = "dracula-recovery"
    title = "Recovery Phase"
    contact: list[str] = field(default_factory=list)
    """Downed models with a friendly non-Downed model in Contact: +1 Die (DA 84)."""

    def involved(self) -> tuple[str, ...]:
        return tuple(self.contact)


def bottle_check(ctx: Context, state: DraculaState, user: int) -> None:
    """Half the Posse's starting number (rounded down) Casualty or Downed: the Boss takes an unmodified 3 Dice
    Nerve Test; if Downed or gone, the next highest Rank on 1 Die; 0 Successes, the Posse Bottles Out (DA 90-95)."""
    posse = state.seats[user]
    models = state.models(user)
    lost = sum(1 for m in models if not m.standing)
    if posse.bottled or not posse.starting or lost < max(1, posse.starting // 2):
        return
    standing = [m for m in models if m.standing]
    if not standing:
        return
    boss = next((m for m in standing if m.boss), None)
    taker = boss or max(standing, key=lambda m: ("novice", "veteran", "hero").index(m.rank))
    reading = take_test(ctx, label=f"Bottle Check of {taker.name}'s Posse", roller=taker.key, sides=taker.grit,
                   base=TEST_DICE if boss else 1, chart=BOTTLE,
                   skill=nerves_of_steel(taker))
    if won(reading) == 0:
        posse.bottled = True
        for model in models:
            if model.on_table:
                model.condition = Condition.BOTTLED
        ctx.note(f"{taker.name}'s Posse Bottles Out: all its remaining models are removed from play.")


@action(RecoveryRequest)
def recovery(state: DraculaState, request: RecoveryRequest, ctx: Context) -> Story:
    if state.phase not in (Phase.NPC, Phase.RECOVERY):
        raise RulesError("The Recovery Phase comes after the Action and NPC Phases.")
    for key in request.contact:
        if state.model(key).condition is not Condition.DOWNED:
            raise RulesError(f"{state.model(key).name} is not Downed.")
    story = begin(ctx, Story("dracula-recovery", f"Turn {state.turn}: the Recovery Phase", ""))
    state.phase = Phase.RECOVERY
    for model in state.characters.values():
        model.done = False
    ctx.note("The Done Tokens are taken off every model.")
    downed = [model for model in state.characters.values() if model.condition is Condition.DOWNED]
    if not downed:
        ctx.note("No model is Downed: nobody takes a Recovery Test.")
    for model in downed:
        if "Hard to Kill" in model.skills:
            model.condition = Condition.SHAKEN
            ctx.note(f"{model.name} is Hard to Kill: it stands up Shaken.")
            continue
        bonus = [("Friendly non-Downed model in Contact", 1)] if model.key in request.contact else []
        reading = take_test(ctx, label=f"Recovery Test of {model.name}", roller=model.key, sides=model.grit,
                       base=TEST_DICE, modifiers=bonus, chart=RECOVERY)
        result = RECOVERY.read(won(reading)).title
        if result == "Casualty":
            model.condition = Condition.CASUALTY
            ctx.note(f"{model.name} is removed as a Casualty.")
        elif result == "Stands up":
            model.condition = Condition.SHAKEN
            ctx.note(f"{model.name} stands back up, Shaken.")
        else:
            ctx.note(f"{model.name} remains Downed.")
    for user in state.seats:
        bottle_check(ctx, state, user)
    state.activation = None
    return story
