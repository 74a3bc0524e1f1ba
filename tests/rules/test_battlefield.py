"""The map of the set: range, sight and cover (Reel 4, the DV table 2246-2265) and the going along a path
(Reel 3, 435-506). Each scenario draws a small set in paces: x east, y south."""

import pytest

from bot.rules.core.geometry import Rect
from bot.rules.qotd.battlefield import Area, Battlefield, Cover, Mover, Obstacle, Opening, Plan, Token
from bot.rules.qotd.actions import perform
from bot.rules.qotd.checks import TestRequest
from bot.rules.qotd.fighting import FightRequest
from bot.rules.qotd.on_the_map import (bolt_loose, carry_out, carry_out_plan, dismount, fall_back, falls_short, flee,
                                      loose_mount, loose_names, mover_of, moves_on_map, plan_move, plan_on_map,
                                      remount, spread_to)
from bot.rules.qotd.shooting import DrawRequest, ShotRequest
from bot.rules.qotd.state import Condition, QotdState, Mount, RulesError

from .scripted import Dice
from .test_actions import SUPPORTING, game, person

ON_FOOT = Mover(8)


def saloon():
    """A 10 x 6 saloon with a window and a door on its south wall (y = 16)."""
    return Area("building", Rect(10, 10, 10, 6), "Saloon",
                [Opening("window", (12, 16)), Opening("door", (17, 16))])


def field(*terrain, width=40, height=30):
    areas = [t for t in terrain if isinstance(t, Area)]
    obstacles = [t for t in terrain if isinstance(t, Obstacle)]
    return Battlefield(width, height, areas=areas, obstacles=obstacles)


# -- range and sight ---------------------------------------------------------------


def test_the_range_is_the_distance_in_paces_to_the_nearest_pace():
    """Ranges are in paces (Reel 4's weapon table): 3 east and 4 south is 5 paces; 12.4 paces is 12."""
    open_ground = field()
    assert open_ground.sight((0, 0), (3, 4)).paces == 5
    assert open_ground.sight((0, 0), (12.4, 0)).paces == 12
    assert open_ground.sight((0, 0), (3, 4)).cover is Cover.NONE


def test_a_target_at_a_window_is_in_hard_cover():
    """2264: shot in hard cover, +2 DV. A character inside a building seen through its window is in hard
    cover (see docs/rulings.md)."""
    sight = field(saloon()).sight((12, 26), (12, 15))
    assert not sight.hidden
    assert sight.cover is Cover.HARD
    assert sight.why == "through a window of the Saloon"


def test_a_target_in_a_doorway_is_in_light_cover():
    """2246: light cover, +1 DV; a doorway gives light cover (see docs/rulings.md)."""
    assert field(saloon()).sight((17, 26), (17, 15)).cover is Cover.LIGHT


def test_a_building_hides_a_target_behind_or_inside_it():
    """975: only those in line of sight are seen. A wall without an opening blocks the line."""
    town = field(saloon())
    behind = town.sight((15, 25), (15, 5))
    assert behind.hidden == "the wall of the Saloon is in the way"
    inside = town.sight((5, 13), (15, 13))
    assert inside.hidden == "the wall of the Saloon is in the way"


def test_a_fence_gives_light_cover_only_to_one_close_behind_it():
    """2246: light cover. A fence within 2 paces in front of the target covers them; the shooter's own
    fence does not (see docs/rulings.md)."""
    fence = Obstacle("fence", [(0, 10), (40, 10)])
    yard = field(fence)
    behind = yard.sight((5, 25), (5, 9))
    assert (behind.cover, behind.why) == (Cover.LIGHT, "behind the fence")
    assert yard.sight((5, 9), (5, 25)).cover is Cover.NONE


def test_a_stone_wall_gives_hard_cover_and_does_not_hide():
    """Walls are waist high linear obstacles (473): they cover, they do not hide."""
    wall = Obstacle("wall", [(0, 10), (40, 10)], "corral wall")
    sight = field(wall).sight((5, 25), (6, 9))
    assert (sight.cover, sight.why, sight.hidden) == (Cover.HARD, "behind the corral wall", "")


