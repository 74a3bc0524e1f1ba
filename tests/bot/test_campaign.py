"""A campaign over two adventures, as its players and Director type it: the roster, Post Action Rest and
Recovery when an adventure ends, the new-trait menu (after a restart too), and who may do what."""

from __future__ import annotations

import discord

from bot.rules.core.ruleset import Enlisted, Standing
from bot.rules.qotd.campaign import Veteran, veteran
from bot.rules.qotd.state import Character
from tests.rules.scripted import Dice

from tests.storage.helpers import rows

from .conftest import make_bot
from .helpers import end_game, pinged, refused, stored_game, text_of, words_of
from .test_commands import LONG, each_row, no_pings

CAST = (  # player, name, type, personality; all on the roster of Tombstone in this order
    ("pete", "Doc", "hero", "ordinary"), ("pete", "Kid", "minor", "ordinary"),
    ("polly", "Wyatt", "hero", "ordinary"), ("polly", "Ike", "supporting", "ordinary"),
    ("polly", "Virgil", "supporting", "brave"),
)


async def roster(scene) -> dict[str, Veteran]:
    """The campaign's roster as the database holds it and Quick on the Draw reads it, by name."""
    [campaign] = await scene.db().campaigns(scene.guild.id)
    return {row.name: veteran(Enlisted(row.id, row.owner_id, row.name, Standing(row.status), row.data))
            for row in await scene.db().roster(campaign.id)}


def character(held: Veteran) -> Character:
    return held.character


def select_options(message) -> list[str]:
    return [o["value"] for row in message.components for c in row["components"] for o in c.get("options", ())]


async def first_adventure(scene):
    """Tombstone's first adventure in #saloon: everyone cast, armed and on the roster; Kid and Virgil are
    poisoned to the ground."""
    await scene.dora.slash(scene.channel, "campaign start", name="Tombstone")
    [choice] = await scene.dora.autocomplete(scene.channel, "game start", "campaign", "tomb")
    assert choice["name"] == "Tombstone"
    result = await scene.dora.slash(scene.channel, "game start", campaign=choice["value"])
    assert "An adventure of **Tombstone**" in text_of(result)
    await scene.pete.slash(scene.channel, "game join")
    await scene.polly.slash(scene.channel, "game join")
    for player, name, kind, personality in CAST:
        actor = getattr(scene, player)
        await actor.slash(scene.channel, "cast add", name=name, type=kind, personality=personality)
        await actor.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
        result = await actor.slash(scene.channel, "campaign add", character=name)
        assert f"**{name}** joins the roster of **Tombstone**" in text_of(result)
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    for player, name in (("pete", "Kid"), ("polly", "Virgil")):
        scene.env.bot.rng = Dice(3)                                   # Poison: 3, treat as 2 lethal hits
        result = await getattr(scene, player).slash(scene.channel, "test", character=name, chart="poison")
        assert f"{name} is a casualty" in text_of(result)


RECOVERY_DICE = (10, 3,   # Doc, Hero, standing: 2D10 take best 10: Experience is a great Teacher!
                 1, 3,    # Kid, Minor, down: 1 He's Going!, then 3: A Goner!
                 3, 2,    # Wyatt, Hero, standing: 3: I'm Tired out!
                 1,       # Ike, Supporting, standing: 1: I'm Exhausted!
                 1, 7)    # Virgil, Supporting, down: 1 He's Going!, then 7: Needs Extensive Medical Care!


async def end_first_adventure(scene):
    scene.env.bot.rng = Dice(*RECOVERY_DICE)
    result = await end_game(scene.dora, scene.channel)
    assert scene.env.bot.rng.faces == []
    return result


