"""/catchup through Discord: a player away while the others play asks what happened since their own last action,
and sees it alone: what befell their characters, whose turn it is and what waits on them, with the board; a
member with no action and a channel with no game get a clear answer; a log of 40,000 entries is read in part,
and says so, without holding the event loop."""

from __future__ import annotations

from bot.glue.replies import markdown
from bot.rules.qotd.ruleset import QOTD

from .helpers import LoopWatch, fill_log, png, refused, stored_game, text_of, words_of
from .test_answering import LOOP_LIMIT
from .test_commands import ready, step  # noqa: F401  (the fixture)


async def away_while_others_play(scene) -> None:
    """pete casts Kid, then is away: polly's Wyatt shoots Kid, who loses a card; dora deals the first phase and
    draws its first card."""
    await step(scene, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid", "paces": 6}, (7, 8, 5, 6))
    scene.env.bot.rng.faces = []
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert not dealt.response.ephemeral, text_of(dealt)
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert not drawn.response.ephemeral, text_of(drawn)


async def test_a_player_back_sees_what_befell_their_characters_whose_turn_and_the_board(ready):
    scene = ready
    await away_while_others_play(scene)
    state = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    wait = QOTD.waiting_on(state, scene.dora.id)
    caught = await scene.pete.slash(scene.channel, "catchup")
    assert caught.response.ephemeral
    shown = text_of(caught)
    assert "since your last action" in shown and "Kid's skill" not in shown
    mine = shown[shown.index("Your characters"):shown.index("Everything else")]
    assert "Wyatt shoots at Kid" in mine and "⇒ Kid loses K♥ (lethal hit, for good)" in mine
    assert "**Kid**: " in mine and "~~K♥~~" in mine                                   # as the board has him now
    rest = shown[shown.index("Everything else"):shown.index("Whose turn")]
    assert "Wyatt carries a Single action revolver" in rest and "Phase 1: the pack" in rest
    turn = shown[shown.index("Whose turn"):]
    if scene.pete.id in wait.users:
        assert "**It waits on you.**" in turn
    else:
        assert f"<@{wait.users[0]}>" in turn and "not on you" in turn
    waited = scene.pete if scene.pete.id in wait.users else scene.polly
    told = text_of(await waited.slash(scene.channel, "catchup"))
    assert f"**It waits on you.** {markdown(wait.asks)}" in told     # "**Wyatt**'s card is up. Act, `/hold`, ..."
    assert [a.filename for a in caught.response.attachments] == ["status.png"]
    assert png(await caught.response.attachments[0].read())
    public = [m for m in scene.channel.history() if not m.flags.ephemeral]
    assert not any("Catching up" in text for m in public for text in [e.title or "" for e in m.embeds])


async def test_no_game_and_no_action_yet_get_a_clear_answer(ready):
    scene = ready
    refused(await scene.stranger.slash(scene.channel, "catchup"), "You have taken no action in this game yet")
    other = scene.guild.create_text_channel("livery")
    refused(await scene.pete.slash(other, "catchup"), "There is no game in this channel")


async def test_a_long_log_is_read_in_part_and_says_so_without_holding_the_loop(ready):
    scene = ready
    await away_while_others_play(scene)
    await fill_log(scene.db(), scene.guild.id, scene.channel.id, 40_000)
    with LoopWatch() as loop:
        caught = await scene.pete.slash(scene.channel, "catchup")
    shown = text_of(caught)
    assert caught.response.ephemeral and "Only the last 200 are read here" in shown
    assert "40004 log entries since your last action" in shown   # a weapon, the shot, deal, draw, 40,000
    assert loop.longest_work < LOOP_LIMIT, f"the loop was held {loop.longest_work * 1000:.0f} ms by {loop.culprit}"



async def test_help_lists_the_catch_up(ready):
    helped = await ready.pete.slash(ready.channel, "help")
    shown = "\n".join([text_of(helped), *(words_of(message) for message in helped.followups)])
    assert "`/catchup` What happened since your last action (for you alone)" in shown
