"""The end-of-game summary in Steve Burt's words (SB = line of the text): who is dead or overpowered (SB 341,
439-441), and each character's shots fired (FIRE, SB 155), attacks hand to hand (SB 395) and hits."""

from bot.rules.burt.firing import FireRequest
from bot.rules.burt.melee import FightRequest
from bot.rules.burt.ruleset import BURT

from .game import cast, game, play


def test_shots_fired_hits_and_a_man_overpowered():
    """Bob fires twice at Ann, a miss then a hit (SB 197-221, 323-329); Ike punches Joe (a hit, SB 405-409) and
    grapples him (a hit on 7 or more), disabled: overpowered (SB 429-441)."""
    state = game()
    cast(state, "Bob", "cowboy", 1, weapons="rifle")
    cast(state, "Ann", "gunslinger", 2, weapons="pistol .45")
    cast(state, "Ike", "cowboy", 1)
    cast(state, "Joe", "cowboy", 2)
    resolutions = []
    for request, faces in ((FireRequest("bob", "ann", distance=40), (5,)),
                           (FireRequest("bob", "ann", distance=40), (6, 5, 2)),
                           (FightRequest("ike", "joe", "punch"), (5, 6)),
                           (FightRequest("ike", "joe", "grapple", then="disable"), (9,))):
        state, resolution = play(state, request, *faces)
        resolutions.append(resolution)
    told = BURT.summary(state, resolutions)
    assert [(f.name, f.how) for f in told.fallen] == [("Joe", "overpowered")]
    assert {d.name: d.counts for d in told.deeds} == {"Bob": ("2 shots fired", "1 hit"),
                                                      "Ike": ("2 hand-to-hand attacks", "2 hits")}
    assert told.fallen_title == "Dead or overpowered"


def test_a_game_with_nothing_done_says_so():
    state = game(bob="cowboy")
    told = BURT.summary(state, [])
    assert told.fallen == () and told.deeds == () and told.nobody_did == "Nobody fired or fought."
