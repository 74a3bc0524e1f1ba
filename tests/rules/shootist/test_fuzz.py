"""Whole games of random actions: the engine refuses with a RulesError or plays on, its invariants hold, and
every state reads back from JSON as it was."""

import random

from hypothesis import given, settings, strategies as st

from bot.rules.core.actions import perform
from bot.rules.core.errors import RulesError
from bot.rules.shootist.ammo import PickUpRequest, ReloadRequest
from bot.rules.shootist.brawl import BrawlRequest, BreakOffRequest
from bot.rules.shootist.moves import MountRequest, MoveRequest
from bot.rules.shootist.ruleset import SHOOTIST
from bot.rules.shootist.shooting import HORSE, Ledge, ShootRequest
from bot.rules.shootist.turns import DrawDieRequest

from .table import game

CASTS = (("Ann", 1, {"weapons": "Colt, Colt, Knife", "abilities": "Lucky, Super Fast", "horse": "yes"}),
         ("Bob", 2, {"weapons": "Shotgun, Dragoon", "abilities": "Thick Skin, Lawman", "shoot": "D10"}),
         ("Cal", 1, {"weapons": "Winchester", "abilities": "Tough Guy, Eagle Eye", "horse": "yes"}),
         ("Dan", 2, {"weapons": "Bow, Spear", "shield": "yes", "abilities": "Fan Specialist"}))


def request(rng: random.Random, state) -> object:
    """Something the acting shootist's player (or anyone) might type."""
    keys = list(state.characters)
    me = state.turn.acting or rng.choice(keys)
    other = rng.choice([k for k in keys if k != me] or keys)
    weapon = rng.choice(["", *(g.weapon for g in state.characters[me].weapons)])
    kind = rng.randrange(10)
    if kind < 4:
        return ShootRequest(me, other, hexes=rng.randrange(0, 14), weapon=weapon, move=rng.choice([0, 0, 0, 1, 2, 3]),
                            cover=rng.random() < 0.3, behind=rng.random() < 0.2, two_pistols=rng.random() < 0.2,
                            fan=tuple(rng.sample(keys, rng.randrange(1, 3))) if rng.random() < 0.3 else (),
                            barrels=rng.choice([1, 1, 2]), at_horse=rng.random() < 0.1,
                            ledge=rng.choice(list(Ledge)), floors=rng.randrange(1, 3),
                            crossfire=tuple(rng.sample(keys + [HORSE + k for k in keys], rng.randrange(0, 3))))
    if kind == 4:
        return ReloadRequest(me, weapon, move=rng.randrange(2))
    if kind == 5:
        return BrawlRequest(me, other, move=rng.randrange(2))
    if kind == 6:
        return MoveRequest(me, rng.randrange(0, 7), doors=rng.randrange(2), windows=rng.randrange(2))
    if kind == 7:
        return PickUpRequest(me, other, rng.choice(["belt", "gun", "colt", "knife", "spear"]))
    if kind == 8:
        return MountRequest(me, rng.random() < 0.5)
    return rng.choice([BreakOffRequest(me), DrawDieRequest(me, rng.choice([0, 4, 6]), rng.random() < 0.3)])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1_000_000))
def test_random_games_keep_the_rules_invariants(seed):
    rng = random.Random(seed)
    state = game(*CASTS)
    for _ in range(150):
        try:
            state, _ = perform(state, request(rng, state), rng)
        except RulesError:
            pass
        if rng.random() < 0.5:
            (SHOOTIST.advance if rng.random() < 0.9 else SHOOTIST.deal)(state, rng)
        state.check()
        assert SHOOTIST.load(state.to_json()) == state
        SHOOTIST.board(state)
