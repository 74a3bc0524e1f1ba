"""A game of another ruleset than Quick on the Draw, through the bot's shared commands: High Noon, the small
ruleset of tests/bot/duel.py, started with `/game start ruleset:`, cast, dealt, drawn, shown, undone, reminded
and moved on at its deadline; each system's own commands refused in the other's channel, naming the game's
ruleset and where its commands are."""

from __future__ import annotations

import pytest

from bot.glue.client import REDRAW_BOARDS_AFTER
from bot.pictures import render_board_pages
from bot.rules.core.ruleset import RULESETS
from tests.pictures.pixels import unlike
from tests.storage.helpers import rows
from tests.rules.scripted import Dice

from . import duel
from .conftest import MADE, ScriptedDirector, make_bot
from .helpers import end_game, pinged, png, refused, text_of
from .test_timers import hours, posted

QOTD_ONLY = (("shoot", {"target": "Ann", "paces": 5}), ("fight", {"defender": "Ann"}), ("hold", {}),
             ("test", {"chart": "courage"}), ("quickdraw", {"target": "Ann"}), ("reload", {}),
             ("move", {"terrain": "open"}), ("heal", {"patient": "Ann"}), ("comeround", {}),
             ("cast add", {"name": "Doc", "type": "hero", "personality": "brave"}),
             ("cast weapon", {"character": "Kid", "weapon": "colt"}), ("cast beast", {"name": "Bo", "animal": "dog"}))
"""Quick on the Draw's own commands, each refused in a channel playing High Noon (`/campaign add`, shared, is refused
there because High Noon keeps no roster: tests/contract/test_campaign.py)."""


class Faces(Dice):
    """Dice that fall as the test says, any number of sides (a scripted :class:`~tests.rules.scripted.Dice`, so
    the bot rolls them rather than the turn's seal)."""

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


class DuelDirector(ScriptedDirector):
    """The bot with High Noon's command group, as a ruleset's cog is loaded among the bot's extensions."""

    async def setup_hook(self) -> None:
        await self.load_extension("tests.bot.duel_cog")
        await super().setup_hook()


@pytest.fixture
async def simcord_bot(db_url):
    RULESETS[duel.DUEL.key] = duel.DUEL
    try:
        yield make_bot(db_url, kind=DuelDirector)
    finally:
        del RULESETS[duel.DUEL.key]
        while MADE:
            await MADE.pop().db.dispose()


async def stored(scene) -> duel.DuelState:
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert row.ruleset == "duel"
    return duel.DUEL.load(row.state)


