"""The attacks of issue 22 on hidden cards and on undo, replayed through the real bot against the seals: a deck's
order has a seal of its own, revealed once nothing it dealt is hidden, so the turn seeds a `/roll` brings out tell
nothing of a hand, a posse's deck or the town's face-down cards."""

import random

from sqlalchemy import update

from bot.storage.models import Game
from bot.rules.core import fair
from .helpers import end_game, text_of
from .sealed import log_of, read, secrets_kept, seals_of
from .test_dracula import Sweep as Flips, activations, keep_all, play_round, stored as dracula_state, three_posses
from .test_gunfight import stored as norman_state, three_gangs


def gunfight_hidden(state) -> dict[tuple[str, str], list[str]]:
    """What a gunfight hides, by pile and holder: each hand, the deck's cards to come, the town's face-down cards."""
    hidden = {("norman", str(user)): [card.code for card in seat.hand] for user, seat in state.seats.items()}
    held = [*(state.window.jokers.values() if state.window else ()),
            *(state.contact.attack + state.contact.defence if state.contact else ())]
    for user in state.seats:                                          # laid face down: hidden wherever dealt
        hidden["norman", str(user)] += [card.code for card in held]
    hidden["norman", "to come"] = [card.code for card in state.deck.to_come]
    hidden.update({("town", place.name): [place.card.name] for place in state.town if place.card})
    hidden["town", "to come"] = [stock.name for stock in state.stock]
    return hidden


async def test_a_gunfight_s_turn_seeds_revealed_by_a_roll_tell_nothing_of_a_hand_the_deck_or_the_town(scene):
    scene.env.bot.rng = random.Random(8)                              # the real seals: no scripted dice
    players = await three_gangs(scene)

    async def check() -> set[str]:
        return secrets_kept(await log_of(scene), await seals_of(scene), gunfight_hidden(await norman_state(scene)))

    town = (await log_of(scene))[-1].data
    assert [s["seal"] for s in town["shuffled"]] == ["deck town 1"] and "deck town 1" in {
        s["name"] for s in town["sealed"]}
    assert sorted(d["to"] for d in town["dealt"]) == ["Bank", "Saloon"]
    await scene.dora.slash(scene.channel, "deal")
    deal = (await log_of(scene))[-1].data                              # committed before any card of it is dealt
    [deck] = [s for s in deal["sealed"] if s["name"] == "deck norman 1"]
    assert deck["cards"] == sorted(deck["cards"]) and len(deck["cards"]) == 54
    assert deal["draws"]["deck norman 1"] == [0, 53] and "deck norman 1" not in {s["name"] for s in town["sealed"]}
    assert [(d["from"], d["count"]) for d in deal["dealt"]] == [(0, 5), (5, 5), (10, 5)]
    revealed = await check()
    for _ in range(5):
        for player in players.values():                                # each player burns draws of the turn's seal
            await player.slash(scene.channel, "roll", dice=2, why="to bring the seed out")
        revealed |= await check()
        state = await norman_state(scene)
        if "deck norman 2" not in state.seal.piles and state.seal.piles.get("norman") == 1:
            assert "deck norman 1" not in revealed                        # every hand still holds its cards
        for _ in range(len(players)):                                 # each passes: the hands stay hidden
            if state.player is None:
                break
            passed = await players[state.player].slash(scene.channel, "draw")
            assert not passed.response.ephemeral, text_of(passed)
            state = await norman_state(scene)
        await scene.dora.slash(scene.channel, "deal")                  # the hands discarded, new ones dealt
        revealed |= await check()
    assert {"0", "1", "2", "3"} <= revealed                           # the turns' seeds are out: they deal no card
    assert (await seals_of(scene)).piles["norman"] >= 2                # the deck ran out and was shuffled anew
    assert "deck norman 1" in revealed                                 # once no card it dealt was hidden
    entries = await log_of(scene)
    shown = [s for e in entries for s in e.data.get("shown", ())]       # the hands discarded face up at each deal
    assert {s["by"] for s in shown} == {str(user) for user in players} and len(shown) >= 15
    assert "deck town 1" not in revealed and any(place.card for place in (await norman_state(scene)).town)
    read(await log_of(scene))


