"""Safe on a real server (issue 13): stale and forged buttons, numbers past their column, names that hide,
mimic or link, link previews, the Director role by id, and pings only with consent."""

from __future__ import annotations

import discord

from cogs.rulesets.qotd.campaign import TraitMenu
from bot.glue.acting import RerollButton
from tests.rules.scripted import Dice

from .helpers import pinged, refused, text_of
from .test_timers import hours, pings, posted
from .test_commands import pending, ready, run, step, view  # noqa: F401  (fixtures)


# -- buttons act on the exact roll they were made for -------------------------------------------------------


async def test_buttons_offered_again_by_an_undo_refuse_a_later_roll(pending):
    scene = pending
    scene.env.bot.rng = Dice()
    await scene.pete.click(scene.decision, label="Keep")                 # the roll is decided ...
    offered_again = await step(scene, "dora", "undo")                     # ... undone: its buttons come back
    assert offered_again.response.components, "the undo offers the roll's buttons again"
    await step(scene, "dora", "undo")                                     # then the roll itself is undone
    assert (await view(scene)).game.pending is None
    await step(scene, "pete", "shoot", {"shooter": "Doc", "target": "Wyatt", "paces": 6}, (3,))   # a new roll waits
    before = await view(scene)
    assert before.game.pending

    scene.env.bot.rng = Dice()
    stale = await scene.pete.click(offered_again.response.message, label="Keep")
    refused(stale, "decided or undone", "do nothing now")
    after = await view(scene)
    assert (after.state, after.log) == (before.state, before.log)


async def test_a_button_with_ids_past_the_columns_is_refused_clearly(pending):
    scene = pending
    game = await scene.db().load_game(scene.guild.id, scene.channel.id)
    channel = scene.env.bot.get_channel(scene.channel.id)
    before = await view(scene)
    for game_id, entry in ((2**64, 1), (game.id, 2**40)):
        forged = discord.ui.View(timeout=None)
        forged.add_item(RerollButton(game_id, entry, "keep"))
        shown = await channel.send("Re-roll or keep?", view=forged)
        refused(await scene.pete.click(shown, label="Keep"), "belongs to nothing the bot keeps")
    menu = discord.ui.View(timeout=None)
    menu.add_item(TraitMenu(2**64, [discord.SelectOption(label="Quick Draw", value="quick_draw")]))
    shown = await channel.send("Pick a trait", view=menu)
    refused(await scene.pete.select(shown, ["quick_draw"]), "belongs to nothing the bot keeps")
    after = await view(scene)
    assert (after.state, after.log) == (before.state, before.log)


# -- names that hide, mimic or link -------------------------------------------------------------------------


BLANK_NAMES = ["\u3164", "\u2800\u2800", "\u115f\u1160", "\u200b", "Kid\u3164", "\ufe0f", "..."]
LINKED_NAMES = ["https://evil.example", "Doc http://x.y", "discord.gg/raid", "www.evil.example", "Kid (discord.com/invite/x)"]
LOOK_ALIKES = ["D\u043ec H\u043elliday", "D\u03bfc Holliday", "Doc HoIliday", "\uff24oc Holliday", "Doc Ho1liday",
               "\U0001d403oc Holliday"]
""""Doc Holliday" with a Cyrillic о, a Greek ο, a capital I, a fullwidth Ｄ, a 1, a bold 𝐃 (the same name in
capitals is the same character: test_commands refuses it)."""


async def test_names_with_nothing_to_see_are_refused(ready):
    scene = ready
    before = await view(scene)
    for name in BLANK_NAMES:
        result = await run(scene, "pete", "cast add", {"name": name, "type": "minor", "personality": "ordinary"})
        assert result.response.ephemeral and any(words in result.response.content for words in (
            "invisible or control characters", "needs a letter or a digit", "cannot be empty")), (name, text_of(result))
    assert (await view(scene)).state == before.state


