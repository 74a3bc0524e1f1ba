"""A whole game of Steve Burt's Wild West Skirmish through slash commands: a Director and two players, from
`/game start ruleset:burt` to its end, the bot restarted in the middle. Line numbers are those of
steve-burt-wild-west-skirmish.txt."""

from __future__ import annotations

from bot.rules.burt.ruleset import BURT
from bot.rules.burt.state import BurtState
from tests.rules.burt.game import Faces

from .conftest import make_bot
from .helpers import end_game, pinged, png, refused, text_of
from .test_timers import hours, posted


async def stored(scene) -> BurtState:
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    assert row.ruleset == "burt"
    return BURT.load(row.state)


async def draw_until_up(scene, key: str) -> list[str]:
    """The Director draws until ``key``'s card is up (STOP deals the next turn, EVENT is turned past); each
    /draw shows what it turned. Returns the replies' texts."""
    texts = []
    for _ in range(12):
        state = await stored(scene)
        if state.acting == key:
            return texts
        drawn = await scene.dora.slash(scene.channel, "draw")
        assert not drawn.response.ephemeral, drawn.response.content
        assert png(await drawn.response.attachments[0].read())
        texts.append(text_of(drawn))
    raise AssertionError(f"{key}'s card never came up")


async def test_a_whole_game_of_steve_burts_rules(scene, db_url):
    """SB 129-441: the deck with STOP and EVENT, two actions a card, initiative points, a jam and its unjamming,
    a shot that kills, and the game's end."""
    started = await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    assert "Steve Burt's Wild West Skirmish" in text_of(started)
    for player in (scene.pete, scene.polly):
        assert "4 initiative points" in text_of(await player.slash(scene.channel, "game join"))     # SB 133
    cast = await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger", weapons="pistol .45")
    assert "Doc** joins the cast" in text_of(cast)
    await scene.polly.slash(scene.channel, "burt cast", name="Ike", type="cowboy", weapons="rifle, knife")
    refused(await scene.pete.slash(scene.channel, "burt cast", name="Kid", type="cowboy", weapons="bow"),
            "not a weapon of the text")
    refused(await scene.pete.slash(scene.channel, "shoot", target="Ike", paces=5),
            "This channel plays Steve Burt's Wild West Skirmish: use `/burt …`")

    dealt = await scene.dora.slash(scene.channel, "deal")                                          # SB 133
    assert "Turn 1 — 4 cards to come" in text_of(dealt) and "2 character cards, STOP and EVENT" in text_of(dealt)
    refused(await scene.pete.slash(scene.channel, "burt act", action="walk", character="Doc"), "card is not up")

    # Ike's card: two actions (SB 135). A 1 jams his rifle (SB 313); UNJAM on a d6, 5: OK (SB 317).
    texts = await draw_until_up(scene, "ike")
    assert any("acts: two actions" in text for text in texts)
    scene.env.bot.rng = Faces(1)
    jammed = await scene.polly.slash(scene.channel, "burt fire", target="Doc", distance=10)
    assert "**Jammed**" in text_of(jammed) and png(await jammed.response.attachments[0].read())
    assert "Point Blank range 3 · Snapshot -1" in text_of(jammed)
    scene.env.bot.rng = Faces(5)
    assert "**OK**" in text_of(await scene.polly.slash(scene.channel, "burt unjam"))
    refused(await scene.polly.slash(scene.channel, "burt aim", target="Doc"), "no action left")
    bought = await scene.polly.slash(scene.channel, "burt initiative", character="Ike")           # SB 139-141
    assert "4 initiative points spent (0 left)" in text_of(bought)
    await scene.polly.slash(scene.channel, "burt aim", target="Doc")

    await scene.env.restart_bot(make_bot(db_url, seed=11))
    state = await stored(scene)
    assert state.seats[scene.polly.id].points == 0 and not state.characters["ike"].guns[0].jammed
    assert state.characters["ike"].aims == 1

    # Doc's card (after a STOP, the next turn's deck): he draws and fires at short range (5) with his skill
    # (+2) and a snapshot (-1): a 9 hits; a 0 on the .45 row is Dead (SB 361-371).
    await draw_until_up(scene, "doc")
    refused(await scene.pete.slash(scene.channel, "burt fire", target="Ike", distance=10),
            "Doc's pistol .45 is not drawn: DRAW it first (`/burt act action:draw`).")    # in code (ruling 606)
    await scene.pete.slash(scene.channel, "burt act", action="draw")
    scene.env.bot.rng = Faces(9, 10)
    shot = await scene.pete.slash(scene.channel, "burt fire", target="Ike", distance=10)
    assert "**Hit**" in text_of(shot) and "**Dead**" in text_of(shot) and "Ike is dead." in text_of(shot)
    assert png(await shot.response.attachments[0].read())
    state = await stored(scene)
    assert state.characters["ike"].out == "dead" and "ike" not in state.to_come

    status = await scene.polly.slash(scene.channel, "status")
    assert png(await status.response.attachments[0].read())
    deck = await scene.polly.slash(scene.channel, "deck")
    assert "Up: **Doc**, 0 actions left." in text_of(deck) and png(await deck.response.attachments[0].read())
    for _ in range(4):                                       # on to the next turn: only pete's side fights
        drawn = await scene.dora.slash(scene.channel, "draw")
        if "still fighting" in text_of(drawn):
            break
    assert f"Only <@{scene.pete.id}>'s characters are still fighting" in text_of(drawn)
    assert pinged(drawn) in ([], [scene.pete.id])
    ended = text_of(await end_game(scene.dora, scene.channel))                  # the summary: SB 155, 323-341
    assert "wrap" in ended and "**Dead or overpowered**\n**Ike**: dead\n" in ended
    assert "**Who did what**\n**Doc**: 1 shot fired, 1 hit\n**Ike**: 1 shot fired" in ended