async def test_a_campaign_of_two_adventures(scene, db_url):
    await first_adventure(scene)
    refused(await scene.polly.slash(scene.channel, "campaign add", character="Doc"), "not yours to play")

    result = await end_first_adventure(scene)
    shown = "\n".join([text_of(result), *map(words_of, result.followups)])
    assert "That's a wrap!" in shown and "Post Action Rest and Recovery — Tombstone" in shown
    for words in ("Doc, Hero: 2D10 take best", "[**10**, 3] → **10** (10)", "**Experience is a great Teacher!**",
                  "**He’s Going!**", "**A Goner!**", "Dies: they cannot be cast again.",
                  "**I’m Tired out!**", "In the next adventure: one card less; or they miss it",
                  "**I’m Exhausted!**", "one card less and reduced dice",
                  "**Needs Extensive Medical Care!**", "Now Ordinary. Misses the next adventure"):
        assert words in shown, words
    [_, menu] = result.followups                          # the recovery rolls, then the menu
    assert "**Doc** learnt from the adventure" in menu.content and pinged_in(menu) == [scene.pete.id]
    assert await stored_game(scene.db(), scene.guild.id, scene.channel.id) is None

    held = await roster(scene)
    assert {name: (row.standing.value, row.cards_less, row.reduced, row.traits_due, row.adventures)
            for name, row in held.items()} == {
        "Doc": ("ready", 0, False, 1, 1), "Kid": ("dead", 0, False, 0, 1), "Wyatt": ("ready", 1, False, 0, 1),
        "Ike": ("ready", 1, True, 0, 1), "Virgil": ("resting", 0, False, 0, 1)}
    assert held["Virgil"].notes == ["He’s Going! → Needs Extensive Medical Care!"]
    assert character(held["Virgil"]).personality == "ordinary"

    # The trait menu: polly may not pick Doc's trait; after a restart pete picks Quick Draw
    assert "quick_draw" in select_options(menu) and "poor_shot" not in select_options(menu)
    refused(await scene.polly.select(menu.message, ["quick_draw"]), "only doc's player or a director")
    assert (await roster(scene))["Doc"].traits_due == 1
    old = scene.env.bot
    await scene.env.restart_bot(make_bot(db_url, seed=11))
    await old.db.dispose()
    picked = await scene.pete.select(menu.message, ["quick_draw"])
    assert "**Doc** learns Quick Draw" in picked.response.content and picked.response.components == []
    doc = (await roster(scene))["Doc"]
    assert doc.traits_due == 0 and [t.key for t in character(doc).traits] == ["quick_draw"]

    # The second adventure, in another channel: Kid is dead, Virgil must rest; the others come back
    livery = scene.guild.create_text_channel("livery")
    await scene.dora.slash(livery, "game start", campaign="tombstone")
    await scene.pete.slash(livery, "game join")
    await scene.polly.slash(livery, "game join")
    offered = [c["name"] for c in await scene.pete.autocomplete(livery, "campaign cast", "character", "")]
    assert "Kid (Tombstone)" not in offered and "Doc (Tombstone)" in offered
    refused(await scene.pete.slash(livery, "campaign cast", character="Kid"), "Kid is dead (A Goner!)")
    refused(await scene.polly.slash(livery, "campaign cast", character="Virgil"), "must miss this adventure")
    refused(await scene.polly.slash(livery, "campaign cast", character="Doc"), "not yours to play")
    for player, name in (("pete", "Doc"), ("polly", "Wyatt"), ("polly", "Ike")):
        result = await getattr(scene, player).slash(livery, "campaign cast", character=name)
        assert f"**{name}** rides again" in text_of(result)
    assert "**Ike** rides again: Supporting Character, Ordinary." in text_of(result)
    game = await stored_game(scene.db(), scene.guild.id, livery.id)
    assert {key: (len(c.cards), c.reduced) for key, c in game.characters.items()} == {
        "doc": (4, False), "wyatt": (3, False), "ike": (1, True)}
    assert [t.key for t in game.characters["doc"].traits] == ["quick_draw"]
    assert game.characters["doc"].weapons[0].weapon == "single_action_revolver"
    scene.env.bot.rng = Dice(6, 3)
    result = await scene.polly.slash(livery, "test", character="Ike", chart="task")
    assert "reduced dice 2D10 take worst (exhausted)" in text_of(result)

    shown = text_of(await scene.stranger.slash(livery, "campaign show"))
    for words in ("Tombstone — the roster", f"Adventure under way in <#{livery.id}>", "~~**Kid**~~",
                  "Virgil** (Supporting Character, Ordinary", "misses the next adventure",
                  "**Ike** (Supporting Character, Ordinary", "one card less and reduced dice next adventure"):
        assert words in shown, words

    # Adventure 2 ends: Virgil, who missed it, is ready again and fully recovered
    scene.env.bot.rng = Dice(7, 2, 6, 2, 5)
    result = await end_game(scene.dora, livery)
    assert len(result.followups) == 1 and words_of(result.followups[0]).count("Fighting Fit!") == 3
    held = await roster(scene)
    assert [(n, r.standing.value, r.cards_less, r.reduced, r.adventures) for n, r in held.items()] == [
        ("Doc", "ready", 0, False, 2), ("Kid", "dead", 0, False, 1), ("Wyatt", "ready", 0, False, 2),
        ("Ike", "ready", 0, False, 2), ("Virgil", "ready", 0, False, 1)]


