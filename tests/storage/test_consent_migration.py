"""0005: the Director role by id, and whom each game may ping, on a database played before it."""

from __future__ import annotations

from sqlalchemy import text

from bot.storage import Database

from .helpers import CHANNEL, DIRECTOR, GUILD, PETE, POLLY, rows
from .test_migrations import NOW, _downgrade_to, _upgrade_to, head, insert_game

PREVIOUS = "0004"


async def test_a_game_under_way_pings_whoever_its_log_shows_joining_and_the_role_keeps_its_name(database_url):
    """A game keeps pinging who started or joined it themselves and did not leave since; a member the
    Director cast for, who never joined, is pinged no more. A server's role name waits to be looked up."""
    database = Database(database_url)
    try:
        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _upgrade_to(sync, PREVIOUS))
            await insert_game(connection, version=5, last_seq=5)
            await connection.execute(text(
                "INSERT INTO servers (guild_id, director_role, reminder_hours, status_pinned, created_at, updated_at)"
                " VALUES (:g, 'Marshal', 12.0, false, :now, :now)"), {"g": GUILD, "now": NOW})
            for seq, kind, actor in ((1, "start", DIRECTOR), (2, "join", PETE), (3, "join", POLLY),
                                     (4, "cast", DIRECTOR), (5, "leave", POLLY)):
                await connection.execute(text(
                    "INSERT INTO log (game_id, seq, at, actor_id, kind, text, data, undone) "
                    "VALUES (7, :seq, :now, :actor, :kind, 'x', '{}', false)"),
                    {"seq": seq, "now": NOW, "actor": actor, "kind": kind})
        await database.migrate()
        game = await database.load_game(GUILD, CHANNEL)
        assert game.pings == {str(DIRECTOR): "on", str(PETE): "on", str(POLLY): "left"}
        server = await database.server(GUILD)
        assert (server.director_role, server.director_role_id) == ("Marshal", None)

        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _downgrade_to(sync, PREVIOUS))
        assert await rows(database, "SELECT director_role FROM servers") == [("Marshal",)]
        await database.migrate()
        assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]
    finally:
        await database.dispose()
