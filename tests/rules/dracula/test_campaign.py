"""A posse's roster across a campaign's games (the text is silent on experience: docs/rulings.md): Rank, Skills
and Lasting Injuries (DA 5-9, 181-217) kept as cast, amended by the Director between games."""

from __future__ import annotations

import random

import pytest

from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import Enlisted, Standing
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.campaign import amend, cast_options, described, enlist, kept
from bot.rules.dracula.state import Condition

from .game import ANN, cast, two_posses


def test_the_roster_keeps_what_a_model_is_not_what_the_game_did_to_it():
    state = two_posses()
    abe = state.characters["abe"]
    abe.condition, abe.done, abe.lookout, abe.skills = Condition.DOWNED, True, True, ["Deadeye"]
    abe.gun("rifle").jammed = True
    model = kept(enlist(abe))
    assert (model.rank, model.boss, model.skills, model.condition, model.done, model.lookout) == \
        ("hero", True, ["Deadeye"], Condition.FINE, False, False)
    assert not model.gun("rifle").jammed
    assert cast_options(model) == {"weapons": "Pistol, Rifle", "skills": "Deadeye", "injuries": "", "boss": "True"}
    assert described(enlist(abe)) == "Hero Boss (D10); Pistol, Rifle; Skills: Deadeye"


def test_the_director_amends_rank_skills_and_injuries_as_the_text_names_them():
    """Ranks Novice D6, Veteran D8, Hero D10 (DA 5-9); Skills (DA 181-209); Lasting Injuries (DA 211-217)."""
    data = enlist(two_posses().characters["art"])
    data = amend(data, rank="veteran", skills="deadeye, 'ornery", injuries="one-eyed")
    assert described(data) == "Veteran (D8); Shotgun; Skills: Deadeye, 'Ornery; Lasting Injuries: One-Eyed"
    assert kept(data).type == "veteran" and kept(data).grit == 8
    assert described(amend(data, skills="none")) == "Veteran (D8); Shotgun; Lasting Injuries: One-Eyed"
    with pytest.raises(RulesError, match="no Lasting Injury 'Gout'"):
        amend(data, injuries="Gout")
    with pytest.raises(RulesError, match="no Rank"):
        amend(data, rank="legend")


def test_an_npc_joins_no_roster():
    state = two_posses()
    cast(state, "wolf", 99, "supernatural")
    with pytest.raises(RulesError, match="NPC"):
        enlist(state.characters["wolf"])


def test_the_posse_as_a_campaign_roster_is_recast_as_kept_and_a_game_changes_nothing_on_it():
    """The ruleset's Campaign capability: the text has no rule for what a game does to a roster model (see
    docs/rulings.md), so the end of a game keeps nothing new; a recast model carries its entry."""
    state = two_posses()
    data = DRACULA.enrol(state, "abe")
    assert data == enlist(state.characters["abe"])
    assert DRACULA.keep(state, [Enlisted(1, ANN, "Abe", Standing.READY, data)], random.Random(0)) == []
    again = DRACULA.new_game()
    DRACULA.join(again, ANN, random.Random(0))
    abe = DRACULA.recast(again, Enlisted(1, ANN, "Abe", Standing.READY, data), random.Random(0))
    assert (abe.roster_id, abe.rank, abe.boss) == (1, "hero", True)
    assert [gun.weapon for gun in abe.weapons] == ["pistol", "rifle"]
    assert DRACULA.describe(Enlisted(1, ANN, "Abe", Standing.DEAD, data)) == ("Hero Boss (D10); Pistol, Rifle", "dead")
    with pytest.raises(RulesError, match="dead"):
        DRACULA.recast(DRACULA.new_game(), Enlisted(1, ANN, "Abe", Standing.DEAD, data), random.Random(0))