def pinged_in(message) -> list[int]:
    return list(message._message.ping_user_ids)


# -- the new-trait menu at the most skills and traits, with a skill to name -----------------------------------


async def test_at_the_most_skills_and_traits_the_new_trait_replaces_one_the_player_picks(scene):
    await scene.dora.slash(scene.channel, "campaign start", name="Tombstone")
    await scene.dora.slash(scene.channel, "game start", campaign="Tombstone")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="minor", personality="ordinary")
    await scene.pete.slash(scene.channel, "cast skill", character="Kid", skill="frail")
    await scene.pete.slash(scene.channel, "campaign add", character="Kid")
    scene.env.bot.rng = Dice(10)                                      # Experience is a great Teacher!
    [_, menu] = (await end_game(scene.dora, scene.channel)).followups

    swap = await scene.pete.select(menu.message, ["quick_draw"])
    assert "has a Minor Character's most skills and traits (1): pick the one Quick Draw replaces" in \
        swap.response.content
    assert select_options(swap.response) == ["frail", "back"]
    again = await scene.pete.select(menu.message, ["back"])
    assert "pick a new trait" in again.response.content and "good_in" in select_options(again.response)

    form = await scene.pete.select(menu.message, ["good_in"])
    assert form.modal is not None and (await roster(scene))["Kid"].traits_due == 1
    refused(await scene.pete.submit_modal(form, {"skill": "@everyone"}), "cannot contain a mention")
    form = await scene.pete.select(menu.message, ["good_in"])
    swap = await scene.pete.submit_modal(form, {"skill": "riding"})
    assert "pick the one Good in a particular skill (riding) replaces" in swap.response.content
    refused(await scene.polly.select(menu.message, ["frail"]), "only kid's player or a director")
    done = await scene.dora.select(menu.message, ["frail"])           # a Director may pick for the player
    assert done.response.content.startswith("**Kid** learns Good in a particular skill (riding): May re-roll")
    assert "It replaces Frail." in done.response.content and done.response.components == []
    kid = (await roster(scene))["Kid"]
    assert kid.traits_due == 0 and [(t.key, t.detail) for t in character(kid).traits] == [("good_in", "riding")]
    refused(await scene.pete.slash(scene.channel, "campaign learn", character="Kid"), "Kid has no new trait to pick")


async def test_a_lost_menu_is_posted_again_and_a_trait_is_due_before_casting(scene):
    await first_adventure(scene)
    await end_first_adventure(scene)
    await scene.dora.slash(scene.channel, "game start", campaign="Tombstone")
    await scene.pete.slash(scene.channel, "game join")
    refused(await scene.pete.slash(scene.channel, "campaign cast", character="Doc"),
            "Doc has a new trait to pick first: `/campaign learn` shows the menu")        # in code (ruling 606)
    result = await scene.dora.slash(scene.channel, "campaign learn", character="Doc")
    assert "**Doc** learnt from the adventure" in result.response.content and pinged(result) == [scene.pete.id]
    await scene.pete.select(result.response.message, ["expert:single_action_revolver"])
    assert "**Doc** rides again" in text_of(await scene.pete.slash(scene.channel, "campaign cast", character="Doc"))
    shown = await scene.pete.slash(scene.channel, "cast show", character="Doc")
    assert "Fighter or Expert with a particular weapon (Single action revolver)" in text_of(shown)
    game = await stored_game(scene.db(), scene.guild.id, scene.channel.id)
    assert game.characters["doc"].has("expert", "single_action_revolver")


# -- another server, bad input, who may do what -----------------------------------------------------------------


async def everything(scene, *channels) -> tuple:
    """What a refused command must leave as it was: every campaign, roster entry, game and log entry,
    and every public message in the channels."""
    tables = [await rows(scene.db(), f"SELECT * FROM {table} ORDER BY 1") for table in ("campaigns", "roster", "log")]
    games = await rows(scene.db(), "SELECT id, guild_id, channel_id, status, state, version, campaign_id FROM games "
                                   "ORDER BY id")
    public = [sum(not m.flags.ephemeral for m in channel.history()) for channel in channels]
    return *tables, games, public


async def refused_and_unchanged(scene, channels, actor, channel, command, options, words):
    before = await everything(scene, *channels)
    scene.env.bot.rng = Dice()
    result = await actor.slash(channel, command, **options)
    refused(result, words)
    no_pings(result)
    assert len(result.response.content) < 300, "the refusal echoes the input"
    assert await everything(scene, *channels) == before


