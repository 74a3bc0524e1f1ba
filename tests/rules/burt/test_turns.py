"""The character deck, two actions a card and initiative points (SB 129-175); whom the game waits on."""

import random

import pytest

from bot.rules.burt.firing import AimRequest, FireRequest
from bot.rules.burt.initiative import ContestRequest, EventRequest, InitiativeRequest
from bot.rules.burt.moves import ActRequest
from bot.rules.burt.ruleset import BURT
from bot.rules.burt.state import EVENT, STOP, BurtState
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import RULESETS
from bot.rules.core.words import Bold, Command, Name, Player, words

from .game import Faces, cast, game, play, titles, up

DIRECTOR = 99


def posse():
    return game(ann="gunslinger", bob="cowboy", cy="lawman")


def deck(state, *cards):
    """Set the turn's cards to come, in order."""
    state.to_come = list(cards)


def test_registered_under_its_key():
    assert RULESETS["burt"] is BURT and BURT.group == "burt"
    assert BURT.title == "Steve Burt's Wild West Skirmish"


def test_the_deck_is_a_card_a_character_plus_stop_and_event():
    """SB 133: "one card per character, plus a STOP card and an EVENT card"."""
    state = posse()
    step = BURT.deal(state, random.Random(4))
    assert sorted(state.to_come) == sorted(["ann", "bob", "cy", STOP, EVENT]) and state.turn == 1
    assert step.title == "Turn 1 — 5 cards to come"
    state.check()


def test_a_card_gives_two_actions_and_stop_ends_the_turn():
    """SB 135-137: two actions when the card comes up; "When the STOP card comes up, the turn ends": the cards
    still to come do not act, and the next /draw deals a new turn."""
    state = posse()
    BURT.deal(state, random.Random(0))
    deck(state, "ann", STOP, "bob", "cy", EVENT)
    step = BURT.advance(state, random.Random(0))
    assert step.acting == "ann" and step.faces == ("Ann",) and state.characters["ann"].actions == 2
    state, _ = play(state, ActRequest("ann", "walk"))
    state, _ = play(state, ActRequest("ann", "walk"))
    with pytest.raises(RulesError, match="no action left"):
        play(state, ActRequest("ann", "walk"))
    with pytest.raises(RulesError, match="card is not up"):
        play(state, ActRequest("bob", "walk"))
    stop = BURT.advance(state, random.Random(0))
    assert stop.title == "Turn 1 is over" and stop.faces == (STOP,)
    assert "Not this turn: Bob, Cy." in str(stop.lines[0])
    assert BURT.waiting_on(state, DIRECTOR).reason == "next turn"
    nxt = BURT.advance(state, random.Random(1))
    assert state.turn == 2 and nxt.lines[0].startswith("The deck is shuffled")
    state.check()


def test_the_next_card_takes_away_what_the_last_had_left():
    """SB 135: the two actions are the card's: when the next card comes up they are gone."""
    state = posse()
    BURT.deal(state, random.Random(0))
    deck(state, "ann", "bob", STOP, "cy", EVENT)
    BURT.advance(state, random.Random(0))
    BURT.advance(state, random.Random(0))
    assert state.characters["ann"].actions == 0 and state.characters["bob"].actions == 2


def test_a_double_action_takes_the_whole_card():
    """SB 161-167: RUN, SPRINT, CANTER, GALLOP, GRAPPLE, OTHER are double actions (see docs/rulings.md)."""
    state = up(posse(), "bob")
    state, _ = play(state, ActRequest("bob", "other", what="climbs onto the roof"))
    assert state.characters["bob"].actions == 0
    state = up(posse(), "bob")
    state, _ = play(state, AimRequest("bob", "ann"))
    with pytest.raises(RulesError, match="both actions"):
        play(state, ActRequest("bob", "run"))


def test_the_event_card_waits_for_the_director():
    """SB 145: "If the EVENT card comes up, draw a random event card": the text lists none, so the Director
    tells the event, or turns on; a game may play without events (see docs/rulings.md)."""
    state = posse()
    BURT.deal(state, random.Random(0))
    deck(state, EVENT, "ann", "bob", "cy", STOP)
    step = BURT.advance(state, random.Random(0))
    assert step.faces == (EVENT,) and step.acting is None and Command("burt event") in step.lines[0].parts
    assert BURT.waiting_on(state, DIRECTOR).users == (DIRECTOR,)
    state, told = play(state, EventRequest("A dust storm blows in: all long shots at 10% visibility."))
    assert state.events == ["Turn 1: A dust storm blows in: all long shots at 10% visibility."]
    assert BURT.waiting_on(state, DIRECTOR).reason == "next card"
    BURT.configure(state, "events", "no")
    BURT.deal(state, random.Random(0))
    deck(state, EVENT, "bob", "ann", "cy", STOP)
    step = BURT.advance(state, random.Random(0))
    assert step.faces == (EVENT, "Bob") and step.acting == "bob"


