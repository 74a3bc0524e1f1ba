"""The battlefield map as slash commands: a Director makes, changes, saves and loads it; everyone takes a place
on it; and a shootout on Main Street is played with no range or cover typed.

Starts from ``ready`` (tests/bot/test_commands.py): pete's Kid and polly's Wyatt, Supporting Characters with a
single action revolver each, no phase dealt. Dice are scripted.
"""

from __future__ import annotations

from sqlalchemy import update

from bot.storage.models import Game
from tests.rules.scripted import Dice

from .helpers import png, text_of
from .test_commands import character, each_row, ready, refused_and_unchanged, step, view  # noqa: F401

TOWN = 'map "Dodge" 40x30\nbuilding 2,2 10x8 "Long Branch" door 7,10 window 3,10\nfence 0,20 40,20\n'


async def token(scene, key):
    return (await view(scene)).game.battlefield.tokens.get(key)


async def test_a_director_sets_main_street_and_its_picture_shows(ready):
    result = await step(ready, "dora", "map set", {"ready_set": "main_street"})
    reply = result.response
    assert "The battlefield: Main Street" in text_of(result)
    assert reply.embeds[0].footer.text == "60×40 paces, squares of 3: place with /place at:C7"   # how to read it
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


# -- a shootout on Main Street, no range or cover typed -------------------------------------------------


async def main_street(scene, kid, wyatt):
    await step(scene, "dora", "map set", {"ready_set": "main_street"})
    await step(scene, "pete", "place", {"who": "Kid", "at": kid})
    await step(scene, "polly", "place", {"who": "Wyatt", "at": wyatt})


def map_shown(scene) -> str:
    """The words of the map a roll's reply (the last public message) showed under its roll card, in one
    message: the card's embed and picture, then the map's."""
    messages = [m for m in scene.env.backend.messages[scene.channel.id].values() if not m.is_ephemeral]
    last = max(messages, key=lambda m: m.id)
    assert [a["filename"] for a in last.attachments] == ["roll.png", "map.png"]
    card, shown = last.embeds
    assert (card["image"]["url"], shown["image"]["url"]) == ("attachment://roll.png", "attachment://map.png")
    return shown["description"]


async def test_a_shot_at_a_gunman_in_the_saloon_window_takes_range_and_hard_cover_from_the_map(ready):
    """2264: hard cover +2 DV; the range is measured on the map (see docs/rulings.md)."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    # Wanting to Shoot 1D10 [6]: Shoot at the Enemy!; to hit [3]: Missed!
    await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"}, (6, 3))
    assert map_shown(ready) == "Line of fire: 10 paces, in hard cover (through a window of the Saloon)."
    v = await view(ready)
    shot = v.game.battlefield.last_shot
    assert (shot.shooter, shot.target) == ((4, 22), (4, 12.5))
    [(kind, _)] = v.log[-1:]
    assert kind == "shoot"


async def test_the_map_range_and_cover_reach_the_dv_of_a_hit(ready):
    """2264 and Reel 6: a hit on one in hard cover is read with the target's DV raised by 2."""
    await main_street(ready, kid="4,12.5", wyatt="4,18")
    # wants [6], hits [6]: Gotcha!; effect [9] read at DV 2 (hard cover): a Graze; courage [6]
    result = await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"}, (6, 6, 9, 6))
    assert "Shot while evading or in dense or hard cover or lying prone" in text_of(result)
    assert map_shown(ready).startswith("Line of fire: 6 paces, in hard cover")


async def test_a_target_out_of_sight_is_refused_with_the_reason_before_any_roll(ready):
    """975: only those in line of sight are seen: the Bank's wall hides Kid."""
    await main_street(ready, kid="20,6", wyatt="40,22")
    await refused_and_unchanged(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"},
                                "Wyatt cannot see Kid: the wall of the Bank is in the way")


