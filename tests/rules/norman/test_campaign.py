"""After a gunfight and over a campaign (MN 225-254): Boot Hill, fled figures, Allies going home, Money,
notches and skills."""

import random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import CastSpec, Enlisted, Standing
from bot.rules.norman.actions import AftermathRequest, DoorRequest, SkillRequest
from bot.rules.norman.campaign import amend, cast_options, described, enlist, homecoming, kept, rejoin
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import DEAD, FLED, IN_PLAY, SHOT_DOWN, Building, Figure, stock

from .table import ANN, BOB, act, gunfight, told


def test_shot_down_dies_on_5_6_and_on_a_roof_on_3_to_6():
    """MN 226: "on a 5,6 the figure is dead and off to Boot Hill, unless on balcony or roof where figure
    plummets and dies on a 3,4,5,6!"; skills die with the figure (MN 254)."""
    state = gunfight({"kid": (ANN, "man", {"skills": "Shoot"}), "doc": (ANN, "man", {}),
                      "joe": (BOB, "man", {})})
    kid, doc = state.characters["kid"], state.characters["doc"]
    kid.status = doc.status = SHOT_DOWN
    doc.high = True
    state, resolution = act(state, AftermathRequest(), 4, 3)
    assert told(resolution) == ["Kid, Shot down: 4 Recovers", "Doc, Shot down: 3 Dead",
                                "Doc is dead and off to Boot Hill; the skills are lost."]
    assert state.characters["kid"].status == IN_PLAY and state.characters["kid"].skills == {"Shoot": 1}
    assert state.characters["doc"].status == DEAD and state.over


def test_a_dead_man_with_a_pistol_is_replaced_up_to_value_2_skills_ignored():
    """MN 226: "Dead figures may be replaced for the next game up to their value (ignore Skills – they are lost).
    So a dead man with pistol can count 2 value to replace."; MN 27-42: the gang values."""
    state = gunfight({"kid": (ANN, "man", {"pistols": "1", "skills": "Shoot, Sneak"}), "joe": (BOB, "man", {})})
    assert state.characters["kid"].worth == 4
    state.characters["kid"].status = SHOT_DOWN
    state, _ = act(state, AftermathRequest(), 6)
    assert state.characters["kid"].status == DEAD and state.characters["kid"].worth == 2


def test_a_figure_that_fled_returns_with_true_grit_one_lower_down_to_minus_2():
    """MN 177-178, 203: "If a figure Flees in more than one game then his/her True Grit will be at (-2)"."""
    state = gunfight({"kid": (ANN, "man", {"grit": "-2"}), "joe": (BOB, "man", {})})
    state.characters["joe"].status = state.characters["kid"].status = "Fled"
    state, resolution = act(state, AftermathRequest())
    assert state.characters["joe"].grit == -1 and state.characters["kid"].grit == -2


def test_allies_go_home_and_money_counts_for_the_gang():
    """MN 226: "Allies only stay with you for that one game"; MN 22-26: Money taken off, or left on the table
    and taken by the survivors, gives notches (2 a card by default; see docs/rulings.md)."""
    state = gunfight()
    state.characters["doc"] = Figure("doc", "Doc", ANN, "man", ally=True)
    state.characters["kid"].money = 1
    state.town = [Building("Bank", stock("Strongbox", "money"))]
    state.characters["joe"].status = SHOT_DOWN
    state, resolution = act(state, AftermathRequest(), 1)
    assert "doc" not in state.characters and "Doc returns to their own business." in resolution.changes
    assert state.seats[ANN].money == 4 and "Spades takes the 1 Money card(s) left on the table." in resolution.changes


def test_two_notches_give_a_skill_and_money_buys_one():
    """MN 227: "Once the total reaches 2 (and then again for 4, 6 and so on) you can choose a skill"."""
    state = gunfight()
    kid = state.characters["kid"]
    kid.notches = 3
    state, resolution = act(state, SkillRequest(ANN, "kid", "sneak"))
    assert resolution.headline == "Kid takes Sneak for Kid's notches"
    with pytest.raises(RulesError, match="no skill due"):
        act(state, SkillRequest(ANN, "kid", "Shoot"))
    state.seats[ANN].money = 2
    state, resolution = act(state, SkillRequest(ANN, "kid", "Sneak"))
    assert state.characters["kid"].skills == {"Sneak": 2} and state.seats[ANN].money == 0
    state.characters["kid"].notches = 6
    with pytest.raises(RulesError, match="at most \\+2"):
        act(state, SkillRequest(ANN, "kid", "Sneak"))


def test_true_grit_stays_within_plus_2_and_allies_take_no_skills():
    """MN 254: "In campaigns True grit can vary from –2 to +2"."""
    state = gunfight({"kid": (ANN, "man", {"grit": "2"}), "joe": (BOB, "man", {})})
    state.characters["kid"].notches = 2
    with pytest.raises(RulesError, match="at most \\+2"):
        act(state, SkillRequest(ANN, "kid", "True Grit"))
    state.characters["doc"] = Figure("doc", "Doc", ANN, "man", ally=True, notches=2)
    with pytest.raises(RulesError, match="main characters"):
        act(state, SkillRequest(ANN, "doc", "Shoot"))


def test_money_carried_by_a_figure_shot_down_is_left_on_the_table():
    state = gunfight()
    state.town = [Building("Bank", stock("Strongbox", "money"))]
    state, _ = act(state, DoorRequest(ANN, "kid", "Bank", "take"))
    state.characters["kid"].status = SHOT_DOWN
    state, resolution = act(state, AftermathRequest(), 1)
    assert state.seats[ANN].money == 0 and state.seats[BOB].money == 2