def test_woods_give_dense_cover_and_hide_those_deep_in_them():
    """2264: dense cover; one sees 4 paces into woods (see docs/rulings.md)."""
    woods = Area("woods", Rect(20, 0, 20, 30))
    forest = field(woods)
    at_edge = forest.sight((5, 5), (22, 5))
    assert (at_edge.cover, at_edge.why) == (Cover.DENSE, "in the woods")
    deep = forest.sight((5, 5), (30, 5))
    assert deep.hidden.startswith("10 paces of woods are in the way")


def test_the_best_cover_counts():
    """One cover adjustment applies, the best the line finds (see docs/rulings.md)."""
    rocks = Area("rocks", Rect(0, 8, 40, 3))
    fence = Obstacle("fence", [(0, 10), (40, 10)])
    sight = field(rocks, fence).sight((5, 25), (5, 9))
    assert sight.cover is Cover.HARD


def test_those_within_reach_of_a_target_are_found_nearest_first():
    """1302-1311 (1308-1309): extra hits spread to opponents within 1 pace of the target, 2 for a shell."""
    street = field()
    for key, at in (("kid", (10, 10)), ("ike", (11, 10)), ("doc", (10, 11.5)), ("wyatt", (14, 10))):
        street.place(Token(key, at))
    assert street.near((10, 10), 1) == ["ike"]
    assert street.near((10, 10), 2) == ["ike", "doc"]


# -- the going ---------------------------------------------------------------------


def test_good_going_has_no_deduction():
    """465-466: roads, tracks and open ground: no deductions to movement."""
    route = field().going([(0, 0), (8, 0)], ON_FOOT)
    assert (route.length, route.allowance, route.deductions, route.chart) == (8, 8, (), "move")


@pytest.mark.parametrize("mover, allowance", [
    (Mover(8), 6),                       # 475-476: on foot, less 25%
    (Mover(16), 12),                     # 475-476: mounted, less 25%
])
def test_crossing_a_linear_obstacle_costs_a_quarter_of_the_move(mover, allowance):
    """473-476: characters on foot or mounted deduct 25% for crossing a linear obstacle."""
    route = field(Obstacle("fence", [(4, 0), (4, 10)])).going([(0, 5), (6, 5)], mover)
    assert route.deductions == (("crossing the fence", 25),)
    assert route.allowance == allowance


def test_vehicles_cross_only_ditches_and_gaps_at_half_their_move():
    """478-479: vehicles cannot cross linear obstacles unless ditches or gaps, then deduct 50%."""
    wagon = Mover(10, vehicle=True, heavy=True)
    with pytest.raises(RulesError, match="cannot cross the fence"):
        field(Obstacle("fence", [(4, 0), (4, 10)])).going([(0, 5), (6, 5)], wagon)
    route = field(Obstacle("ditch", [(4, 0), (4, 10)])).going([(0, 5), (6, 5)], wagon)
    assert route.allowance == 5


@pytest.mark.parametrize("mover, allowance", [
    (Mover(8), 6),                                     # 488: most characters, on foot or mounted, 25%
    (Mover(8, surefooted=True), 8),                    # 488-489: no deduction for the sure footed
    (Mover(10, vehicle=True, heavy=True), 5),          # 491: wheeled transport, 50%
])
def test_bad_going_deducts_a_quarter_or_a_half(mover, allowance):
    """484-491: rocky ground, thick under brush, mud: bad going."""
    scrub = Area("scrub", Rect(2, 0, 4, 10))
    route = field(scrub).going([(0, 5), (4, 5)], mover)
    assert route.bad and route.allowance == allowance


def test_getting_up_from_prone_costs_a_quarter():
    """495: deduct 25% from movement when getting up from prone."""
    route = field().going([(0, 0), (4, 0)], Mover(8, prone=True))
    assert route.deductions == (("getting up from prone", 25),)
    assert route.allowance == 6


def test_deductions_add_up():
    """Getting up, a fence and bad going together: each 25% of the full move (see docs/rulings.md)."""
    scrub = Area("scrub", Rect(5, 0, 5, 10))
    route = field(scrub, Obstacle("fence", [(4, 0), (4, 10)])).going([(0, 5), (6, 5)], Mover(8, prone=True))
    assert route.allowance == 2
    assert route.words() == ("8 paces, less 25% for crossing the fence, less 25% for bad going, less 25% for "
                             "getting up from prone: 2 paces a move")