async def high_noon(scene) -> None:
    """A game of High Noon directed by dora: pete's Kid (a gunslinger) and polly's Ann (a greenhorn, 1 grit)."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="duel")
    assert "High Noon — the cameras are rolling" in text_of(started) and "/duel" in text_of(started)
    for player in (scene.pete, scene.polly):
        joined = await player.slash(scene.channel, "game join")
        assert "joins the game with a hat" in text_of(joined)
    await scene.pete.slash(scene.channel, "duel cast", name="Kid", type="gunslinger")
    cast = await scene.polly.slash(scene.channel, "duel cast", name="Ann", type="greenhorn", grit=1)
    assert "Ann** joins the cast" in text_of(cast) and "Greenhorn" in text_of(cast) and "Grit: 1" in text_of(cast)


async def test_the_ruleset_is_offered_and_stored_with_the_game(scene):
    offered = await scene.dora.autocomplete(scene.channel, "game start", "ruleset", "")
    assert [c["name"] for c in offered][:1] == ["Quick on the Draw"] and "High Noon" in [c["name"] for c in offered]
    refused(await scene.dora.slash(scene.channel, "game start", ruleset="chess"), "no **chess**")
    await high_noon(scene)
    state = await stored(scene)
    assert {k: (g.owner, g.grit) for k, g in state.characters.items()} == {"kid": (scene.pete.id, 3),
                                                                         "ann": (scene.polly.id, 1)}
    assert await rows(scene.db(), "SELECT name, type FROM characters ORDER BY name") == [("Ann", "greenhorn"),
                                                                                         ("Kid", "gunslinger")]


async def test_a_turn_of_high_noon_through_the_shared_commands(scene):
    await high_noon(scene)
    listed = text_of(await scene.pete.slash(scene.channel, "cast list"))
    assert f"**Kid** (Gunslinger, <@{scene.pete.id}>) — Grit 3" in listed
    assert "Grit: 1" in text_of(await scene.pete.slash(scene.channel, "cast show", character="ann"))

    refused(await scene.pete.slash(scene.channel, "deal"), "only a director")
    scene.env.bot.rng = Faces(2, 5)                                 # Kid draws 2, Ann 5
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert text_of(dealt).splitlines()[1:] == ["Turn 1", "**Ann** draws 5", "**Kid** draws 2"]
    assert (await stored(scene)).order == ["ann", "kid"]

    refused(await scene.pete.slash(scene.channel, "draw"), "only a director, or the player whose turn it is")
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert drawn.response.content == f"<@{scene.polly.id}>, Ann acts." and pinged(drawn) == [scene.polly.id]
    assert "Turn 1 — 1 to come" in text_of(drawn)

    scene.env.bot.rng = Faces(1)
    shot = await scene.polly.slash(scene.channel, "duel shoot", target="Kid")
    assert text_of(shot).splitlines()[1:] == ["Ann shoots at Kid", "**The Shot** — Ann, a D6",
                                              "1D6: [1] → **1**", "**Miss** The shot goes wide."]   # no D10 band
    refused(await scene.pete.slash(scene.channel, "duel shoot", target="Ann"), "nobody has a shot")
    refused(await scene.polly.slash(scene.channel, "draw"), "only a director")      # Ann has had her shot
    drawn = await scene.dora.slash(scene.channel, "draw")
    assert drawn.response.content == f"<@{scene.pete.id}>, Kid acts."
    scene.env.bot.rng = Faces(2, 6)
    shot = await scene.pete.slash(scene.channel, "duel shoot", target="Ann")       # a gunslinger's miss
    assert shot.response.content == f"<@{scene.pete.id}>, re-roll or keep?" and pinged(shot) == [scene.pete.id]
    refused(await scene.polly.click(shot.response.message, label="Keep"), "only kid's player or a director")
    again = await scene.pete.click(shot.response.message, label="Shoot again")
    assert "first roll 1D6: [2]; Shoot again" in text_of(again) and "**Hit** A point of grit lost." in text_of(again)
    assert "Ann loses a point of grit.\n• Ann is down." in text_of(again).replace("What changed: • ", "• ")
    assert (await stored(scene)).characters["ann"].grit == 0

    deck = text_of(await scene.pete.slash(scene.channel, "deck"))
    assert deck.splitlines()[1] == "Turn 1"
    status = await scene.pete.slash(scene.channel, "status")
    assert "Turn 1" in text_of(status) and "2 in the cast, 1 standing." in text_of(status)
    assert png(await status.response.attachments[0].read())

    undone = await scene.dora.slash(scene.channel, "undo")                       # the second shot taken back
    assert "Undone" in text_of(undone) and (await stored(scene)).characters["ann"].grit == 1
    assert undone.response.content == f"<@{scene.pete.id}>, the roll before waits for your choice again: re-roll or keep?"
    kept = await scene.pete.click(undone.response.message, label="Keep")
    assert "**Miss** The shot goes wide." in text_of(kept) and (await stored(scene)).pending is None
    assert "Ann shoots at Kid" in text_of(await scene.pete.slash(scene.channel, "log recent"))
    scene.env.bot.rng = Faces(4)
    rolled = await scene.pete.slash(scene.channel, "roll", sides=6)
    assert rolled.response.content == "pete rolls for a free roll: 1D6: [4] → **4**"          # no D10 band

    removed = await scene.polly.slash(scene.channel, "cast remove", character="Ann")
    assert "Ann** leaves the cast" in text_of(removed) and "ann" not in (await stored(scene)).characters
    assert "polly leaves the game." in text_of(await scene.polly.slash(scene.channel, "game leave"))
    assert scene.polly.id not in (await stored(scene)).seats
    await scene.dora.slash(scene.channel, "game director", member=scene.pete)
    refused(await scene.dora.slash(scene.channel, "game end"), "only a director")
    assert "wrap" in text_of(await end_game(scene.pete, scene.channel))


async def kids_turn_to_the_deadline(scene, *shot: int) -> tuple:
    """High Noon with a deadline of 30 hours, Kid's turn drawn (and his shot fired, if its die is given); the
    reminder after 13 hours, then the deadline's post."""
    await high_noon(scene)
    settings = await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    assert "then play moves on" in text_of(settings)
    scene.env.bot.rng = Faces(5, 2)
    await scene.dora.slash(scene.channel, "deal")
    await scene.dora.slash(scene.channel, "draw")
    if shot:
        scene.env.bot.rng = Faces(*shot)
        await scene.pete.slash(scene.channel, "duel shoot", target="Ann")
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    return reminder, deadline