async def test_range_and_cover_typed_by_hand_still_win(ready):
    await main_street(ready, kid="20,6", wyatt="40,22")
    await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid", "paces": 12, "cover": "light"},
               (6, 3))
    assert (await view(ready)).game.battlefield.last_shot is None


async def test_without_a_map_a_shot_needs_its_range(ready):
    await refused_and_unchanged(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"},
                                "Give the range in paces")


async def test_forward_moves_the_token_along_the_street(ready):
    """Wanting to Move, Forward!: up to the maximum move, 8 paces on foot in good going (446-466)."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    await step(ready, "polly", "move", {"character": "Wyatt", "to": "10,22"}, (6,))
    assert map_shown(ready) == "Wyatt moves 6.0 paces to D8."
    assert (await token(ready, "wyatt")).at == (10, 22)
    assert (await view(ready)).game.battlefield.last_path == [(4, 22), (10, 22)]


async def test_are_you_sure_leaves_the_token_where_it_stands(ready):
    """Wanting to Move, Are you Sure?: hesitate and do not move."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    await step(ready, "polly", "move", {"character": "Wyatt", "to": "10,22"}, (3,))
    assert map_shown(ready) == "Wyatt stays put."
    assert (await token(ready, "wyatt")).at == (4, 22)


async def test_leaving_the_saloon_by_its_door_is_bad_going_and_a_short_result_stops_short(ready):
    """486-488: moving in a building is bad going, less 25%: 6 paces a move; Forward! stops there."""
    await main_street(ready, kid="5,10", wyatt="40,22")
    await step(ready, "pete", "move", {"character": "Kid", "to": "9,10 9,16"}, (6, 6))
    shown = map_shown(ready)
    assert shown.startswith("Kid moves 6.0 paces to") and "stopping short: Forward! allows 6" in shown


async def test_a_move_through_a_wall_or_beyond_move_it_is_refused_before_any_roll(ready):
    """473-479 and Move It!: no path through a wall; twice the move at most."""
    await main_street(ready, kid="7,10", wyatt="4,22")
    await refused_and_unchanged(ready, "pete", "move", {"character": "Kid", "to": "7,18"},
                                "That path goes through the wall of the Saloon")
    await refused_and_unchanged(ready, "polly", "move", {"character": "Wyatt", "to": "30,22"},
                                "even Move It! covers 16")


async def test_a_move_waiting_for_a_reroll_is_carried_out_once_it_is_decided(ready):
    """217-218: Disciplined re-rolls Wanting to Move; the token moves on the decided result."""
    await step(ready, "pete", "cast add", {"name": "Doc", "type": "supporting", "personality": "disciplined"})
    await main_street(ready, kid="4,12.5", wyatt="40,22")
    await step(ready, "pete", "place", {"who": "Doc", "at": "4,22"})
    waiting = await step(ready, "pete", "move", {"character": "Doc", "to": "10,22"}, (3,))
    assert "re-roll or keep?" in waiting.response.content
    assert (await view(ready)).game.battlefield.plan.key == "doc"
    ready.env.bot.rng = Dice(7)
    await ready.pete.click(ready.channel.last_message, label="Re-roll (Disciplined)")
    assert map_shown(ready) == "Doc moves 6.0 paces to D8."
    field = (await view(ready)).game.battlefield
    assert field.tokens["doc"].at == (10, 22) and field.plan is None