async def test_names_with_links_are_refused(ready):
    scene = ready
    before = await view(scene)
    for name in LINKED_NAMES:
        refused(await run(scene, "pete", "cast add", {"name": name, "type": "minor", "personality": "ordinary"}),
                "cannot contain a link")
        refused(await run(scene, "dora", "cast beast", {"name": name, "animal": "grizzly"}), "cannot contain a link")
    refused(await run(scene, "dora", "campaign start", {"name": "See www.evil.example"}), "cannot contain a link")
    assert (await view(scene)).state == before.state


async def test_a_name_that_reads_the_same_as_another_in_the_game_is_refused(ready):
    scene = ready
    await step(scene, "pete", "cast add", {"name": "Doc Holliday", "type": "hero", "personality": "brave"})
    before = await view(scene)
    for name in LOOK_ALIKES:
        refused(await run(scene, "polly", "cast add", {"name": name, "type": "minor", "personality": "ordinary"}),
                "reads the same as", "Doc Holliday")
        refused(await run(scene, "dora", "cast beast", {"name": name, "animal": "grizzly"}), "reads the same as")
    assert (await view(scene)).state == before.state
    await step(scene, "polly", "cast add", {"name": "Doc Holiday", "type": "minor", "personality": "ordinary"})


# -- no link previews from what users write ----------------------------------------------------------------


async def test_messages_made_of_a_users_words_show_no_link_preview(ready):
    scene = ready
    scene.env.bot.rng = Dice(4)
    rolled = await scene.pete.slash(scene.channel, "roll", why="the loot at https://evil.example/track")
    assert not rolled.response.ephemeral and "https://evil.example/track" in rolled.response.content
    assert rolled.response.flags.suppress_embeds
    linky = scene.guild.add_member(scene.env.create_user("linky"), nick="discord.gg/raid")
    joined = await linky.slash(scene.channel, "game join")
    assert "discord.gg/raid joins the game" in joined.response.content and joined.response.flags.suppress_embeds
    cast = await step(scene, "pete", "cast add", {"name": "Curly Bill", "type": "minor", "personality": "rash"})
    assert cast.response.embeds and not cast.response.flags.suppress_embeds   # the bot's own embed shows


# -- pings only with consent ---------------------------------------------------------------------------------


async def stranger_cast_by_dora(scene):
    """dora's game, in which she casts Ike for the stranger, who never joined; a deadline of 24 hours."""
    await scene.dora.slash(scene.channel, "game start")
    cast = await scene.dora.slash(scene.channel, "cast add", name="Ike", type="minor", personality="rash",
                                  player=scene.stranger)
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=24.0)
    return cast


async def test_a_member_cast_by_a_director_is_asked_once_and_pinged_by_nothing_until_they_join(scene):
    cast = await stranger_cast_by_dora(scene)
    assert pinged(cast) == [] and "cast for you" in cast.response.content
    assert [b["label"] for row in cast.response.components for b in row["components"]] == ["Join"]
    again = await scene.dora.slash(scene.channel, "cast add", name="Frank", type="minor", personality="rash",
                                   player=scene.stranger)
    assert pinged(again) == [] and "cast for you" not in again.response.content and not again.response.components

    await scene.dora.slash(scene.channel, "deal")
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert " acts" in drawn.response.content and pinged(drawn) == []
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder:")
    assert pings(scene, reminder) == []
    await hours(scene, 12)
    [deadline] = posted(scene, "The deadline passed")
    assert pings(scene, deadline) == []
    await hours(scene, 24 * 4)                                      # the game plays itself, pinging nobody
    assert all(pings(scene, message) == [] for message in scene.channel.history())


async def test_the_invitation_is_theirs_alone_to_accept_and_then_their_turns_ping_them(scene):
    cast = await stranger_cast_by_dora(scene)
    refused(await scene.pete.click(cast.response.message, label="Join"), "for someone else")
    accepted = await scene.stranger.click(cast.response.message, label="Join")
    assert accepted.response.ephemeral and "pings you" in text_of(accepted)
    game = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert game.pings[str(scene.stranger.id)] == "on"
    await scene.dora.slash(scene.channel, "deal")
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert pinged(drawn) == [scene.stranger.id]


