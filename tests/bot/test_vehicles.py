"""Vehicles through slash commands: /cast vehicle, aboard and speed, shooting and fighting at a vehicle, shot
types from a moving vehicle refused, /cast show and list, and undo."""

from bot.pictures import render_board_pages
from bot.rules.qotd.ruleset import QOTD
from bot.rules.qotd.state import Role
from tests.pictures.pixels import unlike
from tests.rules.scripted import Dice

from .helpers import refused, stored_game, text_of


async def coach_with_crew(scene):
    """Polly's stagecoach with Jed driving and Sal aboard; Pete's Ike on foot with a revolver."""
    await scene.game()
    await scene.polly.slash(scene.channel, "cast vehicle", name="Deadwood Coach", kind="stagecoach")
    for name in ("Jed", "Sal"):
        await scene.polly.slash(scene.channel, "cast add", name=name, type="supporting", personality="ordinary")
        await scene.polly.slash(scene.channel, "cast weapon", character=name, weapon="single_action_revolver")
    await scene.polly.slash(scene.channel, "cast aboard", character="Jed", vehicle="Deadwood Coach", role="driver")
    await scene.polly.slash(scene.channel, "cast aboard", character="Sal", vehicle="Deadwood Coach")
    await scene.pete.slash(scene.channel, "cast add", name="Ike", type="supporting", personality="ordinary")
    await scene.pete.slash(scene.channel, "cast weapon", character="Ike", weapon="single_action_revolver")


async def stored(scene):
    return await stored_game(scene.db(), scene.guild.id, scene.channel.id)


async def test_cast_vehicle_gives_its_vdv_and_those_aboard_and_show_and_list_tell_it(scene):
    await coach_with_crew(scene)
    game = await stored(scene)
    coach = game.vehicles["deadwood-coach"]
    assert (coach.kind, coach.construction, coach.owner) == ("stagecoach", "robust", scene.polly.id)
    assert coach.aboard == {"jed": Role.DRIVER, "sal": Role.PASSENGER}
    shown = text_of(await scene.pete.slash(scene.channel, "cast show", character="Deadwood Coach"))
    for words in ("Stagecoach", "Normal Armour or Robust Construction (VDV 2)", "12 paces a turn",
                  "Jed (driver), Sal (passenger)", "stationary"):
        assert words in shown
    listed = text_of(await scene.pete.slash(scene.channel, "cast list"))
    assert "Vehicles: **Deadwood Coach** (Stagecoach, VDV 2" in listed and "Jed (driver)" in listed


async def test_a_vehicle_of_another_construction_and_the_kinds_offered(scene):
    await scene.game()
    kinds = await scene.pete.autocomplete(scene.channel, "cast vehicle", "kind", "wag")
    assert [c["value"] for c in kinds] == ["wagon"] and kinds[0]["name"] == "Wagon (10 paces)"
    await scene.pete.slash(scene.channel, "cast vehicle", name="Ironclad", kind="wagon", construction="strong")
    assert (await stored(scene)).vehicles["ironclad"].construction == "strong"
    targets = await scene.pete.autocomplete(scene.channel, "shoot", "target", "iron")
    assert [c["value"] for c in targets] == ["ironclad"]


async def test_bad_vehicles_and_boarding_are_refused_and_change_nothing(scene):
    await coach_with_crew(scene)
    before = (await stored(scene)).to_json()
    refused(await scene.pete.slash(scene.channel, "cast vehicle", name="Zep", kind="zeppelin"), "from the list")
    refused(await scene.pete.slash(scene.channel, "cast vehicle", name="Jed", kind="cart"),
            "already a character called Jed")
    refused(await scene.pete.slash(scene.channel, "cast add", name="deadwood coach", type="minor",
                                   personality="rash"), "already a vehicle called deadwood coach")
    refused(await scene.stranger.slash(scene.channel, "cast vehicle", name="Cart", kind="cart"), "join the game")
    refused(await scene.polly.slash(scene.channel, "cast aboard", character="Sal", vehicle="Deadwood Coach",
                                    role="driver"), "Jed already drives")
    refused(await scene.pete.slash(scene.channel, "cast aboard", character="Sal", vehicle="Deadwood Coach"),
            "not yours")
    refused(await scene.pete.slash(scene.channel, "cast aboard", character="Ike", vehicle="Hearse"),
            "no vehicle called")
    refused(await scene.pete.slash(scene.channel, "cast aboard", character="Ike"), "Ike is not aboard a vehicle")
    refused(await scene.pete.slash(scene.channel, "cast speed", vehicle="Deadwood Coach", paces=6), "not yours")
    refused(await scene.polly.slash(scene.channel, "cast speed", vehicle="Deadwood Coach", paces=25), "too far")
    assert (await stored(scene)).to_json() == before


