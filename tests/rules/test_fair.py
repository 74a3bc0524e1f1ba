"""The fair random source: commitments a player can check with sha256sum, dice tied to their draw, undo-proof."""

import copy
import hashlib
import hmac
import random
import shutil
import subprocess
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.core.cards import Card
from bot.rules.core.dice import Dice, roll
from bot.rules.core.fair import Draws, PhaseDice, Seal, commitment, dealt, face, keyed
from bot.rules.core.replay import KEEP
from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Carried, Character, GameState

SEED = "5d" * 32


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="needs coreutils' sha256sum")
def test_a_commitment_is_what_sha256sum_prints_for_its_text():
    out = subprocess.run(["sha256sum"], input=f"director:42:3:{SEED}".encode(), capture_output=True, check=True)
    assert out.stdout.decode().split()[0] == commitment(42, 3, SEED)
    assert commitment(42, 4, SEED) != commitment(42, 3, SEED) != commitment(43, 3, SEED)


def hmac_of(text: str) -> bytes:
    return hmac.new(bytes.fromhex(SEED), text.encode(), hashlib.sha256).digest()


def test_a_die_is_its_four_bytes_of_the_hmac_of_its_eighth_read_as_a_number_modulo_its_sides():
    for number in range(80):
        word = hmac_of(str(number // 8))[4 * (number % 8):4 * (number % 8) + 4].hex()
        assert int(word, 16) < 4_294_967_290, "a word in the incomplete run: the test would need the fallback"
        assert face(SEED, number, 10) == int(word, 16) % 10 + 1


def test_a_value_in_the_last_incomplete_run_is_drawn_again_so_every_value_is_as_likely():
    k = (1 << 31) + 1                        # nearly half of all words fall past the last whole run of k
    words = [int.from_bytes(hmac_of(str(n // 8))[4 * (n % 8):4 * (n % 8) + 4], "big") for n in range(40)]
    rejected = next(n for n, x in enumerate(words) if x >= (1 << 32) - (1 << 32) % k)
    limit = (1 << 256) - (1 << 256) % k
    retries = [int.from_bytes(hmac_of(f"{rejected}/{r}"), "big") for r in range(1, 40)]
    assert Draws(SEED).draw(rejected, k) == next(x for x in retries if x < limit) % k


def test_the_hmac_with_its_keys_hashed_once_is_the_standard_hmac_sha256():
    for message in (b"", b"0", b"12/3", b"x" * 100):
        assert keyed(SEED)(message) == hmac.new(bytes.fromhex(SEED), message, hashlib.sha256).digest()


def test_ten_thousand_d10_fall_evenly():
    counts = Counter(face(SEED, number, 10) for number in range(10_000))
    assert sorted(counts) == list(range(1, 11))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 27.9                     # the 0.1% tail of chi-squared with 9 degrees of freedom


@given(st.binary(min_size=32, max_size=32), st.integers(0, 10_000), st.integers(2, 20))
def test_a_face_is_always_on_the_die(seed, number, sides):
    assert 1 <= face(seed.hex(), number, sides) <= sides


def test_the_deal_sorts_the_pack_and_shuffles_it_with_the_first_draws():
    codes = ["AH", "KH", "QH", "AS", "KS", "RJ", "BJ", "10D", "2C"]
    pack = [Card.parse(c) for c in reversed(codes)]
    seal = Seal(1, 1, SEED)
    PhaseDice(seal).shuffle(pack)
    assert [c.code for c in pack] == dealt(SEED, codes) == dealt(SEED, list(reversed(codes)))
    assert seal.draws == len(codes) - 1
    assert sorted(c.code for c in pack) == sorted(codes)


def test_a_roll_records_the_draw_of_its_first_die_and_the_dice_follow():
    seal = Seal(1, 1, SEED, draws=12)
    rolled = roll(Dice(3), PhaseDice(seal))
    assert rolled.number == 12 and seal.draws == 15
    assert rolled.faces == tuple(face(SEED, n, 10) for n in (12, 13, 14))
    assert type(rolled).from_json(rolled.to_json()).number == 12


def table() -> GameState:
    state = GameState()
    state.settings.cuts_per_character = 0
    for key, kind in (("doc", CharacterType.HERO), ("ike", CharacterType.SUPPORTING)):
        state.add(Character(key, key.title(), 1, kind, "ordinary",
                            weapons=[Carried("single_action_revolver", loaded=6)]), random.Random(0))
    state.seal = Seal(9, 1, SEED)
    state.shuffle(PhaseDice(state.seal))
    return state


def shoot(state: GameState) -> tuple[GameState, list]:
    """Doc shoots Ike, keeping any roll offered for a re-roll; returns the state and every roll."""
    state, result = perform(state, ShotRequest("doc", "ike", paces=6), PhaseDice(state.seal))
    while result.decision:
        state, result = decide(state, KEEP, PhaseDice(state.seal))
    return state, [r.roll for r in result.readings]


def test_an_action_played_again_from_the_stored_state_rolls_the_same_dice_and_the_next_one_new_dice():
    stored = table().to_json()
    after, first = shoot(GameState.from_json(stored))
    _, again = shoot(GameState.from_json(stored))                      # the action undone, then played again
    assert [(r.faces, r.number) for r in again] == [(r.faces, r.number) for r in first]
    _, next_shot = shoot(after)
    assert next_shot[0].number == after.to_json()["seal"]["draws"] - sum(len(r.faces) for r in next_shot)
    assert next_shot[0].number > first[-1].number


def test_a_paused_action_keeps_the_count_of_its_draws_so_the_re_roll_draws_the_next_numbers():
    state = table()
    state.settings.cuts_per_character = 1                             # Doc, a Hero, may call Cut! on a failed roll
    while True:                                       # shoot from beyond effective range until a re-roll is offered
        state, result = perform(state, ShotRequest("doc", "ike", paces=20), PhaseDice(state.seal))
        if result.decision or not state.characters["doc"].weapons[0].loaded:
            break
    assert result.decision, "no re-roll was offered"
    paused = result.readings[-1].roll
    assert state.seal.draws == paused.number + len(paused.faces)
    choice = result.decision.rights[0].key
    state, result = decide(state, choice, PhaseDice(state.seal))
    rerolled = next(r for r in result.readings if r.first is not None)
    assert rerolled.first.number == paused.number and rerolled.roll.number == paused.number + len(paused.faces)


def test_a_copy_of_a_state_shares_its_seal_so_an_action_on_a_deep_copy_counts_its_draws_once():
    """Mackenzie Norman's actions work on a deep copy of the game: the draws they make are the game's."""
    seal = Seal(1, 2, SEED)
    state = GameState(seal=seal)
    work = copy.deepcopy(state)
    assert work.seal is seal
    roll(Dice(2), PhaseDice(work.seal))
    assert state.seal.draws == 2


def test_a_deck_of_names_is_shuffled_as_a_pack_sorted_by_name():
    """Steve Burt's character deck (names, STOP and EVENT) is dealt by the same Fisher-Yates as a pack."""
    deck = ["ike", "STOP", "doc", "EVENT"]
    PhaseDice(Seal(1, 1, SEED)).shuffle(deck)
    assert deck == dealt(SEED, ["ike", "STOP", "doc", "EVENT"])


def test_the_rolls_a_phases_source_made_are_noted_on_it_with_their_draws():
    dice = PhaseDice(Seal(1, 1, SEED, draws=5))
    made = [roll(Dice(1, sides=8), dice), roll(Dice(2), dice)]
    assert dice.rolled == made and [r.number for r in dice.rolled] == [5, 6]
    assert made[1].faces == (face(SEED, 6, 10), face(SEED, 7, 10))