async def test_a_player_mutes_the_game_and_leaving_stops_its_pings_at_once(scene):
    await scene.game()
    await scene.pete.slash(scene.channel, "cast add", name="Kid", type="supporting", personality="ordinary")
    muted = await scene.pete.slash(scene.channel, "game join", pings=False)
    assert muted.response.ephemeral and "no longer pings you" in text_of(muted)
    await scene.dora.slash(scene.channel, "deal")
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert "Kid acts" in drawn.response.content and pinged(drawn) == []
    await hours(scene, 13)
    assert pings(scene, posted(scene, "a reminder:")[-1]) == []

    unmuted = await scene.pete.slash(scene.channel, "game join")
    assert "now pings you" in text_of(unmuted)
    left = await scene.pete.slash(scene.channel, "game leave")
    assert left.response.ephemeral and "no longer pings you" in text_of(left) and "You still play Kid" in text_of(left)
    assert "kid" in (await view(scene)).game.characters                 # Kid stays in the cast
    await hours(scene, 13)
    assert all(pings(scene, m) == [] for m in posted(scene, "a reminder:"))
    await scene.dora.slash(scene.channel, "draw")
    await scene.dora.slash(scene.channel, "deal", again=True)
    for _ in range(3):
        assert pinged(await scene.dora.slash(scene.channel, "draw")) in ([], [scene.polly.id])


# -- the Director role, by its id ----------------------------------------------------------------------------


async def test_a_role_named_like_the_director_role_gives_no_powers(scene):
    await scene.game()
    await step(scene, "pete", "cast add", {"name": "Kid", "type": "supporting", "personality": "ordinary"})
    impostor = scene.guild.add_member(scene.env.create_user("impostor"), roles=[scene.guild.create_role("Director")])
    before = await view(scene)
    refused(await impostor.slash(scene.channel, "deal"), "only a director")
    assert (await view(scene)).state == before.state
    scene.env.bot.rng = Dice()
    assert not (await scene.deputy.slash(scene.channel, "deal")).response.ephemeral    # the role kept by its id


async def test_a_role_name_stored_before_ids_is_looked_up_once(scene):
    """A server's role stored by name (before roles were kept by id) is found once, the first time the bot
    serves the server; a role of that name made afterwards is not the Director role."""
    marshal = scene.guild.create_role("Marshal")
    await scene.db().update_server(scene.guild.id, director_role="Marshal")
    sheriff = scene.guild.add_member(scene.env.create_user("sheriff"), roles=[marshal])
    await scene.game()
    await step(scene, "pete", "cast add", {"name": "Kid", "type": "supporting", "personality": "ordinary"})
    server = await scene.db().server(scene.guild.id)
    assert (server.director_role, server.director_role_id) == ("", marshal.id)
    twin = scene.guild.add_member(scene.env.create_user("twin"), roles=[scene.guild.create_role("Marshal")])
    refused(await twin.slash(scene.channel, "deal"), "only a director")
    scene.env.bot.rng = Dice()
    assert not (await sheriff.slash(scene.channel, "deal")).response.ephemeral
    shown = await scene.stranger.slash(scene.channel, "game settings")
    assert "Director role: Marshal" in text_of(shown)


async def test_with_two_roles_of_the_name_no_role_directs_until_one_is_picked(scene):
    scene.guild.create_role("Director")
    await scene.game()
    await step(scene, "pete", "cast add", {"name": "Kid", "type": "supporting", "personality": "ordinary"})
    refused(await scene.deputy.slash(scene.channel, "deal"), "only a director")
    assert "Director role: none" in text_of(await scene.stranger.slash(scene.channel, "game settings"))
