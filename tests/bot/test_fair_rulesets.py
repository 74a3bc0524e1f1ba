"""Fair play in the other rulesets through the real bot: each turn of Steve Burt's, Shootist's, Dracula's America's
and Mackenzie Norman's gunfight is committed before its first die (with the next, when the last is revealed), its seed
revealed when the next turn begins or the game ends, and every die rolled under it (the Draw's, an Old Wound's, an
action's) is the one its seed gives; the Draw undone and drawn again rolls the same dice."""

import random

import pytest

from bot.rules.core.ruleset import CastSpec
from bot.rules.norman.state import SHOOT_RANKS
from bot.rules.shootist.ruleset import SHOOTIST
from bot.glue.seals import TurnDice, added

from .helpers import end_game, text_of
from .sealed import log_of, read, seals_of
from .test_gunfight import turn_with


async def burt(scene) -> None:
    """Doc (pete's) and Ike (dora's, his rifle drawn); the Director turns cards until Ike's is up, and he fires."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger")
    await scene.dora.slash(scene.channel, "burt cast", name="Ike", type="cowboy", weapons="rifle")
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 0 (before the first deal) is over; its seed, revealed" in text_of(dealt)
    assert f"Turn 2 is sealed: commitment `{(await seals_of(scene)).commitment_of('2')}`" in text_of(dealt)
    for _ in range(8):
        row = await scene.db().load_game(scene.guild.id, scene.channel.id)
        if row.state.get("acting") == "ike":
            break
        await scene.dora.slash(scene.channel, "draw")
    fired = await scene.dora.slash(scene.channel, "burt fire", target="Doc", distance=20)
    assert "Ike fires a rifle" in text_of(fired), text_of(fired)


async def shootist(scene) -> None:
    """Kid (pete's) and Ann (polly's) roll their Draw dice; whoever acts first shoots at the other."""
    await scene.dora.slash(scene.channel, "game start", ruleset="shootist")
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Ann")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "shootist cast", name=name)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 2 is sealed" in text_of(dealt) and "Draw order" in text_of(dealt)
    first = text_of(dealt).split("Draw order: ", 1)[1].split(",", 1)[0]
    shot = await scene.dora.slash(scene.channel, "shootist shoot", target="Ann" if first == "Kid" else "Kid", hexes=4)
    assert "shoots at" in text_of(shot), text_of(shot)


async def dracula(scene) -> None:
    """Abe (pete's, an Old Wound) and Bo (polly's): the first Draw Phase rolls Abe's Old Wound (DA 214)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="dracula")
    for player, name, options in ((scene.pete, "Abe", {"injuries": "Old Wound"}), (scene.polly, "Bo", {})):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "dracula cast", name=name, type="hero", boss=True, weapons="Pistol",
                           **options)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 2 is sealed" in text_of(dealt) and "**Abe**'s Old Wound: D" in text_of(dealt), text_of(dealt)


async def norman(scene) -> None:
    """Kid (pete's) and Joe (polly's), a pistol each: whoever holds a Shoot card on their turn shoots the other,
    who lets the play stand (MN 73-78), and the shot rolls to hit."""
    await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    players = {}
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Joe")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "gunfight cast", name=name, type="man", pistols=1)
        players[player.id] = player
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 2 is sealed" in text_of(dealt), text_of(dealt)
    state = await turn_with(scene, players, SHOOT_RANKS)
    card = next(c for c in state.seats[state.player].hand if c.rank in SHOOT_RANKS)
    target = "Joe" if state.player == scene.pete.id else "Kid"
    shot = await players[state.player].slash(scene.channel, "gunfight shoot", cards=card.code, weapon="pistol",
                                             target=target, range=5)
    answerer = next(player for user, player in players.items() if user != state.player)
    stands = await answerer.click(shot.followups[0].message, label="Let it stand")
    assert f"shoots at {target}" in text_of(stands) and "Answers in: 1 of 1" in text_of(stands), text_of(stands)


PLAYS = {"burt": burt, "shootist": shootist, "dracula": dracula, "norman": norman}