def test_a_building_is_entered_by_a_door_or_climbed_into_through_a_window():
    """486-487: moving in a building counts as bad going; a window is climbed through like an obstacle (see
    docs/rulings.md); a wall is not walked through."""
    town = field(saloon())
    door = town.going([(17, 20), (17, 14)], ON_FOOT)
    assert door.deductions == (("bad going", 25),)
    window = town.going([(12, 20), (12, 14)], ON_FOOT)
    assert window.deductions == (("climbing through a window of the Saloon", 25), ("bad going", 25))
    with pytest.raises(RulesError, match="through the wall of the Saloon"):
        town.going([(15, 20), (15, 14)], ON_FOOT)


def test_water_is_swum_at_four_paces():
    """446: characters swimming move 4 paces."""
    river = Area("water", Rect(3, 0, 3, 20))
    route = field(river).going([(0, 5), (4, 5)], Mover(16))
    assert (route.move, route.allowance) == (4, 4)


@pytest.mark.parametrize("ground, chart", [("woods", "move_forest"), ("snow", "move_snow"), ("sand", "move_snow"),
                                           ("swamp", "move_swamp"), ("ruins", "move_ruins"), ("rocks", "move")])
def test_the_going_chooses_the_wanting_to_move_chart(ground, chart):
    """Reel 3's charts for forest or jungle, deep snow or sand, swamps and ruins."""
    route = field(Area(ground, Rect(2, 0, 4, 10))).going([(0, 5), (4, 5)], ON_FOOT)
    assert route.chart == chart and route.bad


def test_poor_visibility_makes_all_terrain_bad_going():
    """486: if there is poor visibility or bad weather, treat all terrain as bad going."""
    fog = Battlefield(40, 30, poor_visibility=True)
    assert fog.going([(0, 0), (4, 0)], ON_FOOT).allowance == 6


def test_a_path_off_the_map_is_refused():
    with pytest.raises(RulesError, match="off the map"):
        field().going([(0, 0), (45, 0)], ON_FOOT)


# -- the grid and the stored game ------------------------------------------------------


def test_squares_are_lettered_across_and_numbered_down():
    """A 60 x 40 set has 3-pace squares, A to T across and 1 to 14 down."""
    street = Battlefield(60, 40)
    assert (street.step, street.columns, street.rows) == (3, 20, 14)
    assert street.point("C7") == (7.5, 19.5)
    assert street.label((7.5, 19.5)) == "C7"
    assert street.point("12,30") == (12, 30)
    with pytest.raises(RulesError, match="off the map"):
        street.point("U1")
    with pytest.raises(RulesError, match="not a place"):
        street.point("nowhere")


def test_a_game_with_a_map_keeps_it_through_json_and_one_without_stores_nothing_more():
    state = game(person("kid", SUPPORTING))
    assert "battlefield" not in state.to_json()
    state.battlefield = field(saloon(), Obstacle("fence", [(0, 10), (40, 10)]))
    state.battlefield.place(Token("kid", (12, 15), facing=180))
    again = QotdState.from_json(state.to_json())
    assert again.battlefield == state.battlefield


# -- Wanting to Move on the map ------------------------------------------------------


def mapped(*characters, terrain=()):
    state = game(*characters)
    state.battlefield = field(*terrain)
    return state


def test_move_it_carries_a_token_twice_its_move_along_the_path():
    """Move It!: move up to twice the maximum move (Reel 3, Wanting to Move)."""
    state = mapped(person("kid", SUPPORTING))
    state.battlefield.place(Token("kid", (2, 2)))
    route = plan_move(state, "kid", [(2, 12), (8, 12)])
    assert route.length == 16
    state, result = perform(state, TestRequest("kid", route.chart), Dice(10))
    assert [r.outcome.title for r in result.readings] == ["Move It!"]
    moved, words = carry_out(state, "kid", route, result.readings)
    assert moved.tokens["kid"].at == (8, 12)
    assert words == "moves 16.0 paces to E7"
    assert state.battlefield.tokens["kid"].at == (2, 2)         # the game's map is changed only by the caller