async def test_climbing_down_and_speed(scene):
    await coach_with_crew(scene)
    result = await scene.polly.slash(scene.channel, "cast speed", vehicle="Deadwood Coach", paces=14)
    assert text_of(result) == "**Deadwood Coach**: moving very fast (14 paces)."
    await scene.polly.slash(scene.channel, "cast aboard", character="Sal")
    game = await stored(scene)
    assert game.vehicles["deadwood-coach"].paces == 14 and list(game.vehicles["deadwood-coach"].aboard) == ["jed"]


async def test_shooting_the_coach_reads_hits_on_vehicles_and_undo_mends_it(scene):
    await coach_with_crew(scene)
    # Wanting to Shoot 6, to hit 7, coach or aboard? 5: the coach; effect 4 at VDV 3 (small arms): Reduced
    # Mobility; courage tests Jed 8, Sal 6
    scene.env.bot.rng = Dice(6, 7, 5, 4, 8, 6)
    result = await scene.pete.slash(scene.channel, "shoot", shooter="Ike", target="Deadwood Coach", paces=6)
    shown = text_of(result)
    for words in ("Ike shoots at Deadwood Coach", "Effect of the hit on the Deadwood Coach", "Reduced Mobility",
                  "VDV 2 (Normal Armour or Robust Construction) + 1 (Hit by small arms) = 3",
                  "movement is halved: 6 paces a turn",
                  "Taking a Courage Test"):
        assert words in shown, words
    assert (await stored(scene)).vehicles["deadwood-coach"].halved == 1
    await scene.dora.slash(scene.channel, "undo")
    assert (await stored(scene)).vehicles["deadwood-coach"].halved == 0


async def test_fighting_the_coach_and_its_refusals(scene):
    await coach_with_crew(scene)
    refused(await scene.pete.slash(scene.channel, "fight", attacker="Ike", defender="Deadwood Coach",
                                   defence="block"), "makes no defence")
    # Wanting to Attack 6, to hit 7, effect 10 at VDV 3 (+1 Attacked in Mêlée): No Damage
    scene.env.bot.rng = Dice(6, 7, 10)
    result = await scene.pete.slash(scene.channel, "fight", attacker="Ike", defender="Deadwood Coach")
    assert "No Damage" in text_of(result)
    assert "VDV 2 (Normal Armour or Robust Construction) + 1 (Attacked in Mêlée) = 3" in text_of(result)


async def test_shot_types_not_allowed_from_a_moving_coach_are_refused(scene):
    await coach_with_crew(scene)
    await scene.polly.slash(scene.channel, "cast speed", vehicle="Deadwood Coach", paces=10)
    refused(await scene.polly.slash(scene.channel, "shoot", shooter="Sal", target="Ike", paces=6, shot="snap"),
            "moving quickly only aimed, deliberate, hasty shots")
    refused(await scene.polly.slash(scene.channel, "shoot", shooter="Sal", target="Ike", paces=6, mount_paces=8),
            "own speed")
    refused(await scene.pete.slash(scene.channel, "shoot", shooter="Ike", target="Sal", paces=6, mount_paces=8),
            "no mount")
    assert (await stored(scene)).characters["sal"].weapons[0].loaded == 6


async def test_the_status_board_shows_the_vehicles_with_their_players_names(scene):
    await coach_with_crew(scene)
    await scene.polly.slash(scene.channel, "cast speed", vehicle="Deadwood Coach", paces=10)
    await scene.dora.slash(scene.channel, "cast vehicle", name="Hearse", kind="cart")   # dora casts nobody else
    result = await scene.pete.slash(scene.channel, "status")
    state = await stored(scene)
    board = QOTD.board(state)
    sent = [await a.read() for a in result.response.attachments]
    drawn = render_board_pages(board, {scene.pete.id: "pete", scene.polly.id: "polly", scene.dora.id: "dora"})
    assert sent == drawn, [unlike(*pair) for pair in zip(sent, drawn)]
    assert [row.key for row in board.rows][-2:] == ["deadwood-coach", "hearse"]


async def test_shooting_at_the_coachs_team(scene):
    await coach_with_crew(scene)
    # Wanting to Shoot 6, to hit 7, team or coach? 5: the team; effect 4 at DV 0: 1 Hit; Jed keeps control on 8
    scene.env.bot.rng = Dice(6, 7, 5, 4, 8)
    result = await scene.pete.slash(scene.channel, "shoot", shooter="Ike", target="Deadwood Coach", paces=6,
                                    at_mount=True)
    shown = text_of(result)
    for words in ("Effect of the hit on the Deadwood Coach's team", "1 Hit", "4 of 4 horses standing",
                  "Keeping control of the team", "Steady!"):
        assert words in shown, words
    assert (await stored(scene)).vehicles["deadwood-coach"].team_hits == 1
    shown = text_of(await scene.pete.slash(scene.channel, "cast show", character="Deadwood Coach"))
    assert "team 4/4 standing, 1 hit" in shown