async def test_a_fight_on_the_map_needs_base_contact_and_counts_who_is_outnumbered(ready):
    """2065-2068: one fighting more opponents than they have cards is outnumbered and rolls reduced dice; on the
    map, those in contact are counted (see docs/rulings.md)."""
    await main_street(ready, kid="10,20", wyatt="16,20")
    await refused_and_unchanged(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt"},
                                "Wyatt is 6.0 paces from Kid: close to within 2 paces first")
    await step(ready, "polly", "cast add", {"name": "Ike", "type": "minor", "personality": "ordinary"})
    await step(ready, "polly", "cast add", {"name": "Billy", "type": "minor", "personality": "ordinary"})
    await step(ready, "polly", "cast add", {"name": "Frank", "type": "minor", "personality": "ordinary"})
    for name, at in (("Wyatt", "11,20"), ("Ike", "10,21"), ("Billy", "9,20")):
        await step(ready, "polly", "place", {"who": name, "at": at})
    # Kid (2 cards) fights three in contact: Wanting to Attack [6]; to hit on reduced dice [2, 2]: Missed!
    result = await step(ready, "pete", "fight", {"attacker": "Kid", "defender": "Wyatt"}, (6, 2, 2))
    assert "outnumbered by 3" in text_of(result)
    [(kind, _)] = (await view(ready)).log[-1:]
    data = (await ready.env.bot.db.game_log((await ready.env.bot.db.load_game(ready.guild.id, ready.channel.id)).id,
                                            last=1))[0].data
    assert kind == "fight" and data["positions"] == {"kid": "D7 (10,20)", "wyatt": "D7 (11,20)"}


async def test_status_shows_the_map_after_the_board(ready):
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    result = await step(ready, "pete", "status")
    names = [a.filename for a in result.response.attachments]
    assert names == ["status.png", "status-2.png"]
    drawn = await result.response.attachments[1].read()
    assert png(drawn) and (int.from_bytes(drawn[16:20], "big"), int.from_bytes(drawn[20:24], "big")) == (630, 470)


async def test_undo_puts_a_moved_token_back(ready):
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    await step(ready, "polly", "move", {"character": "Wyatt", "to": "10,22"}, (6,))
    assert (await token(ready, "wyatt")).at == (10, 22)
    await step(ready, "dora", "undo")
    assert (await token(ready, "wyatt")).at == (4, 22)


async def test_a_target_lying_prone_on_the_map_counts_as_prone(ready):
    """2264: shot while lying prone, +2 DV."""
    await main_street(ready, kid="10,20", wyatt="4,22")
    await step(ready, "pete", "place", {"who": "Kid", "at": "10,20", "prone": True})
    # wants [6], hits [6]: Gotcha!; effect [9] read at DV 2 (prone): a Graze; courage [6]
    result = await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"}, (6, 6, 9, 6))
    assert "Shot while evading or in dense or hard cover or lying prone" in text_of(result)
    assert map_shown(ready).startswith("Line of fire: 6 paces, in the open")


async def test_squares_are_offered_as_the_place_is_typed(ready):
    assert await ready.pete.autocomplete(ready.channel, "place", "at", "C") == []       # no map yet
    await step(ready, "dora", "map set", {"ready_set": "main_street"})
    offered = [c["value"] for c in await ready.pete.autocomplete(ready.channel, "place", "at", "C1")]
    assert offered == ["C1", "C10", "C11", "C12", "C13", "C14"]
    offered = [c["value"] for c in await ready.pete.autocomplete(ready.channel, "move", "to", "")]
    assert offered[:3] == ["A1", "A2", "A3"] and len(offered) == 14


async def test_waypoints_typed_before_are_kept_in_the_squares_offered(ready):
    await step(ready, "dora", "map set", {"ready_set": "main_street"})
    offered = [c["value"] for c in await ready.pete.autocomplete(ready.channel, "move", "to", "c5 d1")]
    assert offered == ["C5 D1", "C5 D10", "C5 D11", "C5 D12", "C5 D13", "C5 D14"]


