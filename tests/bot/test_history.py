"""The log in words and as a file, and undo: the game comes back exactly as it was."""

import random

import discord

from bot.glue.client import STORE_SHOWN_AFTER
from bot.rules.core.fair import Seal
from tests.storage.helpers import rows
from tests.rules.scripted import Dice

from .helpers import card_up, refused, stored_game, text_of


async def shootout(scene):
    """A game with Kid (pete) and Virgil (polly) armed, a phase dealt and its first card turned. With seed 103 the
    pack deals A♠ K♠ (Virgil's), the Red Joker, K♥ (Kid's) ..."""
    scene.env.bot.rng = random.Random(103)
    await scene.game()
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Virgil")):
        await player.slash(scene.channel, "cast add", name=name, type="supporting", personality="ordinary")
        await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")


async def kid_hits_virgil(scene):
    """The Director draws until Kid's card is up (two draws: Virgil's K♠, then the Red Joker and Kid's K♥); Kid
    shoots Virgil: Wanting
    to Shoot 7, to hit 8, effect 5 at DV 0 (1 Hit), courage 6."""
    await card_up(scene, "Kid")
    scene.env.bot.rng = Dice(7, 8, 5, 6)
    return await scene.pete.slash(scene.channel, "shoot", shooter="Kid", target="Virgil", paces=6)


