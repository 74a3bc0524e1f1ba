"""Every slash command: what the channel shows and what the database holds; who may use it; bad input.

Most tests start from ``ready``: a game directed by dora, with pete's Kid (a Supporting
Character, A♥ K♥, a single action revolver, the Healer skill) and polly's Wyatt (a Supporting
Character, A♠ K♠, a single action revolver). Both are "ordinary", so no failed roll offers a
re-roll unless a test says so. Dice are scripted (tests/rules/scripted.py): a command that
rolls more dice than its test scripted fails the test, and refusals are run with no dice at
all, so each refusal is also shown to roll nothing.

Tables of refusals run every row on the same game: each row must leave the game, its log and
what the channel shows exactly as they were, and every failing row is reported, not only the
first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord import OptionError

from bot.rules.qotd.state import Condition
from tests.rules.scripted import Dice

from .helpers import (View, card_up, channel_view, end_game, first_responses, pinged, png, refused, reply_of, text_of,
                      unsettled)

LONG = "x" * 10_000
NOBODY = "Nobody"


# -- reading the channel and the database ------------------------------------------------------


async def view(scene, channel=None) -> View:
    return await channel_view(scene.env, scene.guild.id, channel or scene.channel)


def messages(channel) -> int:
    return len(channel.history())


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def character(v: View, key: str):
    return v.game.characters.get(key) if v.game else None


def about(key: str, read: Callable[[Any, Any], Any]) -> Callable[[View, Any], Any]:
    """Read something of one character in a view (None while the character is not in the game)."""
    def reader(v: View, scene) -> Any:
        found = character(v, key)
        return read(found, scene) if found else None
    return reader


def no_pings(result) -> None:
    """The reply notifies nobody: no user, no role, not @everyone."""
    message = result.response._message
    assert message.ping_user_ids == [] and message.ping_role_ids == [] and not message.mention_everyone


def resolve(scene, options: dict[str, Any]) -> dict[str, Any]:
    """Options as written in the tables; a callable stands for a member or role of the scene."""
    return {k: v(scene) if callable(v) else v for k, v in options.items()}


async def run(scene, actor: str, command: str, options: dict[str, Any] | None = None, faces=()):
    """Run one slash command as a member of the scene, with the dice it may roll."""
    scene.env.bot.rng = Dice(*faces)
    return await getattr(scene, actor).slash(scene.channel, command, **resolve(scene, options or {}))


async def step(scene, actor, command, options=None, faces=()):
    """A setup step: it must succeed publicly and roll exactly the dice given."""
    result = await run(scene, actor, command, options, faces)
    assert not result.response.ephemeral, f"/{command} was refused: {result.response.content}"
    assert scene.env.bot.rng.faces == [], f"/{command} left dice unrolled"
    return result


async def assert_unchanged(scene, before: View, channel=None) -> None:
    after = await view(scene, channel)
    assert after.state == before.state
    assert after.director == before.director
    assert after.log == before.log
    assert after.public == before.public


@pytest.fixture
async def ready(scene):
    await scene.game()
    await step(scene, "pete", "cast add", {"name": "Kid", "type": "supporting", "personality": "ordinary"})
    await step(scene, "polly", "cast add", {"name": "Wyatt", "type": "supporting", "personality": "ordinary"})
    await step(scene, "pete", "cast weapon", {"character": "Kid", "weapon": "single_action_revolver"})
    await step(scene, "pete", "cast skill", {"character": "Kid", "skill": "healer"})
    await step(scene, "polly", "cast weapon", {"character": "Wyatt", "weapon": "single_action_revolver"})
    return scene


# -- (a) the happy path of every command --------------------------------------------------------


@dataclass
class Case:
    actor: str
    command: str
    options: dict = field(default_factory=dict)
    faces: tuple[int, ...] = ()
    shows: tuple[str, ...] = ()
    """Words the reply shows (content, embed titles, descriptions and fields)."""
    image: str | None = None
    """The PNG the reply attaches and its embed shows, if any."""
    logged: str | None = None
    """The kind of log entry the command adds (None: it adds none)."""
    holds: Callable[[View, Any], Any] | None = None
    """What to read in the database; None: the game is unchanged."""
    expected: Any = None
    """What ``holds`` reads after the command (and did not read before it)."""
    before: tuple = ()
    """Setup steps: (actor, command, options, faces)."""
    pings: tuple[str, ...] = ()


def kid_weapon(v, s):
    carried = character(v, "kid").weapons[0]
    return carried.condition.value, carried.loaded


def a_cast_members_card_is_up(v, s):
    acting = v.game.acting
    return acting is not None and acting.key in ("kid", "wyatt")


def holding(v, s):
    return sorted(c.key for c in v.game.characters.values() if Condition.HOLDING in c.conditions)


def acting_key(v, s):
    return [v.game.acting.key] if v.game.acting else None


HAPPY = [
    pytest.param(Case("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (7, 8, 5, 6),
                      ("Kid shoots at Wyatt with a Single action revolver (deliberate, 6 paces)", "Gotcha!",
                       "1 Hit", "A- OK", "Wyatt loses K♠ (lethal hit, for good)"), "roll.png", "shoot",
                      lambda v, s: codes(character(v, "wyatt").lost), ["KS"]), id="shoot"),
    pytest.param(Case("pete", "fight", {"attacker": "Kid", "defender": "Wyatt"}, (6, 6, 5, 6),
                      ("Kid attacks Wyatt with fists and feet (Standard Attack)", "Take That!",
                       "Wyatt loses K♠ (stunning hit, until they come round)"), "roll.png", "fight",
                      lambda v, s: (codes(character(v, "wyatt").stunned), codes(character(v, "wyatt").lost)),
                      (["KS"], [])), id="fight"),
    pytest.param(Case("pete", "quickdraw", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (10, 8, 5, 6),
                      ("Kid draws on Wyatt", "Mr Chained Lightning!", "Gotcha!", "Wyatt loses K♠"), "roll.png",
                      "quickdraw", lambda v, s: codes(character(v, "wyatt").lost), ["KS"]), id="quickdraw"),
    pytest.param(Case("pete", "move", {"character": "Kid"}, (6,), ("Kid: Wanting to Move", "1D10: [6]", "Forward!"),
                      "roll.png", "test", about("kid", lambda c, s: Condition.MOVED in c.conditions), True),
                 id="move"),
    pytest.param(Case("pete", "test", {"character": "Kid", "chart": "task"}, (6,),
                      ("Kid: Wanting to complete a task", "Success!"), "roll.png", "test"), id="test-task"),
    pytest.param(Case("polly", "test", {"character": "Wyatt", "chart": "poison"}, (3,),
                      ("Wyatt: Poison", "Treat as 2 Lethal Hits", "Wyatt is a casualty"), "roll.png", "test",
                      lambda v, s: (sorted(codes(character(v, "wyatt").lost)), character(v, "wyatt").casualty),
                      (["AS", "KS"], True)), id="test-poison"),
    pytest.param(Case("pete", "reload", {"character": "Kid"}, (6,),
                      ("Kid reloads the Single action revolver", "Ready to shoot!", "loaded (6 shots)"), "roll.png",
                      "reload", kid_weapon, ("loaded", 6),
                      before=(("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (7, 1)),)),
                 id="reload"),
    pytest.param(Case("pete", "heal", {"healer": "Kid", "patient": "Wyatt"}, (6,),
                      ("Kid tends Wyatt's wounds", "Feeling Better", "Wyatt recovers K♠"), "roll.png", "heal",
                      lambda v, s: codes(character(v, "wyatt").lost), [],
                      before=(("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, (7, 8, 5, 6)),)),
                 id="heal"),
    pytest.param(Case("polly", "comeround", {"character": "Wyatt"}, (6,),
                      ("Wyatt tries to come round", "Wyatt comes round and recovers K♠"), "roll.png", "come_round",
                      lambda v, s: codes(character(v, "wyatt").stunned), [],
                      before=(("pete", "fight", {"attacker": "Kid", "defender": "Wyatt"}, (6, 6, 5, 6)),)),
                 id="comeround"),
    pytest.param(Case("dora", "hold", {}, (), ("holds", "No roll was needed", "ready to respond"), None, "hold",
                      lambda v, s: holding(v, s) == acting_key(v, s), True,
                      before=(("dora", "deal", {}, ()), ("dora", "draw", {}, ()))), id="hold"),
    pytest.param(Case("pete", "roll", {"dice": 2, "keep": "best", "why": "the stagecoach"}, (4, 9),
                      ("pete rolls for the stagecoach: 2D10 take best: [4, **9**] → **9** (5-9)",), None, "roll"),
                 id="roll-best"),
    pytest.param(Case("polly", "roll", {"dice": 3, "keep": "worst"}, (2, 7, 9),
                      ("polly rolls for a free roll: 3D10 take worst: [**2**, 7, 9] → **2** (2-4)",), None, "roll"),
                 id="roll-worst"),
    pytest.param(Case("dora", "deal", {}, (), ("Phase 1", "the pack of 6 cards is shuffled"), "deck.png", "deal",
                      lambda v, s: (v.game.deck.phase, len(v.game.deck.to_come)), (1, 6)), id="deal"),
    pytest.param(Case("dora", "draw", {}, (), ("Phase 1 — ", "acts"), "turn.png", "draw",
                      a_cast_members_card_is_up, True, before=(("dora", "deal", {}, ()),), pings=None),
                 id="draw"),
    pytest.param(Case("pete", "deck", {}, (), ("Phase 1", "turned", "to come", "acts"), "deck.png",
                      before=(("dora", "deal", {}, ()), ("dora", "draw", {}, ()))), id="deck"),
    pytest.param(Case("pete", "deck", {}, (), ("Phase 1", "turned", "to come", "is holding"), "deck.png",
                      before=(("dora", "deal", {}, ()), ("dora", "draw", {}, ()), ("dora", "hold", {}, ()))),
                 id="deck-holding"),
    pytest.param(Case("polly", "status", {}, (), ("Before the first phase", "2 in the cast, 2 standing."),
                      "status.png"), id="status"),
    pytest.param(Case("pete", "cast add", {"name": "Doc Holliday", "type": "hero", "personality": "brave"}, (),
                      ("**Doc Holliday** joins the cast.", "Hero · played by", "Q♥ J♥ 10♥ 9♥", "Brave"), None, "cast",
                      about("doc-holliday", lambda c, s: (c.owner == s.pete.id, codes(c.cards))),
                      (True, ["QH", "JH", "10H", "9H"])), id="cast-add"),
    pytest.param(Case("dora", "cast add",
                      {"name": "Ike", "type": "minor", "personality": "rash", "player": lambda s: s.polly}, (),
                      ("**Ike** joins the cast.", "Minor Character", "Q♠"), None, "cast",
                      about("ike", lambda c, s: (c.owner == s.polly.id, codes(c.cards))),
                      (True, ["QS"])), id="cast-add-for-a-player"),
    pytest.param(Case("dora", "cast beast", {"name": "Rex", "animal": "dog"}, (),
                      ("**Rex** lurks nearby.", "Dogs or similar", "Attack dice: 2", "not yet activated"), None,
                      "cast", about("rex", lambda c, s: (c.animal, c.active, c.attack_dice)),
                      ("dog", False, 2)), id="cast-beast"),
    pytest.param(Case("dora", "cast activate", {"character": "Rex"}, (), ("**Rex** comes into play!",), None,
                      "activate", lambda v, s: (character(v, "rex").active,
                                                character(v, "rex").cards[0] in v.game.deck.to_come), (True, True),
                      before=(("dora", "cast beast", {"name": "Rex", "animal": "dog"}, ()),
                              ("dora", "deal", {}, ()))), id="cast-activate"),
    pytest.param(Case("pete", "cast skill", {"character": "Kid", "skill": "tough"}, (),
                      ("**Kid** gains Tough",), None, "skill",
                      lambda v, s: [t.key for t in character(v, "kid").traits], ["healer", "tough"]),
                 id="cast-skill"),
    pytest.param(Case("pete", "cast skill", {"character": "Kid", "skill": "good_in", "detail": "riding"}, (),
                      ("**Kid** gains Good in a particular skill (riding)",), None, "skill",
                      lambda v, s: [(t.key, t.detail) for t in character(v, "kid").traits],
                      [("healer", ""), ("good_in", "riding")]), id="cast-skill-detail"),
    pytest.param(Case("pete", "cast weapon", {"character": "Kid", "weapon": "derringer"}, (),
                      ("**Kid** carries a Derringer.",), None, "weapon",
                      lambda v, s: [(w.weapon, w.loaded) for w in character(v, "kid").weapons],
                      [("single_action_revolver", 6), ("derringer", 2)]), id="cast-weapon"),
    pytest.param(Case("pete", "cast armour", {"character": "Kid", "armour": "armour", "shield": True}, (),
                      ("**Kid**: armour armour (DV 2) and a shield.",), None, "armour",
                      lambda v, s: (character(v, "kid").armour, character(v, "kid").shield), ("armour", True)),
                 id="cast-armour"),
    pytest.param(Case("dora", "cast mount", {"character": "Wyatt", "mount": "elephant"}, (),
                      ("**Wyatt** rides a", "elephant"), None, "mount",
                      about("wyatt", lambda c, s: c.mount and (c.mount.kind, c.mount.stamina, c.mount.hits)),
                      ("elephant", 4, 0)), id="cast-mount"),
    pytest.param(Case("pete", "cast mount", {"character": "Kid", "mount": "none"}, (), ("**Kid** goes on foot.",),
                      None, "mount", lambda v, s: character(v, "kid").mount, None,
                      before=(("pete", "cast mount", {"character": "Kid", "mount": "horse"}, ()),)),
                 id="cast-dismount"),
    pytest.param(Case("polly", "cast show", {"character": "kid"}, (),
                      ("Kid", "Supporting Character · played by <@", "Cards: A♥ K♥", "Healer",
                       "Weapons: Single action revolver loaded", "Armour: none (DV 0)"), None), id="cast-show"),
    pytest.param(Case("stranger", "cast list", {}, (),
                      ("Cast list", "♥ **Kid** (Supporting Character, <@", "): A♥ K♥",
                       "♠ **Wyatt** (Supporting Character, <@", "): A♠ K♠"), None), id="cast-list"),
    pytest.param(Case("pete", "cast remove", {"character": "Kid"}, (), ("**Kid** leaves the cast.",), None,
                      "remove", lambda v, s: sorted(v.game.characters), ["wyatt"]), id="cast-remove"),
    pytest.param(Case("stranger", "game join", {}, (), ("stranger joins the game with ♣ clubs.",), None, "join",
                      lambda v, s: s.stranger.id in v.game.seats and v.game.seats[s.stranger.id].suits,
                      [("clubs", 1)]), id="game-join"),
    pytest.param(Case("stranger", "game leave", {}, (), ("stranger leaves the game.",), None, "leave",
                      lambda v, s: s.stranger.id in v.game.seats, False,
                      before=(("stranger", "game join", {}, ()),)), id="game-leave"),
    pytest.param(Case("dora", "game director", {"member": lambda s: s.polly}, (), ("now directs the game.",), None,
                      "director", lambda v, s: v.director == s.polly.id, True, pings=("polly",)),
                 id="game-director"),
    pytest.param(Case("dora", "game settings", {"cuts": 3}, (),
                      ("Settings", "Director role: Director", "Reminder after: 12 hours", "Cut! per character: 3"),
                      None, "settings", lambda v, s: v.game.settings.cuts_per_character, 3), id="game-settings"),
    pytest.param(Case("dora", "game end", {}, (), ("End the game in this channel after 1 phase?",), None, None,
                      before=(("dora", "deal", {}, ()),)), id="game-end"),
]


@pytest.mark.parametrize("case", HAPPY)
async def test_each_command_shows_its_outcome_and_stores_it(ready, case):
    scene = ready
    for actor, command, options, faces in case.before:
        await step(scene, actor, command, options, faces)
    before = await view(scene)
    result = await run(scene, case.actor, case.command, case.options, case.faces)

    reply = result.response
    assert not reply.ephemeral, reply.content
    shown = text_of(result)
    for words in case.shows:
        assert words in shown, shown
    assert scene.env.bot.rng.faces == [], "the command rolled fewer dice than scripted"
    if case.pings is not None:
        assert pinged(result) == [getattr(scene, name).id for name in case.pings]
        assert not reply._message.mention_everyone
    if case.image:
        assert [a.filename for a in reply.attachments] == [case.image]
        assert png(await reply.attachments[0].read())
        assert reply.embeds[0].image.url == f"attachment://{case.image}"
    else:
        assert reply.attachments == []

    after = await view(scene)
    assert len(after.public) == len(before.public) + 1
    if case.logged:
        assert [kind for kind, _ in after.log] == [kind for kind, _ in before.log] + [case.logged]
    else:
        assert after.log == before.log
    if case.holds is None:
        assert after.state == before.state
        assert after.director == before.director
    else:
        assert case.holds(before, scene) != case.expected, "the database held the outcome before the command"
        assert case.holds(after, scene) == case.expected
    if after.game is not None:
        after.game.check()


async def test_game_start_makes_the_channel_a_set(scene):
    before = await view(scene)
    assert before.state is None
    result = await run(scene, "dora", "game start")
    assert not result.response.ephemeral
    assert f"Director: <@{scene.dora.id}>" in text_of(result)
    no_pings(result)
    after = await view(scene)
    assert after.director == scene.dora.id and after.game.characters == {} and after.game.seats == {}
    assert after.log == [("start", "dora starts a game of Quick on the Draw.")]
    refused(await run(scene, "pete", "game start"), "already has a game")
    await assert_unchanged(scene, after)


async def test_a_member_who_manages_the_server_changes_its_settings_and_its_director_role_directs(ready):
    scene = ready
    boss_role = scene.guild.create_role("Boss", permissions=discord.Permissions(manage_guild=True))
    boss = scene.guild.add_member(scene.env.create_user("boss"), roles=[boss_role])
    marshal = scene.guild.create_role("Marshal")
    before = await view(scene)
    result = await boss.slash(scene.channel, "game settings", director_role=marshal, server_reminder_hours=2.5)
    assert not result.response.ephemeral
    assert "Director role: Marshal" in text_of(result) and "Reminder after: 2.5 hours" in text_of(result)
    server = await scene.db().server(scene.guild.id)
    assert (server.director_role_id, server.reminder_hours) == (marshal.id, 2.5)
    after = await view(scene)
    assert (after.state, after.director, after.log) == (before.state, before.director, before.log)
    assert len(after.public) == len(before.public) + 1

    deputy = scene.guild.add_member(scene.env.create_user("deputy"), roles=[marshal])
    scene.env.bot.rng = Dice()
    result = await deputy.slash(scene.channel, "deal")
    assert "the pack of 6 cards is shuffled" in text_of(result)
    assert (await view(scene)).game.deck.phase == 1

    refused(await boss.slash(scene.channel, "game settings", director_role=scene.guild.default_role),
            "@everyone cannot be the Director role")
    assert (await scene.db().server(scene.guild.id)).director_role_id == marshal.id


async def test_settings_without_options_show_the_server_defaults_without_a_game(scene):
    result = await run(scene, "stranger", "game settings")
    assert not result.response.ephemeral
    assert "Director role: Director" in text_of(result) and "Reminder after: 12 hours" in text_of(result)
    assert "Cut!" not in text_of(result)
    assert (await view(scene)).state is None


# -- /draw pings only the acting character's owner ------------------------------------------------


async def test_draw_pings_only_the_owner_of_the_character_whose_card_is_up(ready):
    scene = ready
    await step(scene, "dora", "deal")
    owners = {scene.pete.id: "pete", scene.polly.id: "polly"}
    for _ in range(6):
        before = await view(scene)
        result = await step(scene, "dora", "draw")
        game = (await view(scene)).game
        turned = game.deck.turned[len(before.game.deck.turned):]
        assert turned and png(await result.response.attachments[0].read())
        people = [c for c in turned if not c.is_joker]
        if people:
            acting = game.owner_of(people[-1])
            assert pinged(result) == [acting.owner]
            assert result.response.content == f"<@{acting.owner}>, {acting.name} acts."
        else:
            assert pinged(result) == [] and result.response.content == ""
        assert not result.response._message.mention_everyone
        if game.deck.spent:
            assert "Phase 1 ends: 6 cards turned" in text_of(result)
            return
        # the other player may not turn the next card
        other = next(name for uid, name in owners.items() if uid != game.acting.owner)
        unchanged = await view(scene)
        refused(await run(scene, other, "draw"), "only a director, or the player whose turn it is")
        await assert_unchanged(scene, unchanged)
    raise AssertionError("six cards never spent the pack")


async def test_the_player_whose_card_is_up_turns_the_next_card(ready):
    scene = ready
    await step(scene, "dora", "deal")
    await step(scene, "dora", "draw")
    game = (await view(scene)).game
    owner = "pete" if game.acting.owner == scene.pete.id else "polly"
    result = await step(scene, owner, "draw")
    assert len((await view(scene)).game.deck.turned) > len(game.deck.turned)
    assert "Phase 1" in text_of(result)


# -- tables of refusals: each row is run on the same game and must leave it as it was -------------------


def label(actor: str, command: str, options: dict) -> str:
    def short(value):
        if callable(value):
            return "<member or role>"
        if isinstance(value, str) and len(value) > 24:
            return f"{value[:8]!r}… ({len(value)} characters)"
        return repr(value)
    return f"{actor}: /{command} " + " ".join(f"{k}:{short(v)}" for k, v in options.items())


async def each_row(rows, check) -> None:
    """Check every row of a table, then report every row that failed (not only the first)."""
    failures = []
    for row in rows:
        try:
            await check(*row)
        except Exception as error:  # noqa: BLE001 - collected and reported below
            failures.append(f"{label(*row[:3])}\n    {type(error).__name__}: {error}")
    assert not failures, f"{len(failures)} of {len(rows)} rows failed:\n" + "\n".join(failures)


async def refused_and_unchanged(scene, actor, command, options, words, faces=()):
    """The command is refused ephemerally with ``words``, pings nobody, and changes nothing."""
    before = await view(scene)
    result = await run(scene, actor, command, options, faces)
    assert result.response.ephemeral, f"not refused: the channel shows {text_of(result)[:300]!r}"
    refused(result, words)
    no_pings(result)
    await assert_unchanged(scene, before)
    return result


# -- (b) permission refusals ---------------------------------------------------------------------------


def role(scene):
    return scene.guild.create_role("Marshal")


PERMISSIONS = {
    "someone-elses-character": [
        ("polly", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, "Kid is not yours to play"),
        ("stranger", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}, "Kid is not yours to play"),
        ("polly", "fight", {"attacker": "Kid", "defender": "Wyatt"}, "Kid is not yours to play"),
        ("stranger", "fight", {"attacker": "Kid", "defender": "Wyatt"}, "Kid is not yours to play"),
        ("polly", "quickdraw", {"shooter": "Kid", "target": "Wyatt"}, "Kid is not yours to play"),
        ("polly", "move", {"character": "Kid"}, "Kid is not yours to play"),
        ("stranger", "test", {"character": "Kid", "chart": "task"}, "Kid is not yours to play"),
        ("polly", "reload", {"character": "Kid"}, "Kid is not yours to play"),
        ("polly", "heal", {"healer": "Kid", "patient": "Wyatt"}, "Kid is not yours to play"),
        ("pete", "comeround", {"character": "Wyatt"}, "Wyatt is not yours to play"),
        ("pete", "hold", {"character": "Wyatt"}, "Wyatt is not yours to play"),
        ("polly", "cast skill", {"character": "Kid", "skill": "tough"}, "Kid is not yours to play"),
        ("polly", "cast weapon", {"character": "Kid", "weapon": "derringer"}, "Kid is not yours to play"),
        ("stranger", "cast armour", {"character": "Kid", "armour": "heavy"}, "Kid is not yours to play"),
        ("polly", "cast mount", {"character": "Kid", "mount": "horse"}, "Kid is not yours to play"),
        ("polly", "cast remove", {"character": "Kid"}, "Kid is not yours to play"),
        ("stranger", "cast remove", {"character": "Wyatt"}, "Wyatt is not yours to play"),
    ],
    "director-only": [
        ("pete", "cast add", {"name": "Ike", "type": "minor", "personality": "rash", "player": lambda s: s.polly},
         "only a director can cast characters for someone else"),
        ("pete", "cast beast", {"name": "Rex", "animal": "dog"}, "only a director can cast beasts"),
        ("polly", "cast activate", {"character": "Wyatt"}, "only a director can activate beasts"),
        ("pete", "deal", {}, "only a director can deal"),
        ("stranger", "draw", {}, "only a director, or the player whose turn it is"),
        ("pete", "game end", {}, "only a director can end the game"),
        ("polly", "game director", {"member": lambda s: s.polly}, "only a director can hand over the game"),
        ("pete", "game settings", {"cuts": 5}, "only a director can change the game's settings"),
    ],
    "server-managers-only": [
        ("pete", "game settings", {"director_role": role}, "only members who may manage the server"),
        ("dora", "game settings", {"server_reminder_hours": 2.0}, "only members who may manage the server"),
        ("dora", "game settings", {"cuts": 2, "server_reminder_hours": 2.0}, "only members who may manage the server"),
        ("dora", "game settings", {"pin_status": True}, "only members who may manage the server"),
    ],
    "players-only": [
        ("stranger", "cast add", {"name": "Ike", "type": "minor", "personality": "rash"}, "join the game first"),
        ("stranger", "game leave", {}, "you are not playing in this game"),
        ("pete", "game join", {}, "you are already playing"),
    ],
}


@pytest.mark.parametrize("table", PERMISSIONS)
async def test_permission_refusals_are_ephemeral_and_change_nothing(ready, table):
    server = await ready.db().server(ready.guild.id)
    await each_row(PERMISSIONS[table], lambda *row: refused_and_unchanged(ready, *row))
    assert await ready.db().server(ready.guild.id) == server


async def test_a_bot_can_neither_direct_nor_play(ready):
    robot = ready.guild.add_member(ready.env.create_user("robot", bot=True))
    await each_row([
        ("dora", "game director", {"member": lambda s: robot}, "a bot cannot direct"),
        ("dora", "cast add", {"name": "Ike", "type": "minor", "personality": "rash", "player": lambda s: robot},
         "a bot cannot play"),
    ], lambda *row: refused_and_unchanged(ready, *row))


async def test_a_user_who_is_not_a_member_of_the_server_is_refused(ready, caplog):
    drifter = ready.env.create_user("drifter")       # on no server: Discord sends them as a user, not a member
    await each_row([
        ("dora", "game director", {"member": lambda s: drifter}, "Pick from the list"),
        ("dora", "cast add", {"name": "Ike", "type": "minor", "personality": "rash", "player": lambda s: drifter},
         "Pick from the list"),
    ], lambda *row: refused_and_unchanged(ready, *row))
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


# -- (c) bad input -------------------------------------------------------------------------------------


UNKNOWN = [
    ("cast activate", {"character": NOBODY}),
    ("cast skill", {"character": NOBODY, "skill": "tough"}),
    ("cast weapon", {"character": NOBODY, "weapon": "derringer"}),
    ("cast armour", {"character": NOBODY, "armour": "heavy"}),
    ("cast mount", {"character": NOBODY, "mount": "horse"}),
    ("cast show", {"character": NOBODY}),
    ("cast remove", {"character": NOBODY}),
    ("hold", {"character": NOBODY}),
    ("shoot", {"shooter": NOBODY, "target": "Wyatt", "paces": 6}),
    ("shoot", {"shooter": "Kid", "target": NOBODY, "paces": 6}),
    ("fight", {"attacker": NOBODY, "defender": "Wyatt"}),
    ("fight", {"attacker": "Kid", "defender": NOBODY}),
    ("quickdraw", {"shooter": NOBODY, "target": "Wyatt"}),
    ("quickdraw", {"shooter": "Kid", "target": NOBODY}),
    ("move", {"character": NOBODY}),
    ("move", {"character": "Kid", "leader": NOBODY}),
    ("test", {"character": NOBODY, "chart": "task"}),
    ("test", {"character": "Kid", "chart": "courage", "leader": NOBODY}),
    ("reload", {"character": NOBODY}),
    ("heal", {"healer": NOBODY, "patient": "Wyatt"}),
    ("heal", {"healer": "Kid", "patient": NOBODY}),
    ("comeround", {"character": NOBODY}),
]


async def test_an_unknown_character_is_refused_by_every_command_that_names_one(ready):
    await each_row([("dora", command, options) for command, options in UNKNOWN],
                   lambda actor, command, options: refused_and_unchanged(
                       ready, actor, command, options, "There is no character called **Nobody** in this game."))


MENTIONS = [
    ("pete", "cast add", {"name": "@everyone", "type": "minor", "personality": "rash"}, "cannot contain a mention"),
    ("pete", "cast add", {"name": "Hi @here", "type": "minor", "personality": "rash"}, "cannot contain a mention"),
    ("pete", "cast add", {"name": lambda s: f"Pal {s.polly.mention}", "type": "minor", "personality": "rash"},
     "cannot contain a mention"),
    ("dora", "cast beast", {"name": "<@&123456789012345678>", "animal": "dog"}, "cannot contain a mention"),
    ("pete", "cast skill", {"character": "Kid", "skill": "good_in", "detail": "@everyone"}, "cannot contain a mention"),
    ("pete", "cast show", {"character": "@everyone"}, "no character called **@\u200beveryone**"),
    ("pete", "shoot", {"shooter": "Kid", "target": "@here", "paces": 6}, "no character called **@\u200bhere**"),
]


async def test_mentions_in_names_are_refused_and_never_ping(ready):
    await each_row(MENTIONS, lambda *row: refused_and_unchanged(ready, *row))


HIDDEN_TEXT = [
    ("pete", "cast show", {"character": "\u202eNobody"}, "There is no character called **Nobody** in this game."),
    ("pete", "cast remove", {"character": "No\u200bbody\u0007"},
     "There is no character called **Nobody** in this game."),
    ("pete", "shoot", {"shooter": "Kid", "target": "\u200b\u2060", "paces": 6},
     "There is no character by that name in this game."),
]


async def test_a_refusal_quotes_a_name_without_its_invisible_or_right_to_left_characters(ready):
    await each_row(HIDDEN_TEXT, lambda *row: refused_and_unchanged(ready, *row))


async def test_invisible_characters_in_a_name_are_ignored(ready):
    result = await run(ready, "polly", "cast show", {"character": "\u202eKi\u200bd"})
    assert "Cards: A♥ K♥" in text_of(result)


async def test_a_reason_with_invisible_or_right_to_left_characters_is_refused_before_any_roll(ready):
    await each_row([("pete", "roll", {"why": "luck\u202e 01"}, "The reason contains invisible or control characters."),
                    ("pete", "roll", {"why": "a bell\u0007"}, "The reason contains invisible or control characters."),
                    ("pete", "test", {"character": "Kid", "chart": "task", "reduced": "dark\u202e 01"},
                     "The reason the dice are reduced contains invisible or control characters.")],
                   lambda *row: refused_and_unchanged(ready, *row))


async def test_a_reduced_dice_reason_shows_no_link_or_mention_a_user_wrote(ready):
    result = await step(ready, "pete", "test", {"character": "Kid", "chart": "task",
                                                "reduced": "@here [click](https://example.com)"}, (6, 6))
    assert "reduced dice 2D10 take worst (@\u200bhere \\[click](https://example.com))" in text_of(result)


TOO_LONG = [
    ("pete", "cast add", {"name": LONG, "type": "minor", "personality": "rash"},
     "The name is 10000 characters long; keep it to 40."),
    ("pete", "cast add", {"name": "Ike", "type": "minor", "personality": LONG}, "Pick a personality from the list."),
    ("dora", "cast beast", {"name": LONG, "animal": "dog"}, "keep it to 40"),
    ("dora", "cast beast", {"name": "Rex", "animal": LONG}, "Pick an animal from the list."),
    ("pete", "cast skill", {"character": "Kid", "skill": LONG}, "Pick a skill or trait from the list."),
    ("pete", "cast skill", {"character": "Kid", "skill": "expert", "detail": LONG},
     "The detail is 10000 characters long"),
    ("pete", "cast weapon", {"character": "Kid", "weapon": LONG}, "Pick a weapon from the list."),
    ("pete", "cast show", {"character": LONG}, "There is no character called **" + "x" * 40 + "** in this game."),
    ("pete", "cast remove", {"character": LONG}, "no character called"),
    ("pete", "shoot", {"shooter": "Kid", "target": LONG, "paces": 6}, "no character called"),
    ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6, "weapon": LONG}, "Kid has no missile weapon"),
    ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt", "weapon": LONG}, "Kid has no weapon to fight with"),
    ("pete", "quickdraw", {"shooter": LONG, "target": "Wyatt"}, "no character called"),
    ("pete", "move", {"character": LONG}, "no character called"),
    ("pete", "test", {"character": "Kid", "chart": LONG}, "Pick a chart from the list."),
    ("pete", "reload", {"character": "Kid", "weapon": LONG}, "Kid has no weapon that needs reloading."),
    ("pete", "heal", {"healer": "Kid", "patient": LONG}, "no character called"),
    ("polly", "comeround", {"character": LONG}, "no character called"),
    ("dora", "hold", {"character": LONG}, "no character called"),
]


async def test_a_ten_thousand_character_string_is_refused_without_echoing_it(ready):
    async def check(actor, command, options, words):
        result = await refused_and_unchanged(ready, actor, command, options, words)
        echoed = result.response.content.count("x")
        assert echoed <= 40, f"the refusal echoes {echoed} characters of the input"
    await each_row(TOO_LONG, check)


RANGES = [
    ("shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 0}, "paces", "must be ≥ 1, got 0"),
    ("shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 10_000}, "paces", "must be ≤ 500, got 10000"),
    ("quickdraw", {"shooter": "Kid", "target": "Wyatt", "paces": 0}, "paces", "must be ≥ 1, got 0"),
    ("quickdraw", {"shooter": "Kid", "target": "Wyatt", "paces": 10_000}, "paces", "must be ≤ 500, got 10000"),
    ("fight", {"attacker": "Kid", "defender": "Wyatt", "opponents": 0}, "opponents", "must be ≥ 1, got 0"),
    ("roll", {"dice": 7}, "dice", "must be ≤ 6, got 7"),
    ("roll", {"why": LONG}, "why", "must be at most 200 characters, got 10000"),
    ("test", {"character": "Kid", "chart": "task", "skill": LONG}, "skill", "must be at most 40 characters"),
    ("test", {"character": "Kid", "chart": "task", "reduced": LONG}, "reduced", "must be at most 100 characters"),
    ("game settings", {"cuts": 11}, "cuts", "must be ≤ 10, got 11"),
    ("game settings", {"reminder_hours": 0.1}, "reminder_hours", "must be ≥ 0.25, got 0.1"),
    ("game settings", {"server_reminder_hours": 200.0}, "server_reminder_hours", "must be ≤ 168.0, got 200.0"),
    ("game settings", {"deadline_hours": -1.0}, "deadline_hours", "must be ≥ 0.0, got -1.0"),
    ("game settings", {"deadline_hours": 1000.0}, "deadline_hours", "must be ≤ 720.0, got 1000.0"),
    ("game settings", {"deadline_action": "shoot"}, "deadline_action", "shoot"),
]


async def test_discord_refuses_values_outside_an_options_range_before_the_bot_sees_them(ready):
    """The user's client refuses these (SimCord raises what Discord would); the bot is never asked."""
    async def check(actor, command, options, option, words):
        before, sent = await view(ready), messages(ready.channel)
        with pytest.raises(OptionError, match=words) as refusal:
            await run(ready, actor, command, options)
        assert refusal.value.option == option
        assert messages(ready.channel) == sent
        await assert_unchanged(ready, before)
    await each_row([("dora", *row) for row in RANGES], check)


