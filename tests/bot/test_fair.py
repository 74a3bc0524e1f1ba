"""Fair play through the real bot: a root per game, every seed derived from it by name, commitments before and
seeds after, the pack under a seal of its own, the log chained, and undo that cannot fish for cards or dice."""

import random

from bot.rules.core import fair
from bot.rules.core.cards import Card

from .helpers import end_game, stored_game, text_of
from .sealed import log_of, read, seals_of


async def doc_misses(scene):
    """A game with Doc (pete's Hero) and Virgil (polly's), phase 1 dealt and its first card turned (Doc's);
    with seed 10, Doc shoots by the Director's leave (2D10 [8, 5], draws 0-1 of phase 1's seal) from beyond
    effective range and misses (1D10 [3], draw 2): Cut! is offered to pete."""
    scene.env.bot.rng = random.Random(10)                          # the seeds of the game this story tells
    await scene.game()
    for player, name, kind in ((scene.pete, "Doc", "hero"), (scene.polly, "Virgil", "supporting")):
        await player.slash(scene.channel, "cast add", name=name, type=kind, personality="ordinary")
        await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    return await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)


MISSED = "1D10: [3] → **3** (2-4)\n**Missed!**"
WANTING = "2D10 take best: [**8**, 5] → **8** (5-9)"


async def game(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def export(scene) -> str:
    result = await scene.polly.slash(scene.channel, "log export")
    [attachment] = result.response.attachments
    return (await attachment.read()).decode()


def public_words(scene) -> str:
    """Everything the channel shows, to anyone, and every file it holds."""
    messages = scene.env.backend.messages.get(scene.channel.id, {}).values()
    return "\n".join(repr((m.content, m.embeds, m.attachments)) for m in messages)


async def test_a_phase_s_seeds_stay_secret_until_revealed_and_then_give_its_commitments_cards_and_dice(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    await scene.polly.slash(scene.channel, "roll", dice=2, why="a hand of poker")
    seals = await seals_of(scene)
    assert seals.name == "1" and seals.count("1") == 5                # 3 for Doc, 2 for poker: the pack has its own
    secrets = [seals.seed_of(name) for name in ("1", "deck pack 1", "root")]
    shown = public_words(scene) + await export(scene)
    assert not any(secret in shown for secret in secrets)
    assert all(seals.commitment_of(name) in public_words(scene) for name in ("root", "1", "2", "deck pack 1"))

    dealt = text_of(await scene.dora.slash(scene.channel, "deal", again=True))
    assert f"Phase 1 is over; its seed, revealed: `{secrets[0]}`" in dealt
    assert f"The pack deck's shuffle 1 is over; its seed, revealed: `{secrets[1]}`" in dealt
    assert f"Phase 3 is sealed: commitment `{seals.commitment_of('3')}`" in dealt
    assert secrets[2] not in public_words(scene)                      # the root waits for the game's end

    entries = await log_of(scene)
    log = read(entries)                                               # chained, every seed and die checked
    assert {name for name in log.seeds} == {"0", "1", "deck pack 1"}
    assert [seq for seq, roll in log.rolls if roll.seal == "1"] == [10, 10, 11, 11, 12]
    [deal] = [e for e in entries if e.kind == "deal"][:1]
    [shuffle] = deal.data["shuffled"]
    assert shuffle["seal"] == "deck pack 1" and shuffle["cards"] == sorted(shuffle["cards"])
    assert deal.data["draws"] == {"deck pack 1": [0, len(shuffle["cards"]) - 1]}
    order = fair.dealt(log.seeds["deck pack 1"][1], shuffle["cards"])
    assert [e.data["turned"] for e in entries if e.kind == "draw"] == [order[:1]]


async def test_log_recent_right_after_a_deal_names_no_card_to_come(scene):
    scene.env.bot.rng = random.Random(10)
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    seen = text_of(await scene.stranger.slash(scene.channel, "log recent", n=3))
    to_come = (await game(scene)).deck.to_come
    assert "shuffled 6 cards of pack under deck pack 1" in seen
    for card in to_come:
        assert card.code not in seen.replace("deck pack", "") and str(card) not in seen, (card, seen)


async def test_an_undone_shot_shot_again_after_a_burnt_roll_rolls_the_same_dice(scene):
    shot = await doc_misses(scene)
    kept = await scene.pete.click(shot.response.message, label="Keep")
    assert MISSED in text_of(kept)
    await scene.dora.slash(scene.channel, "undo", entry=10)
    burnt = await scene.dora.slash(scene.channel, "roll", dice=2, why="burning draws")
    again = await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)
    assert WANTING in text_of(again) and MISSED in text_of(again)
    entries = await log_of(scene)
    burn, retaken = entries[-2], entries[-1]
    assert burn.data["roll"]["n"] == 3 and burn.data["draws"] == {"1": [3, 5]}   # no count went back
    assert [(r["roll"]["n"], r["roll"]["retake"]) for r in retaken.data["resolution"]["readings"]] == [(0, 10),
                                                                                                       (2, 10)]
    assert retaken.data["retaken"] == {"entry": 10, "draws": {"1": [0, 3]}} and "draws" not in retaken.data
    await scene.pete.click(again.response.message, label="Keep")
    shot_again = await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)
    readings = (await log_of(scene))[-1].data["resolution"]["readings"]
    assert readings[0]["roll"]["n"] == 5 and "retake" not in readings[0]["roll"], text_of(shot_again)


