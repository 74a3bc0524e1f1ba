"""A channel's game: started, loaded, changed and logged in units of work, and ended."""

from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime

import pytest
from sqlalchemy import exc, text

from bot.storage import GameExists
from bot.rules.core.fair import chain

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, json_value, one, rows, start, state, without_chain


async def test_start_load_save_and_log_round_trip(database):
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game is None
        await uow.start_game(DIRECTOR, state(DOC), "qotd")
        assert await uow.log(DIRECTOR, "start", "The cameras roll.") == 1
    game = uow.game
    assert await rows(database, "SELECT id, guild_id, channel_id, director_id, ruleset, status FROM games") == [
        (game.id, GUILD, CHANNEL, DIRECTOR, "qotd", "active")]

    async with database.unit(GUILD, CHANNEL) as uow:
        assert (uow.game.id, uow.game.director_id, uow.game.state) == (game.id, DIRECTOR, state(DOC))
        loaded_version = uow.game.version
        uow.save(state(DOC, phase=1))
        assert await uow.log(PETE, "deal", "Phase 1 is dealt.", {"cards": ["AH", "KS"]}, before=uow.game.state) == 2

    stored = await rows(database, "SELECT state, version FROM games")
    assert [(json_value(s), v) for s, v in stored] == [
        (state(DOC, phase=1), loaded_version + 1)]
    log = await rows(database, "SELECT seq, actor_id, kind, text, data, message_id, undone FROM log ORDER BY seq")
    assert [entry[:4] for entry in log] == [(1, DIRECTOR, "start", "The cameras roll."),
                                            (2, PETE, "deal", "Phase 1 is dealt.")]
    assert [without_chain(json_value(d)) for *_, d, _, _ in log] == [{}, {"cards": ["AH", "KS"]}]
    assert all(message_id is None and not undone for *_, message_id, undone in log)

    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state(DOC, phase=1)
        assert [(e.seq, e.kind, without_chain(e.data)) for e in await uow.recent_log(5)] == [
            (1, "start", {}), (2, "deal", {"cards": ["AH", "KS"]})]
    head = None
    for entry in await database.game_log(game.id):                    # each entry bound to the one before
        assert entry.data["chain"] == chain(head, entry.seq, entry.at, entry.actor_id, entry.kind, entry.text,
                                            entry.data)
        head = entry.data["chain"]
    assert await rows(database, "SELECT chain FROM games") == [(head,)]


async def test_the_undo_snapshot_is_the_state_before_the_entry(database):
    await start(database, DOC)
    async with database.unit(GUILD, CHANNEL) as uow:
        before = uow.game.state
        uow.save(state(DOC, KATE, phase=2))
        seq = await uow.log(PETE, "cast", "Kate joins the cast.", before=before)
        assert await uow.log(PETE, "note", "No state change here.") == seq + 1
    [(stored_seq, blob)] = await rows(database, "SELECT seq, snapshot FROM log WHERE snapshot IS NOT NULL")
    assert stored_seq == seq
    assert json.loads(zlib.decompress(blob)) == state(DOC)


async def test_log_numbers_continue_across_units_and_recent_log_gives_the_last_n(database):
    await start(database)
    for n in range(5):
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.log(PETE, "roll", f"roll {n}")
            await uow.log(PETE, "roll", f"roll {n} again")
    assert await rows(database, "SELECT seq FROM log ORDER BY seq") == [(n,) for n in range(1, 11)]
    async with database.unit(GUILD, CHANNEL) as uow:
        recent = await uow.recent_log(3)
    assert [(e.seq, e.text) for e in recent] == [(8, "roll 3 again"), (9, "roll 4"), (10, "roll 4 again")]
    assert all(e.at.tzinfo is UTC and e.at <= datetime.now(UTC) for e in recent)


async def test_a_second_game_in_the_channel_is_refused_and_nothing_is_stored(database):
    await start(database, DOC)
    with pytest.raises(GameExists):
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.start_game(PETE, state(KATE), "qotd")
    assert await rows(database, "SELECT director_id FROM games") == [(DIRECTOR,)]


async def test_a_game_another_process_started_meanwhile_refuses_the_start_at_commit(database, other_database):
    with pytest.raises(GameExists):
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.start_game(PETE, state(DOC), "qotd")
            await uow.log(PETE, "start", "The cameras roll.")
            await start(other_database, KATE)
    assert await rows(database, "SELECT director_id FROM games") == [(DIRECTOR,)]
    assert await one(database, "SELECT count(*) FROM log") == 0
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state(KATE)