@pytest.mark.parametrize("ruleset", PLAYS)
async def test_a_turn_is_committed_before_its_first_die_and_each_die_is_what_its_seed_gives_once_revealed(scene,
                                                                                                       ruleset):
    scene.env.bot.rng = random.Random(5)                           # the seeds of the game; its dice are the seals'
    await PLAYS[ruleset](scene)
    seals = await seals_of(scene)
    assert seals.count(seals.name) > 0
    entries = await log_of(scene)
    committed = read(entries).committed
    first_die = min(seq for seq, roll in read(entries).rolls if roll.seal == "1")
    assert committed["1"] == (1, seals.commitment_of("1")) < (first_die, "")    # /game start published it
    started = next(m for m in scene.env.backend.messages[scene.channel.id].values() if m.embeds)
    assert f"Turn 1 is sealed: commitment `{seals.commitment_of('1')}`" in started.embeds[0]["description"]
    messages = scene.env.backend.messages.get(scene.channel.id, {}).values()
    assert not any(seals.seed_of("1") in repr((m.content, m.embeds)) for m in messages)
    recent = text_of(await scene.stranger.slash(scene.channel, "log recent", n=50))
    assert seals.seed_of("1") not in recent and seals.root not in recent

    ended = await end_game(scene.dora, scene.channel)
    assert f"Turn 1 is over; its seed, revealed: `{seals.seed_of('1')}`" in text_of(ended)
    log = read(await log_of(scene))                                # chained; every die checked against its seed
    assert {roll.seal for _, roll in log.rolls} <= set(log.seeds) and "root" in log.seeds
    assert sum(roll.seal == "1" for _, roll in log.rolls) >= 1


async def test_a_new_turn_of_burt_reveals_the_last_and_an_undo_of_it_seals_the_turn_restored_anew(scene):
    scene.env.bot.rng = random.Random(5)
    await burt(scene)
    turn_one = await seals_of(scene)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert f"Turn 1 is over; its seed, revealed: `{turn_one.seed_of('1')}`" in text_of(dealt)
    assert f"Turn 3 is sealed: commitment `{turn_one.commitment_of('3')}`" in text_of(dealt)
    assert (await seals_of(scene)).name == "2"
    undone = await scene.dora.slash(scene.channel, "undo")
    anew = await seals_of(scene)
    assert anew.phase == 1 and anew.name == "1/2" and anew.seed_of("1/2") != turn_one.seed_of("1")
    assert "Turn 2 is over" not in text_of(undone)                 # turn 2's seal has drawn nothing hidden: it waits
    assert f"Turn 1 (sealed again, 2) is sealed: commitment `{anew.commitment}`" in text_of(undone)
    dealt_again = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 1 (sealed again, 2) is over" in text_of(dealt_again)
    read(await log_of(scene))


def test_a_new_turns_first_draw_comes_from_that_turns_seal_committed_before_it():
    """Shootist's Draw (SH 3) numbers the turn first: its Draw dice are turn 1's first draws, not turn 0's."""
    state = SHOOTIST.new_game()
    for owner, name in enumerate(("Kid", "Ann"), 1):
        SHOOTIST.cast(state, CastSpec(name.lower(), name, owner, "shootist"), random.Random(0))
    dice = TurnDice(SHOOTIST, state, 42, random.Random(1))
    seal = state.seal
    assert seal.phase == 0 and seal.committed == ["root", "0", "1"]
    SHOOTIST.deal(state, dice)
    assert state.seal is seal and seal.phase == 1 and seal.count("0") == 0
    assert seal.revealed == ["0"] and seal.committed[-1] == "2"
    assert [(r.seal, r.number) for r in dice.rolled][:2] == [("1", 0), ("1", 1)] and seal.count("1") == len(dice.rolled)


async def test_a_shootist_draw_undone_and_drawn_again_rolls_the_same_draw_dice(scene):
    scene.env.bot.rng = random.Random(5)
    await scene.dora.slash(scene.channel, "game start", ruleset="shootist")
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Ann")):
        await player.slash(scene.channel, "game join")
        await player.slash(scene.channel, "shootist cast", name=name)
    first = text_of(await scene.dora.slash(scene.channel, "deal")).split("Draw order", 1)[1].split("\n")[0]
    draws = (await log_of(scene))[-1].data["rolls"]
    await scene.dora.slash(scene.channel, "undo")
    await scene.polly.slash(scene.channel, "roll", dice=2, why="burning draws")
    again = text_of(await scene.dora.slash(scene.channel, "deal")).split("Draw order", 1)[1].split("\n")[0]
    assert again == first
    redrawn = (await log_of(scene))[-1].data["rolls"]
    assert [(r["faces"], r["n"], r["seal"]) for r in redrawn] == [(r["faces"], r["n"], r["seal"]) for r in draws]
    assert {r["retake"] for r in redrawn} == {(await log_of(scene))[-4].seq}


def test_a_seal_name_is_new_to_an_entry_once_however_its_lists_grew():
    assert added(["root", "0", "1", "2"], ["root", "0", "1"]) == ["2"]                   # the turn moved on
    assert added(["root", "0", "1"], ["root", "0", "1"]) == []
    assert added(["root", "0", "1"], ["root", "0", "1", "7", "8"]) == []                  # a new game's seal
    assert added(["root", "9", "0"], ["root", "0", "1"]) == ["9"]