async def test_a_re_roll_the_rules_allow_rolls_the_next_draws_and_undone_and_chosen_again_the_same(scene):
    shot = await doc_misses(scene)
    seed = (await seals_of(scene)).seed_of("1")
    cut = await scene.pete.click(shot.response.message, label="Cut! — lose your next card")
    rerolled = fair.face(seed, 3, 10)
    assert f"1D10: [{rerolled}] → **{rerolled}**" in text_of(cut)
    reading = (await log_of(scene))[-1].data["resolution"]["readings"][-1]
    assert (reading["first"]["n"], reading["roll"]["n"], reading["roll"]["seal"]) == (2, 3, "1")
    undone = await scene.dora.slash(scene.channel, "undo")             # the decision taken back: the roll waits again
    again = await scene.pete.click(undone.response.message, label="Cut! — lose your next card")
    assert f"1D10: [{rerolled}] → **{rerolled}**" in text_of(again)
    assert (await log_of(scene))[-1].data["resolution"]["readings"][-1]["roll"]["retake"] == 11


async def test_a_deal_undone_and_dealt_again_eleven_times_deals_the_same_first_card(scene):
    scene.env.bot.rng = random.Random(3)
    await scene.game()
    for player, name in ((scene.pete, "Doc"), (scene.polly, "Virgil")):
        await player.slash(scene.channel, "cast add", name=name, type="hero", personality="ordinary")
    firsts = set()
    for _ in range(11):
        await scene.dora.slash(scene.channel, "deal")
        firsts.add((await game(scene)).deck.to_come[0])
        undone = text_of(await scene.dora.slash(scene.channel, "undo"))
        assert "Phase 0 (before the first deal) (sealed again" in undone or len(firsts) == 1
    assert len(firsts) == 1
    read(await log_of(scene))


async def test_an_undo_that_takes_a_deal_back_seals_the_phase_restored_anew_since_its_seed_was_revealed(scene):
    await doc_misses(scene)
    undone = text_of(await scene.dora.slash(scene.channel, "undo", entry=8))   # the deal, the draw and the shot
    seals = await seals_of(scene)
    assert seals.phase == 0 and seals.name == "0/2" and seals.count("0/2") == 0
    assert seals.count("1") == 3                                      # the shot's draws stay drawn
    assert f"Phase 0 (before the first deal) (sealed again, 2) is sealed: commitment `{seals.commitment}`" in undone
    assert "deck pack 1" not in seals.revealed and seals.piles == {}   # dealt again, the pack deals as before
    read(await log_of(scene))


async def test_the_end_of_the_game_reveals_every_seal_the_root_last_and_every_seed_is_derived_from_it(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    seals = await seals_of(scene)
    ended = text_of(await end_game(scene.dora, scene.channel))
    assert f"Phase 1 is over; its seed, revealed: `{seals.seed_of('1')}`" in ended
    assert f"The game is over; its root, revealed: `{seals.root}`" in ended
    entries = await log_of(scene)
    log = read(entries)
    assert [shown["name"] for shown in entries[-1].data["revealed"]][-1] == "root"
    assert set(log.seeds) == set(log.committed) == {"root", "0", "1", "2", "deck pack 1"}
    for name, (_, seed) in log.seeds.items():
        assert seed == (seals.root if name == "root" else fair.derive(seals.root, name))
    checked = text_of(await scene.stranger.slash(scene.channel, "log recent", n=1))   # the ended game's log
    assert "This game has ended" in checked


async def test_cards_shuffled_in_mid_phase_are_placed_and_the_others_turn_in_the_order_the_pack_s_seal_deals(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    cast = await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="rash")
    assert not cast.response.ephemeral
    while not (await game(scene)).deck.spent:
        await scene.dora.slash(scene.channel, "draw")
    await scene.dora.slash(scene.channel, "deal")
    entries = await log_of(scene)
    log = read(entries)
    [placed] = [e.data["placed"] for e in entries if "placed" in e.data]
    assert [Card.parse(code).suit for code in placed] == ["spades"]    # polly's suit
    [shuffle] = next(e for e in entries if e.kind == "deal").data["shuffled"]
    turned = [code for e in entries for code in e.data.get("turned", ())]
    assert [code for code in turned if code not in placed] == fair.dealt(log.seeds["deck pack 1"][1],
                                                                         shuffle["cards"])
    assert "deck pack 1" in log.seeds                                 # spent: revealed by the draw of its last card
