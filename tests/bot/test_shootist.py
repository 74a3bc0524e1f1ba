"""A whole game of Shootist through SimCord: `/game start ruleset:shootist`, a Director and two players, the
Draw, shots in Draw order, a restart of the bot mid-game, and the end when one side is left standing."""

from __future__ import annotations

from bot.rules.shootist.ruleset import SHOOTIST
from tests.rules.shootist.table import Dice

from .conftest import make_bot
from .helpers import end_game, pinged, png, refused, text_of, words_of
from .test_timers import hours, posted


async def stored(scene):
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert row.ruleset == "shootist"
    return SHOOTIST.load(row.state)


async def shootout(scene) -> None:
    """dora directs; pete's Kid (Shoot D10, a Colt) and polly's Ann (Dodge D6, Lucky, a Dragoon and a horse)."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="shootist")
    assert "Shootist" in text_of(started) and "/shootist" in text_of(started)
    for player in (scene.pete, scene.polly):
        await player.slash(scene.channel, "game join")
    kid = await scene.pete.slash(scene.channel, "shootist cast", name="Kid", shoot="D10")
    assert "Kid** joins the cast" in text_of(kid) and "State: Shoot D10" in text_of(kid)
    ann = await scene.polly.slash(scene.channel, "shootist cast", name="Ann", dodge="D6", abilities="Lucky",
                                  weapons="Dragoon", horse=True)
    assert "Dragoon: 5/5" in text_of(ann) and "State: mounted" in text_of(ann) and "State: Dodge D6" in text_of(ann)


async def test_a_whole_game_of_shootist_with_a_restart(scene, db_url):
    await shootout(scene)
    refused(await scene.pete.slash(scene.channel, "shoot", target="Ann", paces=5),
            "This channel plays Shootist: use `/shootist …`")
    refused(await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=4), "`/deal` rolls the Draw")
    helped = text_of(await scene.polly.slash(scene.channel, "help"))
    assert "every skill is a die type, D4 to D12" in helped and "`/shootist shoot` Shoot die against dodge die" in helped

    scene.env.bot.rng = Dice(6, 2)                                   # SH 3: Kid's Draw 6, Ann's 2
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "**Kid**: D8 rolled **6**\n**Ann**: D8 rolled **2**\nDraw order: Kid, Ann." in text_of(dealt)
    assert dealt.response.content == f"<@{scene.pete.id}>, Kid acts." and pinged(dealt) == [scene.pete.id]
    assert png(await dealt.response.attachments[0].read())           # the Draw dice in order

    refused(await scene.polly.slash(scene.channel, "shootist shoot", target="Kid", hexes=4), "Kid is not yours")
    refused(await scene.polly.slash(scene.channel, "shootist shoot", target="Kid", hexes=4, shooter="Ann"),
            "It is not Ann's turn: Kid is acting")
    scene.env.bot.rng = Dice(7, 3, 1, 4, 5, 6)          # shoot 7 against Lucky's dodge 3 and 1: a chest wound, D6 5;
                                                        # mounted, she rolls her Ride die: 6, she stays on
    shot = await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=4, cover=True)
    words = text_of(shot)
    assert "Kid shoots at Ann with his Colt Revolver" in words
    assert "Shoot D10, -1 target in cover → D8" in words
    assert "**Hit**" in words and "**Chest**" in words and "**Stays in the saddle**" in words
    assert png(await shot.response.attachments[0].read())
    ann = (await stored(scene)).characters["ann"]
    assert ann.wounds == ["chest"] and ann.mounted

    drawn = await scene.dora.slash(scene.channel, "draw")
    assert drawn.response.content == f"<@{scene.polly.id}>, Ann acts."

    fresh = make_bot(db_url, seed=11)                                # the bot restarts mid-turn
    await scene.env.restart_bot(fresh)
    fresh.rng = Dice(2, 5)
    missed = await scene.polly.slash(scene.channel, "shootist shoot", target="Kid", hexes=4)
    assert "Ann shoots at Kid with his Dragoon Revolver" in text_of(missed) and "**Miss**" in text_of(missed)
    assert (await stored(scene)).characters["ann"].weapons[0].loaded == 4

    over = await scene.polly.slash(scene.channel, "draw")
    assert "Turn 1 is over" in text_of(over)
    fresh.rng = Dice(5, 3)
    await scene.dora.slash(scene.channel, "draw")                    # the next Draw: Kid first again
    fresh.rng = Dice(9, 1, 1, 1)                                     # a hit in the head
    fatal = await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=0)
    assert "Ann is dead (a hit in the head)." in text_of(fatal)
    assert "Only Kid is left standing: the game is over." in text_of(fatal)

    status = await scene.pete.slash(scene.channel, "status")
    assert png(await status.response.attachments[0].read())
    assert "The game is over" in text_of(await scene.dora.slash(scene.channel, "deal"))
    ended = text_of(await end_game(scene.dora, scene.channel))                  # the summary: SH 5, 55-61
    assert "wrap" in ended and "**Dead or knocked out**\n**Ann**: dead\n" in ended
    assert "**Who did what**\n**Kid**: 2 shots, 2 wounds dealt\n**Ann**: 1 shot" in ended


async def test_every_action_of_the_group_in_a_turn_each(scene):
    """SH 5, 63-65, 69-73, 81, 86, 106, 117: casting with options, die types, the lesser Draw die, move, reload,
    brawl and breaking off, mount, a flaming arrow, pick-up, noticing, Variable, through the commands."""
    await shootout(scene)
    refused(await scene.pete.slash(scene.channel, "shootist dice", shootist="Ann", shoot="D12"), "not yours")
    dice = await scene.pete.slash(scene.channel, "shootist dice", shootist="Kid", draw="D10", brawl="D6")
    assert "Kid: Draw D10, Brawl D6." in text_of(dice)
    chosen = await scene.pete.slash(scene.channel, "shootist drawdie", shootist="Kid", die="D6")
    assert "Kid rolls a D6 in the Draw phases to come." in text_of(chosen)
    refused(await scene.pete.slash(scene.channel, "shootist drawdie", shootist="Kid", first=True), "Super Fast")
    refused(await scene.dora.slash(scene.channel, "shootist cast", name="Red Cloud", abilities="Fan"),
            "There is no special ability 'Fan'")
    cast = await scene.dora.slash(scene.channel, "shootist cast", name="Red Cloud", type="indian", hidden=True,
                                  abilities="Variable, Fan Specialist", player=scene.polly)
    assert "Bow: 10/10" in text_of(cast) and "State: unnoticed" in text_of(cast)
    state = await stored(scene)
    assert state.characters["red-cloud"].abilities == ["variable", "fan_specialist"]
    assert not state.characters["red-cloud"].noticed

    scene.env.bot.rng = Dice(6, 5, 3)                                # Kid's D6: 6; Ann 5, Red Cloud 3
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "**Kid**: D6 rolled **6**" in text_of(dealt)
    refused(await scene.pete.slash(scene.channel, "shootist shoot", target="Red Cloud", hexes=3), "not been noticed")
    refused(await scene.pete.slash(scene.channel, "shootist reload"), "Only an empty gun is reloaded")
    moved = await scene.pete.slash(scene.channel, "shootist move", hexes=1, doors=1)
    assert "Kid moves: 2 hex(es) of movement." in text_of(moved)
    await scene.dora.slash(scene.channel, "draw")

    refused(await scene.polly.slash(scene.channel, "shootist mount"), "in the saddle already")
    scene.env.bot.rng = Dice(5, 2, 7)                                 # Ann 5 (Brawl D8) against Kid's D6 2
    brawled = await scene.polly.slash(scene.channel, "shootist brawl", opponent="Kid")
    assert "Ann wins the brawl." in text_of(brawled) and "Kid is wounded in the spare arm." in text_of(brawled)
    await scene.dora.slash(scene.channel, "draw")

    variable = await scene.polly.slash(scene.channel, "shootist variable", skill="shoot")
    assert "Red Cloud's Shoot die is one type better in turn 1." in text_of(variable)
    scene.env.bot.rng = Dice(2, 1, 3)                                 # an arrow D10 (Bow 0 at 3, +1 Variable)
    burnt = await scene.polly.slash(scene.channel, "shootist burn", building="Livery Stable", hexes=3)
    assert "The Livery Stable is on fire: it collapses in 3 turn(s)." in text_of(burnt)
    assert "Red Cloud is noticed" in text_of(burnt)
    noticed = await scene.dora.slash(scene.channel, "shootist notice", shootist="Red Cloud")
    assert "visible for the rest of the game" in text_of(noticed)
    refused(await scene.pete.slash(scene.channel, "shootist notice", shootist="Red Cloud"), "Only a Director")

    scene.env.bot.rng = Dice(1, 2, 3)                                 # turn 2: Ann, Red Cloud, Kid
    dealt = await scene.dora.slash(scene.channel, "deal")
    assert "The Livery Stable burns: 2 turn(s) before it collapses." in text_of(dealt)
    await scene.dora.slash(scene.channel, "draw")
    await scene.dora.slash(scene.channel, "draw")
    refused(await scene.pete.slash(scene.channel, "shootist move"), "in a brawl")
    refused(await scene.pete.slash(scene.channel, "shootist breakoff"), "did not draw first")
    state = await stored(scene)
    assert state.characters["kid"].brawling == ["ann"] and state.fires == {"Livery Stable": 2}


async def test_the_reminder_and_the_deadline_pass_the_turn(scene):
    """A shootist who does not act by the deadline does nothing this turn (see docs/rulings.md): the next in
    Draw order acts."""
    await shootout(scene)
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    scene.env.bot.rng = Dice(6, 2)
    await scene.dora.slash(scene.channel, "deal")
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert reminder.content.startswith(f"<@{scene.pete.id}>, a reminder: **Kid**'s turn: his action")
    assert "Kid does nothing this turn" in reminder.content
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    assert "Time is up: Kid does nothing." in words_of(deadline)
    assert f"<@{scene.polly.id}>, Ann acts." in deadline.content
    assert (await stored(scene)).turn.acting == "ann"


async def test_the_weapon_options_offer_what_the_shootist_carries(scene):
    await shootout(scene)
    offered = await scene.polly.autocomplete(scene.channel, "shootist reload", "weapon", "", shootist="Ann")
    assert [c["name"] for c in offered] == ["Dragoon Revolver"]
    scene.env.bot.rng = Dice(6, 2)
    await scene.dora.slash(scene.channel, "deal")
    offered = await scene.pete.autocomplete(scene.channel, "shootist shoot", "weapon", "")
    assert [c["name"] for c in offered] == ["Colt Revolver"]
    abilities = await scene.pete.autocomplete(scene.channel, "shootist cast", "abilities", "Lucky, ea")
    assert [c["name"] for c in abilities] == ["Lucky, Eagle Eye"]


async def test_a_shot_undone_gives_back_the_bullet_and_the_wound(scene):
    await shootout(scene)
    scene.env.bot.rng = Dice(6, 2)
    await scene.dora.slash(scene.channel, "deal")
    scene.env.bot.rng = Dice(7, 1, 1, 9, 6)                          # a leg wound; Ann stays in the saddle
    await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=4)
    state = await stored(scene)
    assert state.characters["ann"].wounds == ["leg"] and state.characters["kid"].weapons[0].loaded == 5
    assert "Kid shoots at Ann" in text_of(await scene.pete.slash(scene.channel, "log recent"))
    undone = await scene.dora.slash(scene.channel, "undo")
    assert "Undone" in text_of(undone)
    state = await stored(scene)
    assert state.characters["ann"].wounds == [] and state.characters["kid"].weapons[0].loaded == 6
    assert not state.characters["kid"].acted and state.turn.acting == "kid"
    listed = text_of(await scene.polly.slash(scene.channel, "cast list"))
    assert "**Kid** (Shootist" in listed and "Draw D8:6" in listed


async def test_fanned_shots_come_after_everyone(scene):
    """SH 38-41: the 2nd shot declared before the 1st, fired after every other shootist has acted; `/draw`
    calls the fanner back."""
    await shootout(scene)
    scene.env.bot.rng = Dice(6, 2)
    await scene.dora.slash(scene.channel, "deal")
    scene.env.bot.rng = Dice(2, 3, 4)
    fanned = await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=4, fan2="Ann")
    assert "-1 fanning → D8" in text_of(fanned) and "Kid fans: 1 more shot(s)" in text_of(fanned)
    await scene.dora.slash(scene.channel, "draw")
    await scene.polly.slash(scene.channel, "shootist move", hexes=0)
    again = await scene.polly.slash(scene.channel, "draw")
    assert again.response.content == f"<@{scene.pete.id}>, Kid acts."
    assert "now the fanners' 2nd and 3rd shots" in text_of(again)
    scene.env.bot.rng = Dice(1, 3, 4)
    second = await scene.pete.slash(scene.channel, "shootist shoot", target="Ann", hexes=4)
    assert "-1 fanning → D8" in text_of(second) and "+1 has moved this turn" in text_of(second)
    assert (await stored(scene)).characters["kid"].weapons[0].loaded == 4
    assert "Turn 1 is over" in text_of(await scene.pete.slash(scene.channel, "draw"))


async def test_a_lawmans_star_stops_a_blow_in_a_brawl_as_a_blow(scene):
    """SH 119: the Lawman's star; in a brawl (SH 67-70) what it stops is a blow, not "the bullet"."""
    await scene.dora.slash(scene.channel, "game start", ruleset="shootist")
    for player in (scene.pete, scene.polly):
        await player.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "shootist cast", name="Kid", brawl="D10")
    await scene.polly.slash(scene.channel, "shootist cast", name="Ann", abilities="Lawman")
    scene.env.bot.rng = Dice(6, 2)                                   # Kid draws first
    await scene.dora.slash(scene.channel, "deal")
    scene.env.bot.rng = Dice(9, 2, 3, 1)             # Kid's brawl 9 against Ann's 2: a chest hit; the star's D6 1
    brawled = await scene.pete.slash(scene.channel, "shootist brawl", opponent="Ann")
    assert "The blow glances off Ann's star." in text_of(brawled) and "bullet" not in text_of(brawled)
    assert (await stored(scene)).characters["ann"].wounds == []