async def test_an_error_inside_the_unit_stores_nothing(database):
    await start(database, DOC)
    version = await one(database, "SELECT version FROM games")
    with pytest.raises(ZeroDivisionError):
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.save(state(DOC, KATE))
            uow.set_director(PETE)
            await uow.log(PETE, "cast", "Kate joins.", before=uow.game.state)
            uow.set_alarm(datetime.now(UTC), datetime.now(UTC), "reminder")
            1 / 0
    assert await rows(database, "SELECT version, director_id FROM games") == [(version, DIRECTOR)]
    assert await one(database, "SELECT count(*) FROM log") == 0
    assert await one(database, "SELECT count(*) FROM games WHERE alarm_at IS NOT NULL") == 0
    assert await rows(database, "SELECT key FROM characters") == [("doc",)]


async def test_director_deadline_and_status_message_are_stored(database):
    game_id = await start(database)
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.set_director(PETE)
        uow.set_deadline(24.0, "skip")
        uow.set_status_message(9_000_000_000_000_000_009)
        assert (uow.game.director_id, uow.game.deadline_hours) == (PETE, 24.0)
    assert await rows(database, "SELECT director_id, deadline_hours, deadline_action, status_message_id FROM games "
                                "WHERE id = :id", id=game_id) == [(PETE, 24.0, "skip", 9_000_000_000_000_000_009)]


async def test_ending_a_game_frees_the_channel_and_keeps_the_game(database):
    first = await start(database, DOC)
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.log(DIRECTOR, "end", "That's a wrap.")
        await uow.end_game()
    [(status, ended_at)] = await rows(database, "SELECT status, ended_at FROM games WHERE id = :id", id=first)
    assert status == "ended" and ended_at is not None

    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game is None
        await uow.start_game(PETE, state(KATE), "qotd")
    second = uow.game.id
    assert await rows(database, "SELECT id, status FROM games ORDER BY id") == [(first, "ended"), (second, "active")]
    assert await one(database, "SELECT count(*) FROM log WHERE game_id = :id", id=first) == 1


async def test_the_channels_last_ended_game_and_its_log_stay_readable(database):
    assert await database.last_ended_game(GUILD, CHANNEL) is None
    for director in (DIRECTOR, PETE):                         # two games end in the channel, one after the other
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.start_game(director, state(DOC), "qotd")
            await uow.log(director, "start", "The cameras roll.")
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.log(director, "shoot", "Doc shoots.")
            await uow.log(director, "end", "The game ends.")
            await uow.end_game()
    await start(database, KATE)                               # a third, still on, is not an ended one
    last = await database.last_ended_game(GUILD, CHANNEL)
    assert (last.director_id, last.state) == (PETE, state(DOC))
    assert [(e.seq, e.kind) for e in await database.game_log(last.id)] == [(1, "start"), (2, "shoot"), (3, "end")]
    assert [(e.seq, e.text) for e in await database.game_log(last.id, 2)] == [(2, "Doc shoots."), (3, "The game ends.")]
    assert await database.last_ended_game(GUILD, CHANNEL + 1) is None


async def test_the_database_allows_one_active_game_per_channel(database):
    game_id = await start(database)
    insert = ("INSERT INTO games (guild_id, channel_id, ruleset, director_id, status, state, version, "
              "deadline_action, created_at, updated_at) VALUES (:guild, :channel, 'qotd', 1, :status, '{}', 1, "
              "'hold', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
    async with database.engine.begin() as connection:
        await connection.execute(text(insert), {"guild": GUILD, "channel": CHANNEL, "status": "ended"})
        await connection.execute(text(insert), {"guild": GUILD, "channel": CHANNEL + 1, "status": "active"})
    with pytest.raises(exc.IntegrityError):
        async with database.engine.begin() as connection:
            await connection.execute(text(insert), {"guild": GUILD, "channel": CHANNEL, "status": "active"})
    assert await one(database, "SELECT id FROM games WHERE channel_id = :c AND status = 'active'",
                     c=CHANNEL) == game_id


async def test_channels_and_servers_keep_their_own_games(database):
    await start(database, DOC)
    await start(database, KATE, channel=CHANNEL + 1)
    async with database.unit(GUILD + 1, CHANNEL) as uow:
        assert uow.game is None
    async with database.unit(GUILD, CHANNEL + 1) as uow:
        assert list(uow.game.state["characters"]) == ["kate"]


async def test_server_settings_have_defaults_until_changed(database):
    assert await database.server(GUILD) == database.server_defaults
    await database.update_server(GUILD, reminder_hours=6.5)
    await database.update_server(GUILD, director_role="Marshal", status_pinned=True)
    assert await rows(database, "SELECT guild_id, director_role, reminder_hours, status_pinned FROM servers") == [
        (GUILD, "Marshal", 6.5, True)]
    assert (await database.server(GUILD)).director_role == "Marshal"
    assert await database.server(GUILD + 1) == database.server_defaults
    with pytest.raises(TypeError, match="colour"):
        await database.update_server(GUILD, colour="red")
