"""Example pictures from real games: ``python -m bot.pictures.gallery [folder]`` writes one of each.

The games are played with the real engine from a seeded random source, so the
pictures are the same every run; tests and ``bench/render.py`` use them too.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bot.rules.burt.charts import Gait
from bot.rules.burt.firing import FireRequest
from bot.rules.burt.ruleset import BURT
from bot.rules.burt.state import EVENT, STOP
from bot.rules.core.actions import perform
from bot.rules.core.cards import RED_JOKER, Card
from bot.rules.core.charts import Outcome
from bot.rules.core.dice import Dice, Keep, Luck, Roll
from bot.rules.core.replay import Reading
from bot.rules.core.ruleset import CastSpec, Step
from bot.rules.qotd.battlefield import Token
from bot.rules.qotd.board import board
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.on_the_map import mark_shot, mover_of
from bot.rules.qotd.results import Resolution
from bot.rules.qotd.sets import ready
from bot.rules.qotd.state import Carried, Character, Condition, QotdState, Mount, Trait, WeaponCondition
from bot.pictures.battlefield import render_battlefield
from bot.pictures.board import render_board_pages
from bot.pictures.burt import render_burt_roll, render_burt_turn
from bot.pictures.deck import render_deck
from bot.pictures.roll import render_roll
from bot.pictures.turn import render_turn

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "gallery"
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


def sample_burt_resolution() -> Resolution:
    """A shot of Steve Burt's rules, played by the engine from a seeded die: John Wesley Hardin's rifle at Ben
    Thompson, cantering past at 60 cm, knees up: a hit, a serious wound, and he falls over stunned."""
    state = BURT.new_game()
    BURT.cast(state, CastSpec("wes", "John Wesley Hardin", 1, "gunslinger", {"weapons": "rifle .45"}),
              random.Random(0))
    BURT.cast(state, CastSpec("ben", "Ben Thompson", 2, "lawman", {"mounted": "yes"}), random.Random(0))
    state.characters["ben"].gait = Gait.CANTER
    return perform(state, FireRequest("wes", "ben", distance=60, visible=75), random.Random(35))[1]


def sample_round() -> tuple[tuple, tuple, tuple]:
    """A first round of Dracula's America played with its engine: a player's hand, then the cards every posse
    played face down, flipped into the order of Activation, with their captions."""
    from bot.rules.core.ruleset import CastSpec
    from bot.rules.dracula.ruleset import DRACULA
    from bot.rules.dracula.turn import captions, flip, play

    rng = random.Random(15)
    state = DRACULA.new_game()
    for user, (boss, rank, others) in zip(PLAYERS, (("Abe", "hero", ("Art", "Amos")), ("Bo", "veteran", ("Bud",)),
                                                   ("Cy", "veteran", ("Cole", "Clem", "Cass")))):
        DRACULA.join(state, user, rng)
        for index, name in enumerate((boss, *others)):
            DRACULA.cast(state, CastSpec(name.lower(), name, user, rank if index == 0 else "novice",
                                         {"boss": "True"} if index == 0 else {}), rng)
    DRACULA.deal(state, rng)
    hand = tuple(state.seats[PLAYERS[2]].cards.hand)
    for user in state.seats:
        play(state, user, state.seats[user].cards.hand[0])
    flip(state, rng)
    return hand, tuple(state.flipped), captions(state)


def sample_gunfight() -> Step:
    """A turn of Mackenzie Norman's gunfight played with its engine: Kid moves, the play stands; Ann shoots, and the
    enemy cancels the Shoot card with a Joker (MN 73-86). What `/deck` shows: the cards shown face up this turn,
    each captioned with its figure, the Joker with its player's suit."""
    from bot.rules.norman.actions import AnswerRequest, PlayRequest
    from bot.rules.norman.ruleset import NORMAN
    from bot.rules.norman.state import MOVE_RANKS, SHOOT_RANKS

    rng = random.Random(10)
    state = NORMAN.new_game()
    for user, names in zip(PLAYERS, (("Kid", "Ann"), ("Joe", "Cy"))):
        NORMAN.join(state, user, rng)
        for name in names:
            NORMAN.cast(state, CastSpec(name.lower(), name, user, "man", {"pistols": "1"}), rng)
    NORMAN.deal(state, rng)
    player, enemy = state.player, next(u for u in PLAYERS[:2] if u != state.player)
    kid, ann = (f.key for f in state.characters.values() if f.owner == player)
    hand = state.seats[player].hand
    move, shot = (next(c for c in hand if c.rank in ranks) for ranks in (MOVE_RANKS, SHOOT_RANKS))
    target = next(f.key for f in state.characters.values() if f.owner == enemy)
    for play, cancel in ((PlayRequest(player, kid, "move", (move.code,)), 0),
                         (PlayRequest(player, ann, "shoot", (shot.code,), weapon="pistol", targets=(target,),
                                      range=6), 1)):
        state = perform(state, play, rng)[0]
        state = perform(state, AnswerRequest(enemy, cancel), rng)[0]
    return NORMAN.deck(state)


def main(argv: list[str] | None = None) -> int:
    """Write turn.png, deck.png, status.png, roll.png and map.png to the folder named (default docs/gallery), with
    Steve Burt's burt-turn.png and burt-roll.png, Dracula's America's hand.png and flip.png, and Mackenzie Norman's
    gunfight.png."""
    argv = sys.argv[1:] if argv is None else argv
    folder = Path(argv[0]) if argv else FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    state = sample_game()
    pictures = {"turn.png": render_turn((RED_JOKER, state.deck.current), Luck.RED), "deck.png": render_deck(state),
                "status.png": render_board_pages(board(state), OWNERS)[0], "roll.png": render_roll(sample_resolution()),
                "map.png": render_battlefield(sample_battlefield()),
                "burt-turn.png": render_burt_turn((EVENT, "Ben Thompson", STOP)),
                "burt-roll.png": render_burt_roll(sample_burt_resolution())}
    hand, flipped, captions = sample_round()
    pictures |= {"hand.png": render_turn(hand), "flip.png": render_turn(flipped, None, captions)}
    gunfight = sample_gunfight()
    pictures["gunfight.png"] = render_turn(tuple(map(Card.parse, gunfight.faces)), None, gunfight.captions)
    for name, data in pictures.items():
        (folder / name).write_bytes(data)
        print(f"{folder / name}: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