def test_forward_stops_a_token_after_one_move():
    """Forward!: move up to the maximum move; a longer path is followed as far as the move goes."""
    state = mapped(person("kid", SUPPORTING))
    state.battlefield.place(Token("kid", (2, 2)))
    route = plan_move(state, "kid", [(2, 14)])
    state, result = perform(state, TestRequest("kid", route.chart), Dice(6))
    moved, words = carry_out(state, "kid", route, result.readings)
    assert moved.tokens["kid"].at == (2, 10)
    assert words == "moves 8.0 paces to B6, stopping short: Forward! allows 8"


def test_a_path_beyond_any_result_is_refused_before_the_roll():
    """Even Move It! is twice the move after deductions: 16 paces on foot."""
    state = mapped(person("kid", SUPPORTING))
    state.battlefield.place(Token("kid", (2, 2)))
    with pytest.raises(RulesError, match="even Move It! covers 16"):
        plan_move(state, "kid", [(2, 20)])


def test_disorientated_in_the_woods_sends_the_token_half_a_move_by_the_random_movement_chart():
    """Disorientated!: move only half the maximum move, rolling for random movement (503-506: 4-5 Go Right)."""
    state = mapped(person("kid", SUPPORTING), terrain=[Area("woods", Rect(0, 0, 40, 30))])
    state.battlefield.place(Token("kid", (10, 10)))
    route = plan_move(state, "kid", [(10, 2)])                      # heading north, in the woods: 6 paces a move
    state, result = perform(state, TestRequest("kid", route.chart, bad_going=True), Dice(1, 4))
    assert [r.outcome.title for r in result.readings] == ["Disorientated!", "Go Right"]
    moved, words = carry_out(state, "kid", route, result.readings)
    assert moved.tokens["kid"].at == pytest.approx((13, 10))
    assert words.startswith("go right: 3.0 paces")


def test_a_character_is_placed_before_moving():
    state = mapped(person("kid", SUPPORTING))
    with pytest.raises(RulesError, match="Kid is not on the map"):
        plan_move(state, "kid", [(2, 20)])


def test_shotgun_hits_spread_to_those_within_a_pace_of_the_target_on_the_map():
    """1302-1311: hits from a shotgun, blunderbuss, volley gun, explosion or fanning may be spread to
    opponents within 1 pace of the target; a revolver's are not."""
    state = mapped(person("kid", SUPPORTING, weapons=("double_barrelled", "single_action_revolver")),
                   person("ike", SUPPORTING, owner=2), person("billy", SUPPORTING, owner=2),
                   person("frank", SUPPORTING, owner=2))
    for key, at in (("kid", (2, 2)), ("ike", (10, 10)), ("billy", (10.8, 10)), ("frank", (12.5, 10))):
        state.battlefield.place(Token(key, at))
    assert spread_to(state, "kid", "ike", "double_barrelled", fanning=False) == ("billy",)
    assert spread_to(state, "kid", "ike", "single_action_revolver", fanning=False) == ()
    assert spread_to(state, "kid", "ike", "single_action_revolver", fanning=True) == ("billy",)


def test_a_shells_hits_spread_to_those_within_two_paces_and_only_an_explosion_is_a_shell():
    """1302-1311: explosion hits may be spread to opponents "within 1 pace of target or 2 paces if shell"; a
    shotgun is no shell (see docs/rulings.md)."""
    state = mapped(person("kid", SUPPORTING, weapons=("dynamite", "double_barrelled")),
                   person("ike", SUPPORTING, owner=2), person("billy", SUPPORTING, owner=2),
                   person("frank", SUPPORTING, owner=2))
    for key, at in (("kid", (2, 2)), ("ike", (10, 10)), ("billy", (11.5, 10)), ("frank", (12.5, 10))):
        state.battlefield.place(Token(key, at))
    assert spread_to(state, "kid", "ike", "dynamite", fanning=False) == ()
    assert spread_to(state, "kid", "ike", "dynamite", fanning=False, shell=True) == ("billy",)
    with pytest.raises(RulesError, match="Only an explosion can be a shell: a Double-barrelled shotgun is not"):
        spread_to(state, "kid", "ike", "double_barrelled", fanning=False, shell=True)


