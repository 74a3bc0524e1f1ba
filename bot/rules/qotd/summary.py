"""The end of a game in figures: who shot, fought and hit how often, who lost which cards, who went down."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.results import Resolution
from ..core.summary import Count, Summary, summarise
from .state import OUT_OF_ACTION, Character, QotdState

EFFECT_CHARTS = frozenset({"effect_of_hits", "effect_on_mounts", "damage_to_wild_animals", "effect_on_vehicles"})
"""Charts rolled once for each hit: an effect roll is a hit landed."""
COUNTS = (
    Count("shot", "shots", frozenset({"shoot", "quickdraw"}), frozenset({"to_hit_shooting"}), once=True),
    Count("fight", "fights", frozenset({"fight"})),
    Count("hit", "hits", charts=EFFECT_CHARTS, by_others=True),
)
"""A shot counts once its to-hit roll is thrown: one that stopped at Wanting to Shoot was never fired."""


def fallen(character: Character) -> str:
    """How a character went down ("" if not): a casualty, passed out, KO'd for the rest of the action, fled."""
    words = [w for w in character.state_words if w in ("casualty", "passed out")]
    words += sorted(c.value for c in character.conditions & OUT_OF_ACTION)
    return ", ".join(words)


def cards_lost(character: Character) -> list[str]:
    return [f"lost {', '.join(map(str, cards))} ({how})"
            for cards, how in ((character.lost, "for good"), (character.stunned, "stunned")) if cards]


def summary(state: QotdState, resolutions: Iterable[Resolution]) -> Summary:
    """Who went down, and each character's shots, fights, hits and cards lost."""
    return summarise(state.characters, resolutions, COUNTS, fallen, cards_lost,
                     nobody_did="Nobody shot, fought or lost a card.")