async def test_fall_back_and_take_cover_moves_the_token_into_the_nearest_cover_and_shows_its_path(ready):
    """1062-1071: Fall back and Take Cover!: in the open, 1 move towards the nearest cover; the Bank's door is
    nearest, and inside it Kid is in light cover from Wyatt (see docs/rulings.md)."""
    await main_street(ready, kid="24,18", wyatt="24,22")
    # wants [6], hits [6]: Gotcha!; effect [9]: a Courage Test; courage [3]: Fall back and Take Cover!
    result = await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid"}, (6, 6, 9, 3))
    assert "Fall back and Take Cover!" in text_of(result)
    assert map_shown(ready) == "Kid falls back 5.5 paces to H5, in light cover from Wyatt (through a door of the Bank)."
    field = (await view(ready)).game.battlefield
    assert field.tokens["kid"].at == (23.5, 12.5) and field.last_path == [(24, 18), (23.5, 12.5)]


async def test_a_shells_extra_hit_spreads_to_one_two_paces_off_without_naming_them(ready):
    """1302-1311: an explosion's extra hits spread "within 1 pace of target or 2 paces if shell": on the map the
    bot finds them (see docs/rulings.md); a revolver shot is no shell."""
    await main_street(ready, kid="24,20", wyatt="30,20")
    await step(ready, "dora", "cast add", {"name": "Ike", "type": "minor", "personality": "ordinary"})
    await step(ready, "dora", "place", {"who": "Ike", "at": "31.5,20"})
    await refused_and_unchanged(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "shell": True},
                                "Only an explosion can be a shell: a Single action revolver is not")
    await step(ready, "pete", "cast weapon", {"character": "Kid", "weapon": "dynamite"})
    await step(ready, "pete", "reload", {"character": "Kid", "weapon": "dynamite"}, (6,))
    result = await step(ready, "pete", "shoot", {"shooter": "Kid", "target": "Wyatt", "weapon": "dynamite",
                                                 "shell": True}, (7, 8, 9, 5, 1))
    # Wanting to Shoot [7]; 2D10 both can score [8, 9]: 2 hits; effect [5] on Wyatt, [1] on Ike, 1.5 paces off
    assert "Effect of hit 2 of 2 (spread to Ike)" in text_of(result)
    assert (await view(ready)).game.characters["ike"].casualty


# -- loose mounts --------------------------------------------------------------------------------------------


async def test_a_director_puts_a_riderless_horse_on_the_map_and_only_a_director_moves_it(ready):
    """Hits on Mounts (2455-2494): a mount may stand with no one on it (see docs/rulings.md)."""
    await step(ready, "dora", "map set", {"ready_set": "main_street"})
    await refused_and_unchanged(ready, "pete", "place", {"who": "Paint", "at": "10,20", "mount": "horse"},
                                "Only a Director can put a riderless mount on the map")
    await refused_and_unchanged(ready, "dora", "place", {"who": "Kid", "at": "10,20", "mount": "horse"},
                                "**Kid** is the name of one in the game")
    result = await step(ready, "dora", "place", {"who": "Paint", "at": "10,20", "mount": "horse"})
    assert "Paint takes their place at D7 (10,20), facing north." in text_of(result)
    assert (await token(ready, "Paint")).kind == "mount"
    assert (await view(ready)).game.loose_mounts["Paint"].stamina == 2
    await refused_and_unchanged(ready, "pete", "place", {"who": "paint", "at": "12,20"},
                                "Only a Director can place a loose mount")
    await refused_and_unchanged(ready, "dora", "place", {"who": "Paint", "at": "12,20", "prone": True},
                                "Only a character lies prone")
    offered = [c["value"] for c in await ready.dora.autocomplete(ready.channel, "place", "who", "pa")]
    assert offered == ["Paint"]


async def test_a_rider_dismounts_on_the_map_leaving_the_horse_and_mounts_it_again(ready):
    """809: mounting and dismounting are basic actions; the horse stays where it was left (see docs/rulings.md)."""
    await main_street(ready, kid="24,18", wyatt="24,22")
    await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "horse"})
    result = await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "none"})
    assert result.response.content == "**Kid** goes on foot. Kid dismounts: Kid's horse stands at I7."
    assert (await token(ready, "Kid's horse")).at == (24, 18)
    await step(ready, "pete", "place", {"who": "Kid", "at": "25,18"})
    result = await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "horse"})
    assert result.response.content == "**Kid** mounts Kid's horse."
    v = await view(ready)
    assert character(v, "kid").mount is not None and "Kid's horse" not in v.game.battlefield.tokens