def test_dynamite_falling_short_lands_two_paces_off_the_target_by_the_deviation_roll():
    """1296-1298, 1717: a throw of 2-4 misses: roll 1D10 for deviation (here 4-5, Go Right, of the line of the
    throw); it lands 2 paces from the target (see docs/rulings.md), and those within a pace are named."""
    state = mapped(person("kid", SUPPORTING, weapons=("dynamite",)), person("ike", SUPPORTING, owner=2),
                   person("billy", SUPPORTING, owner=2))
    for key, at in (("kid", (10, 20)), ("ike", (10, 10)), ("billy", (12.5, 10))):
        state.battlefield.place(Token(key, at))
    state, result = perform(state, ShotRequest("kid", "ike", paces=10), Dice(6, 3, 3, 4))
    assert [r.outcome.title for r in result.readings][-1] == "Go Right"
    words = falls_short(state, "kid", "ike", result.readings)
    assert words == "It lands at G6 (go right of the target): within a pace of it: Billy."
    assert state.battlefield.last_shot.target == pytest.approx((12, 10))


def test_one_whose_courage_breaks_in_the_open_flees_a_full_move_away_from_the_shooter():
    """Taking a Courage Test, Let's get out of here!: in the open, panic and flee at maximum speed away from
    the enemy (see docs/rulings.md: one full move, straight away, stopped by a wall)."""
    state = kid_and_ike((10, 20), (10, 14))
    # wants [6], hits [6]; effect [9] at DV 0: a Courage Test; courage [1]: Let's get out of here!
    state, result = perform(state, ShotRequest("kid", "ike", paces=6), Dice(6, 6, 9, 1))
    assert flee(state, "kid", result.readings) == "Ike flees 8.0 paces to F4."
    assert state.battlefield.tokens["ike"].at == pytest.approx((10, 6))


def test_a_bolting_mount_carries_its_rider_a_full_move_by_the_random_movement_chart():
    """2475-2476: the mount bolts in a random direction (503-506: 6-7 Go left of the way asked)."""
    state = mapped(person("kid", SUPPORTING, mount=Mount("horse", 2, bolting=True)))
    state.battlefield.place(Token("kid", (20, 15)))
    route = plan_move(state, "kid", [(20, 5)])                       # asked north: 16 paces a move, mounted
    state, result = perform(state, TestRequest("kid", "random_movement"), Dice(6))
    moved, words = carry_out(state, "kid", route, result.readings)
    assert moved.tokens["kid"].at == pytest.approx((4, 15))
    assert words.startswith("go left: 16.0 paces")


def test_an_action_test_passed_regains_control_of_a_bolting_mount():
    """2475-2476: the mount bolts until the rider passes an Action Test."""
    state = mapped(person("kid", SUPPORTING, mount=Mount("horse", 2, bolting=True)))
    state, result = perform(state, TestRequest("kid", "task"), Dice(3))
    assert state.characters["kid"].mount.bolting
    state, result = perform(state, TestRequest("kid", "task"), Dice(7))
    assert not state.characters["kid"].mount.bolting
    assert "Kid regains control of the horse." in result.changes


def test_a_plan_left_by_a_roll_decided_elsewhere_is_dropped_by_the_next_roll():
    state = mapped(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2))
    state.battlefield.place(Token("kid", (2, 2)))
    state.battlefield.plan = Plan("kid", [(2, 2), (2, 8)])
    state, result = perform(state, TestRequest("ike", "task"), Dice(6))
    assert carry_out_plan(state, result.readings) == ""
    assert state.battlefield.plan is None and state.battlefield.tokens["kid"].at == (2, 2)


# -- falling back and taking cover -----------------------------------------------------------------------


def kid_and_ike(kid, ike, *terrain):
    """Kid and Ike, of two players, placed on a 40 x 30 map with the terrain given."""
    state = mapped(person("kid", SUPPORTING), person("ike", SUPPORTING, owner=2), terrain=terrain)
    for key, at in (("kid", kid), ("ike", ike)):
        state.battlefield.place(Token(key, at))
    return state


def shot_at_ike(*terrain, ike=(10, 14)):
    """Kid, at 10,25, shoots Ike: wants [6], hits [6], effect [9] at DV 0 calls a Courage Test; courage [3]:
    Fall back and Take Cover!"""
    return perform(kid_and_ike((10, 25), ike, *terrain), ShotRequest("kid", "ike", paces=11), Dice(6, 6, 9, 3))


