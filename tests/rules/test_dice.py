"""Dice: bounds, the die kept, the four bands, jokers, and the rates the dice imply."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.core.dice import Band, Dice, Keep, Luck, Roll, roll
from bot.rules.qotd.casting import CharacterType


@pytest.mark.parametrize("value, band", [(1, Band.DISASTER), (2, Band.FAIL), (4, Band.FAIL), (5, Band.SUCCESS),
                                         (9, Band.SUCCESS), (10, Band.OUTSTANDING)])
def test_bands_follow_reel_one(value, band):
    assert Band.of(value) is band


@given(count=st.integers(1, 6), keep=st.sampled_from(list(Keep)), seed=st.integers(0, 2**32))
def test_roll_bounds_and_kept_die(count, keep, seed):
    rolled = roll(Dice(count, keep), random.Random(seed))
    assert len(rolled.faces) == count
    assert all(1 <= f <= 10 for f in rolled.faces)
    if keep is Keep.BEST:
        assert rolled.values == (max(rolled.faces),)
    elif keep is Keep.WORST:
        assert rolled.values == (min(rolled.faces),)
    else:
        assert rolled.values == rolled.faces
    assert rolled.band is Band.of(rolled.value)


@given(seed=st.integers(0, 2**32), luck=st.sampled_from(list(Luck)))
def test_a_joker_mark_fixes_every_die_read(seed, luck):
    rolled = roll(Dice(3, Keep.ALL), random.Random(seed), luck)
    assert rolled.values == (luck.value,) * 3


def test_ignoring_ones_reads_a_one_as_a_plain_fail():
    rolled = Roll(Dice(1), (1,), ones_ignored=True)
    assert rolled.value == 2 and rolled.band is Band.FAIL


def test_roll_round_trips_through_json():
    rolled = Roll(Dice(2, Keep.WORST), (3, 8), Luck.RED, True)
    assert Roll.from_json(rolled.to_json()) == rolled


@pytest.mark.parametrize("kind, reduced, rate", [
    (CharacterType.HERO, False, 0.84),        # 2D10 take best: 1 - 0.4^2
    (CharacterType.MAIN, False, 0.84),
    (CharacterType.SUPPORTING, False, 0.60),  # 1D10
    (CharacterType.MINOR, False, 0.60),
    (CharacterType.HERO, True, 0.60),         # reduced: 1D10
    (CharacterType.MINOR, True, 0.36),        # reduced: 2D10 take worst, 0.6^2
])
def test_pass_rates_are_those_the_dice_imply(kind, reduced, rate):
    rng = random.Random(1234)
    dice = kind.row.reduced_dice if reduced else kind.row.action_dice
    trials = 40_000
    passes = sum(roll(dice, rng).band.passed for _ in range(trials))
    # four standard errors of a binomial proportion at 40,000 trials is under 0.01
    assert abs(passes / trials - rate) < 0.01
