"""The fair random source: commitments a player can check with sha256sum, dice tied to their draw, undo-proof."""

import copy
import hashlib
import hmac
import json
import random
import shutil
import subprocess
from collections import Counter
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.core import serial
from bot.rules.core.cards import Card
from bot.rules.core.dice import Dice, roll
from bot.rules.core.fair import (Draws, Hidden, PhaseDice, Retake, Seal, chain, commitment, dealt, derive, face, keyed,
                                 request_digest, shuffle_hidden)
from bot.rules.core.piles import full_pack
from bot.rules.core.replay import KEEP
from bot.rules.qotd.actions import decide, perform
from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.shooting import ShotRequest
from bot.rules.qotd.state import Carried, Character, QotdState

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
    assert seal.count("1") == len(codes) - 1
    assert sorted(c.code for c in pack) == sorted(codes)


def test_a_roll_records_the_seal_and_draw_of_its_first_die_and_the_dice_follow():
    seal = Seal(1, 1, SEED, draws=12)
    rolled = roll(Dice(3), PhaseDice(seal))
    assert (rolled.seal, rolled.number, seal.count("1")) == ("1", 12, 15)
    assert rolled.faces == tuple(face(SEED, n, 10) for n in (12, 13, 14))
    again = type(rolled).from_json(rolled.to_json())
    assert (again.number, again.seal) == (12, "1")


def test_a_seal_kept_for_the_next_command_forgets_this_ones_draws_and_then_reads_as_one_read_afresh():
    """A game's state kept from one command for the next (bot.storage's ``take_kept``) starts it as if read from
    the JSON stored: the seal's draws, rolls and request of the last command forgotten, nothing else."""
    seal = Seal(1, 1, SEED, draws=12)
    seal.ask("shoot doc ike")
    dice = PhaseDice(seal)
    roll(Dice(3), dice)
    dice.shuffle_pile("pack", [Card.parse(code) for code in ("AH", "KH", "QH")])
    afresh = serial.from_json(Seal, serial.to_json(seal))
    assert serial.differences(seal, afresh)                   # what the command drew is there to log
    seal.anew()
    assert serial.differences(seal, afresh) == []
    assert (seal.count("1"), seal.taken, seal.trail, seal.rolled, seal.shuffled, seal.asked) == (15, {}, [], [], [], "")


def table() -> QotdState:
    state = QotdState()
    state.settings.cuts_per_character = 0
    for key, kind in (("doc", CharacterType.HERO), ("ike", CharacterType.SUPPORTING)):
        state.add(Character(key, key.title(), 1, kind, "ordinary",
                            weapons=[Carried("single_action_revolver", loaded=6)]), random.Random(0))
    state.seal = Seal(9, root=ROOT_SECRET, committed=["root", "0", "1"])
    state.shuffle(PhaseDice(state.seal))
    state.seal.advance(state.deck.phase)
    return state


def shoot(state: QotdState) -> tuple[QotdState, list]:
    """Doc shoots Ike, keeping any roll offered for a re-roll; returns the state and every roll."""
    state, result = perform(state, ShotRequest("doc", "ike", paces=6), PhaseDice(state.seal))
    while result.decision:
        state, result = decide(state, KEEP, PhaseDice(state.seal))
    return state, [r.roll for r in result.readings]


def test_an_action_played_again_from_the_stored_state_rolls_the_same_dice_and_the_next_one_new_dice():
    stored = table().to_json()
    after, first = shoot(QotdState.from_json(stored))
    _, again = shoot(QotdState.from_json(stored))                      # the state before, played again
    assert [(r.faces, r.number) for r in again] == [(r.faces, r.number) for r in first]
    _, next_shot = shoot(after)
    assert next_shot[0].number == after.seal.count("1") - sum(len(r.faces) for r in next_shot)
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
    assert state.seal.count("1") == paused.number + len(paused.faces)
    choice = result.decision.rights[0].key
    state, result = decide(state, choice, PhaseDice(state.seal))
    rerolled = next(r for r in result.readings if r.first is not None)
    assert rerolled.first.number == paused.number and rerolled.roll.number == paused.number + len(paused.faces)


