"""0007: a campaign plays one ruleset; the campaigns stored before it play Quick on the Draw."""

from __future__ import annotations

from sqlalchemy import text

from bot.storage import Database

from .helpers import DIRECTOR, GUILD, rows
from .test_migrations import NOW, _downgrade_to, _upgrade_to, head

PREVIOUS = "0006"


async def test_a_campaign_from_before_plays_quick_on_the_draw_and_going_back_keeps_it(database_url):
    database = Database(database_url)
    try:
        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _upgrade_to(sync, PREVIOUS))
            await connection.execute(text("INSERT INTO campaigns (id, guild_id, name, status, created_at, director_id) "
                                          "VALUES (3, :g, 'Dodge', 'active', :now, :d)"),
                                     {"g": GUILD, "now": NOW, "d": DIRECTOR})
        await database.migrate()
        [campaign] = await database.campaigns(GUILD)
        assert (campaign.name, campaign.ruleset) == ("Dodge", "qotd")
        shootists = await database.start_campaign(GUILD, "Tombstone", DIRECTOR, "shootist")
        assert (await database.campaign(GUILD, shootists.id)).ruleset == "shootist"

        async with database.engine.begin() as connection:
            await connection.run_sync(lambda sync: _downgrade_to(sync, PREVIOUS))
        assert await rows(database, "SELECT version_num FROM alembic_version") == [(PREVIOUS,)]
        assert await rows(database, "SELECT name FROM campaigns ORDER BY name") == [("Dodge",), ("Tombstone",)]
        await database.migrate()
        assert await rows(database, "SELECT version_num FROM alembic_version") == [(head(),)]
        assert await rows(database, "SELECT name, ruleset FROM campaigns ORDER BY name") == [("Dodge", "qotd"),
                                                                                          ("Tombstone", "qotd")]
    finally:
        await database.dispose()