def campaign_gang() -> tuple:
    """Ann's Kid after a gunfight: 3 notches (one skill taken, Shoot), fled once (True Grit -1), a rifle and
    two pistols on a horse; Bob's Joe Shot down and dead; Ann's gang 3 Money notches unspent."""
    state = gunfight({"kid": (ANN, "man", {"pistols": "2", "long": "rifle", "horse": "yes", "skills": "Shoot",
                                          "dynamite": "1"}),
                      "joe": (BOB, "man", {"pistols": "1", "skills": "Sneak"})})
    kid, joe = state.characters["kid"], state.characters["joe"]
    kid.notches, kid.taken, kid.roster_id, kid.status = 3, 1, 7, FLED
    joe.roster_id, joe.status = 8, SHOT_DOWN
    state, _ = act(state, AftermathRequest(), 6)
    state.seats[ANN].money = 3
    return state, state.characters["kid"], state.characters["joe"]


def test_the_roster_keeps_notches_skills_kit_and_lowered_true_grit_and_the_dead_stay_dead():
    """MN 227: notches counted over the campaign ("Once the total reaches 2 (and then again for 4, 6 ...)"); MN
    203: a flight lowers True Grit "for future games"; MN 226, 254: the dead lose their skills."""
    state, kid, joe = campaign_gang()
    home = dict((figure.key, kept(data)) for figure, data in homecoming([joe, kid], {ANN: 3, BOB: 0}))
    assert (home["kid"].figure.notches, home["kid"].figure.taken, home["kid"].figure.grit) == (3, 1, -1)
    assert home["kid"].figure.skills == {"Shoot": 1} and home["kid"].purse == 3
    assert joe.status == DEAD and home["joe"].figure.skills == {} and home["joe"].purse == 0
    assert described(enlist(kid, 3)) == ("Man, value 6; 2 Pistols, Rifle, Dynamite 1, Horse; True Grit -1; "
                                         "Shoot +1; 3 notches; the gang's Money: 3 notches")

    again = gunfight({"doc": (ANN, "man", {}), "joe": (BOB, "man", {})})   # the next gunfight: cast as kept
    entry = home["kid"]
    cast = NORMAN.cast(again, CastSpec("kid", "Kid", ANN, *cast_options(entry.figure)), random.Random(0))
    rejoin(again, cast, entry, 7)
    assert enlist(cast, 3) == enlist(kid, 3) and cast.roster_id == 7 and again.seats[ANN].money == 3
    again, _ = act(again, SkillRequest(ANN, "kid", "True Grit"))   # 3 notches bought one skill: the Money pays
    assert again.characters["kid"].true_grit == 0 and again.seats[ANN].money == 1


def test_the_gangs_money_goes_home_with_its_first_living_roster_figure():
    state, kid, joe = campaign_gang()
    joe.owner = ANN
    purses = {figure.key: kept(data).purse for figure, data in homecoming([joe, kid], {ANN: 3})}
    assert purses == {"kid": 3, "joe": 0}


def test_allies_and_money_cards_join_no_roster_and_kit_is_amended_within_the_text():
    state, kid, _ = campaign_gang()
    kid.ally = True
    with pytest.raises(RulesError, match="Allies only stay"):
        enlist(kid)
    kid.ally = False
    with pytest.raises(RulesError, match="Rifle or a Shotgun"):
        amend(enlist(kid), long="cannon")
    with pytest.raises(RulesError, match="up to 2 pistols"):
        amend(enlist(kid), pistols=3)
    changed = kept(amend(enlist(kid), pistols=1, long="none", dynamite=0, horse=False)).figure
    assert (changed.pistols, changed.long, changed.dynamite, changed.horse, changed.notches) == (1, "", 0, False, 3)


def test_the_gang_as_a_campaign_roster_comes_home_from_the_aftermath_and_is_recast_as_it_came_home():
    """The ruleset's Campaign capability: what the roster keeps after the gunfight (every roster figure, dead or
    alive, the gang's Money with the first living one), and a recast that gives the notches and Money back."""
    state, kid, joe = campaign_gang()
    kid.roster_id, joe.roster_id = 1, 2
    state.seats[ANN].money = 3
    homes = {home.entry: home for home in NORMAN.keep(state, [], random.Random(0))}
    assert (homes[1].standing, kept(homes[1].data).purse, homes[1].readings) == (Standing.READY, 3, ())
    assert homes[1].outcome == described(homes[1].data) + "."
    assert (homes[2].standing, homes[2].outcome) == (Standing.DEAD, described(homes[2].data) + " — dead.")

    again = gunfight({"doc": (ANN, "man", {}), "joe": (BOB, "man", {})})
    cast = NORMAN.recast(again, Enlisted(1, ANN, "Kid", Standing.READY, homes[1].data), random.Random(0))
    assert (cast.roster_id, cast.notches, again.seats[ANN].money) == (1, 3, 3)
    assert NORMAN.describe(Enlisted(1, ANN, "Kid", Standing.READY, homes[1].data)) == (described(homes[1].data), "")
    with pytest.raises(RulesError, match="dead"):
        NORMAN.recast(again, Enlisted(2, BOB, "Joe", Standing.DEAD, homes[2].data), random.Random(0))
    assert NORMAN.amend(Enlisted(1, ANN, "Kid", Standing.READY, homes[1].data), {"horse": False, "pistols": None}) \
        == amend(homes[1].data, horse=False)