def test_initiative_points_buy_extra_single_actions():
    """SB 133, 139-141: 4 points each; an extra single action costs 1 for a gunslinger, 2 for a lawman, 4 for a
    cowboy; it is taken off the card, at any time (see docs/rulings.md)."""
    state = game(ann="gunslinger", bob="cowboy", cy="lawman")
    BURT.deal(state, random.Random(0))
    deck(state, "ann", "bob", "cy", STOP, EVENT)
    BURT.advance(state, random.Random(0))
    state, bought = play(state, InitiativeRequest("cy"))
    assert state.seats[3].points == 2 and state.characters["cy"].bought == 1
    assert "2 initiative points spent (2 left)" in bought.changes[0]
    state, extra = play(state, ActRequest("cy", "walk"))
    assert "extra action bought" in extra.changes[0] and state.characters["cy"].bought == 0
    state, _ = play(state, InitiativeRequest("cy"))
    with pytest.raises(RulesError, match="costs 2 initiative points, and Cy's player has 0"):
        play(state, InitiativeRequest("cy"))
    with pytest.raises(RulesError, match="both actions"):
        play(state, ActRequest("cy", "run"))
    state, _ = play(state, InitiativeRequest("bob"))
    assert state.seats[2].points == 0


def test_bought_actions_end_with_the_turn_and_points_may_come_back():
    """SB 133 gives the points once; a Director may give them back every turn (see docs/rulings.md)."""
    state = posse()
    BURT.deal(state, random.Random(0))
    state, _ = play(state, InitiativeRequest("ann"))
    BURT.configure(state, "points_every_turn", "yes")
    BURT.deal(state, random.Random(0))
    assert state.characters["ann"].bought == 0 and state.seats[1].points == 4


def test_a_non_combatants_price_is_the_directors():
    """SB 141 prices three classes: a non-combatant's is a setting, 4 by default, 0 for none."""
    state = game(parson="non-combatant")
    BURT.deal(state, random.Random(0))
    state, _ = play(state, InitiativeRequest("parson"))
    assert state.seats[1].points == 0
    BURT.configure(state, "non_combatant_price", "0")
    with pytest.raises(RulesError, match="no extra actions"):
        play(state, InitiativeRequest("parson"))


def test_two_players_at_once_dice_and_add_factors():
    """SB 143: "If two players want to spend points at once, dice & add character factors": a d10 plus the
    shooting skill each, a tie rolls again (see docs/rulings.md)."""
    state = posse()
    _, contest = play(state, ContestRequest("bob", "cy"), 6, 5, 4, 7)
    assert [r.roll.value for r in contest.readings] == [6, 5, 4, 7]
    assert contest.changes == ("A tie at 6: both roll again.", "Cy's player spends first (8 to 4).")


def test_whom_the_game_waits_on():
    """The owner of the character whose card is up, while it has actions; else the Director."""
    state = posse()
    assert BURT.waiting_on(state, DIRECTOR) is None
    BURT.deal(state, random.Random(0))
    deck(state, "bob", "ann", STOP, "cy", EVENT)
    BURT.advance(state, random.Random(0))
    wait = BURT.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason, wait.character) == ((2,), "turn", "bob")
    assert wait.asks.parts[:2] == (Bold(Name("Bob")), "'s card is up, 2 actions left: act (")
    assert str(wait.then).startswith("Bob does no more")
    state, _ = play(state, ActRequest("bob", "run"))
    assert BURT.waiting_on(state, DIRECTOR).users == (DIRECTOR,)
    step = BURT.at_deadline(state, wait, random.Random(0))
    assert step.acting == "ann"


def test_cast_checks_the_texts_tables():
    state = BurtState()
    with pytest.raises(RulesError, match="non-combatant, cowboy"):
        cast(state, "Zed", "sheriff")
    with pytest.raises(RulesError, match="not a weapon of the text"):
        cast(state, "Zed", "cowboy", weapons="bow")
    with pytest.raises(RulesError, match="calibres .22, .33 and .45"):
        cast(state, "Zed", "cowboy", weapons="pistol .38")
    with pytest.raises(RulesError, match="name of a card"):
        cast(state, "Stop", "cowboy")
    zed = cast(state, "Zed", "cowboy", weapons="derringer, shotgun, knife", mounted="yes")
    assert [(g.title, g.drawn) for g in zed.guns] == [("derringer .22", False), ("shotgun", True)]
    assert zed.melee == ["knife"] and zed.mounted


