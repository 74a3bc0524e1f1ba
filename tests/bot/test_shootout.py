"""A whole shootout through slash commands: two players and a Director, as the issue describes it."""

from tests.rules.scripted import Dice

from .helpers import card_up, png, pinged, refused, stored_game, text_of
from .sweep import shown as on_show


async def cast_both_sides(scene):
    for player, names in ((scene.pete, ("Doc", "Kid", "Ike")), (scene.polly, ("Wyatt", "Virgil", "Billy"))):
        hero, supporting, minor = names
        await player.slash(scene.channel, "cast add", name=hero, type="hero",
                           personality="disciplined" if hero == "Doc" else "ordinary")
        await player.slash(scene.channel, "cast add", name=supporting, type="supporting", personality="ordinary")
        await player.slash(scene.channel, "cast add", name=minor, type="minor", personality="ordinary")
        for name in names:
            result = await player.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
            assert "Single action revolver" in text_of(result)


async def draw_until_the_phase_ends(scene, owners):
    """/draw until the pack is spent; each turned card pings its owner. Returns the replies' texts."""
    texts = []
    for _ in range(40):
        result = await scene.dora.slash(scene.channel, "draw")
        text = text_of(result)
        texts.append(text)
        assert png(await result.response.attachments[0].read())
        if "acts" in text:
            assert len(pinged(result)) == 1 and pinged(result)[0] in owners
        if "ends" in text:
            return texts
    raise AssertionError("the phase never ended")


async def test_a_whole_shootout(scene):
    bot = scene.env.bot
    await scene.game()
    await cast_both_sides(scene)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert len(game.characters) == 6 and [c.code for c in game.characters["doc"].cards] == ["AH", "KH", "QH", "JH"]

    refused(await scene.pete.slash(scene.channel, "deal"), "only a director")
    result = await scene.dora.slash(scene.channel, "deal")
    assert "pack of 16 cards" in text_of(result)              # 7 + 7 characters' cards and two jokers

    texts = await draw_until_the_phase_ends(scene, {scene.pete.id, scene.polly.id})
    assert any("Joker" in t for t in texts)
    assert "Phase 1 ends" in texts[-1]

    result = await scene.dora.slash(scene.channel, "draw")    # a spent pack: the next phase is shuffled
    assert "Phase 2: the pack of 16 cards is shuffled" in text_of(result)

    # Kid shoots Virgil: Wanting to Shoot 7, to hit 8, effect 5 at DV 0 (1 Hit), courage 6
    await card_up(scene, "Kid")
    bot.rng = Dice(7, 8, 5, 6)
    result = await scene.pete.slash(scene.channel, "shoot", shooter="Kid", target="Virgil", paces=6)
    shown = text_of(result)
    for words in ("Shoot at the Enemy!", "Gotcha!", "1 Hit", "Taking a Courage Test", "A- OK"):
        assert words in shown
    assert png(await result.response.attachments[0].read())
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert len(game.characters["virgil"].lost) == 1 and not game.characters["virgil"].casualty

    # Doc (on his K♥, with cards to come) fails Wanting to Shoot (3, 2): the Disciplined re-roll is offered as a
    # button to pete only
    await card_up(scene, "Doc")
    bot.rng = Dice(3, 2, 8, 8, 9, 9, 3)
    result = await scene.pete.slash(scene.channel, "shoot", shooter="Doc", target="Billy", paces=6)
    assert pinged(result) == [scene.pete.id]
    labels = [c["label"] for row in result.response.components for c in row["components"]]
    assert labels[0] == "Re-roll (Disciplined)" and labels[-1] == "Keep" and any(l.startswith("Cut!") for l in labels)
    refused(await scene.polly.click(result.response.message, label="Keep"), "only doc's player")
    clicked = await scene.pete.click(result.response.message, label="Re-roll (Disciplined)")
    assert "Re-roll (Disciplined)" in text_of(clicked) and "2 Hits" in text_of(clicked)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.characters["billy"].casualty and game.pending is None

    # Wyatt fights Ike: Wanting to Attack 6 6 (his card carries the red joker's mark: read as 10), to hit 8 8,
    # effect 9 at DV 0 (Courage Test), courage 7
    await card_up(scene, "Wyatt")
    bot.rng = Dice(6, 6, 8, 8, 9, 7)
    result = await scene.polly.slash(scene.channel, "fight", attacker="Wyatt", defender="Ike")
    assert "Take That!" in text_of(result) and "Courage Test" in text_of(result)

    # Wyatt, his card still up, fails Wanting to Shoot (2, 2) and calls Cut!: his next card leaves the phase; the
    # take is kept
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    wyatt_next = game.next_card_of(game.characters["wyatt"])
    bot.rng = Dice(2, 2, 7, 7, 2, 3)
    result = await scene.polly.slash(scene.channel, "shoot", shooter="Wyatt", target="Kid", paces=6)
    clicked = await scene.polly.click(result.response.message, label="Cut! — lose your next card")
    assert str(wyatt_next) not in on_show(result.response)           # the pack's order is no one's until the Cut!
    assert "Missed!" in text_of(clicked) and f"sacrifices {wyatt_next}" in text_of(clicked)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.characters["wyatt"].cuts_used == 1 and wyatt_next in game.deck.out
    game.check()

    result = await scene.polly.slash(scene.channel, "status")
    assert png(await result.response.attachments[0].read())

    bot.rng = Dice()
    texts = await draw_until_the_phase_ends(scene, {scene.pete.id, scene.polly.id})
    assert "Phase 2 ends" in texts[-1] and "Billy" in texts[-1]
    result = await scene.dora.slash(scene.channel, "draw")
    assert "Phase 3" in text_of(result)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.deck.phase == 3 and not any(c in game.deck.to_come for c in game.characters["billy"].cards)
    game.check()