async def test_paces_within_discords_range_but_beyond_the_weapons_are_refused_before_any_roll(ready):
    await each_row([("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": paces},
                     f"reaches 24 paces at most (effective 12); {paces} is out of range") for paces in (25, 500)],
                   lambda *row: refused_and_unchanged(ready, *row))


@pytest.mark.parametrize("draw_test", [6, 3, 1], ids=["draw-passes", "draw-fails", "draw-fumbles"])
async def test_an_impossible_quickdraw_is_refused_whatever_the_draw_test(ready, draw_test):
    await each_row([
        ("pete", "quickdraw", {"shooter": "Kid", "target": "Wyatt", "paces": 500}, "500 is out of range"),
        ("pete", "quickdraw", {"shooter": "Kid", "target": "Kid", "paces": 6}, "cannot shoot at themselves"),
    ], lambda *row: refused_and_unchanged(ready, *row, faces=(draw_test,)))


IMPOSSIBLE = {
    "cast": [
        ("dora", "draw", {}, "No phase has been dealt yet"),
        ("pete", "deck", {}, "No phase has been dealt yet"),
        ("dora", "hold", {}, "No card is up"),
        ("pete", "shoot", {"target": "Wyatt", "paces": 6}, "No card is up"),
        ("pete", "cast skill", {"character": "Kid", "skill": "expert"},
         "Expert with a particular weapon needs a detail"),
        ("pete", "cast skill", {"character": "Kid", "skill": "healer"}, "Kid already has Healer"),
        ("pete", "cast weapon", {"character": "Kid", "weapon": "single_action_revolver", "ignition": "flintlock"},
         "comes as cartridge, not flintlock"),
        ("pete", "cast add", {"name": "KID", "type": "minor", "personality": "rash"}, "already a character called KID"),
        ("dora", "cast activate", {"character": "Kid"}, "Kid is not a beast waiting to come into play"),
        ("pete", "shoot", {"shooter": "Kid", "target": "Kid", "paces": 6}, "cannot shoot at themselves"),
        ("pete", "fight", {"attacker": "Kid", "defender": "Kid"}, "cannot attack themselves"),
        ("pete", "heal", {"healer": "Kid", "patient": "Wyatt"}, "Wyatt has no wounds to heal"),
        ("polly", "heal", {"healer": "Wyatt", "patient": "Kid"}, "Wyatt is no Healer"),
        ("polly", "comeround", {"character": "Wyatt"}, "Wyatt is not knocked out"),
        ("pete", "reload", {"character": "Kid"}, "Kid has no weapon that needs reloading"),
        ("pete", "move", {"character": "Kid", "leader": "Kid"}, "Name another character"),
        ("pete", "test", {"character": "Kid", "chart": "charm"}, "Only a Charismatic character"),
        ("dora", "game director", {"member": lambda s: s.dora}, "dora already directs the game"),
    ],
    "empty-cast": [
        ("dora", "deal", {}, "Nobody in the cast has a card to play"),
        ("pete", "cast list", {}, "Nobody has been cast yet"),
    ],
    "dealt": [
        ("pete", "hold", {"character": "Kid"}, "Kid can only hold when their card is up"),
        ("dora", "deal", {}, "Use `/deal again:True` to reshuffle anyway"),
    ],
}


