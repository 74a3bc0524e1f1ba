"""Keeping play moving over days of simulated time: one reminder per wait, deadlines that hold or pass
the turn and keep a roll left hanging, alarms that survive a restart, and the game's pace settings."""

from __future__ import annotations

import sys

import discord
import pytest

from bot.rules.qotd.state import Condition
from tests.storage.helpers import one, rows
from tests.rules.scripted import Dice

from .conftest import make_bot
from .helpers import card_up, pinged, refused, stored_game, text_of

HOUR = 3600


async def hours(scene, n: float) -> None:
    """Let ``n`` hours pass, as the bot sees time."""
    await scene.env.advance_time(n * HOUR)


def posted(scene, words: str, channel=None) -> list[discord.Message]:
    """The bot's messages in the channel, not answers to a command, that contain ``words``."""
    return [m for m in (channel or scene.channel).history() if m.interaction_metadata is None and words in m.content]


def pings(scene, message: discord.Message) -> list[int]:
    """The users a message notified, as Discord would."""
    return list(scene.env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def game(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def alarm(scene) -> tuple:
    """The game's stored alarm: (kind, due, waiting since)."""
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    return row.alarm_kind, row.alarm_at, row.waiting_since


async def cast_and_draw(scene, channel=None, **pace) -> object:
    """Kid (pete) and Wyatt (polly), both Supporting Characters; the game's pace set; a phase dealt and
    its first card turned. Returns the /draw result."""
    channel = channel or scene.channel
    await scene.dora.slash(channel, "game start")
    for player, name in ((scene.pete, "Kid"), (scene.polly, "Wyatt")):
        await player.slash(channel, "game join")
        await player.slash(channel, "cast add", name=name, type="supporting", personality="ordinary")
        await player.slash(channel, "cast weapon", character=name, weapon="single_action_revolver")
    if pace:
        result = await scene.dora.slash(channel, "game settings", **pace)
        assert not result.response.ephemeral, result.response.content
    await scene.dora.slash(channel, "deal")
    return await scene.dora.slash(channel, "draw")


async def test_the_player_whose_card_is_up_is_pinged_then_reminded_once(scene):
    drawn = await cast_and_draw(scene)
    acting = (await game(scene)).acting
    assert pinged(drawn) == [acting.owner] and f"{acting.name} acts" in drawn.response.content

    await hours(scene, 11.5)
    assert posted(scene, "a reminder") == []
    await hours(scene, 1)
    [reminder] = posted(scene, "a reminder")
    assert reminder.content.startswith(f"<@{acting.owner}>, a reminder: **{acting.name}**'s card is up.")
    assert pings(scene, reminder) == [acting.owner] and "deadline" not in reminder.content
    assert (await alarm(scene))[:2] == (None, None)                      # the wait has no alarm left

    await hours(scene, 24 * 5)
    assert len(posted(scene, "a reminder")) == 1                          # never a second one for this wait


async def test_a_short_reminder_set_while_the_task_sleeps_rings_in_time(scene):
    await cast_and_draw(scene, reminder_hours=0.5)              # the task, idle, sleeps far longer than that
    await hours(scene, 0.4)
    assert posted(scene, "a reminder") == []
    await hours(scene, 0.2)
    assert len(posted(scene, "a reminder")) == 1


async def test_any_action_starts_a_new_wait_with_its_own_reminder(scene):
    await cast_and_draw(scene)
    await hours(scene, 10)
    scene.env.bot.rng = Dice(5)
    await scene.polly.slash(scene.channel, "roll", why="the weather")    # an action: the wait starts again
    await hours(scene, 11)
    assert posted(scene, "a reminder") == []
    await hours(scene, 2)
    assert len(posted(scene, "a reminder")) == 1
    await scene.dora.slash(scene.channel, "draw")
    await hours(scene, 12.5)
    assert len(posted(scene, "a reminder")) == 2


async def test_a_reminder_that_fell_due_while_the_bot_was_down_rings_once_after_the_restart(scene, db_url):
    await cast_and_draw(scene)
    acting = (await game(scene)).acting
    await hours(scene, 6)
    await scene.env.bot.remove_cog("Timers")                  # the bot is down: nothing rings
    await hours(scene, 30)
    assert posted(scene, "a reminder") == []
    kind, due, _ = await alarm(scene)
    assert kind == "reminder" and due < scene.env.now()

    await scene.env.restart_bot(make_bot(db_url, seed=11))
    [reminder] = posted(scene, "a reminder")
    assert f"**{acting.name}**'s card is up" in reminder.content
    await hours(scene, 48)
    await scene.env.restart_bot(make_bot(db_url, seed=12))
    await hours(scene, 48)
    assert len(posted(scene, "a reminder")) == 1


async def test_a_restart_in_the_middle_of_a_wait_keeps_its_reminder(scene, db_url):
    await cast_and_draw(scene)
    await hours(scene, 6)
    await scene.env.restart_bot(make_bot(db_url, seed=11))
    await hours(scene, 5.5)
    assert posted(scene, "a reminder") == []
    await hours(scene, 1)
    assert len(posted(scene, "a reminder")) == 1
    await hours(scene, 72)
    assert len(posted(scene, "a reminder")) == 1


async def test_an_alarm_that_fails_is_logged_and_dropped_and_the_others_still_ring(scene, monkeypatch, caplog):
    livery = scene.guild.create_text_channel("livery")
    await cast_and_draw(scene)
    await cast_and_draw(scene, livery)
    timers = sys.modules[scene.env.bot.get_cog("Timers").__module__]   # as the bot loaded it
    real_text = timers.reminder_text

    def broken_in_the_saloon(wait, uow, state):
        if uow.channel_id == scene.channel.id:
            raise RuntimeError("a bug")
        return real_text(wait, uow, state)
    monkeypatch.setattr(timers, "reminder_text", broken_in_the_saloon)
    await hours(scene, 12.5)
    assert posted(scene, "a reminder") == [] and len(posted(scene, "a reminder", livery)) == 1
    [failure] = [r for r in caplog.records if r.name == "director.timers" and r.exc_info]
    assert "failed; it is dropped" in failure.getMessage() and str(scene.channel.id) in failure.getMessage()
    assert (await alarm(scene))[:2] == (None, None)

    monkeypatch.setattr(timers, "reminder_text", real_text)
    await scene.dora.slash(scene.channel, "draw")              # the game's next action sets a new alarm
    await hours(scene, 12.5)
    assert len(posted(scene, "a reminder")) == 1


async def test_at_the_deadline_the_character_holds_and_the_next_card_is_turned(scene):
    await cast_and_draw(scene, deadline_hours=30, deadline_action="hold")
    before = await game(scene)
    first = before.acting
    _, _, since = await alarm(scene)
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert f"At the deadline, <t:{int(since.timestamp()) + 30 * HOUR}:f>" in reminder.content
    assert f"**{first.name}** holds." in reminder.content
    await hours(scene, 16.5)
    assert posted(scene, "deadline passed") == []

    await hours(scene, 1)
    [notice] = posted(scene, "deadline passed")
    after = await game(scene)
    assert Condition.HOLDING in after.characters[first.key].conditions
    assert after.deck.turned[:len(before.deck.turned)] == before.deck.turned
    assert len(after.deck.turned) > len(before.deck.turned) and after.acting is not None
    assert notice.content == (f"⏰ The deadline passed: **{first.name}** holds.\n"
                              f"<@{after.acting.owner}>, {after.acting.name} acts.")
    assert pings(scene, notice) == [after.acting.owner]
    assert notice.embeds[0].title == f"Phase 1 — {len(after.deck.to_come)} to come"
    assert [a.filename for a in notice.attachments] == ["turn.png"]
    [(actor, kind, text, message_id)] = await rows(
        scene.db(), "SELECT actor_id, kind, text, message_id FROM log ORDER BY seq DESC LIMIT 1")
    assert (actor, kind, message_id) == (scene.env.bot.user.id, "deadline", notice.id)
    assert text.startswith(f"The deadline passed: {first.name} holds.")
    kind, due, since = await alarm(scene)                       # the next player's wait began at the deadline
    assert (kind, (due - since).total_seconds()) == ("reminder", 12 * HOUR)

    await hours(scene, 12.5)
    reminders = posted(scene, "a reminder")
    assert len(reminders) == 2 and pings(scene, reminders[-1]) == [after.acting.owner]


async def test_days_of_play_to_the_end_of_a_phase_with_restarts_and_each_alarm_once(scene, db_url):
    drawn = await cast_and_draw(scene, deadline_hours=30, deadline_action="hold")      # day 1, noon
    kid = (await game(scene)).acting
    assert pinged(drawn) == [kid.owner]
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert pings(scene, reminder) == [kid.owner]
    await hours(scene, 7)
    await scene.env.restart_bot(make_bot(db_url, seed=11))      # down and back, 10 hours before the deadline
    await hours(scene, 9.5)
    assert posted(scene, "deadline passed") == []
    await hours(scene, 1)
    [deadline] = posted(scene, "deadline passed")
    wyatt = (await game(scene)).acting
    assert deadline.content == f"⏰ The deadline passed: **{kid.name}** holds.\n<@{wyatt.owner}>, {wyatt.name} acts."

    await scene.env.restart_bot(make_bot(db_url, seed=12))      # and again: what rang does not ring again
    await hours(scene, 12.5)
    assert len(posted(scene, "deadline passed")) == 1
    [_, reminder] = posted(scene, "a reminder")                   # Wyatt's wait has its own reminder
    assert pings(scene, reminder) == [wyatt.owner]
    await hours(scene, 18)                                        # and its own deadline
    [_, deadline] = posted(scene, "deadline passed")
    after = await game(scene)
    assert deadline.content.startswith(f"⏰ The deadline passed: **{wyatt.name}** holds.")
    assert after.deck.spent and "is holding; the card passes" in deadline.embeds[0].description
    assert pings(scene, deadline) == []                           # no one's card is up

    await hours(scene, 12.5)                                      # the phase is over: the Director is reminded
    [*_, reminder] = posted(scene, "a reminder")
    assert reminder.content.startswith(f"<@{scene.dora.id}>, a reminder: phase 1 is over: `/draw` deals the next "
                                       "one.")
    assert pings(scene, reminder) == [scene.dora.id] and "the next phase is dealt" in reminder.content
    assert len(posted(scene, "a reminder")) == 3 and len(posted(scene, "deadline passed")) == 2
    dealt = await scene.dora.slash(scene.channel, "draw")
    assert "Phase 2: the pack of" in text_of(dealt) and " acts" in dealt.response.content


async def test_at_the_end_of_a_phase_the_deadline_deals_the_next(scene):
    await cast_and_draw(scene, deadline_hours=20, deadline_action="skip")
    while not (await game(scene)).deck.spent:
        await scene.dora.slash(scene.channel, "draw")
    last = await game(scene)
    await hours(scene, 12.5)
    [reminder] = posted(scene, "a reminder")
    if last.acting is not None and Condition.HOLDING not in last.acting.conditions:     # its card acts still
        assert f"**{last.acting.name}**'s card, the last of phase 1, is up." in reminder.content
    await hours(scene, 8)
    [deadline] = posted(scene, "deadline passed")
    after = await game(scene)
    assert after.deck.phase == 2 and len(after.deck.turned) >= 1
    assert "Phase 2: the pack of" in deadline.embeds[0].description


async def test_a_skipping_deadline_passes_the_turn_without_holding(scene):
    await cast_and_draw(scene, deadline_hours=24, deadline_action="skip")
    before = await game(scene)
    first = before.acting
    await hours(scene, 24.5)
    [notice] = posted(scene, "deadline passed")
    after = await game(scene)
    assert notice.content == (f"⏰ The deadline passed: **{first.name}** does not act: the turn passes.\n"
                              f"<@{after.acting.owner}>, {after.acting.name} acts.")
    assert not any(Condition.HOLDING in c.conditions for c in after.characters.values())
    assert after.deck.turned[:len(before.deck.turned)] == before.deck.turned
    assert len(after.deck.turned) > len(before.deck.turned)


async def test_a_character_who_may_not_hold_has_the_turn_pass_at_a_holding_deadline(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Ike", type="minor", personality="rash")
    await scene.polly.slash(scene.channel, "cast add", name="Wyatt", type="supporting", personality="ordinary")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=24)
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    while (await game(scene)).acting.key != "ike":
        await scene.dora.slash(scene.channel, "draw")
    await hours(scene, 24.5)
    [notice] = posted(scene, "deadline passed")
    assert notice.content.startswith("⏰ The deadline passed: **Ike** cannot hold (Only Heroes, Main and Supporting "
                                     "Characters can hold.): the turn passes.")
    assert Condition.HOLDING not in (await game(scene)).characters["ike"].conditions


async def test_a_roll_left_hanging_is_kept_at_the_deadline(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="disciplined")
    await scene.pete.slash(scene.channel, "cast weapon", character="Doc", weapon="single_action_revolver")
    await scene.polly.slash(scene.channel, "cast add", name="Billy", type="minor", personality="ordinary")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=20)
    await scene.dora.slash(scene.channel, "deal")
    await card_up(scene, "Doc")
    scene.env.bot.rng = Dice(3, 2)                              # Doc fails Wanting to Shoot: Disciplined may re-roll
    shot = await scene.pete.slash(scene.channel, "shoot", shooter="Doc", target="Billy", paces=6)
    assert shot.response.components and (await game(scene)).pending

    await hours(scene, 12.5)
    [reminder] = posted(scene, "a reminder")
    assert reminder.content.startswith(f"<@{scene.pete.id}>, a reminder: **Doc**'s roll waits for your choice")
    assert pings(scene, reminder) == [scene.pete.id]
    assert "**Doc** keeps the roll" in reminder.content
    scene.env.bot.rng = Dice()                                  # keeping rolls nothing more
    await hours(scene, 8)
    [notice] = posted(scene, "deadline passed")
    assert notice.content.startswith("⏰ The deadline passed: **Doc** keeps the roll.")
    assert "Wanting to Shoot" in notice.embeds[0].description and notice.components == []
    assert pings(scene, notice) == []                           # kept, the roll waits on nobody
    assert (await game(scene)).pending is None
    assert shot.response.components == []                       # the roll's buttons are gone
    shown = text_of(await scene.polly.slash(scene.channel, "log recent", n=2))
    assert f"<@{scene.env.bot.user.id}> · deadline — The deadline passed: Doc keeps the roll." in shown
    assert "↳ Wanting to Shoot or Move and shoot: 2D10 take best: [**3**, 2] → Where’s the target!" in shown


async def test_the_games_pace_is_shown_and_changed_by_a_director(scene):
    await scene.game()
    result = await scene.dora.slash(scene.channel, "game settings", reminder_hours=6, deadline_hours=48,
                                    deadline_action="skip")
    shown = text_of(result)
    assert "Reminder after: 6 hours in this game (server: 12 hours)" in shown
    assert "Deadline: After 48 hours, then the turn passes" in shown
    assert await rows(scene.db(), "SELECT reminder_hours, deadline_hours, deadline_action FROM games") == [
        (6.0, 48.0, "skip")]
    assert await one(scene.db(), "SELECT text FROM log ORDER BY seq DESC LIMIT 1") == (
        "Reminder after 6 hours; deadline: after 48 hours, then the turn passes.")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=0)
    assert "Deadline: None" in text_of(await scene.polly.slash(scene.channel, "game settings"))


