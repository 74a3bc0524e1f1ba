"""The state anyone may see of a game with hidden hands (:meth:`HiddenHands.redact`), for every such ruleset: a
game dealt under a real seal, cards played face up and face down, and its redacted state holds no seed, no other
secret of the seal, no deck order and no card of a hand, a deck or out of sight (issue 22)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest

from bot.rules import registry  # noqa: F401
from bot.rules.core.actions import perform
from bot.rules.core.fair import SEED_BYTES, PhaseDice, Seal
from bot.rules.core.ruleset import RULESETS, CastSpec, HiddenHands
from bot.rules.dracula.ruleset import DRACULA
from bot.rules.dracula.state import DraculaState
from bot.rules.norman.actions import AnswerRequest, PlayRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import MOVE_RANKS, NormanState, stock

from .norman.table import hidden

CHANNEL = 555
HEX = re.compile(r"[0-9a-f]{64}")
"""A seed, a root, a commitment: 32 bytes in hex."""


def sealed(state, turn: int, seeds: random.Random) -> PhaseDice:
    """The game's seal for ``turn``, with a seed drawn as the bot draws one, and its dice."""
    state.seal = Seal(CHANNEL, turn, seeds.randbytes(SEED_BYTES).hex())
    return PhaseDice(state.seal)


def gunfight(seeds: random.Random) -> tuple[NormanState, set[str], set[str]]:
    """Three gangs dealt under turn 1's seal, a town of face-down cards, a move played face up and answered with a
    Joker laid face down where one is held. Returns the game, the codes hidden and the names face down."""
    state = NORMAN.new_game()
    dice = sealed(state, 0, seeds)
    for user in (1, 2, 3):
        NORMAN.join(state, user, dice)
        NORMAN.cast(state, CastSpec(f"g{user}", f"Gunman {user}", user, "man", {"pistols": "1"}), dice)
    for name in ("Doc", "Lily", "Gold"):
        NORMAN.add_stock(state, stock(name, "money" if name == "Gold" else "man", "hearts"))
    NORMAN.build_town(state, ["Saloon", "Bank"], dice)
    dice = sealed(state, 1, seeds)
    NORMAN.deal(state, dice)
    player = state.player
    move = next((c for c in state.seats[player].hand if c.rank in MOVE_RANKS), None)
    if move is not None:
        state, _ = perform(state, PlayRequest(player, f"g{player}", "move", (move.code,)), dice)
        for user in list(state.window.waiting):
            joker = any(c.is_joker for c in state.seats[user].hand)
            state, _ = perform(state, AnswerRequest(user, 1 if joker else 0), dice)
            if state.window is None:
                break
    cards, names = hidden(state)
    return state, {card.code for card in cards}, names


def posses(seeds: random.Random) -> tuple[DraculaState, set[str], set[str]]:
    """Three posses whose decks turn 1's seal shuffled, each with a Hand, one card played face down. Returns the
    game and the codes hidden in every posse but shown in none (a code is a card of each posse's deck)."""
    state = DRACULA.new_game()
    dice = sealed(state, 0, seeds)
    for user in (1, 2, 3):
        DRACULA.join(state, user, dice)
        DRACULA.cast(state, CastSpec(f"b{user}", f"Boss {user}", user, "hero", {"boss": "True"}), dice)
        DRACULA.cast(state, CastSpec(f"n{user}", f"Hand {user}", user, "novice"), dice)
    dice = sealed(state, 1, seeds)
    DRACULA.deal(state, dice)
    DRACULA.play_card(state, 1, state.seats[1].cards.hand[0].code, dice)
    shown, secret = set(), set()
    for posse in state.seats.values():
        pile = posse.cards
        secret.update(card.code for card in pile.to_come + pile.hand + ([pile.face_down] if pile.face_down else []))
        shown.update(card.code for card in pile.discard)
    return state, secret - shown - {card.code for card in state.flipped}, set()


GAMES: dict[str, Callable[[random.Random], tuple[object, set[str], set[str]]]] = {
    NORMAN.key: gunfight, DRACULA.key: posses}
"""A game under way of each ruleset with hidden hands."""


def test_every_ruleset_with_hidden_hands_has_a_game_here():
    """A ruleset with hidden hands added later is checked here too, once it has a game in GAMES."""
    assert {key for key, rules in RULESETS.items() if isinstance(rules, HiddenHands)} == set(GAMES)


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("seed", range(6))
def test_the_redacted_state_holds_no_seed_no_deck_order_and_no_hidden_card(key, seed):
    """Whatever the seeds, the redacted state has no 64-digit hex, no hidden card's code, no face-down name."""
    rules = RULESETS[key]
    state, codes, names = GAMES[key](random.Random(seed))
    whole = json.dumps(state.to_json(), ensure_ascii=False)
    secrets = set(HEX.findall(whole))
    assert secrets and codes                          # the game holds seeds (hex) and cards that must not show
    public = json.dumps(rules.redact(state), ensure_ascii=False)
    assert not HEX.search(public), "a seed, root or commitment in the redacted state"
    strings = set(re.findall(r'"([^"]*)"', public))
    assert not strings & codes, f"hidden cards in the redacted state: {sorted(strings & codes)}"
    assert not any(name in public for name in names), "a face-down card of the town in the redacted state"
    assert json.loads(public) == rules.redact(rules.load(json.loads(whole)))   # stored and loaded alike