def test_a_copy_of_a_state_shares_its_seal_so_an_action_on_a_deep_copy_counts_its_draws_once():
    """Mackenzie Norman's actions work on a deep copy of the game: the draws they make are the game's."""
    seal = Seal(1, 2, SEED)
    state = QotdState(seal=seal)
    work = copy.deepcopy(state)
    assert work.seal is seal
    roll(Dice(2), PhaseDice(work.seal))
    assert state.seal.count("2") == 2


def test_a_deck_of_names_is_shuffled_as_a_pack_sorted_by_name():
    """Steve Burt's character deck (names, STOP and EVENT) is dealt by the same Fisher-Yates as a pack."""
    deck = ["ike", "STOP", "doc", "EVENT"]
    PhaseDice(Seal(1, 1, SEED)).shuffle(deck)
    assert deck == dealt(SEED, ["ike", "STOP", "doc", "EVENT"])


def test_the_rolls_a_games_source_made_are_noted_on_it_with_their_draws():
    dice = PhaseDice(Seal(1, 1, SEED, draws=5))
    made = [roll(Dice(1, sides=8), dice), roll(Dice(2), dice)]
    assert dice.rolled == made and [r.number for r in dice.rolled] == [5, 6]
    assert made[1].faces == (face(SEED, 6, 10), face(SEED, 7, 10))


ROOT_SECRET = "a7" * 32


def test_every_seed_is_the_hmac_of_its_name_keyed_with_the_root_and_the_root_is_its_own():
    seal = Seal(42, root=ROOT_SECRET)
    for name in ("0", "1", "deck pack 1", "deck posse-7 3"):
        assert seal.seed_of(name) == derive(ROOT_SECRET, name) == hmac.new(
            bytes.fromhex(ROOT_SECRET), name.encode(), hashlib.sha256).hexdigest()
        assert seal.commitment_of(name) == hashlib.sha256(f"director:42:{name}:{seal.seed_of(name)}".encode()
                                                          ).hexdigest()
    assert seal.seed_of("root") == ROOT_SECRET
    assert len({seal.seed_of(name) for name in ("0", "1", "2", "deck pack 1")}) == 4


def test_a_hidden_shuffle_is_dealt_by_its_deck_seal_alone_and_the_same_shuffle_again_deals_the_same_order():
    seal = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"])
    dice = PhaseDice(seal)
    roll(Dice(2), dice)                                               # the turn's dice: no part of the deck's order
    pack = full_pack()
    shuffle_hidden(dice, "norman", pack)
    codes = sorted(card.code for card in full_pack())
    assert [c.code for c in pack] == dealt(seal.seed_of("deck norman 1"), codes)
    assert seal.taken["deck norman 1"] == [0, 53] and seal.count("0") == 2
    assert seal.open["deck norman 1"] == codes and "deck norman 1" in seal.committed
    assert seal.shuffled == [{"seal": "deck norman 1", "pile": "norman", "cards": codes}]
    again = full_pack()
    shuffle_hidden(PhaseDice(Seal(42, root=ROOT_SECRET)), "norman", again)
    assert again == pack                                              # an undone deal dealt again


def test_a_new_turn_reveals_the_last_and_commits_the_one_after_the_next():
    seal = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"])
    seal.advance(1)
    assert seal.name == "1" and seal.revealed == ["0"] and seal.committed == ["root", "0", "1", "2"]
    seal.advance(2)
    assert seal.revealed == ["0", "1"] and seal.committed[-1] == "3"


def test_a_deck_is_revealed_once_none_of_its_cards_is_hidden_and_the_game_s_end_reveals_the_rest_root_last():
    seal = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"])
    cards = ["AS", "KS", "QS"]
    shuffle_hidden(PhaseDice(seal), "pack", cards)
    seal.spent({"pack": Hidden(["KS"])})
    assert "deck pack 1" not in seal.revealed
    seal.spent({"pack": Hidden([])})
    assert seal.revealed == ["deck pack 1"]
    shuffle_hidden(PhaseDice(seal), "pack", cards)
    seal.spent({"pack": Hidden([], ["AS"])})                          # dealt out by shuffle 2 and held
    assert "deck pack 2" not in seal.revealed
    shuffle_hidden(PhaseDice(seal), "pack", cards)
    seal.spent({"pack": Hidden(["AS", "KS", "QS"])})                  # to come from shuffle 3 only
    assert seal.revealed == ["deck pack 1", "deck pack 2"]
    seal.close()
    assert seal.revealed == ["deck pack 1", "deck pack 2", "0", "1", "deck pack 3", "root"]