async def test_the_game_reminds_whom_the_ruleset_waits_on_and_moves_on_at_the_deadline(scene):
    reminder, deadline = await kids_turn_to_the_deadline(scene)
    assert reminder.content.startswith(f"<@{scene.pete.id}>, a reminder: **Kid** has the turn: `/duel shoot`")
    assert "the turn passes" in reminder.content
    assert deadline.content.startswith("⏰ The deadline passed: **Kid** does not act.")
    assert f"<@{scene.polly.id}>, Ann acts." in deadline.content
    assert (await stored(scene)).acted == ["kid", "ann"]


async def test_a_roll_left_waiting_in_high_noon_is_reminded_and_kept_at_the_deadline(scene):
    reminder, deadline = await kids_turn_to_the_deadline(scene, 3)     # a miss: shoot again, or keep?
    assert reminder.content.startswith(f"<@{scene.pete.id}>, a reminder: **Kid**'s roll waits for your choice")
    assert "**Kid** keeps the roll." in reminder.content
    assert deadline.content.startswith("⏰ The deadline passed: **Kid** keeps the roll.")
    state = await stored(scene)
    assert state.pending is None and state.characters["kid"].shot and state.characters["ann"].grit == 1


async def test_each_systems_commands_are_refused_in_the_others_channel_naming_its_ruleset(scene):
    await high_noon(scene)
    for command, options in QOTD_ONLY:
        refused(await scene.pete.slash(scene.channel, command, **options),
                "This channel plays High Noon: use `/duel …`")
    refused(await scene.dora.slash(scene.channel, "game settings", cuts=2), "This channel plays High Noon")

    saloon = scene.guild.create_text_channel("old-saloon")
    await scene.dora.slash(saloon, "game start")
    await scene.pete.slash(saloon, "game join")
    refused(await scene.pete.slash(saloon, "duel cast", name="Kid", type="gunslinger"),
            "This channel plays Quick on the Draw: use its own commands")
    refused(await scene.pete.slash(saloon, "duel shoot", target="Kid"), "This channel plays Quick on the Draw")


async def test_a_campaign_plays_one_ruleset(scene):
    started = await scene.dora.slash(scene.channel, "campaign start", name="Dodge", ruleset="duel")
    assert "It plays High Noon." in text_of(started)
    [campaign] = await scene.db().campaigns(scene.guild.id)
    assert campaign.ruleset == "duel"
    refused(await scene.dora.slash(scene.channel, "game start", ruleset="qotd", campaign=str(campaign.id)),
            "plays High Noon", "not of Quick on the Draw")
    started = await scene.dora.slash(scene.channel, "game start", campaign=str(campaign.id))
    assert "High Noon — the cameras are rolling" in text_of(started)
    assert (await scene.db().load_game(scene.guild.id, scene.channel.id)).ruleset == "duel"


async def test_help_names_the_channels_ruleset_and_lists_its_commands(scene):
    await high_noon(scene)
    [embed] = (await scene.pete.slash(scene.channel, "help")).response.embeds
    fields = {field.name: field.value for field in embed.fields}
    assert fields["This channel plays High Noon"] == duel.DUEL.help()
    assert "`/duel cast` Cast a gunman." in fields["High Noon (`/game start ruleset:duel`)"]


async def test_the_pinned_board_of_high_noon_is_its_rulesets_board_redrawn_after_a_change(scene):
    await high_noon(scene)
    await scene.boss.slash(scene.channel, "game settings", pin_status=True)
    await scene.pete.slash(scene.channel, "status")
    [board] = scene.channel.pinned_messages()
    assert board.embeds[0].title == "Before the first turn"
    scene.env.bot.rng = Faces(5, 2)
    await scene.dora.slash(scene.channel, "deal")
    await scene.env.advance_time(REDRAW_BOARDS_AFTER.total_seconds() + 1)
    [redrawn] = scene.channel.pinned_messages()
    assert redrawn.id == board.id and redrawn.embeds[0].title == "Turn 1"
    owners = {scene.pete.id: "pete", scene.polly.id: "polly"}
    sent = await redrawn.attachments[0].read()
    drawn = render_board_pages(duel.DUEL.board(await stored(scene)), owners)[0]
    assert sent == drawn, unlike(sent, drawn)