def test_fall_back_and_take_cover_goes_one_move_to_the_nearest_cover_from_the_shooter():
    """1062-1071: Fall back and Take Cover! "If in the open fall back 1 move towards the nearest cover". Behind
    the fence, within 2 paces of it, Ike is in light cover from Kid (2246); crossing it costs 25% (473-479), so
    a move is 6 paces and reaches it."""
    state, result = shot_at_ike(Obstacle("fence", [(0, 10), (40, 10)]))
    assert "Fall back and Take Cover!" in [r.outcome.title for r in result.readings]
    words = fall_back(state, result)
    assert words == "Ike falls back 4.5 paces to E5, in light cover from Kid (behind the fence)."
    ike = state.battlefield.tokens["ike"]
    assert ike.at == (9.5, 9.5) and ike.facing == 178                  # facing the enemy
    assert state.battlefield.last_path == [(10, 14), (9.5, 9.5)]


def test_only_a_roll_that_may_move_someone_sends_the_map_aside():
    """A shot whose effect calls for a Courage Test that sends Ike back may move him; a plain hit moves no one,
    and what the map does after it is nothing (the bot spares it the trip to a thread)."""
    state, result = shot_at_ike(Obstacle("fence", [(0, 10), (40, 10)]))
    assert moves_on_map(state, result.readings)
    plain, hit = perform(kid_and_ike((10, 25), (10, 14)), ShotRequest("kid", "ike", paces=11), Dice(6, 6, 2))
    assert "Courage Test" not in " ".join(r.outcome.title for r in hit.readings)
    assert not moves_on_map(plain, hit.readings)
    assert (carry_out_plan(plain, hit.readings), flee(plain, "kid", hit.readings), fall_back(plain, hit),
            bolt_loose(plain, hit.readings), falls_short(plain, "kid", "ike", hit.readings)) == ("",) * 5


def test_cover_further_than_a_move_is_gone_towards_as_far_as_the_move_allows():
    """1062-1071: 1 move towards the nearest cover: 6 paces after the fence's 25%, short of the cover."""
    state, result = shot_at_ike(Obstacle("fence", [(0, 6), (40, 6)]))
    words = fall_back(state, result)
    assert words == "Ike falls back 6.0 paces to E5, towards cover at E3 (in light cover from Kid (behind the fence))."
    assert state.battlefield.tokens["ike"].at == pytest.approx((9.65, 8.01), abs=0.01)


def test_one_already_behind_cover_ducks_down_and_stays():
    """1066-1069: "if already behind cover duck down"."""
    state, result = shot_at_ike(Obstacle("wall", [(0, 15), (40, 15)]), ike=(10, 14))
    assert fall_back(state, result) == "Ike is already in hard cover from Kid (behind the wall): ducks down."
    assert state.battlefield.tokens["ike"].at == (10, 14)


def test_a_building_between_hides_one_who_falls_back_behind_it():
    """975: out of sight is better than cover; the nearest place is behind the Saloon's east wall."""
    state, result = shot_at_ike(saloon(), ike=(22, 18))
    words = fall_back(state, result)
    assert words.startswith("Ike falls back ") and "out of Kid's sight (the wall of the Saloon is in the way)" in words
    assert state.battlefield.sight((10, 25), state.battlefield.tokens["ike"].at).hidden


def test_falling_back_never_goes_nearer_the_enemy_and_with_no_cover_goes_straight_away():
    """1062-1065: fall back: the wall in front of Ike is nearer Kid, so it is not taken (see docs/rulings.md);
    with no cover behind, Ike falls back a move straight away from Kid."""
    state, result = shot_at_ike(Obstacle("wall", [(5, 20), (15, 20)]))
    assert fall_back(state, result) == "Ike falls back 8.0 paces to F4, straight away from Kid: no cover within reach."
    assert state.battlefield.tokens["ike"].at == pytest.approx((10, 6))