async def game(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def test_the_log_shows_who_did_what_with_the_dice(scene):
    await shootout(scene)
    await kid_hits_virgil(scene)
    shown = text_of(await scene.polly.slash(scene.channel, "log recent", n=4))
    assert f"<@{scene.pete.id}> · shoot" in shown
    assert "To hit: 1D10: [8] → Gotcha!" in shown
    assert "Taking a Courage Test: 1D10: [6] → A- OK" in shown and "Red Joker — the next card" in shown
    assert shown.index("draw") < shown.index("shoot")          # newest last


async def test_the_export_is_a_markdown_file_of_every_entry(scene):
    await shootout(scene)
    await kid_hits_virgil(scene)
    result = await scene.polly.slash(scene.channel, "log export")
    [attachment] = result.response.attachments
    assert attachment.filename == "game-log.md"
    text = (await attachment.read()).decode()
    assert text.startswith("# Game log — #saloon")
    rows = [line for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [row.split(" | ")[3] for row in rows] == [
        "start", "join", "join", "cast", "weapon", "cast", "weapon", "deal", "draw", "draw", "draw", "shoot"]
    assert "| pete | shoot | Kid shoots at Virgil" in rows[-1] and "To hit: 1D10: [8] → Gotcha!" in rows[-1]


async def test_undo_of_a_shot_gives_the_card_back_and_strikes_the_entry_and_its_message_out(scene):
    await shootout(scene)
    await card_up(scene, "Kid")
    before = await game(scene)
    shot = await kid_hits_virgil(scene)
    assert len((await game(scene)).characters["virgil"].lost) == 1
    title = shot.response.embeds[0].title
    await scene.env.advance_time(STORE_SHOWN_AFTER.total_seconds())   # the message is stored, not only noted
    assert await rows(scene.db(), "SELECT message_id FROM log WHERE seq = 12") == [(shot.response.id,)]

    result = await scene.dora.slash(scene.channel, "undo")
    assert "Undone: #12" in text_of(result) and "shoot" in text_of(result)
    after = await game(scene)
    assert after.to_json() == before.to_json() and after.characters["virgil"].lost == []
    shown = text_of(await scene.dora.slash(scene.channel, "log recent", n=2))
    assert "~~**#12**" in shown and f"<@{scene.dora.id}> · undo — Undid #12." in shown
    struck = shot.response
    assert struck.content == "*(undone)*" and struck.embeds[0].title == f"~~{title}~~"
    assert struck.embeds[0].colour == discord.Colour.dark_grey()
    assert [a.filename for a in struck.attachments] == ["roll.png"]     # the roll card stays, for the record


async def test_undo_of_draws_restores_the_deck_order_strikes_their_messages_and_goes_on_backwards(scene):
    await shootout(scene)
    dealt = await game(scene)
    draws = [await scene.dora.slash(scene.channel, "draw") for _ in range(2)]
    assert (await game(scene)).deck.to_come != dealt.deck.to_come
    shown = [(d.response.content, d.response.embeds[0].title) for d in draws]

    assert "Undone: #11" in text_of(await scene.dora.slash(scene.channel, "undo"))
    assert [(d.response.content, d.response.embeds[0].title) for d in draws] == [
        shown[0], (f"~~{shown[1][0]}~~ *(undone)*", f"~~{shown[1][1]}~~")]
    assert "Undone: #10" in text_of(await scene.dora.slash(scene.channel, "undo"))   # the undo, #12, is skipped
    assert draws[0].response.content == f"~~{shown[0][0]}~~ *(undone)*"
    restored = await game(scene)
    assert [c.code for c in restored.deck.to_come] == [c.code for c in dealt.deck.to_come]
    assert restored.to_json() == dealt.to_json()


async def test_undo_passes_over_a_message_deleted_meanwhile(scene):
    await shootout(scene)
    moderator = scene.guild.add_member(scene.env.create_user("moderator"), roles=[
        scene.guild.create_role("Moderator", permissions=discord.Permissions(manage_messages=True))])
    dealt = await game(scene)
    draws = [await scene.dora.slash(scene.channel, "draw") for _ in range(2)]
    await moderator.delete(draws[1].response.message)

    result = await scene.dora.slash(scene.channel, "undo", entry=10)
    assert "Undone: #10 to #11" in text_of(result)
    assert draws[0].response.content.endswith("*(undone)*") and draws[1].response is None
    assert (await game(scene)).to_json() == dealt.to_json()


async def test_undo_back_to_an_entry_restores_the_dealt_deck_exactly(scene):
    await shootout(scene)
    async with scene.db().unit(scene.guild.id, scene.channel.id) as uow:
        dealt = await uow.snapshot_before(9)                   # entry 9 is the first /draw
    for _ in range(3):
        await scene.dora.slash(scene.channel, "draw")
    result = await scene.dora.slash(scene.channel, "undo", entry=9)
    assert "Undone: #9 to #12" in text_of(result)
    restored = await game(scene)
    assert [c.code for c in restored.deck.to_come] == dealt["deck"]["to_come"]
    assert {**restored.to_json(), "seal": None} == {**dealt, "seal": None}
    seal, before = restored.seal, Seal(**{**dealt["seal"], "retakes": []})
    assert (seal.root, seal.phase, seal.name, seal.piles) == (before.root, before.phase, before.name, before.piles)
    assert "deck pack 1" in seal.revealed            # spent by the draws undone: what they showed stays shown
    refused(await scene.dora.slash(scene.channel, "undo", entry=10), "#10 cannot be undone")


async def test_only_a_director_undoes(scene):
    await shootout(scene)
    await kid_hits_virgil(scene)
    shot = await game(scene)
    refused(await scene.pete.slash(scene.channel, "undo"), "only a director")
    assert (await game(scene)).to_json() == shot.to_json()
    assert "~~" not in text_of(await scene.dora.slash(scene.channel, "log recent"))


async def test_nothing_to_undo_is_refused(scene):
    await scene.dora.slash(scene.channel, "game start")
    refused(await scene.dora.slash(scene.channel, "undo"), "nothing to undo")
    refused(await scene.dora.slash(scene.channel, "undo", entry=1), "#1 cannot be undone")
    await scene.pete.slash(scene.channel, "game join")
    await scene.dora.slash(scene.channel, "undo")
    refused(await scene.dora.slash(scene.channel, "undo"), "nothing to undo")


async def test_undoing_a_re_roll_decision_offers_its_buttons_again(scene):
    await shootout(scene)
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="disciplined")
    await scene.pete.slash(scene.channel, "cast weapon", character="Doc", weapon="single_action_revolver")
    scene.env.bot.rng = Dice(3, 2, 8, 8, 9, 9, 3)               # Doc fails Wanting to Shoot: a re-roll is offered
    # Virgil's card is up: Doc shoots out of turn, by the Director's leave, and his player decides the roll
    result = await scene.dora.slash(scene.channel, "shoot", shooter="Doc", target="Virgil", paces=6)
    await scene.pete.click(result.response.message, label="Keep")
    assert (await game(scene)).pending is None

    result = await scene.dora.slash(scene.channel, "undo")
    assert "re-roll or keep" in result.response.content and (await game(scene)).pending
    clicked = await scene.pete.click(result.response.message, label="Keep")
    assert "Wanting to Shoot" in text_of(clicked) and (await game(scene)).pending is None
