"""Campaigns and their rosters: stored per server, changed with the game they are played in, or not at all."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import text

from bot.storage import CampaignExists, CampaignRow, RosterRow, StaleGame
from bot.storage.engine import alembic_config

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, POLLY, json_value, one, rows, state

OTHER_GUILD = 9_000_000_000_000_000_009
HOLLIDAY = {"key": "doc", "name": "Doc Holliday", "owner": PETE, "type": "HERO", "personality": "brave"}
ELDER = {"key": "kate", "name": "Kate Elder", "owner": POLLY, "type": "MAIN", "personality": "lucky"}


async def adventure(database, name: str = "Tombstone", channel: int = CHANNEL) -> tuple[CampaignRow, int]:
    """A campaign with its first adventure started in ``channel``; returns the campaign and the game's id."""
    campaign = await database.start_campaign(GUILD, name, DIRECTOR, "qotd")
    async with database.unit(GUILD, channel) as uow:
        await uow.start_game(DIRECTOR, state(DOC, KATE), "qotd")
        uow.set_campaign(campaign.id)
    return campaign, uow.game.id


async def enrol(database, *characters: dict, channel: int = CHANNEL) -> list[int]:
    async with database.unit(GUILD, channel) as uow:
        return [await uow.enrol(c["owner"], c["name"], c) for c in characters]


async def test_campaigns_are_per_server_by_name_and_a_name_is_free_again_once_its_campaign_ends(database):
    tombstone = await database.start_campaign(GUILD, "Tombstone", DIRECTOR, "qotd")
    assert tombstone == CampaignRow(tombstone.id, GUILD, "Tombstone", DIRECTOR, "active", "qotd")
    abilene = await database.start_campaign(GUILD, "Abilene", PETE, "norman")
    dodge = await database.start_campaign(OTHER_GUILD, "Tombstone", POLLY, "qotd")
    with pytest.raises(CampaignExists):
        await database.start_campaign(GUILD, "Tombstone", PETE, "burt")

    assert [c.name for c in await database.campaigns(GUILD)] == ["Abilene", "Tombstone"]
    assert await database.campaign(GUILD, tombstone.id) == tombstone
    assert await database.campaign(GUILD, dodge.id) is None                  # another server's
    assert await database.end_campaign(tombstone.id) is True
    assert await database.end_campaign(tombstone.id) is False
    assert await database.campaigns(GUILD) == [abilene]
    assert (await database.campaign(GUILD, tombstone.id)).status == "ended"
    again = await database.start_campaign(GUILD, "Tombstone", PETE, "dracula")
    assert await rows(database, "SELECT id, status, director_id FROM campaigns WHERE guild_id = :g ORDER BY id",
                      g=GUILD) == [(tombstone.id, "ended", DIRECTOR), (abilene.id, "active", PETE),
                                   (again.id, "active", PETE)]


async def test_a_game_is_an_adventure_of_its_campaign_while_it_is_under_way(database):
    campaign, game_id = await adventure(database)
    assert await one(database, "SELECT campaign_id FROM games WHERE id = :id", id=game_id) == campaign.id
    assert await database.adventure_channel(campaign.id) == CHANNEL
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.campaign_id == campaign.id
        await uow.end_game()
    assert await database.adventure_channel(campaign.id) is None


async def test_the_roster_is_stored_with_the_game_and_found_only_from_its_server(database):
    campaign, _ = await adventure(database)
    doc_id, kate_id = await enrol(database, HOLLIDAY, ELDER)
    entries = await database.roster(campaign.id)
    assert entries == [RosterRow(doc_id, campaign.id, PETE, "Doc Holliday", HOLLIDAY, "ready"),
                       RosterRow(kate_id, campaign.id, POLLY, "Kate Elder", ELDER, "ready")]
    assert await database.roster_entry(GUILD, doc_id) == entries[0]
    assert await database.roster_entry(OTHER_GUILD, doc_id) is None
    assert [(n.name, n.campaign) for n in await database.roster_names(GUILD)] == [
        ("Doc Holliday", "Tombstone"), ("Kate Elder", "Tombstone")]
    assert await database.roster_names(OTHER_GUILD) == []
    await database.end_campaign(campaign.id)
    assert await database.roster_names(GUILD) == []                           # only active campaigns'
    assert len(await database.roster(campaign.id)) == 2                       # but the roster is kept