def test_cast_mid_turn_joins_the_deck_and_removal_takes_the_card():
    state = posse()
    BURT.deal(state, random.Random(0))
    cast(state, "Dan", "desperado", 4)
    assert "dan" in state.to_come
    state.check()
    BURT.remove(state, "ann")
    assert "ann" not in state.to_come + state.turned
    state.check()


def test_the_state_round_trips_through_json():
    state = up(posse(), "ann")
    state, _ = play(state, ActRequest("ann", "draw"))
    state, jam = play(state, FireRequest("ann", "bob", band="short"), 1)
    state, _ = play(state, InitiativeRequest("bob"))
    assert titles(jam) == [("To hit", 1, "Jammed")]
    assert BURT.load(state.to_json()) == state


def test_the_board():
    state = posse()
    BURT.deal(state, random.Random(0))
    deck(state, "ann", "bob", "cy", STOP, EVENT)
    BURT.advance(state, random.Random(0))
    board = BURT.board(state)
    assert board.title == "Turn 1"
    ann, bob = board.rows[:2]
    assert (ann.key, ann.kind, ann.acting, bob.acting) == ("ann", "Gunslinger", True, False)
    assert ann.words == ("pistol .45 holstered",)
    assert ann.badges == (("Hits", "0/4"), ("Actions", "2"), ("Points", "4"))
    assert board.footer == "4 to come · turned Ann"


def test_faces_script_dice_of_any_size():
    assert Faces(3, 6).randint(1, 6) == 3


def test_joining_gives_the_points_and_the_deck_tells_the_turn():
    """SB 133: each player gets 4 initiative points; /deck shows the turn so far."""
    state = posse()
    assert BURT.join(state, 7, random.Random(0)) == "4 initiative points" and state.seats[7].points == 4
    BURT.leave(state, 7)
    assert 7 not in state.seats
    assert BURT.deck(state).lines == [words("No turn has been dealt yet: a Director starts with ", Command("deal"),
                                            ".")]
    BURT.deal(state, random.Random(0))
    deck(state, EVENT, "ann", STOP, "bob", "cy")
    BURT.advance(state, random.Random(0))
    BURT.advance(state, random.Random(0))
    shown = BURT.deck(state)
    assert shown.title == "Turn 1 — 3 cards to come"
    assert shown.lines == [words("Turned: ", Name("EVENT"), ", ", Name("Ann"), "."),
                           words("Up: ", Bold(Name("Ann")), ", 2 actions left."),
                           words("Initiative points: ", Player(1), " 4", ", ", Player(2), " 4", ", ", Player(3), " 4",
                                 ".")]


def test_a_turn_with_one_side_left_says_the_game_may_end():
    """The text gives no victory (see docs/rulings.md): the bot says when only one player's characters fight."""
    state = game(ann="gunslinger", bob="cowboy")
    assert len(BURT.deal(state, random.Random(0)).lines) == 1
    state.characters["bob"].out = "dead"
    state.leave_deck("bob")
    assert BURT.deal(state, random.Random(0)).lines[-1].parts[:3] == ("Only ", Player(1), "'s characters are still "
                                                                      "fighting: the Director may end the game (")
    state.characters["ann"].out = "dead"
    with pytest.raises(RulesError, match="Nobody is left"):
        BURT.deal(state, random.Random(0))


def test_settings_refuse_nonsense():
    state = posse()
    with pytest.raises(RulesError, match="The settings are"):
        BURT.configure(state, "cuts", "1")
    with pytest.raises(RulesError, match="a number"):
        BURT.configure(state, "points", "many")
    with pytest.raises(RulesError, match="yes or no"):
        BURT.configure(state, "events", "perhaps")
    assert BURT.configure(state, "points", "6") == "Initiative points each player gets (the text: 4): 6."
    assert state.settings.points == 6 and BURT.load(state.to_json()).settings.points == 6


def test_a_stunned_character_may_buy_a_try_to_get_up_and_bought_actions_end_at_stop():
    """SB 139, 387 (see docs/rulings.md)."""
    from bot.rules.burt.melee import GetUpRequest

    state = posse()
    BURT.deal(state, random.Random(0))
    deck(state, "bob", STOP, "ann", "cy", EVENT)
    BURT.advance(state, random.Random(0))
    state.characters["ann"].stunned = state.characters["ann"].lying = True
    state, _ = play(state, InitiativeRequest("ann"))
    state, _ = play(state, InitiativeRequest("ann"))
    state, tried = play(state, GetUpRequest("ann"), 1)
    assert titles(tried) == [("Getting up", 1, "Gets up")] and state.characters["ann"].bought == 1
    BURT.advance(state, random.Random(0))
    assert state.characters["ann"].bought == 0 and state.seats[1].points == 2
