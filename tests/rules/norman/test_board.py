"""What the channel sees of a gunfight: the status board, `/deck`, whom the game waits on, and the end."""

from random import Random

import pytest

from bot.glue.replies import markdown
from bot.rules.core.errors import RulesError
from bot.rules.norman.actions import AnswerRequest, PlayRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import SHOT_DOWN

from .table import ANN, BOB, D6, DIRECTOR, act, gunfight


def test_the_board_shows_each_figure_and_counts_the_hands():
    state = gunfight({"kid": (ANN, "man", {"pistols": "2", "horse": "yes", "skills": "Sneak"}),
                      "joe": (BOB, "woman", {"long": "rifle", "grit": "-1"})})
    state.characters["joe"].pinned = True
    board = NORMAN.board(state)
    assert board.title == "Turn 1 — Spades ♠"
    kid, joe = board.rows
    assert (kid.words, kid.badges, kid.acting, kid.kind) == (
        ("Mounted",), (("Suit", "♠"), ("Value", "5"), ("Grit", "+0"), ("Notches", "0"), ("Sneak", "+1")), True, "Man")
    assert (joe.words, joe.badges[2], joe.acting) == (("Pinned",), ("Grit", "-1"), False)
    assert board.footer == "hands ♠5 ♥5 · deck 44"
    assert NORMAN.deck(state).lines == ["Hands: ♠ 5, ♥ 5 · deck 44 · discards 0 · town: 0 of 0 face down"]


def test_the_deck_shows_every_card_shown_this_turn_and_whose_it_was():
    """The turn's played cards, a Joker that cancelled, close combat's cards once revealed: `/deck` and its
    picture; the next deal clears them."""
    state = gunfight(hands={ANN: "3S KS", BOB: "RJ"})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("3S",)))
    state, _ = act(state, AnswerRequest(BOB, 1))
    step = NORMAN.deck(state)
    assert list(map(markdown, step.lines[:2])) == ["1. Kid: **3♠**", "2. Hearts: **Red Joker**"]
    assert (step.faces, step.captions) == (("3S", "RJ"), ("Kid", "Hearts"))
    NORMAN.deal(state, Random(0))
    assert NORMAN.deck(state).faces == ()


def test_the_wait_on_a_play_names_its_cards_which_are_face_up():
    state = gunfight(hands={ANN: "3S", BOB: ""})
    state, _ = act(state, PlayRequest(ANN, "kid", "move", ("3S",)))
    wait = NORMAN.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason, wait.then) == ((BOB,), "Joker", "the play stands")
    assert markdown(wait.asks) == ("**Kid** plays 3♠: answer with the buttons under it, cancel it with a Joker or let "
                                   "it stand.")
    with pytest.raises(RulesError, match="waits for its answers"):
        NORMAN.remove(state, "kid")
    with pytest.raises(RulesError, match="answer it before leaving"):
        NORMAN.leave(state, BOB)


def test_when_one_side_alone_stands_the_deadline_rolls_the_aftermath():
    """MN 46-47: "repeat ... until the game ends" (see docs/rulings.md: when one side alone stands)."""
    state = gunfight()
    state.characters["joe"].status = SHOT_DOWN
    wait = NORMAN.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason) == ((DIRECTOR,), "aftermath")
    step = NORMAN.at_deadline(state, wait, D6(6))
    assert step.title == "After the gunfight"
    assert list(map(markdown, step.lines)) == ["Joe, Shot down: 6 → **Dead**",
                                               "Joe is dead and off to Boot Hill; the skills are lost."]
    assert NORMAN.waiting_on(state, DIRECTOR) is None and NORMAN.board(state).title == "After the gunfight"
    with pytest.raises(RulesError, match="over"):
        NORMAN.deal(state, Random(0))


def test_before_the_first_deal_nobody_is_waited_on():
    state = NORMAN.new_game()
    NORMAN.join(state, ANN, Random(0))
    assert NORMAN.waiting_on(state, DIRECTOR) is None
    with pytest.raises(RulesError, match="two players"):
        NORMAN.deal(state, Random(0))
    assert NORMAN.board(state).title == "Before the first deal"
