"""Fair play through the real bot: commitments before, seeds after, `/verify`, the exported log checked offline,
and undo that cannot fish for dice. Logs changed by hand, every way the tamper suite knows, are
tests/test_verify_tamper.py's and tests/bot/test_tamper.py's."""

import random
import re
import subprocess
import sys

from bot.rules.core.fair import commitment, face
from tests.logbook import require_chained

from .helpers import end_game, refused, stored_game, text_of


async def doc_misses(scene):
    """A game with Doc (pete's Hero) and Virgil (polly's), phase 1 dealt and its first card turned (Virgil's);
    with seed 7, Doc shoots by the Director's leave (2D10 [5, 9], draws 7-8) from beyond effective range and
    misses (1D10 [3], draw 9): Cut! is offered to pete."""
    scene.env.bot.rng = random.Random(7)                           # the seeds of the game this story tells
    await scene.game()
    for player, name, kind in ((scene.pete, "Doc", "hero"), (scene.polly, "Virgil", "supporting")):
        await player.slash(scene.channel, "cast add", name=name, type=kind, personality="ordinary")
        await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    return await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)


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


async def test_a_phase_played_and_exported_verifies_offline_and_its_seed_was_secret_until_revealed(scene, tmp_path):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    await scene.polly.slash(scene.channel, "roll", dice=2, why="a hand of poker")
    phase_one = (await game(scene)).seal
    assert phase_one.phase == 1 and phase_one.draws == 12          # 7 to deal 8 cards, 3 for Doc, 2 for poker
    assert phase_one.seed not in public_words(scene) and phase_one.seed not in await export(scene)
    assert phase_one.commitment in public_words(scene)

    dealt = await scene.dora.slash(scene.channel, "deal", again=True)
    shown = text_of(dealt)
    assert f"Phase 1 is over; its seed, revealed: `{phase_one.seed}`" in shown
    assert f"Phase 2 is sealed: commitment `{(await game(scene)).seal.commitment}`" in shown

    path = tmp_path / "game-log.md"
    path.write_text(log := await export(scene))
    out = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True,
                         timeout=60)
    require_chained(log)
    assert out.returncode == 3, out.stdout + out.stderr              # phase 2's seed is not revealed yet
    assert re.search(r"Phase 1 \(sealed in #\d+, .*\): matches\. .* 8 dice\.", out.stdout), out.stdout
    assert re.search(r"The deck pack 1 \(sealed in #\d+, .*\): matches\. .*8 cards shuffled in their order, 1 turned "
                     r"in that order\.", out.stdout), out.stdout
    assert re.search(r"Phase 2 \(sealed in #\d+, .*\): not yet checkable", out.stdout)


async def test_verify_in_the_channel_checks_the_phases_revealed(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    waiting = text_of(await scene.stranger.slash(scene.channel, "verify", phase=1))
    assert "not everything is checkable yet" in waiting and "not yet checkable" in waiting, waiting
    refused(await scene.stranger.slash(scene.channel, "verify", phase=9), "Phase 9 was never dealt")
    await scene.dora.slash(scene.channel, "deal", again=True)
    checked = text_of(await scene.stranger.slash(scene.channel, "verify", phase=1))
    require_chained(await export(scene))
    assert "every check passes" in checked and "8 cards shuffled in their order, 1 turned in that order" in checked


async def test_an_undone_shot_shot_again_rolls_the_same_dice(scene):
    shot = await doc_misses(scene)
    kept = await scene.pete.click(shot.response.message, label="Keep")
    assert "1D10: [3] → **3** (2-4)\n**Missed!**" in text_of(kept)
    await scene.dora.slash(scene.channel, "undo", entry=10)
    again = await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=20)
    assert "2D10 take best: [5, **9**] → **9** (5-9)" in text_of(again)
    assert "1D10: [3] → **3** (2-4)\n**Missed!**" in text_of(again)
    log = text_of(await scene.dora.slash(scene.channel, "log recent", n=6))
    assert log.count("To hit: 1D10: [3] (draw 9) → Missed!") == 3      # the shot, its keep, and the shot again


async def test_a_re_roll_the_rules_allow_rolls_the_next_draws(scene):
    shot = await doc_misses(scene)
    seal = (await game(scene)).seal
    cut = await scene.pete.click(shot.response.message, label="Cut! — lose your next card (J♥)")
    rerolled = face(seal.seed, 10, 10)
    assert rerolled != 3
    assert (f"To hit: 1D10: [3] (draw 9) re-rolled (Cut! — lose your next card (J♥)): 1D10: [{rerolled}] (draw 10)"
            in await export(scene))
    assert f"1D10: [{rerolled}] → **{rerolled}**" in text_of(cut)
    assert (await game(scene)).seal.draws > 10


async def test_an_undo_that_takes_a_deal_back_reveals_that_phase_and_seals_the_one_restored_anew(scene):
    await doc_misses(scene)
    phase_one = (await game(scene)).seal
    await scene.dora.slash(scene.channel, "undo", entry=8)            # the deal, the draw and the shot
    restored = (await game(scene)).seal
    assert restored.phase == 0 and restored.draws == 0
    assert restored.commitment == commitment(scene.channel.id, 0, restored.seed)
    shown = text_of(await scene.dora.slash(scene.channel, "log recent", n=1))
    assert f"revealed phase 1 of channel {scene.channel.id}: seed {phase_one.seed}" in shown
    assert f"sealed phase 0: commitment {restored.commitment}" in shown


async def test_the_end_of_the_game_reveals_the_last_phase_s_seed_which_gives_its_commitment(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    sealed = (await game(scene)).seal
    ended = await end_game(scene.dora, scene.channel)
    shown = text_of(ended)
    assert f"Phase 1 is over; its seed, revealed: `{sealed.seed}`" in shown
    [revealed] = re.findall(r"seed, revealed: `([0-9a-f]{64})`", shown)
    assert commitment(scene.channel.id, 1, revealed) == sealed.commitment
    assert sealed.commitment in public_words(scene)                   # posted when phase 1 was dealt
    checked = text_of(await scene.stranger.slash(scene.channel, "verify", phase=1))  # the ended game's log
    assert "This game has ended" in checked
    require_chained(await export(scene))
    assert "every check passes" in checked


async def test_cards_turned_in_the_order_dealt_and_shuffled_in_verify(scene):
    shot = await doc_misses(scene)
    await scene.pete.click(shot.response.message, label="Keep")
    cast = await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="rash")
    assert not cast.response.ephemeral
    while not (await game(scene)).deck.spent:
        await scene.dora.slash(scene.channel, "draw")
    await scene.dora.slash(scene.channel, "deal")
    honest = await export(scene)
    assert re.search(r"\| cast \| Billy .* shuffled in: [0-9AKQJ]+S \|", honest)         # polly's suit: spades
    require_chained(honest)
    out = subprocess.run([sys.executable, "-m", "bot", "verify", "/dev/stdin"], input=honest, capture_output=True,
                         text=True, timeout=60)
    assert re.search(r"The deck pack 1 \(.*\): matches\. .* 9 turned in that order", out.stdout), out.stdout