async def test_the_event_card_waits_for_the_directors_event(scene):
    """SB 145: the EVENT card; the text lists no events, so the Director tells one (see docs/rulings.md)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger")
    await scene.dora.slash(scene.channel, "deal")
    for _ in range(6):
        drawn = await scene.dora.slash(scene.channel, "draw")
        if "**EVENT**" in text_of(drawn):
            break
    assert "the Director says what happens (`/burt event`)" in text_of(drawn)
    refused(await scene.pete.slash(scene.channel, "burt event", text="A stampede!"), "only a director")
    told = await scene.dora.slash(scene.channel, "burt event", text="A stampede comes down Main Street.")
    assert "EVENT: A stampede comes down Main Street." in text_of(told)
    state = await stored(scene)
    assert state.events == [f"Turn {state.turn}: A stampede comes down Main Street."] and not state.event_due
    assert "Undone" in text_of(await scene.dora.slash(scene.channel, "undo"))
    state = await stored(scene)
    assert state.events == [] and state.event_due
    await scene.dora.slash(scene.channel, "burt event", text="A stampede comes down Main Street.")
    settings = await scene.dora.slash(scene.channel, "burt settings", setting="points_every_turn", value="yes")
    assert "Points come back to full every turn" in text_of(settings)
    assert (await stored(scene)).settings.points_every_turn


async def test_only_a_characters_player_or_a_director_acts_with_it(scene):
    """Who may do what in a game of Steve Burt's rules: pete's Doc is pete's and the Directors' to move; the
    Director's own actions (events, difficult actions, settings) are theirs alone."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    for player in (scene.pete, scene.polly):
        await player.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger")
    await scene.polly.slash(scene.channel, "burt cast", name="Ike", type="cowboy")
    refused(await scene.polly.slash(scene.channel, "burt act", action="draw", character="Doc"), "doc")
    refused(await scene.stranger.slash(scene.channel, "burt act", action="draw", character="Doc"))
    refused(await scene.pete.slash(scene.channel, "burt difficult", character="Doc"), "only a director")
    refused(await scene.pete.slash(scene.channel, "burt settings", setting="points", value="6"), "only a director")
    refused(await scene.pete.slash(scene.channel, "burt cast", name="Kid", type="cowboy", player=scene.polly),
            "only a director")
    assert "drawn" in text_of(await scene.pete.slash(scene.channel, "burt act", action="draw", character="Doc"))
    assert "holstered" in text_of(await scene.deputy.slash(scene.channel, "burt act", action="holster",
                                                           character="Doc"))
    refused(await scene.stranger.slash(scene.channel, "burt contest", first="Doc", second="Ike"))
    scene.env.bot.rng = Faces(9, 3)                          # SB 143: Ike 9 + 0, Doc 3 + 2
    contest = await scene.polly.slash(scene.channel, "burt contest", first="Ike", second="Doc")
    assert "Ike's player spends first (9 to 5)." in text_of(contest)
    scene.env.bot.rng = Faces(3)                             # a cowboy's rating is 0: 3 is a fall (SB 185-187)
    fell = await scene.dora.slash(scene.channel, "burt difficult", character="Ike", what="vaulting the rail")
    assert "**Fallen over**" in text_of(fell) and (await stored(scene)).characters["ike"].lying
    assert not (await stored(scene)).characters["doc"].guns[0].drawn


