"""Whole random gunfights: no card is ever lost or doubled, and nothing public (the redacted state, the
board, whom the game waits on, every action's story and every step) names a card still hidden in a hand,
the deck or out of sight, nor a building's face-down card (issue 15's sweep, on the engine)."""

import json
import re
from random import Random

import pytest

from bot.rules.core.actions import perform
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import CastSpec
from bot.rules.norman.actions import AftermathRequest, AnswerRequest, ContactRequest, DefendRequest, DoorRequest, \
    PlayRequest, SwapRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import CLIMB_RANKS, MOVE_RANKS, SHOOT_RANKS, stock

from .table import ANN, BOB, CAL, act, gunfight, hidden

DIRECTOR = 99
WEAPONS = ({"pistols": "1"}, {"pistols": "2", "dynamite": "1"}, {"long": "rifle", "skills": "Cheatin' rat"},
           {"long": "shotgun", "skills": "Cardsharp"}, {"pistols": "1", "long": "rifle", "horse": "yes"})


def assert_secret(state, *texts: object) -> None:
    cards, names = hidden(state)
    public = [json.dumps(NORMAN.redact(state), ensure_ascii=False), repr(NORMAN.board(state)),
              repr(NORMAN.waiting_on(state, DIRECTOR)), *map(str, texts)]
    strings = set(re.findall(r'"([^"]*)"', public[0]))
    for text in public:
        for card in cards:
            assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(str(card))}", text), f"{card} shown: {text}"
        for name in names:
            assert name not in text, f"{name} shown: {text}"
    assert not strings & {card.code for card in cards}


def told(resolution) -> list[str]:
    return [resolution.headline, *resolution.changes,
            *(f"{r.label} {r.roll} {r.outcome} {r.adjustments}" for r in resolution.readings)]


def setup(rng: Random, players: int):
    state = NORMAN.new_game()
    for user in range(1, players + 1):
        NORMAN.join(state, user, rng)
        for n in range(rng.randint(1, 3)):
            options = rng.choice(WEAPONS)
            NORMAN.cast(state, CastSpec(f"g{user}{n}", f"Gunman {user}{n}", user, rng.choice(("man", "woman")),
                                        options), rng)
    for n in range(10):
        NORMAN.add_stock(state, stock(f"Stranger {n:02d}", rng.choice(("man", "woman", "money", "dog")),
                                      rng.choice(("", "spades", "hearts")), pistols=rng.randint(0, 1)))
    NORMAN.build_town(state, [f"House {n}" for n in range(7)], rng)
    NORMAN.configure(state, "order", rng.choice(("rotate", "random")))
    return state


def some(rng: Random, hand, ranks, most: int) -> tuple[str, ...]:
    cards = [c.code for c in hand if c.rank in ranks]
    return tuple(rng.sample(cards, min(len(cards), rng.randint(1, most))))


def a_request(state, rng: Random):
    """Something a player might ask now (legal or not: a refusal must change nothing)."""
    if state.window:
        user = rng.choice(state.window.waiting)
        holds = any(c.is_joker for c in state.seats[user].hand)
        return AnswerRequest(user, rng.randint(1, state.window.play.units) if holds and rng.random() < .5 else 0)
    if state.contact:
        user = state.characters[state.contact.defender].owner
        return DefendRequest(user, some(rng, state.seats[user].hand, SHOOT_RANKS, 2) if rng.random() < .7 else ())
    user = state.player
    hand = state.seats[user].hand
    own = [f for f in state.characters.values() if f.owner == user and f.standing]
    others = [f.key for f in state.characters.values() if f.standing and f.owner != user]
    if not own or not others:
        return None
    figure = rng.choice(own)
    climb = next((c.code for c in hand if c.rank in CLIMB_RANKS), "") if rng.random() < .3 else ""
    weapon = rng.choice(("pistol", "pistols", "rifle", "shotgun"))
    choices = [
        lambda: PlayRequest(user, figure.key, "move", some(rng, hand, MOVE_RANKS, 1), climb=climb,
                            group=tuple(f.key for f in own if f is not figure and rng.random() < .3)),
        lambda: PlayRequest(user, figure.key, "shoot", some(rng, hand, SHOOT_RANKS, 3), weapon=weapon,
                            targets=tuple(rng.sample(others, 1 if weapon != "shotgun" else min(2, len(others)))),
                            range=rng.randint(1, 30), cover=rng.randint(0, 2)),
        lambda: PlayRequest(user, figure.key, "dynamite", some(rng, hand, SHOOT_RANKS, 1),
                            distance=next((c.code for c in hand if c.rank in MOVE_RANKS), ""),
                            targets=tuple(rng.sample(others, 1))),
        lambda: ContactRequest(user, figure.key, rng.choice(others), some(rng, hand, SHOOT_RANKS, 3)),
        lambda: DoorRequest(user, figure.key, rng.choice(state.town).name, rng.choice(("peek", "persuade", "take"))),
        lambda: SwapRequest(user, rng.choice(hand).code) if hand else None,
    ]
    return rng.choice(choices)()


@pytest.mark.parametrize("seed", range(16))
def test_a_random_gunfight_keeps_every_card_and_every_secret(seed):
    rng = Random(seed)
    state = setup(rng, 2 + seed % 3)
    state.check()
    assert_secret(state)
    step = NORMAN.deal(state, rng)
    assert_secret(state, *step.lines, step.title)
    for _ in range(250):
        wait = NORMAN.waiting_on(state, DIRECTOR)
        if wait is None:
            break
        if rng.random() < .12:
            step = NORMAN.at_deadline(state, wait, rng)
            texts = [step.title, *step.lines]
        else:
            request = a_request(state, rng)
            before = json.dumps(state.to_json(), sort_keys=True, default=str)
            try:
                if request is None:
                    raise RulesError("nothing to do")
                state, resolution = perform(state, request, rng)
                texts = told(resolution)
            except RulesError:
                assert json.dumps(state.to_json(), sort_keys=True, default=str) == before
                step = NORMAN.at_deadline(state, wait, rng)        # play moves on as at a deadline
                texts = [step.title, *step.lines]
        state.check()
        assert_secret(state, *texts)
    if not (state.over or state.window or state.contact):
        state, resolution = perform(state, AftermathRequest(), rng)
        state.check()
        assert_secret(state, *told(resolution))
    assert NORMAN.load(json.loads(json.dumps(state.to_json()))) == state


def test_an_answer_in_the_window_looks_the_same_whether_it_cancels_or_not():
    """MN 73-78: while the window is open, nothing public tells a Joker laid from a play let stand: the story,
    the board (hands counted with the Joker laid), `/deck`, the redacted state, whom the game waits on."""
    seen = []
    for cancel in (1, 0):
        state = gunfight({key: (owner, "man", {"pistols": "1"}) for key, owner in (("kid", ANN), ("joe", BOB),
                                                                                   ("cal", CAL))},
                         {ANN: "3S", BOB: "RJ 2H", CAL: "4C"}, {ANN: "spades", BOB: "hearts", CAL: "clubs"})
        state, _ = act(state, PlayRequest(ANN, "kid", "move", ("3S",)))
        state, resolution = act(state, AnswerRequest(BOB, cancel))
        seen.append((told(resolution), repr(NORMAN.board(state)), repr(NORMAN.deck(state)),
                     json.dumps(NORMAN.redact(state), sort_keys=True), repr(NORMAN.waiting_on(state, DIRECTOR))))
    assert seen[0] == seen[1]
