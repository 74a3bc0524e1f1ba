"""Sample games of Quick on the Draw, played with its engine from a seeded random source, so that they are the same
every run: the documentation's pictures (see :meth:`~bot.rules.core.ruleset.Ruleset.gallery`), the pictures' tests
and ``bench/render.py`` use them."""

from __future__ import annotations

import random

from ..core.cards import RED_JOKER
from ..core.charts import Outcome
from ..core.dice import Dice, Keep, Luck, Roll
from ..core.pictures import CardsTurned, Picture, StatusPage
from ..core.replay import Reading
from ..core.ruleset import Ruleset
from .battlefield import Token
from .board import board
from .casting import CharacterType
from .on_the_map import mark_shot, mover_of
from .pictures import pack, scene
from .results import Resolution
from .sets import ready
from .state import Carried, Character, Condition, Mount, QotdState, Trait, WeaponCondition

PLAYERS = (101, 102, 103, 104, 105)
OWNERS = {101: "Ada", 102: "Bram", 103: "Cass", 104: "Dee", 105: "Eli"}
HERO, MAIN, SUPPORTING, MINOR = CharacterType
CAST = (
    ("Doc Holliday", HERO), ("Wyatt Earp", HERO), ("Johnny Ringo", MAIN), ("Kate Elder", MAIN),
    ("Ike Clanton", MAIN), ("Curly Bill Brocius", SUPPORTING), ("Virgil Earp", SUPPORTING),
    ("José Ramírez", SUPPORTING), ("Billy Claiborne", SUPPORTING), ("Frank McLaury", MINOR),
    ("Tom McLaury", MINOR), ("Sheriff Behan", MINOR), ("Zoë Łukasiewicz", MINOR), ("Smiley Wu 吴", MINOR),
    ("Deputy Sam", MINOR), ("Old Pete", MINOR), ("Bartender", MINOR), ("Stagecoach Driver", MINOR),
    ("Mrs. Hennessy", MINOR), ("Kid Curly", MINOR), ("Blacksmith Ward", MINOR), ("Nate the Scout", MINOR),
    ("Mustafa al-Rashid", MINOR), ("Preacher Jones", MINOR), ("Banker Hale", MINOR), ("Dutch Henry", MINOR),
    ("Lame Horse", MINOR), ("Rosa Flores", MINOR), ("Big Nose Kate", MINOR), ("Shotgun Gibbs", MINOR),
)
ARMS = (("single_action_revolver", 6), ("repeating_carbine", 12), ("double_barrelled", 2), ("derringer", 2),
        ("bowie_knife", 0))
"""Keys of the weapons table, with the shots each holds."""
MOUNTS = ("horse", "mule")
ARMOUR = ("none", "none", "minimal", "armoured")


def cast(state: QotdState, rng: random.Random, count: int) -> None:
    """Cast ``count`` characters from :data:`CAST`, spread over the players, with kit of all kinds."""
    for index, (name, kind) in enumerate(CAST[:count]):
        weapon, shots = ARMS[index % len(ARMS)]
        weapons = [Carried(weapon, loaded=rng.randint(0, shots))]
        if index % 3 == 0 and shots:
            weapons.append(Carried("bowie_knife"))
        mount = Mount(MOUNTS[index % 2], 3, hits=rng.randint(0, 2)) if index % 4 == 1 else None
        character = Character(f"c{index}", name, PLAYERS[index % len(PLAYERS)], kind, "brave", weapons=weapons,
                              armour=ARMOUR[index % len(ARMOUR)], mount=mount,
                              traits=[Trait("lucky")] if index == 0 else [], lucky_used=int(index == 0))
        state.add(character, rng)


