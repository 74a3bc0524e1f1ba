"""A restart mid-phase loses nothing; fifty /draws at once turn fifty different cards, in order."""

from tests.rules.scripted import Dice

from .conftest import make_bot
from .helpers import burst, card_up, stored_game, text_of


async def test_the_game_and_its_buttons_survive_a_restart(scene, db_url):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="disciplined")
    await scene.pete.slash(scene.channel, "cast weapon", character="Doc", weapon="single_action_revolver")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    await card_up(scene, "Doc")
    scene.env.bot.rng = Dice(3, 2)
    waiting = await scene.pete.slash(scene.channel, "shoot", shooter="Doc", target="Billy", paces=6)
    before = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert before.pending is not None

    fresh = make_bot(db_url, seed=11)
    await scene.env.restart_bot(fresh)
    fresh.rng = Dice(8, 8, 9, 9, 2)

    clicked = await scene.pete.click(waiting.response.message, label="Re-roll (Disciplined)")
    assert "Gotcha!" in text_of(clicked)
    after = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert after.pending is None and after.characters["billy"].casualty
    assert after.deck.turned == before.deck.turned and after.deck.phase == before.deck.phase


async def test_fifty_draws_at_once_turn_different_cards_in_order(scene, held):
    await scene.dora.slash(scene.channel, "game start")
    for i in range(13):
        await scene.dora.slash(scene.channel, "cast add", name=f"Deputy {i}", type="hero", personality="ordinary")
    await scene.dora.slash(scene.channel, "deal")
    elsewhere = scene.guild.create_text_channel("livery")

    draws = [(scene.dora, scene.channel, "draw", {})] * 50
    others = [(scene.pete, elsewhere, "game start", {}), (scene.polly, scene.channel, "deck", {})]
    results = await burst(scene.env, draws + others)

    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    turned = [str(card) for card in game.deck.turned]
    assert len(turned) == len(set(turned))                       # no card dealt twice
    runs = [[turned.index(line.split(" — ")[0].strip("*"))
             for line in result.response.embeds[0].description.splitlines() if " — " in line]
            for result in results[:50]]
    for run in runs:                      # each /draw turned the next cards of the pack, in order
        assert run == list(range(run[0], run[0] + len(run)))
    assert sorted(i for run in runs for i in run) == list(range(len(turned)))
    assert all("acts" in text_of(r) for r in results[:50])
    assert "cameras are rolling" in text_of(results[50]) and "Phase 1" in text_of(results[51])
    assert await stored_game(scene.db(), scene.guild.id, elsewhere.id) is not None
    held(f"fifty /draws at once in one channel (SQLite): {len(turned)} cards turned in order, none twice; "
         "another channel served meanwhile; lost 0")