def test_an_undo_lowers_no_count_keeps_what_was_public_seals_a_revealed_turn_anew_and_keeps_the_draws_to_retake():
    restored = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"], counts={"0": 3})
    before = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"], counts={"0": 3})
    before.piles["pack"] = 1
    before.advance(1)                                                 # the deal undone: turn 0 revealed
    before.ask("deal")
    roll(Dice(2), PhaseDice(before))
    dealt = before.retake(5)
    earlier = Retake(4, request_digest("shoot"), [("0", 2, 3)])          # turn 0's: its seal is revealed
    restored.retaken(5, before, [earlier, dealt])
    assert restored.counts == {"1": 2} and "0" in restored.revealed and "2" in restored.committed
    assert restored.name == "0/2" and restored.committed[-1] == "0/2" and restored.piles == {}
    assert restored.retakes == [Retake(5, request_digest("deal"), [("1", 0, 2)], turn=1)]
    restored.ask("deal")
    restored.advance(1)
    again = roll(Dice(2), PhaseDice(restored))
    assert (again.seal, again.number, again.retake, restored.count("1")) == ("1", 0, 5, 2)
    fresh = roll(Dice(1), PhaseDice(restored))
    assert (fresh.number, fresh.retake) == (2, None)


def test_the_chain_hashes_the_previous_digest_and_the_canonical_entry_without_its_own_chain():
    at = datetime(2026, 11, 27, 12, 44, 36, 123456, tzinfo=UTC)
    data = {"b": [1, "é"], "a": {"z": 1}, "chain": "ignored"}
    body = ('{"actor":7,"at":"2026-11-27T12:44:36Z","data":{"a":{"z":1},"b":[1,"é"]},"kind":"roll","seq":3,'
            '"text":"x"}').encode()
    first = chain(None, 3, at, 7, "roll", "x", data)
    assert first == hashlib.sha256(bytes(32) + body).hexdigest()
    assert chain(first, 3, at, 7, "roll", "x", data) == hashlib.sha256(bytes.fromhex(first) + body).hexdigest()
    assert chain(None, 3, at, 7, "roll", "y", data) != first


def test_a_games_seals_are_stored_whole_and_a_commands_notes_are_not():
    seal = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"])
    dice = PhaseDice(seal)
    seal.ask("deal")
    shuffle_hidden(dice, "norman", full_pack())
    roll(Dice(2), dice)
    assert seal.retake(3) == Retake(3, request_digest("deal"), [("0", 0, 2)])
    seal.retakes.append(Retake(2, "shoot", [("0", 0, 2)]))
    stored = serial.to_json(seal)
    assert set(stored) == {"channel", "root", "name", "counts", "piles", "open", "committed", "retakes"}
    again = serial.from_json(Seal, stored)
    assert again == seal and again.rolled == []


def test_a_turns_entries_keep_a_digest_of_their_request_and_one_kept_whole_before_is_still_taken_again():
    """Ruling 493: an entry keeps 24 characters of what it was asked, however long the request; a retake stored
    before with its request in full is taken again, draw for draw, when that request is asked again."""
    asked = json.dumps({"kind": "shoot", "paces": 8, "shooter": "shooter", "target": "target-28"}, sort_keys=True)
    seal = Seal(42, root=ROOT_SECRET, committed=["root", "0", "1"])
    dice = PhaseDice(seal)
    seal.ask(asked)
    roll(Dice(2), dice)
    assert seal.retake(3).asked == request_digest(asked) and len(seal.retake(3).asked) == 24
    seal.retakes.append(Retake(2, asked, [("0", 7, 9)]))
    seal.trail.clear()
    seal.ask(asked)
    assert seal.retakes == [] and seal.spare == [["0", 7, 9, 2]]


def test_a_seal_stored_before_roots_is_adopted_as_the_kept_seed_of_its_turn():
    old = serial.from_json(Seal, {"channel": 9, "phase": 2, "seed": SEED, "draws": 7, "pack": ["AH", "KS"]})
    assert (old.name, old.kept, old.counts, old.committed, old.root) == ("2", {"2": SEED}, {"2": 7}, ["2"], "")
    assert old.commitment == commitment(9, 2, SEED)
    assert roll(Dice(1), PhaseDice(old)).faces == (face(SEED, 7, 10),)