async def test_another_server_neither_sees_nor_reaches_the_roster(scene):
    await first_adventure(scene)
    await end_first_adventure(scene)
    [tombstone] = await scene.db().campaigns(scene.guild.id)
    [doc] = [row for row in await scene.db().roster(tombstone.id) if row.name == "Doc"]
    other = scene.env.create_guild("Dodge City")
    street = other.create_text_channel("front-street")
    sheriff = other.add_member(scene.env.create_user("sheriff"), roles=[
        other.create_role("Boss", permissions=discord.Permissions(manage_guild=True))])
    await sheriff.slash(street, "campaign start", name="Dodge")
    await sheriff.slash(street, "game start", campaign="Dodge")

    assert [c["name"] for c in await sheriff.autocomplete(street, "game start", "campaign", "")] == ["Dodge"]
    assert await sheriff.autocomplete(street, "campaign cast", "character", "") == []
    attempts = [
        (street, "campaign show", {"campaign": str(tombstone.id)}, "There is no campaign called"),
        (street, "campaign show", {"campaign": "Tombstone"}, "There is no campaign called"),
        (street, "campaign end", {"campaign": str(tombstone.id)}, "There is no campaign called"),
        (street, "campaign cast", {"character": str(doc.id)}, "There is no character called"),
        (street, "campaign cast", {"character": "Doc"}, "There is no character called"),
        (street, "campaign learn", {"character": str(doc.id)}, "There is no character called"),
        (other.create_text_channel("livery"), "game start", {"campaign": str(tombstone.id)},
         "There is no campaign called"),
    ]
    await each_row(attempts, lambda *row: refused_and_unchanged(scene, (street, scene.channel), sheriff, *row))
    [theirs] = await scene.db().campaigns(other.id)
    assert await scene.db().roster(theirs.id) == []


async def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(scene):
    await scene.dora.slash(scene.channel, "campaign start", name="Tombstone")
    await scene.dora.slash(scene.channel, "game start", campaign="Tombstone")
    for player in (scene.pete, scene.polly):
        await player.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "cast add", name="Doc", type="hero", personality="brave")
    await scene.pete.slash(scene.channel, "campaign add", character="Doc")
    await scene.polly.slash(scene.channel, "cast add", name="Wyatt", type="hero", personality="brave")
    await scene.dora.slash(scene.channel, "cast beast", name="Rex", animal="dog")
    plain = scene.guild.create_text_channel("plain")
    await scene.dora.slash(plain, "game start")
    livery = scene.guild.create_text_channel("livery")
    channels = (scene.channel, plain, livery)
    saloon = scene.channel
    mention = f"Posse {scene.polly.mention}"
    table = [
        (scene.dora, saloon, "campaign start", {"name": LONG}, "keep it to 40"),
        (scene.dora, saloon, "campaign start", {"name": "@everyone"}, "cannot contain a mention"),
        (scene.dora, saloon, "campaign start", {"name": mention}, "cannot contain a mention"),
        (scene.dora, saloon, "campaign start", {"name": " tombstone "}, "already has a campaign called tombstone"),
        (scene.pete, saloon, "campaign end", {"campaign": "Tombstone"}, "Only a Director of Tombstone"),
        (scene.dora, saloon, "campaign end", {"campaign": "Tombstone"}, f"under way in <#{saloon.id}>"),
        (scene.dora, saloon, "campaign end", {"campaign": LONG}, "no campaign called **" + "x" * 40 + "**"),
        (scene.dora, saloon, "campaign show", {"campaign": "@everyone"}, "no campaign called **@\u200beveryone**"),
        (scene.dora, livery, "campaign show", {}, "no adventure under way"),
        (scene.pete, livery, "game start", {"campaign": "Tombstone"}, "Only a Director of Tombstone"),
        (scene.dora, livery, "game start", {"campaign": "Tombstone"}, f"under way in <#{saloon.id}>"),
        (scene.dora, livery, "game start", {"campaign": "9" * 30}, "no campaign called"),
        (scene.pete, saloon, "campaign add", {"character": "Nobody"}, "no character called **Nobody**"),
        (scene.pete, saloon, "campaign add", {"character": "Wyatt"}, "Wyatt is not yours to play"),
        (scene.pete, saloon, "campaign add", {"character": "Doc"}, "Doc is on the roster already"),
        (scene.dora, saloon, "campaign add", {"character": "Rex"}, "Beasts do not join a roster"),
        (scene.pete, plain, "campaign add", {"character": "Doc"}, "not an adventure of a campaign"),
        (scene.pete, livery, "campaign add", {"character": "Doc"}, "no game in this channel"),
        (scene.pete, saloon, "campaign cast", {"character": LONG}, "no character called"),
        (scene.pete, saloon, "campaign cast", {"character": "9" * 30}, "no character called"),
        (scene.pete, saloon, "campaign cast", {"character": "Doc"}, "Doc is in this adventure already"),
        (scene.pete, plain, "campaign cast", {"character": "Doc"}, "not an adventure of a campaign"),
        (scene.polly, saloon, "campaign learn", {"character": "Doc"}, "Only Doc's player or a Director"),
        (scene.pete, saloon, "campaign learn", {"character": "Doc"}, "Doc has no new trait to pick"),
    ]
    await each_row(table, lambda actor, *row: refused_and_unchanged(scene, channels, actor, *row))