async def test_a_rider_thrown_on_the_map_leaves_the_horse_bolting_across_it(ready):
    """2478-2479: thrown from the mount, "which will then bolt in a random direction"."""
    await main_street(ready, kid="24,18", wyatt="24,22")
    await step(ready, "pete", "place", {"who": "Kid", "at": "24,18", "facing": "west"})
    await step(ready, "pete", "cast mount", {"character": "Kid", "mount": "horse"})
    result = await step(ready, "polly", "shoot", {"shooter": "Wyatt", "target": "Kid", "at_mount": True},
                        (6, 7, 6, 6, 1, 9, 8, 6))
    # Wanting to Shoot [6], to hit [7], rider or mount [6]: as aimed; effect on the horse [6]: 1 Hit; control
    # [1]: Thrown!; the horse's Random Movement [9]: Straight Ahead, west as Kid faced; injury [8]; courage [6]
    assert "Kid is thrown: Kid's horse is loose." in text_of(result)
    assert map_shown(ready) == "Kid's horse bolts straight ahead: 16.0 paces to C7."
    v = await view(ready)
    assert v.game.battlefield.tokens["Kid's horse"].at == (8, 18) and character(v, "kid").mount is None


async def stored_tokens(scene) -> set[str]:
    """The keys of the tokens on the map as the database holds the game (before any reading of it)."""
    game = await scene.env.bot.db.load_game(scene.guild.id, scene.channel.id)
    return set(game.state["battlefield"]["tokens"])


async def test_a_character_removed_from_the_cast_takes_its_token_off_the_map(ready):
    """Ruling 492: the map no longer holds nor shows one who left the cast (their token stayed, drawn as a loose
    mount under their key)."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    await step(ready, "dora", "cast remove", {"character": "Wyatt"})
    assert await stored_tokens(ready) == {"kid"}
    shown = await step(ready, "dora", "map show")
    assert "1 on the map." in text_of(shown) and png(await shown.response.attachments[0].read())


async def test_a_token_left_by_a_character_removed_before_is_dropped_when_the_game_is_read(ready):
    """Ruling 492: a game stored while removing a character left its token is read without it, and stored
    without it by its next change."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    db = ready.env.bot.db
    game = await db.load_game(ready.guild.id, ready.channel.id)
    state = dict(game.state, characters={key: c for key, c in game.state["characters"].items() if key != "wyatt"})
    async with db.engine.begin() as connection:
        await connection.execute(update(Game).where(Game.id == game.id).values(state=state))
    db.forget_games()
    assert await stored_tokens(ready) == {"kid", "wyatt"}
    shown = await step(ready, "dora", "map show")
    assert "1 on the map." in text_of(shown)
    await step(ready, "pete", "place", {"who": "Kid", "at": "5,12.5"})
    assert await stored_tokens(ready) == {"kid"}


async def test_a_place_worked_out_on_the_map_is_kept_to_a_thousandth_of_a_pace(ready):
    """Ruling 491: Forward! stops a move of 9.5 paces after 6, at a place of seventeen digits, kept to three
    decimals."""
    await main_street(ready, kid="4,12.5", wyatt="4,22")
    await step(ready, "polly", "move", {"character": "Wyatt", "to": "13,25"}, (6,))
    assert map_shown(ready).startswith("Wyatt moves 6.0 paces to")
    stop = (4 + 6 * 9 / 90 ** 0.5, 22 + 6 * 3 / 90 ** 0.5)
    assert (await token(ready, "wyatt")).at == (round(stop[0], 3), round(stop[1], 3)) != stop
    assert (await view(ready)).game.battlefield.last_path[-1] == (round(stop[0], 3), round(stop[1], 3))
