"""SQLite's quick commit (bot/db/quick.py): what it writes straight to the driver is what SQLAlchemy
reads back, every column in its own type."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import event, select

from bot.db import Database
from bot.db.models import Game

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, start, state


async def test_a_command_commits_past_sqlalchemy_and_sqlalchemy_reads_every_column_back(tmp_path):
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'quick.db'}")
    try:
        await database.migrate()
        await start(database, DOC)
        through_sqlalchemy: list[str] = []
        event.listen(database.engine.sync_engine, "before_cursor_execute",
                     lambda _c, _cur, statement, *_: through_sqlalchemy.append(statement))
        before = datetime.now(UTC)
        async with database.unit(GUILD, CHANNEL) as uow:
            uow.save(state(DOC, phase=1))
            uow.set_director(PETE)
            uow.set_deadline(12.5, "skip")
            first = await uow.log(PETE, "deal", "Phase 1 — «dealt».", {"cards": ["AH", "10S"], "n": 2},
                                  before=uow.game.state)
            second = await uow.log(DIRECTOR, "note", "No change here.")
        assert through_sqlalchemy == []                          # it went straight to the driver

        game = await database.load_game(GUILD, CHANNEL)
        assert (game.state, game.director_id, game.deadline_hours, game.deadline_action) == (
            state(DOC, phase=1), PETE, 12.5, "skip")
        async with database.unit(GUILD, CHANNEL) as uow:
            entries = await uow.recent_log(5)
            assert await uow.snapshot_before(first) == state(DOC)
            assert await uow.snapshot_before(second) is None
            assert await uow.last_undoable() == first
        assert [(e.seq, e.actor_id, e.kind, e.text, e.data, e.message_id, e.undone) for e in entries] == [
            (first, PETE, "deal", "Phase 1 — «dealt».", {"cards": ["AH", "10S"], "n": 2}, None, False),
            (second, DIRECTOR, "note", "No change here.", {}, None, False)]
        assert all(e.at.tzinfo is UTC and before - timedelta(seconds=1) <= e.at <= datetime.now(UTC)
                   for e in entries)
        async with database.engine.connect() as connection:
            updated_at = await connection.scalar(select(Game.updated_at))
        assert updated_at.tzinfo is UTC and updated_at >= before - timedelta(seconds=1)

        async with database.unit(GUILD, CHANNEL) as uow:      # and SQLAlchemy's own path goes on from there
            uow.save(state(DOC, KATE, phase=1))                # a new cast: its mirror rows are rewritten
            assert await uow.log(PETE, "cast", "Kate joins.", before=uow.game.state) == second + 1
        assert (await database.load_game(GUILD, CHANNEL)).state == state(DOC, KATE, phase=1)
    finally:
        await database.dispose()
