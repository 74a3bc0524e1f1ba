"""/cast: characters with the rulebook's limits, cards from the player's suit, and bad names refused."""

import pytest

from .helpers import refused, stored_game, text_of


async def cast_doc(scene):
    return await scene.pete.slash(scene.channel, "cast add", name="Doc Holliday", type="hero", personality="brave")


async def test_a_hero_gets_four_cards_from_the_players_suit(scene):
    await scene.game()
    result = await cast_doc(scene)
    assert "A♥ K♥ Q♥ J♥" in text_of(result)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    doc = game.characters["doc-holliday"]
    assert doc.owner == scene.pete.id and [c.code for c in doc.cards] == ["AH", "KH", "QH", "JH"]


@pytest.mark.parametrize("name, words", [
    ("@everyone", "mention"), ("<@123456789012345678>", "mention"), ("x" * 5000, "keep it to 40"),
    ("   ", "cannot be empty"), ("Zero\u200bWidth", "invisible"),
])
async def test_bad_names_are_refused_and_nothing_is_cast(scene, name, words):
    await scene.game()
    result = await scene.pete.slash(scene.channel, "cast add", name=name, type="hero", personality="brave")
    refused(result, words)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.characters == {}


async def test_unknown_personality_and_strangers_are_refused(scene):
    await scene.game()
    refused(await scene.pete.slash(scene.channel, "cast add", name="Ike", type="minor", personality="grumpy"),
            "personality")
    refused(await scene.stranger.slash(scene.channel, "cast add", name="Ike", type="minor", personality="rash"),
            "join the game")


async def test_skills_are_limited_by_type(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="minor", personality="rash")
    await scene.pete.slash(scene.channel, "cast skill", character="kid", skill="tough")
    refused(await scene.pete.slash(scene.channel, "cast skill", character="kid", skill="athletic"), "at most 1")
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert [t.key for t in game.characters["kid"].traits] == ["tough"]


async def test_only_the_owner_or_a_director_changes_a_character(scene):
    await scene.game()
    await cast_doc(scene)
    refused(await scene.polly.slash(scene.channel, "cast armour", character="Doc Holliday", armour="heavy"),
            "not yours")
    await scene.dora.slash(scene.channel, "cast armour", character="Doc Holliday", armour="minimal")
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.characters["doc-holliday"].armour == "minimal"


async def test_unknown_character_is_refused(scene):
    await scene.game()
    refused(await scene.pete.slash(scene.channel, "cast show", character="Nobody"), "no character called")


async def test_autocomplete_offers_the_players_own_characters_first(scene):
    await scene.game()
    await cast_doc(scene)
    await scene.polly.slash(scene.channel, "cast add", name="Dan", type="main", personality="ordinary")
    choices = await scene.polly.autocomplete(scene.channel, "cast show", "character", "d")
    assert [c["name"] for c in choices] == ["Dan", "Doc Holliday"]
    personalities = await scene.pete.autocomplete(scene.channel, "cast add", "personality", "bra")
    assert personalities and personalities[0]["value"] == "brave" and len(personalities) <= 25