def test_this_doesnt_look_good_heads_for_the_nearest_cover_even_towards_the_enemy():
    """952-955: This doesn't look good! "Head for the nearest cover if in the open": taken on /test, from the
    nearest enemy on the map (see docs/rulings.md)."""
    state = kid_and_ike((10, 25), (10, 14), Obstacle("wall", [(0, 20), (40, 20)]))
    state, result = perform(state, TestRequest("ike", "react"), Dice(3))
    assert fall_back(state, result) == "Ike moves 4.5 paces to E10, in hard cover from Kid (behind the wall)."


def test_flustered_retreats_slowly_half_a_move_towards_cover():
    """888-891: Flustered! "if in the open retreat slowly towards cover": half a move (see docs/rulings.md)."""
    state = kid_and_ike((10, 25), (10, 14), Obstacle("fence", [(0, 6), (40, 6)]))
    state.characters["ike"].conditions.add(Condition.HOLDING)
    state, result = perform(state, TestRequest("ike", "respond_opportunity"), Dice(1))
    assert fall_back(state, result).startswith("Ike falls back 3.0 paces to E6, towards cover at E3")


def test_not_sure_about_a_shot_falls_back_four_paces_towards_cover():
    """1160-1170: Wanting to Shoot, I'm not sure I can do this!: "falls back 4 paces facing the enemy or moves
    towards the nearest cover"."""
    state = kid_and_ike((10, 14), (10, 5), Obstacle("fence", [(0, 20), (40, 20)]))
    state, result = perform(state, ShotRequest("kid", "ike", paces=9), Dice(1))
    assert fall_back(state, result) == "Kid falls back 4.0 paces to E9, towards cover at E11 (in light cover " \
                                       "from Ike (behind the fence))."


def test_not_sure_about_an_attack_falls_back_two_paces_facing_the_enemy_cover_or_not():
    """1979-1986: Wanting to make an attack, I'm not sure I can do this!: "does not close to attack. Fall back
    2 paces facing the enemy" (no cover is sought: the book names none)."""
    state = kid_and_ike((10, 15), (10, 12), Obstacle("fence", [(0, 17), (40, 17)]))
    state, result = perform(state, FightRequest("kid", "ike"), Dice(1))
    assert fall_back(state, result) == "Kid falls back 2.0 paces to F9."
    kid = state.battlefield.tokens["kid"]
    assert (kid.at, kid.facing) == ((10, 17), 0)


def test_caution_in_good_going_withdraws_half_a_move_from_the_enemy_whatever_way_was_asked():
    """530-535: Caution – Danger Ahead!: "Withdraw and fall back ½ a move facing the enemy if in good going":
    Kid asked to go towards Ike, and falls back 4 paces from him instead (see docs/rulings.md)."""
    state = kid_and_ike((10, 20), (10, 10))
    plan_on_map(state, "kid", [(10, 14)])
    state, result = perform(state, TestRequest("kid", "move"), Dice(1))
    assert carry_out_plan(state, result.readings) == "Kid falls back 4.0 paces to F13."
    kid = state.battlefield.tokens["kid"]
    assert (kid.at, kid.facing, state.battlefield.plan) == ((10, 24), 0, None)


def test_time_to_get_out_a_town_backs_off_four_paces_from_the_one_drawing():
    """1637-1643: Responding to an opponent drawing, Time to get out 'a Town!: "You panic and back off 4
    paces"."""
    state = kid_and_ike((10, 25), (10, 14))
    state, result = perform(state, DrawRequest("ike", "kid", paces=11, responding=True), Dice(3))
    assert "Time to get out ‘a Town!" in [r.outcome.title for r in result.readings]
    assert fall_back(state, result) == "Ike falls back 4.0 paces to F6."
    assert state.battlefield.tokens["ike"].at == (10, 10)


def test_a_courage_test_in_close_combat_falls_back_without_leaving_the_fight():
    """1073-1078: in close combat, fall back 2 paces and stay On the Back Foot for the rest of this combat:
    the token stays in contact (see docs/rulings.md)."""
    state = kid_and_ike((10, 15), (11, 15))
    state.engage(state.characters["kid"], state.characters["ike"])
    state, result = perform(state, TestRequest("ike", "courage", in_close_combat=True), Dice(3))
    assert fall_back(state, result) == ""
    assert state.battlefield.tokens["ike"].at == (11, 15)