async def test_the_reminder_names_the_card_up_and_the_deadline_turns_the_next(scene):
    """SB 135: a card's two actions; the game's deadline ends what its character had left (see
    docs/rulings.md), and the next card is turned."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    await scene.pete.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger")
    await scene.dora.slash(scene.channel, "game settings", deadline_hours=30)
    await scene.dora.slash(scene.channel, "deal")
    await draw_until_up(scene, "doc")
    await hours(scene, 13)
    [reminder] = posted(scene, "a reminder")
    assert reminder.content.startswith(f"<@{scene.pete.id}>, a reminder: **Doc**'s card is up, 2 actions left")
    await hours(scene, 20)
    [deadline] = posted(scene, "The deadline passed")
    assert deadline.content.startswith("⏰ The deadline passed: **Doc** does not act.")
    state = await stored(scene)
    assert state.characters["doc"].actions == 0 and state.turned[-1] != "doc"


async def test_a_fistfight_and_a_fourth_hit_read_as_the_text_says(scene):
    """What the players read (issue: refusals that mislead): a card up with both actions spent says so, not
    that it is not up (SB 135); a missed punch is no shot; a punch's "Light wound" (SB 405-409) rolls no damage
    die; a rider who "falls over stunned" (SB 385) is off his horse (SB 189); and the 4th hit is all "a
    character can take" (SB 329)."""
    await scene.dora.slash(scene.channel, "game start", ruleset="burt")
    for player in (scene.pete, scene.polly):
        await player.slash(scene.channel, "game join")
    await scene.pete.slash(scene.channel, "burt cast", name="Doc", type="gunslinger", weapons="pistol .45")
    await scene.polly.slash(scene.channel, "burt cast", name="Ike", type="cowboy", mounted=True)
    await scene.dora.slash(scene.channel, "deal")
    await draw_until_up(scene, "doc")

    scene.env.bot.rng = Faces(4)                             # a punch hits on 5 (SB 405-407)
    missed = await scene.pete.slash(scene.channel, "burt fight", target="Ike", attack="punch")
    assert "The attack misses." in text_of(missed) and "shot" not in text_of(missed)
    scene.env.bot.rng = Faces(5, 1)                          # a hit, and a 1 on the shock d6
    punched = await scene.pete.slash(scene.channel, "burt fight", target="Ike", attack="punch")
    assert "Punch damage: light, whatever the die (nothing to roll)." in text_of(punched)
    assert "Ike falls off the horse, stunned." in text_of(punched)
    ike = (await stored(scene)).characters["ike"]
    assert ike.stunned and not ike.mounted

    refused(await scene.pete.slash(scene.channel, "burt act", action="draw"),
            "Doc has no action left: both actions of their card are spent")
    for _ in range(3):
        await scene.pete.slash(scene.channel, "burt initiative", character="Doc")
    await scene.pete.slash(scene.channel, "burt act", action="draw")
    scene.env.bot.rng = Faces(9, 9)                          # a hit; 9 on the .45 row: Critical, 3 hits
    await scene.pete.slash(scene.channel, "burt fire", target="Ike", distance=10)
    scene.env.bot.rng = Faces(9, 1)                          # a hit; 1: Light, the 4th hit
    shot = await scene.pete.slash(scene.channel, "burt fire", target="Ike", distance=10)
    assert "Ike has taken 4 hits, all a character can take: dead." in text_of(shot)
    assert "more than" not in text_of(shot)
