"""Fair play in the other rulesets through the real bot: each turn of Steve Burt's, Shootist's, Dracula's America's
and Mackenzie Norman's gunfight is sealed as it starts, its seed revealed when the next turn is sealed or the game ends, and `/verify` checks
every die rolled under it (the Draw's, an Old Wound's, an action's); a die changed in the exported log fails (and
every other change the tamper suite knows: tests/bot/test_tamper.py)."""

import random
import re

import pytest

from bot.rules.core import fair
from bot.rules.core.ruleset import CastSpec
from bot.rules.norman.state import SHOOT_RANKS
from bot.rules.shootist.ruleset import SHOOTIST
from bot.seals import TurnDice
from bot.verify import read_export, verify_text
from tests.logbook import require_chained

from .helpers import end_game, refused, text_of
from .test_gunfight import turn_with


async def seal_of(scene) -> dict:
    """The game's seal as stored (its seed still secret in the channel)."""
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    return row.state["seal"]


async def burt(scene) -> None:
    """Doc (pete's) and Ike (dora's, his rifle drawn); the Director turns cards until Ike's is up, and he fires."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger")
    await scene.dora.slash(scene.channel, "burt cast", name="Ike", type="cowboy", weapons="rifle")
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "Turn 0 (before the first deal) is over; its seed, revealed" in text_of(dealt)
    assert f"Turn 1 is sealed: commitment `{await commitment(scene)}`" in text_of(dealt)
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
    assert "Turn 1 is sealed" in text_of(dealt) and "Draw order" in text_of(dealt)
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
    assert "Turn 1 is sealed" in text_of(dealt) and "**Abe**'s Old Wound: D" in text_of(dealt), text_of(dealt)


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
    assert "Turn 1 is sealed" in text_of(dealt), text_of(dealt)
    state = await turn_with(scene, players, SHOOT_RANKS)
    card = next(c for c in state.seats[state.player].hand if c.rank in SHOOT_RANKS)
    target = "Joe" if state.player == scene.pete.id else "Kid"
    shot = await players[state.player].slash(scene.channel, "gunfight shoot", cards=card.code, weapon="pistol",
                                             target=target, range=5)
    answerer = next(player for user, player in players.items() if user != state.player)
    stands = await answerer.click(shot.followups[0].message, label="Let it stand")
    assert f"shoots at {target}" in text_of(stands) and "Answers in: 1 of 1" in text_of(stands), text_of(stands)


async def commitment(scene) -> str:
    """The commitment of the game's seal now."""
    seal = await seal_of(scene)
    return fair.commitment(seal["channel"], seal["phase"], seal["seed"])


PLAYS = {"burt": burt, "shootist": shootist, "dracula": dracula, "norman": norman}


@pytest.mark.parametrize("ruleset", PLAYS)
async def test_a_turn_played_verifies_once_the_game_ends_and_a_die_changed_in_the_log_fails(scene, ruleset):
    scene.env.bot.rng = random.Random(5)                           # the seeds of the game; its dice are the seals'
    await PLAYS[ruleset](scene)
    turn_one = await seal_of(scene)
    assert turn_one["phase"] == 1 and turn_one["draws"] > 0
    early = text_of(await scene.stranger.slash(scene.channel, "verify", phase=1))
    assert "not yet checkable" in early and "a turn's seed is revealed" in early, early
    assert "phase" not in early.lower(), early                      # the ruleset's own word (ruling 270)
    refused(await scene.stranger.slash(scene.channel, "verify", phase=9), "Turn 9 was never dealt in this game.")
    recent = text_of(await scene.stranger.slash(scene.channel, "log recent", n=50))
    assert f"sealed turn 1: commitment {await commitment(scene)}" in recent, recent
    messages = scene.env.backend.messages.get(scene.channel.id, {}).values()
    assert not any(turn_one["seed"] in repr((m.content, m.embeds)) for m in messages)

    ended = await end_game(scene.dora, scene.channel)
    assert f"Turn 1 is over; its seed, revealed: `{turn_one['seed']}`" in text_of(ended)
    checked = text_of(await scene.stranger.slash(scene.channel, "verify"))
    exported = await scene.polly.slash(scene.channel, "log export")
    honest = (await exported.response.attachments[0].read()).decode()
    assert "Each turn is sealed as it starts and its seed revealed once it is over (the seals column)" in honest
    assert f"revealed turn 1 of channel {scene.channel.id}: seed {turn_one['seed']}" in honest
    assert "sealed phase" not in honest and "revealed phase" not in honest
    require_chained(honest)
    assert "every check passes" in checked, checked
    assert re.search(r"Turn 1 \(sealed in #\d+, [^)]*\): matches\. .* (\d+) dic?e?", checked), checked
    entries = list(read_export(honest))
    entry, roll = next((e, r) for e in entries for r in rolls_of(e) if r.get("seal") == "1")
    sides, shown, number = roll["dice"][2], roll["faces"][0], roll["n"]
    assert fair.face(fair.derive(seed_of_root(entries), "1"), number, sides) == shown
    roll["faces"][0] = shown % sides + 1
    assert f"FAILS: entry #{entry['seq']}, " in verify_text(rewritten(honest, entries)).first_problem()


def rolls_of(entry: dict) -> list[dict]:
    """The rolls an entry logged (a free roll, a deal's, each reading's)."""
    data = entry["data"]
    return [*([data["roll"]] if "roll" in data else []), *data.get("rolls", []),
            *(r["roll"] for r in data.get("resolution", {}).get("readings", []))]


def seed_of_root(entries: list[dict]) -> str:
    return next(r["seed"] for e in entries for r in e["data"].get("revealed", []) if r["name"] == "root")


def rewritten(log: str, entries: list[dict]) -> str:
    """The exported log with its data block holding ``entries``."""
    head = log[:log.index("```director-log")]
    return head + "```director-log\n" + "\n".join(fair.canonical(e).decode() for e in entries) + "\n```\n"


async def test_a_new_turn_of_burt_reveals_the_last_and_an_undo_of_it_seals_the_turn_restored_anew(scene):
    scene.env.bot.rng = random.Random(5)
    await burt(scene)
    turn_one = await seal_of(scene)
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert f"Turn 1 is over; its seed, revealed: `{turn_one['seed']}`" in text_of(dealt)
    turn_two = await seal_of(scene)
    assert turn_two["phase"] == 2
    undone = await scene.dora.slash(scene.channel, "undo")
    anew = await seal_of(scene)
    assert anew["phase"] == 1 and anew["seed"] != turn_one["seed"]
    assert f"Turn 2 is over; its seed, revealed: `{turn_two['seed']}`" in text_of(undone)
    assert f"Turn 1 is sealed: commitment `{await commitment(scene)}`" in text_of(undone)


def test_a_new_turns_first_draw_comes_from_a_fresh_seal_of_that_turn():
    """Shootist's Draw (SH 3) numbers the turn first: its Draw dice are turn 1's first draws, not turn 0's."""
    state = SHOOTIST.new_game()
    for owner, name in enumerate(("Kid", "Ann"), 1):
        SHOOTIST.cast(state, CastSpec(name.lower(), name, owner, "shootist"), random.Random(0))
    dice = TurnDice(SHOOTIST, state, 42, random.Random(1))
    before = state.seal
    assert before.phase == 0
    SHOOTIST.deal(state, dice)
    seal = state.seal
    assert seal is not before and seal.phase == 1 and before.draws == 0
    assert [r.number for r in dice.rolled][:2] == [0, 1] and seal.draws == len(dice.rolled)
    assert all(r.faces == (fair.face(seal.seed, r.number, r.dice.sides),) for r in dice.rolled)