def test_nobody_falls_back_with_no_enemy_on_the_map():
    state = mapped(person("ike", SUPPORTING, owner=2))
    state.battlefield.place(Token("ike", (10, 14)))
    state, result = perform(state, TestRequest("ike", "react"), Dice(3))
    assert fall_back(state, result) == ""


# -- loose mounts -------------------------------------------------------------------------------------------


def thrown_from_his_horse(*dice):
    """Ike (a Marksman, at 20,25) shoots Kid's horse (Kid at 20,15, facing east): Wanting to Shoot 6, to hit 7,
    effect on the horse 6 at DV -2: 1 Hit; control 1: Thrown!; then ``dice``."""
    rider = person("kid", SUPPORTING, owner=2, mount=Mount("horse", 2))
    state = mapped(person("ike", SUPPORTING, traits=["marksman"]), rider)
    state.battlefield.place(Token("ike", (20, 25)))
    state.battlefield.place(Token("kid", (20, 15), facing=90))
    return perform(state, ShotRequest("ike", "kid", paces=10, at_mount=True), Dice(6, 7, 6, 1, *dice))


def test_a_rider_thrown_leaves_the_mount_loose_and_it_bolts_a_full_move_by_the_random_movement_chart():
    """2478-2479: on a 1 the rider is "thrown from their mount which will then bolt in a random direction. They
    test for injury": the mount is loose, the rider on foot; the Random Movement roll (503-506: 8+ Straight
    Ahead) sends it a mount's full move, 16 paces, the way the rider faced (see docs/rulings.md)."""
    # Random movement [9]: Straight Ahead; injury from the fall [8]: a courage test, [6]: A-OK
    state, result = thrown_from_his_horse(9, 8, 6)
    assert [r.label for r in result.readings][4] == "Kid's horse bolts"
    assert state.characters["kid"].mount is None
    assert state.loose_mounts["Kid's horse"].hits == 1
    assert bolt_loose(state, result.readings) == "Kid's horse bolts straight ahead: 16.0 paces to S8."
    horse = state.battlefield.tokens["Kid's horse"]
    assert (horse.at, horse.kind) == ((36, 15), "mount")
    assert state.battlefield.tokens["kid"].at == (20, 15)                      # the rider lies where he fell
    assert mover_of(state, "kid").move == 8                                     # on foot now


def test_a_bolting_loose_mount_is_stopped_by_the_maps_edge():
    """503-506: 1-3 Reverse, back the way the rider faced; stopped at the map's west edge (see docs/rulings.md)."""
    state, result = thrown_from_his_horse(2, 8, 6)
    bolt_loose(state, result.readings)
    assert state.battlefield.tokens["Kid's horse"].at == pytest.approx((4, 15))


def test_a_dismounting_rider_leaves_the_mount_loose_where_they_stand_and_may_mount_it_again():
    """809: mounting and dismounting are basic actions. On the map the mount stays where it was left, with its
    hits, and a rider within 2 paces mounts it again (see docs/rulings.md)."""
    state = mapped(person("kid", SUPPORTING, mount=Mount("horse", 2, hits=1)))
    state.battlefield.place(Token("kid", (20, 15)))
    assert dismount(state, state.characters["kid"]) == "Kid dismounts: Kid's horse stands at K8."
    assert state.characters["kid"].mount is None and state.battlefield.tokens["Kid's horse"].at == (20, 15)
    state.battlefield.place(Token("kid", (25, 15)))
    assert remount(state, state.characters["kid"], "horse") == ""                # 5 paces off: out of reach
    state.battlefield.place(Token("kid", (21, 15)))
    assert remount(state, state.characters["kid"], "camel") == ""
    assert remount(state, state.characters["kid"], "horse") == "Kid's horse"
    assert state.characters["kid"].mount.hits == 1
    assert "Kid's horse" not in state.battlefield.tokens and not state.loose_mounts


def test_a_fallen_riders_mount_is_left_loose_once_named():
    state = mapped(person("kid", SUPPORTING, mount=Mount("horse", 2)))
    state.characters["kid"].lost = list(state.characters["kid"].cards)
    assert loose_names(state) == ["Kid's horse"]
    assert loose_mount(state, "kid's HORSE") == "Kid's horse"
    assert state.characters["kid"].mount is None and "Kid's horse" in state.loose_mounts