async def test_dracula_s_posse_decks_stay_sealed_while_a_card_of_theirs_is_hidden(scene):
    scene.env.bot.rng = random.Random(8)
    await three_posses(scene)
    players = {scene.pete.id: scene.pete, scene.polly.id: scene.polly, scene.stranger.id: scene.stranger}
    flips = Flips(scene)

    async def check() -> set[str]:
        state = await dracula_state(scene)
        hidden = {}
        for user, posse in state.seats.items():
            held = posse.cards.hand + ([posse.cards.face_down] if posse.cards.face_down else [])
            hidden[f"posse-{user}", "hand"] = [card.code for card in held]
            hidden[f"posse-{user}", "to come"] = [card.code for card in posse.cards.to_come]
        return secrets_kept(await log_of(scene), await seals_of(scene), hidden)

    revealed: set[str] = set()
    for turn in (1, 2, 3):
        dealt = await scene.dora.slash(scene.channel, "deal")
        assert f"Turn {turn}" in text_of(dealt), text_of(dealt)
        if turn == 1:
            entry = (await log_of(scene))[-1].data
            assert sorted(s["seal"] for s in entry["shuffled"]) == sorted(f"deck posse-{u} 1" for u in players)
            assert {d["to"] for d in entry["dealt"]} == {"hand"}
        revealed |= await check()
        for player in players.values():                                # each player burns draws of the turn's seal
            await player.slash(scene.channel, "roll", dice=2, why="to bring the seed out")
        revealed |= await check()
        for _ in range(6):                                            # the Action Phase
            if (await dracula_state(scene)).phase.name == "NPC":
                break
            await play_round(scene, flips, players)
            revealed |= await check()
            await activations(scene, flips, players)
            revealed |= await check()
        recovered = await scene.dora.slash(scene.channel, "dracula recovery")
        await keep_all(scene, recovered, players)
        revealed |= await check()
    assert {"0", "1", "2"} <= revealed                                # the turns' seeds are out: they deal no card
    shown = [s for e in await log_of(scene) for s in e.data.get("shown", ())]     # each card flipped
    assert shown and {s["by"] for s in shown} == {"hand"}
    state = await dracula_state(scene)
    assert not any(f"deck posse-{user} 1" in revealed for user, posse in state.seats.items()
                   if posse.cards.to_come or posse.cards.hand)
    read(await log_of(scene))


async def test_a_game_stored_before_roots_keeps_its_turn_seal_and_gets_a_root_for_the_seals_made_after(scene):
    """A game of the gunfight stored by the bot before roots: its turn seal (seed and draws) as it kept it then,
    no root, no log chain. Its next command draws a root, commits it and the next turn; its turn's dice go on from
    the seed it committed then, and the game's end reveals that seed, which gives the old commitment."""
    scene.env.bot.rng = random.Random(8)
    await scene.dora.slash(scene.channel, "game start", ruleset="norman")
    await scene.pete.slash(scene.channel, "game join")
    old_seed, channel = "5d" * 32, scene.channel.id
    old_commitment = fair.commitment(channel, 0, old_seed)
    db = scene.db()
    game = await db.load_game(scene.guild.id, channel)
    legacy = {**game.state, "seal": {"channel": channel, "phase": 0, "seed": old_seed, "draws": 3}}
    async with db.engine.begin() as connection:
        await connection.execute(update(Game).where(Game.id == game.id).values(state=legacy, chain=None))
    db.forget_games()

    await scene.polly.slash(scene.channel, "game join")                # a suit drawn: the first draw since
    shown = text_of(await scene.stranger.slash(scene.channel, "log recent", n=1))
    await scene.pete.slash(scene.channel, "roll", dice=2, why="an old game")
    seals = await seals_of(scene)
    assert seals.root and seals.kept == {"0": old_seed} and seals.count("0") == 6
    join, roll = (await log_of(scene))[-2:]
    assert [s["name"] for s in join.data["sealed"]] == ["root", "1"] and join.data["draws"] == {"0": [3, 4]}
    assert join.data["sealed"][0]["chain"] == "0" * 64                  # the game's first chained entry
    assert f"sealed root: commitment {seals.commitment_of('root')}" in shown
    assert f"sealed turn 1: commitment {seals.commitment_of('1')}" in shown
    assert roll.data["roll"]["faces"] == [fair.face(old_seed, n, 10) for n in (4, 5)]
    ended = await end_game(scene.dora, scene.channel)
    assert f"Turn 0 (before the first deal) is over; its seed, revealed: `{old_seed}`" in text_of(ended)
    revealed = {s["name"]: s["seed"] for s in (await log_of(scene))[-1].data["revealed"]}
    assert fair.commitment(channel, "0", revealed["0"]) == old_commitment and revealed["root"] == seals.root
    assert revealed["1"] == fair.derive(seals.root, "1")
    read((await log_of(scene))[join.seq - 1:], {"0": (0, old_commitment)})    # chained from its first chained entry
