"""The contract of play moving on, met by every registered ruleset and High Noon: `/deal`, `/draw` and `/deck`,
`/undo`, the pinned status board, a restart, and the reminder and deadline on the bot's clock (SimCord's virtual
time: no real sleep)."""

from __future__ import annotations

import pytest

from bot.glue.client import REDRAW_BOARDS_AFTER
from bot.pictures import render_board_pages
from bot.rules.core.ruleset import deciding
from tests.bot.conftest import make_bot
from tests.bot.helpers import refused, stored_rows
from tests.bot.test_rulesets import DuelDirector
from tests.bot.test_timers import hours, pings, posted
from tests.pictures.pixels import unlike

from .driving import Play, public

pytestmark = pytest.mark.asyncio(loop_scope="module")
"""Every contract of the module plays in the module's one Discord (see conftest.py)."""


def unsealed(state: dict) -> dict:
    """A stored game without its seal, whose draw count an undo never rewinds (see bot/rules/core/fair.py)."""
    return {key: value for key, value in state.items() if key != "seal"}


async def test_deal_starts_a_turn_draw_moves_on_and_deck_shows_it(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    before = await play.view()
    refused(await scene.pete.slash(scene.channel, "deal"), "only a director")
    assert await play.view() == before
    public(await scene.dora.slash(scene.channel, "deal"))
    dealt = await play.view()
    assert len(dealt.log) == len(before.log) + 1 and unsealed(dealt.state) != unsealed(before.state)
    await play.play_hands()
    dealt = await play.view()
    public(await scene.dora.slash(scene.channel, "draw"))
    drawn = await play.view()
    assert len(drawn.log) == len(dealt.log) + 1 and unsealed(drawn.state) != unsealed(dealt.state)
    deck = public(await scene.stranger.slash(scene.channel, "deck"))
    assert play.ruleset.deck(await play.state()).title in deck
    assert (await play.view()).state == drawn.state


async def test_undo_restores_the_stored_state_before_the_last_action(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    before = await play.view()
    public(await scene.dora.slash(scene.channel, "deal"))
    refused(await scene.pete.slash(scene.channel, "undo"), "only a director")
    public(await scene.dora.slash(scene.channel, "undo"))
    undone = await play.view()
    assert unsealed(undone.state) == unsealed(before.state)
    assert undone.log[:len(before.log)] == before.log and undone.log[-1][0] == "undo"
    public(await scene.dora.slash(scene.channel, "deal"))
    await play.play_hands()
    ready = await play.view()
    public(await scene.dora.slash(scene.channel, "draw"))
    public(await scene.dora.slash(scene.channel, "undo"))
    assert unsealed((await play.view()).state) == unsealed(ready.state)


async def test_the_player_waited_on_is_reminded_then_play_moves_on_at_the_deadline(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    public(await scene.dora.slash(scene.channel, "game settings", deadline_hours=30))
    public(await scene.dora.slash(scene.channel, "deal"))
    await play.play_hands()
    public(await scene.dora.slash(scene.channel, "draw"))
    state = await play.state()
    wait = deciding(state) or play.ruleset.waiting_on(state, scene.dora.id)
    assert wait is not None and wait.users
    before, rows = await play.view(), await stored_rows(scene.db())
    await hours(scene, 11.5)
    assert posted(scene, "a reminder") == []
    await hours(scene, 1.5)
    [reminder] = posted(scene, "a reminder")
    assert all(f"<@{user}>" in reminder.content for user in wait.users), reminder.content
    assert sorted(pings(scene, reminder)) == sorted(wait.users)
    assert unsealed((await play.view()).state) == unsealed(before.state)
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    after = await play.view()
    assert unsealed(after.state) != unsealed(before.state) and len(after.log) > len(before.log)
    assert await stored_rows(scene.db()) != rows
    public(await scene.dora.slash(scene.channel, "undo"))                 # the deadline's move taken back
    assert unsealed((await play.view()).state) == unsealed(before.state)


async def test_the_pinned_status_board_is_the_rulesets_board_redrawn_after_a_change(scene, key):
    play = Play(scene, key)
    await play.seated_and_cast()
    public(await scene.boss.slash(scene.channel, "game settings", pin_status=True))
    await scene.stranger.slash(scene.channel, "status")
    [board] = scene.channel.pinned_messages()
    assert board.embeds[0].title == play.ruleset.board(await play.state()).title
    public(await scene.dora.slash(scene.channel, "deal"))
    await scene.env.advance_time(REDRAW_BOARDS_AFTER.total_seconds() + 1)
    [redrawn] = scene.channel.pinned_messages()
    state = await play.state()
    assert redrawn.id == board.id and redrawn.embeds[0].title == play.ruleset.board(state).title
    owners = {scene.pete.id: "pete", scene.polly.id: "polly"}
    sent, drawn = await redrawn.attachments[0].read(), render_board_pages(play.ruleset.board(state), owners)[0]
    assert sent == drawn, unlike(sent, drawn)


async def test_a_game_plays_on_after_the_bot_restarts(scene, key, db_url):
    play = Play(scene, key)
    await play.seated_and_cast()
    public(await scene.dora.slash(scene.channel, "deal"))
    await play.play_hands()
    before = await play.view()
    await scene.env.restart_bot(make_bot(db_url, seed=11, kind=DuelDirector))
    assert (await play.view()).state == before.state
    assert play.ruleset.deck(await play.state()).title in public(await scene.stranger.slash(scene.channel, "deck"))
    public(await scene.dora.slash(scene.channel, "draw"))
    after = await play.view()
    assert len(after.log) == len(before.log) + 1 and unsealed(after.state) != unsealed(before.state)
