"""Battlefield maps kept per server by name: saved, replaced, listed and loaded."""

from __future__ import annotations

from .helpers import DIRECTOR, GUILD, PETE, rows

OTHER_GUILD = 9_000_000_000_000_000_009
TOWN = {"width": 60, "height": 40, "name": "Main Street"}
RANCH = {"width": 60, "height": 40, "name": "Ranch"}


async def test_a_map_is_kept_per_server_by_name_and_saving_again_replaces_it(database):
    assert await database.save_map(GUILD, "Tombstone", TOWN, DIRECTOR) is False
    assert await database.save_map(GUILD, "Abilene", RANCH, DIRECTOR) is False
    assert await database.save_map(OTHER_GUILD, "Tombstone", RANCH, PETE) is False
    assert await database.map_names(GUILD) == ["Abilene", "Tombstone"]
    assert await database.saved_map(GUILD, "tombstone") == TOWN
    assert await database.saved_map(GUILD, "Dodge") is None

    assert await database.save_map(GUILD, "Tombstone", RANCH, PETE) is True
    assert await database.saved_map(GUILD, "Tombstone") == RANCH
    assert await rows(database, "SELECT name, author_id FROM maps WHERE guild_id = :g ORDER BY name", g=GUILD) == [
        ("Abilene", DIRECTOR), ("Tombstone", PETE)]
    assert await database.saved_map(OTHER_GUILD, "Tombstone") == RANCH
