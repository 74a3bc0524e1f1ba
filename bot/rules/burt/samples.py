"""A sample of Steve Burt's rules, played by the engine from seeded dice, for the documentation's pictures (see
:meth:`~bot.rules.core.ruleset.Ruleset.gallery`)."""

from __future__ import annotations

import random

from ..core.actions import perform
from ..core.pictures import Named, NameCards, Picture
from ..core.results import Resolution
from ..core.ruleset import CastSpec, Ruleset
from .charts import Gait
from .firing import FireRequest


def sample_resolution(burt: Ruleset) -> Resolution:
    """John Wesley Hardin's rifle at Ben Thompson, cantering past at 60 cm, knees up: a hit, a serious wound, and he
    falls over stunned."""
    state = burt.new_game()
    burt.cast(state, CastSpec("wes", "John Wesley Hardin", 1, "gunslinger", {"weapons": "rifle .45"}),
              random.Random(0))
    burt.cast(state, CastSpec("ben", "Ben Thompson", 2, "lawman", {"mounted": "yes"}), random.Random(0))
    state.characters["ben"].gait = Gait.CANTER
    return perform(state, FireRequest("wes", "ben", distance=60, visible=75), random.Random(35))[1]


def gallery(burt: Ruleset) -> dict[str, Picture]:
    """The character deck as a /draw turns it (an EVENT, a character's card, STOP), and that shot's card."""
    return {"burt-turn.png": NameCards((Named.EVENT, "Ben Thompson", Named.STOP)),
            "burt-roll.png": burt.picture_of_roll(sample_resolution(burt))}