@pytest.mark.parametrize("setting", IMPOSSIBLE)
async def test_requests_the_game_cannot_carry_out_are_refused(ready, setting):
    if setting == "empty-cast":
        for name in ("Kid", "Wyatt"):
            await step(ready, "dora", "cast remove", {"character": name})
    elif setting == "dealt":
        await step(ready, "dora", "deal")
        await step(ready, "dora", "draw")
        while (await view(ready)).game.acting.key == "kid":       # Wyatt's card is up, not Kid's
            await step(ready, "dora", "draw")
    await each_row(IMPOSSIBLE[setting], lambda *row: refused_and_unchanged(ready, *row))


# -- a channel with no game ----------------------------------------------------------------------------


NO_GAME = [
    ("game join", {}), ("game leave", {}), ("game end", {}), ("game director", {"member": lambda s: s.polly}),
    ("game settings", {"cuts": 2}), ("catchup", {}),
    ("cast add", {"name": "Kid", "type": "minor", "personality": "rash"}),
    ("cast beast", {"name": "Rex", "animal": "dog"}),
    ("cast activate", {"character": "Rex"}), ("cast skill", {"character": "Kid", "skill": "tough"}),
    ("cast weapon", {"character": "Kid", "weapon": "derringer"}),
    ("cast armour", {"character": "Kid", "armour": "heavy"}),
    ("cast mount", {"character": "Kid", "mount": "horse"}), ("cast show", {"character": "Kid"}), ("cast list", {}),
    ("cast remove", {"character": "Kid"}),
    ("deal", {}), ("draw", {}), ("hold", {}), ("deck", {}), ("status", {}),
    ("shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}), ("fight", {"attacker": "Kid", "defender": "Wyatt"}),
    ("quickdraw", {"shooter": "Kid", "target": "Wyatt"}), ("move", {"character": "Kid"}),
    ("test", {"character": "Kid", "chart": "task"}), ("reload", {"character": "Kid"}),
    ("heal", {"healer": "Kid", "patient": "Wyatt"}), ("comeround", {"character": "Kid"}), ("roll", {}),
]


async def test_every_command_but_start_is_refused_in_a_channel_without_a_game(ready):
    """The channel next to the saloon has no game; the saloon's game is untouched by what is typed there."""
    livery = ready.guild.create_text_channel("livery")

    async def check(actor, command, options):
        saloon = await view(ready)
        ready.env.bot.rng = Dice(5)                          # /roll rolls before it finds there is no game
        result = await getattr(ready, actor).slash(livery, command, **resolve(ready, options))
        refused(result, "There is no game in this channel")
        no_pings(result)
        assert (await view(ready, livery)).state is None
        await assert_unchanged(ready, saloon)
    await each_row([("dora", command, options) for command, options in NO_GAME], check)


async def test_commands_after_the_game_ended_are_refused(ready):
    await end_game(ready.dora, ready.channel)
    for actor, command, options in (("pete", "cast show", {"character": "Kid"}), ("dora", "deal", {}),
                                    ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6})):
        refused(await run(ready, actor, command, options), "no game in this channel")
    assert (await view(ready)).state is None