async def test_the_servers_directors_direct_every_campaign_and_the_roster_outlives_its_end(scene):
    await scene.pete.slash(scene.channel, "campaign start", name="Pete's Posse")       # anyone may start one
    [posse] = await scene.db().campaigns(scene.guild.id)
    assert (posse.name, posse.director_id) == ("Pete's Posse", scene.pete.id)
    refused(await scene.polly.slash(scene.channel, "game start", campaign="pete's posse"), "Only a Director")
    marshal = scene.deputy                  # the server's Director role (another role of its name gives nothing)
    result = await marshal.slash(scene.channel, "game start", campaign="Pete's Posse")
    assert "An adventure of **Pete's Posse**" in text_of(result)
    await end_game(marshal, scene.channel)
    result = await scene.pete.slash(scene.channel, "campaign end", campaign=str(posse.id))
    assert "The campaign **Pete's Posse** is over" in text_of(result)
    assert await scene.db().campaigns(scene.guild.id) == []
    assert await scene.pete.autocomplete(scene.channel, "game start", "campaign", "") == []
    shown = text_of(await scene.polly.slash(scene.channel, "campaign show", campaign=str(posse.id)))
    assert "The campaign has ended." in shown and "Nobody is on the roster yet" in shown
    refused(await scene.pete.slash(scene.channel, "game start", campaign=str(posse.id)), "has ended")


async def test_the_next_adventure_starts_on_the_last_adventures_set_unless_the_director_chooses_another(scene):
    """A campaign's adventures are games on a set (the map): the next starts on the last one's terrain, with no
    one on it yet (see docs/rulings.md); `map_name:` takes a map the server keeps, or none."""
    await scene.dora.slash(scene.channel, "campaign start", name="Tombstone")
    await scene.dora.slash(scene.channel, "game start", campaign="tombstone")
    await scene.dora.slash(scene.channel, "map set", ready_set="ranch")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="minor", personality="ordinary")
    await scene.pete.slash(scene.channel, "place", who="Kid", at="C7")
    await end_game(scene.dora, scene.channel)

    livery = scene.guild.create_text_channel("livery")
    result = await scene.dora.slash(livery, "game start", campaign="tombstone")
    assert "The set is the last adventure's: Ranch, with no one on it yet" in text_of(result)
    field = (await stored_game(scene.db(), scene.guild.id, livery.id)).battlefield
    assert field.name == "Ranch" and len(field.areas) == 7 and field.tokens == {}
    await scene.dora.slash(livery, "map set", ready_set="canyon")
    await scene.dora.slash(livery, "map save", name="Boot Hill")
    await end_game(scene.dora, livery)

    church = scene.guild.create_text_channel("church")
    refused(await scene.dora.slash(church, "game start", campaign="tombstone", map_name="Nowhere"),
            "This server keeps no map called **Nowhere**")
    assert await stored_game(scene.db(), scene.guild.id, church.id) is None
    offered = [c["value"] for c in await scene.dora.autocomplete(church, "game start", "map_name", "")]
    assert offered == ["Boot Hill", "none"]
    result = await scene.dora.slash(church, "game start", campaign="tombstone", map_name="boot hill")
    assert "The set is the map **boot hill**" in text_of(result)
    assert (await stored_game(scene.db(), scene.guild.id, church.id)).battlefield.name == "Canyon"
    await end_game(scene.dora, church)
    jail = scene.guild.create_text_channel("jail")
    await scene.dora.slash(jail, "game start", campaign="tombstone", map_name="none")
    assert (await stored_game(scene.db(), scene.guild.id, jail.id)).battlefield is None
    refused(await scene.dora.slash(scene.channel, "game start", map_name="Boot Hill"),
            "`map_name:` chooses the map of a campaign's adventure")