def sample_game(characters: int = 10, turned: int = 20, seed: int = 9) -> QotdState:
    """A game mid-phase: ``turned`` cards turned in phase 2, with wounds, a Cut!, a KO, a hold and a jam."""
    rng = random.Random(seed)
    state = QotdState()
    cast(state, rng, characters)
    state.shuffle(rng)
    while state.deck.to_come:
        state.turn()
    state.shuffle(rng)
    people = list(state.characters.values())
    for step in range(turned):
        if not state.deck.to_come:
            break
        _, character = state.turn()
        if character is None:
            continue
        if step % 4 == 1:
            target = people[(step * 7 + 3) % len(people)]
            if target is not character:
                state.wound(target, lethal=step % 8 == 1)
        elif character.type.row.lead and state.next_card_of(character) and not state.deck.out:
            state.sacrifice(character)
    people[1].weapons[0].condition = WeaponCondition.JAMMED
    if len(people) > 5:
        state.take_out_of_action(people[5], Condition.KNOCKED_OUT)
    if state.acting:
        state.acting.conditions.add(Condition.HOLDING)
    state.check()
    return state


def sample_resolution() -> Resolution:
    """A whole shot as /shoot would report it: wanting to shoot, a re-rolled to-hit roll, the hit's effect."""
    best = Dice(2, Keep.BEST)
    return Resolution(
        kind="shoot",
        headline="Doc Holliday shoots at Johnny Ringo with a Colt Single Action Army",
        actor="c0", target="c2",
        readings=(
            Reading("Wanting to Shoot", "c0", "Hero", Roll(best, (3, 8)),
                    Outcome("Shoot at the Enemy!", "Take your shot."), "shoot"),
            Reading("Trying to hit", "c0", "Hero, effective range", Roll(best, (9, 6)),
                    Outcome("Gotcha!", "Hits opponent."), "to_hit", first=Roll(best, (2, 4), Luck.BLACK),
                    reroll="Cut!"),
            Reading("Effect of hit 1 of 1", "c2", "Main Character", Roll(Dice(1), (4,)),
                    Outcome("1 Hit", "Loses one card."), "effects", column=1,
                    adjustments=(("in soft cover", 1), ("short range", -1)), base=("minimal armour", 1)),
            Reading("Courage test", "c2", "Main Character", Roll(best, (1, 6)),
                    Outcome("A-OK - Keep Calm and Carry On!", "Stand firm and are unaffected."), "courage"),
        ),
        changes=("Doc Holliday loses Q♥ for Cut! (taken out of this phase).",
                 "Johnny Ringo loses J♠ (hit by a lethal weapon, for good).",
                 "Colt Single Action Army: 5 shots left."),
    )


PLACES = ((4, 12), (9, 17), (14, 24), (23, 12), (26, 18), (36, 11), (40, 16), (47, 12), (52, 20), (57, 17),
          (6, 29), (12, 22), (19, 20), (27, 29), (31, 23), (43, 30), (45, 21), (50, 24), (55, 29), (33, 16))
"""Where the sample map's characters stand on Main Street: at windows, in doorways, in the street."""


def sample_battlefield(characters: int = 20) -> QotdState:
    """A game on Main Street: the sample game's cast placed on the set, a shot and a move marked as the engine
    works them out."""
    state = sample_game(characters=characters)
    field = ready("main_street")
    for index, key in enumerate(state.characters):
        x, y = PLACES[index % len(PLACES)]
        field.place(Token(key, (float(x), float(y)), facing=180 if y < 20 else 0))
    state.characters["c3"].conditions.add(Condition.PRONE)
    state.battlefield = field
    state.battlefield = mark_shot(state, "c1", "c0", field.sight(field.tokens["c1"].at, field.tokens["c0"].at))
    route = field.going([field.tokens["c2"].at, (12.0, 19.0), (18.0, 20.0)], mover_of(state, "c2"))
    state.battlefield.last_path = route.path
    state.battlefield.tokens["c2"] = Token("c2", route.path[-1])
    return state


def gallery(rules: Ruleset) -> dict[str, Picture]:
    """A joker and the card it marked, the pack mid-phase, the status board, a whole shot's card, and the map."""
    state = sample_game()
    return {"turn.png": CardsTurned((RED_JOKER, state.deck.current), Luck.RED), "deck.png": pack(state),
            "status.png": StatusPage(board(state), tuple(OWNERS.items())),
            "roll.png": rules.picture_of_roll(sample_resolution()), "map.png": scene(sample_battlefield())}
