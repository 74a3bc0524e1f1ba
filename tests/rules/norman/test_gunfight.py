"""A whole gunfight played through the ruleset as the bot drives it: three players, a Director, the town, the
deal, plays and answers, close combat, a deadline, and the aftermath with its notches and skills."""

from random import Random

from bot.rules.core.actions import perform
from bot.rules.core.ruleset import CastSpec
from bot.rules.norman.actions import AftermathRequest, AnswerRequest, ContactRequest, DefendRequest, DoorRequest, \
    PlayRequest, SkillRequest
from bot.rules.norman.ruleset import NORMAN
from bot.rules.norman.state import DEAD, stock

from .table import ANN, BOB, CAL, D6, DIRECTOR, give


def test_a_gunfight_from_the_first_deal_to_boot_hill():
    state = NORMAN.new_game()
    for user in (ANN, BOB, CAL):
        NORMAN.join(state, user, Random(user))
    suits = {user: seat.suit for user, seat in state.seats.items()}
    assert len(set(suits.values())) == 3
    for key, owner, options in (("kid", ANN, {"pistols": "1"}), ("joe", BOB, {"long": "rifle"}),
                                ("cal", CAL, {"pistols": "2"})):
        NORMAN.cast(state, CastSpec(key, key.capitalize(), owner, "man", options), Random(0))
    NORMAN.add_stock(state, stock("Strongbox", "money"))
    NORMAN.build_town(state, ["Bank"], Random(0))
    step = NORMAN.deal(state, Random(5))
    assert step.title == "Turn 1" and len(step.lines) == 4
    first = state.player
    assert NORMAN.waiting_on(state, DIRECTOR).users == (first,)

    # whoever plays first, the test plays Ann, Bob and Cal in their order
    state.order = [ANN, BOB, CAL]
    give(state, {ANN: "KS QS 3S", BOB: "AH 2H", CAL: "RJ KC"})
    state, _ = perform(state, PlayRequest(ANN, "kid", "shoot", ("KS", "QS"), weapon="pistol", targets=("joe",),
                                          range=5), D6())
    assert sorted(NORMAN.waiting_on(state, DIRECTOR).users) == [BOB, CAL]
    state, _ = perform(state, AnswerRequest(CAL, cancel=1), D6())
    state, resolution = perform(state, AnswerRequest(BOB), D6(5, 2))
    assert resolution.changes[-3:] == (f"A {suits[CAL].capitalize()} Joker cancels Shoot card 1 (K♠).",
                                       "Joe is Shot down.", "Kid gains a notch (1).")
    assert state.characters["joe"].status == "Shot down" and state.characters["kid"].notches == 1

    state, resolution = perform(state, DoorRequest(ANN, "kid", "Bank", "take"), D6())
    NORMAN.advance(state, Random(0))                # Bob, his gang all down, has no turn (docs/rulings.md)
    assert NORMAN.waiting_on(state, DIRECTOR).users == (CAL,)
    step = NORMAN.at_deadline(state, NORMAN.waiting_on(state, DIRECTOR), Random(0))
    assert state.turn == 2 and step.title == "Turn 2"
    state.order = [CAL, ANN]
    give(state, {CAL: "KC"})

    state, _ = perform(state, ContactRequest(CAL, "cal", "kid", ("KC",)), D6())
    assert NORMAN.waiting_on(state, DIRECTOR).users == (ANN,)
    state, resolution = perform(state, DefendRequest(ANN), D6(6, 2))
    assert state.characters["kid"].status == "Shot down" and state.characters["cal"].notches == 1
    state.check()

    wait = NORMAN.waiting_on(state, DIRECTOR)
    assert (wait.users, wait.reason) == ((DIRECTOR,), "aftermath")
    state, resolution = perform(state, AftermathRequest(), D6(1, 6))
    assert state.characters["joe"].status == DEAD and state.characters["kid"].status == "in play"
    assert state.seats[CAL].money == 2 and NORMAN.waiting_on(state, DIRECTOR) is None
    state.characters["cal"].notches = 2
    state, resolution = perform(state, SkillRequest(CAL, "cal", "Cardsharp"), D6())
    assert state.characters["cal"].skills == {"Cardsharp": 1}