@pytest.mark.parametrize("actor, options, words", [
    ("dora", {"deadline_hours": 10}, "deadline (10 hours) must come after the reminder (12 hours)"),
    ("dora", {"deadline_hours": 30, "reminder_hours": 30}, "deadline (30 hours) must come after the reminder"),
    ("dora", {"deadline_action": "skip"}, "this game has no deadline"),
    ("dora", {"deadline_hours": 0, "deadline_action": "hold"}, "this game has no deadline"),
    ("pete", {"deadline_hours": 24}, "only a director can change the game's settings"),
    ("pete", {"reminder_hours": 2}, "only a director can change the game's settings"),
])
async def test_bad_pace_settings_are_refused_and_change_nothing(scene, actor, options, words):
    await scene.game()
    await scene.dora.slash(scene.channel, "game settings", reminder_hours=12)
    pace = "SELECT reminder_hours, deadline_hours, deadline_action, version FROM games"
    stored = await rows(scene.db(), pace)
    log = await rows(scene.db(), "SELECT seq, kind FROM log")
    public = len(scene.channel.history())
    refused(await getattr(scene, actor).slash(scene.channel, "game settings", **options), words)
    assert await rows(scene.db(), pace) == stored
    assert await rows(scene.db(), "SELECT seq, kind FROM log") == log
    assert len(scene.channel.history()) == public


async def test_a_move_left_hanging_is_kept_and_carried_out_on_the_map_at_the_deadline(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="supporting", personality="disciplined")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=20)
    await scene.dora.slash(scene.channel, "map set", ready_set="main_street")
    await scene.pete.slash(scene.channel, "place", who="Doc", at="4,22")
    scene.env.bot.rng = Dice(3)                                  # Are you Sure?: Disciplined may re-roll
    moved = await scene.pete.slash(scene.channel, "move", character="Doc", to="10,22")
    assert moved.response.components and (await game(scene)).battlefield.plan is not None
    scene.env.bot.rng = Dice()
    await hours(scene, 21)
    [notice] = posted(scene, "deadline passed")
    assert notice.content.startswith("⏰ The deadline passed: **Doc** keeps the roll. Doc stays put.")
    field = (await game(scene)).battlefield
    assert field.plan is None and field.tokens["doc"].at == (4, 22)
