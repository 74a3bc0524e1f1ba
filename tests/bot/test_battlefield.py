"""The battlefield map as slash commands: a Director makes, changes, saves and loads it; everyone takes a place
on it; and a shootout on Main Street is played with no range or cover typed.

Starts from ``ready`` (tests/bot/test_commands.py): pete's Kid and polly's Wyatt, Supporting Characters with a
single action revolver each, no phase dealt. Dice are scripted.
"""

from __future__ import annotations

from .helpers import png, text_of
from .test_commands import character, each_row, ready, refused_and_unchanged, run, step, view  # noqa: F401

TOWN = 'map "Dodge" 40x30\nbuilding 2,2 10x8 "Long Branch" door 7,10 window 3,10\nfence 0,20 40,20\n'


async def token(scene, key):
    return (await view(scene)).game.battlefield.tokens.get(key)


async def test_a_director_sets_main_street_and_its_picture_shows(ready):
    result = await step(ready, "dora", "map set", {"ready_set": "main_street"})
    reply = result.response
    assert "The battlefield: Main Street" in text_of(result)
    assert [a.filename for a in reply.attachments] == ["map.png"]
    assert png(await reply.attachments[0].read())
    assert reply.embeds[0].image.url == "attachment://map.png"
    field = (await view(ready)).game.battlefield
    assert (field.width, field.height, len(field.areas)) == (60, 40, 8)
    assert (await view(ready)).log[-1] == ("map", "The ready set Main Street.")


async def test_players_place_their_own_characters_by_square_or_paces(ready):
    await step(ready, "dora", "map set", {"ready_set": "main_street"})
    result = await step(ready, "pete", "place", {"who": "Kid", "at": "C7", "facing": "east"})
    assert "Kid takes their place at C7 (7.5,19.5), facing east." in text_of(result)
    kid = await token(ready, "kid")
    assert (kid.at, kid.facing, kid.kind) == ((7.5, 19.5), 90, "character")
    await step(ready, "pete", "place", {"who": "Kid", "at": "30,20", "prone": True})
    assert (await token(ready, "kid")).at == (30, 20)
    assert "PRONE" in {c.name for c in character(await view(ready), "kid").conditions}


async def test_map_refusals_are_ephemeral_and_change_nothing(ready):
    async def check(actor, command, options, words):
        await refused_and_unchanged(ready, actor, command, options, words)
    await each_row([
        ("pete", "map new", {}, "Only a Director can change the map"),
        ("pete", "place", {"who": "Kid", "at": "C7"}, "This game has no map"),
        ("dora", "map show", {}, "This game has no map"),
    ], check)
    await step(ready, "dora", "map new", {"width": 40, "height": 30})
    await each_row([
        ("polly", "place", {"who": "Kid", "at": "C7"}, "Kid is not yours to play"),
        ("pete", "place", {"who": "Kid", "at": "Z9"}, "Z9 is off the map"),
        ("pete", "place", {"who": "Kid", "at": "here"}, "is not a place on the map"),
        ("dora", "map terrain", {"line": "lake 1,1 4x4"}, "'lake' is not a kind of terrain"),
        ("dora", "map load", {"name": "Nowhere"}, "This server keeps no map called"),
        ("dora", "map upload", {"file": ("map.txt", b"map 'x' 9999x9")}, "1 to 200 paces"),
    ], check)


async def test_terrain_is_added_a_line_at_a_time(ready):
    await step(ready, "dora", "map new", {"width": 40, "height": 30, "name": "Abilene"})
    await step(ready, "dora", "map terrain", {"line": 'building 2,2 10x8 "Jail" door 7,10'})
    await step(ready, "dora", "map terrain", {"line": "fence 0,20 40,20"})
    field = (await view(ready)).game.battlefield
    assert [a.title for a in field.areas] == ["Jail"] and [o.barrier for o in field.obstacles] == ["fence"]


async def test_a_map_uploaded_saved_and_loaded_again_in_the_server(ready):
    await step(ready, "dora", "map upload", {"file": ("dodge.txt", TOWN.encode())})
    await step(ready, "pete", "place", {"who": "Kid", "at": "5,15"})
    result = await step(ready, "dora", "map save", {"name": "Dodge City"})
    assert "The map is kept as **Dodge City**" in text_of(result)
    await step(ready, "dora", "map new", {"width": 20, "height": 20})
    assert not (await view(ready)).game.battlefield.areas
    await step(ready, "dora", "map load", {"name": "dodge city"})
    field = (await view(ready)).game.battlefield
    assert field.name == "Dodge" and [a.title for a in field.areas] == ["Long Branch"]
    assert field.tokens["kid"].at == (5, 15)                                   # tokens stay where they stand


async def test_a_smaller_map_is_refused_while_a_token_would_stand_off_it(ready):
    await step(ready, "dora", "map new", {"width": 40, "height": 30})
    await step(ready, "pete", "place", {"who": "Kid", "at": "35,25"})
    await refused_and_unchanged(ready, "dora", "map new", {"width": 20, "height": 20}, "Kid stands at 35,25")