# -- a re-roll decision pending ------------------------------------------------------------------------


@pytest.fixture
async def pending(ready):
    """Phase 1 dealt and a card up; Doc (pete's, Disciplined) failed Wanting to Shoot: re-roll or keep?"""
    await step(ready, "pete", "cast add", {"name": "Doc", "type": "supporting", "personality": "disciplined"})
    await step(ready, "pete", "cast weapon", {"character": "Doc", "weapon": "single_action_revolver"})
    await step(ready, "dora", "deal")
    await card_up(ready, "Doc")
    result = await step(ready, "pete", "shoot", {"shooter": "Doc", "target": "Wyatt", "paces": 6}, (3,))
    assert pinged(result) == [ready.pete.id]
    game = (await view(ready)).game
    assert game.pending and game.pending["roller"] == "doc"
    ready.decision = result.response.message
    return ready


WAITING = [
    ("dora", "draw", {}), ("dora", "deal", {"again": True}), ("pete", "cast remove", {"character": "Kid"}),
    ("dora", "hold", {}), ("pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "paces": 6}),
    ("pete", "fight", {"attacker": "Kid", "defender": "Wyatt"}),
    ("pete", "quickdraw", {"shooter": "Kid", "target": "Wyatt"}),
    ("pete", "move", {"character": "Kid"}), ("polly", "test", {"character": "Wyatt", "chart": "task"}),
    ("pete", "reload", {"character": "Kid"}), ("pete", "heal", {"healer": "Kid", "patient": "Wyatt"}),
    ("polly", "comeround", {"character": "Wyatt"}),
]


async def test_commands_wait_for_the_pending_re_roll_decision(pending):
    await each_row(WAITING, lambda *row: refused_and_unchanged(pending, *row, "waiting for a re-roll decision"))


async def test_draw_works_again_once_the_owner_decides(pending):
    scene = pending
    refused(await run(scene, "dora", "draw"), "waiting for a re-roll decision")
    scene.env.bot.rng = Dice()
    kept = await scene.pete.click(scene.decision, label="Keep")
    assert "Where’s the target!" in text_of(kept)
    assert (await view(scene)).game.pending is None
    before = await view(scene)
    result = await step(scene, "dora", "draw")
    assert png(await result.response.attachments[0].read())
    assert len((await view(scene)).game.deck.turned) > len(before.game.deck.turned)



async def test_presses_arriving_together_are_acknowledged_before_their_game_is_read(pending):
    """A re-roll button pressed in a burst is acknowledged at once, before its game is read, by a deferred update
    that shows no one anything (the real Discord drops an interaction not acknowledged within 3 s): a refused
    press stays its presser's alone and the decision is answered in the channel. A press on its own is simply
    answered."""
    scene = pending
    scene.env.bot.rng = Dice()
    calls = len(scene.env.http_requests)
    with unsettled(scene.env):
        stranger = await scene.polly.click(scene.decision, label="Keep")
        owner = await scene.pete.click(scene.decision, label="Keep")
        await scene.dora.slash(scene.guild.create_text_channel("livery"), "game start")
    await scene.env.settle()
    first = first_responses(scene.env, calls)
    assert [first[stranger._interaction.id], first[owner._interaction.id]] == [6, 6]
    refused(stranger, "Only Doc's player or a Director")
    assert "Where’s the target!" in text_of(owner) and not reply_of(owner).ephemeral
    assert (await view(scene)).game.pending is None

    again = await step(scene, "pete", "shoot", {"shooter": "Doc", "target": "Wyatt", "paces": 6}, (3,))
    calls = len(scene.env.http_requests)
    alone = await scene.pete.click(again.response.message, label="Keep")
    assert list(first_responses(scene.env, calls).values()) == [4] and "Where’s the target!" in text_of(alone)

# -- names are shown as typed, never as markdown or pings ------------------------------------------------


BOB = "Bob **bold**"
SHOWN_BOB = r"Bob \*\*bold\*\*"


@pytest.fixture
async def bob(ready):
    await step(ready, "pete", "cast add", {"name": BOB, "type": "supporting", "personality": "ordinary"})
    await step(ready, "pete", "cast weapon", {"character": BOB, "weapon": "single_action_revolver"})
    return ready


SHOWING_BOB = [
    ("polly", "shoot", {"shooter": "Wyatt", "target": BOB, "paces": 6}, (7, 8, 5, 6)),
    ("pete", "cast skill", {"character": BOB, "skill": "tough"}, ()),
    ("pete", "cast armour", {"character": BOB, "armour": "heavy"}, ()),
    ("pete", "cast mount", {"character": BOB, "mount": "horse"}, ()),
    ("polly", "cast show", {"character": BOB}, ()),
    ("polly", "cast list", {}, ()),
    ("pete", "move", {"character": BOB}, (6,)),
    ("pete", "fight", {"attacker": BOB, "defender": "Wyatt"}, (6, 6, 6, 6)),
    ("pete", "shoot", {"shooter": BOB, "target": "Wyatt", "paces": 6}, (7, 8, 6, 6)),
    ("pete", "cast remove", {"character": BOB}, ()),
]


async def test_a_name_with_markdown_is_shown_escaped_and_pings_nobody(bob):
    async def check(actor, command, options, faces):
        result = await run(bob, actor, command, options, faces)
        assert not result.response.ephemeral, result.response.content
        shown = text_of(result)
        assert SHOWN_BOB in shown and BOB not in shown.replace(SHOWN_BOB, ""), shown
        no_pings(result)
    await each_row(SHOWING_BOB, check)


async def test_draw_names_a_markdown_character_escaped_and_pings_only_its_owner(bob):
    await step(bob, "dora", "deal")
    for _ in range(8):
        result = await step(bob, "dora", "draw")
        game = (await view(bob)).game
        if game.acting and game.acting.key == "bob-**bold**":
            assert result.response.content == f"<@{bob.pete.id}>, {SHOWN_BOB} acts."
            assert pinged(result) == [bob.pete.id]
            assert f"**{SHOWN_BOB}** acts" in text_of(result)
            hold = await step(bob, "pete", "hold")
            assert f"{SHOWN_BOB} holds" in text_of(hold)
            no_pings(hold)
            return
    raise AssertionError("Bob's card never came up")


async def test_a_refusal_naming_a_markdown_character_shows_it_escaped(bob):
    await each_row([
        ("polly", "cast armour", {"character": BOB, "armour": "heavy"}, f"{SHOWN_BOB} is not yours to play"),
        ("pete", "reload", {"character": BOB}, f"{SHOWN_BOB} has no weapon that needs reloading"),
    ], lambda *row: refused_and_unchanged(bob, *row))


async def test_a_members_name_with_everyone_and_markdown_pings_nobody(ready):
    rowdy = ready.guild.add_member(ready.env.create_user("rowdy"), nick="@everyone **Dan**")
    join = await rowdy.slash(ready.channel, "game join")
    assert join.response.content == "@\u200beveryone \\*\\*Dan\\*\\* joins the game with ♣ clubs."
    no_pings(join)
    ready.env.bot.rng = Dice(8)
    rolled = await rowdy.slash(ready.channel, "roll", why="@here **luck**")
    assert rolled.response.content == "@\u200beveryone \\*\\*Dan\\*\\* rolls for @\u200bhere \\*\\*luck\\*\\*: " \
                                      "1D10: [8] → **8** (5-9)"
    no_pings(rolled)


async def test_a_members_right_to_left_name_is_shown_without_its_control_characters(ready):
    backwards = ready.guild.add_member(ready.env.create_user("backwards"), nick="\u202eDan\u200f")
    join = await backwards.slash(ready.channel, "game join")
    assert join.response.content == "Dan joins the game with ♣ clubs."
    ready.env.bot.rng = Dice(10)
    rolled = await backwards.slash(ready.channel, "roll")
    assert rolled.response.content == "Dan rolls for a free roll: 1D10: [10] → **10** (10)"