async def test_an_adventures_end_changes_the_roster_with_the_game_in_one_transaction(database):
    campaign, game_id = await adventure(database)
    doc_id, kate_id = await enrol(database, HOLLIDAY, ELDER)
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.update_roster(doc_id, status="resting", data={**HOLLIDAY, "notes": ["I’m Exhausted!"]})
        uow.update_roster(kate_id, status="dead")
        with pytest.raises(TypeError, match="campaign_id"):
            uow.update_roster(kate_id, campaign_id=1)
        await uow.end_game()
    doc, kate = await database.roster(campaign.id)
    assert (doc.status, doc.data) == ("resting", {**HOLLIDAY, "notes": ["I’m Exhausted!"]})
    assert (kate.status, kate.data) == ("dead", ELDER)
    assert await one(database, "SELECT status FROM games WHERE id = :id", id=game_id) == "ended"


async def test_a_roster_change_reaches_only_the_games_own_campaign(database):
    other, _ = await adventure(database, "Abilene", channel=CHANNEL + 1)
    [stranger] = await enrol(database, HOLLIDAY, channel=CHANNEL + 1)
    await adventure(database)
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.update_roster(stranger, status="dead")
    assert [e.status for e in await database.roster(other.id)] == ["ready"]


async def test_a_stale_game_stores_no_roster_change(database, other_database):
    campaign, _ = await adventure(database)
    [doc_id] = await enrol(database, HOLLIDAY)
    with pytest.raises(StaleGame):
        async with other_database.unit(GUILD, CHANNEL) as theirs:
            async with database.unit(GUILD, CHANNEL) as mine:
                mine.save(state(DOC, KATE, phase=1))
            await theirs.enrol(POLLY, "Kate Elder", ELDER)
            theirs.update_roster(doc_id, status="dead")
            await theirs.end_game()
    assert [(e.name, e.status) for e in await database.roster(campaign.id)] == [("Doc Holliday", "ready")]
    assert await database.adventure_channel(campaign.id) == CHANNEL


async def test_roster_data_replaced_from_what_it_was_is_stored_once_and_a_second_replacement_changes_nothing(database):
    """A new trait picked from two menus at once (Quick on the Draw's `/campaign learn`): the first pick is stored."""
    campaign, _ = await adventure(database)
    [doc_id] = await enrol(database, HOLLIDAY)
    due = {"character": HOLLIDAY, "traits_due": 1, "notes": ["Experience is a great Teacher!"]}
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.update_roster(doc_id, data=due)
    [before] = await database.roster(campaign.id)
    taught = {"character": {**HOLLIDAY, "traits": [{"key": "quick_draw"}]}, "notes": due["notes"]}
    assert await database.replace_roster_data(doc_id, before.data, taught) is True
    assert await database.replace_roster_data(doc_id, before.data, {**taught, "character": ELDER}) is False
    [doc] = await database.roster(campaign.id)
    assert doc.data == taught


async def test_a_roster_character_amended_between_adventures_keeps_the_rest_of_its_row(database):
    """A Director amends a roster character outside any game (Dracula's America, `/dracula amend`)."""
    campaign, _ = await adventure(database)
    [doc_id, kate_id] = await enrol(database, HOLLIDAY, ELDER)
    amended = {**HOLLIDAY, "rank": "hero"}
    await database.amend_roster(doc_id, amended, "dead")
    doc, kate = await database.roster(campaign.id)
    assert (doc.id, doc.data, doc.status, doc.name) == (doc_id, amended, "dead", "Doc Holliday")
    assert (kate.id, kate.data, kate.status) == (kate_id, ELDER, "ready")


async def test_campaigns_from_before_revision_0004_keep_their_rows_with_the_new_columns_defaulted(database):
    def back_and_forth(connection, rows_before):
        config = alembic_config()
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
        for sql in rows_before:
            connection.execute(text(sql))
        command.upgrade(config, "head")

    async with database.engine.begin() as connection:
        await connection.run_sync(back_and_forth, [
            f"INSERT INTO campaigns (id, guild_id, name, status, created_at) VALUES (7, {GUILD}, 'Old', 'active', "
            "'2026-01-01 00:00:00')",
            "INSERT INTO roster (id, campaign_id, owner_id, name, data, status, adventures, notes) "
            f"VALUES (8, 7, {PETE}, 'Doc', '{{}}', 'ready', 2, '[]')"])
    assert await database.campaign(GUILD, 7) == CampaignRow(7, GUILD, "Old", 0, "active", "qotd")
    [doc] = await database.roster(7)
    assert (doc.status, doc.data) == ("ready", {"character": {}, "adventures": 2})
    assert json_value(await one(database, "SELECT data FROM roster")) == {"character": {}, "adventures": 2}
