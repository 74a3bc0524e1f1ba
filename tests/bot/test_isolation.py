"""Nothing of one server is visible or reachable from another."""

from .helpers import refused, stored_game


async def test_another_servers_characters_are_neither_listed_nor_reachable(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Doc Holliday", type="hero", personality="brave")
    other = scene.env.create_guild("Dodge City")
    street = other.create_text_channel("front-street")
    sheriff = other.add_member(scene.env.create_user("sheriff"))

    refused(await sheriff.slash(street, "cast show", character="doc-holliday"), "no game in this channel")
    await sheriff.slash(street, "game start")
    assert await sheriff.autocomplete(street, "cast show", "character", "doc") == []
    for command, options in (("cast show", {"character": "doc-holliday"}),
                             ("shoot", {"shooter": "Doc Holliday", "target": "doc-holliday", "paces": 5}),
                             ("cast remove", {"character": "Doc Holliday"})):
        refused(await sheriff.slash(street, command, **options), "no character called")
    ours = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert list(ours.characters) == ["doc-holliday"]
    theirs = await stored_game(scene.db(), other.id, street.id)
    assert theirs.characters == {}
