"""The end of a game in figures: who shot, fought and hit how often, who lost which cards, who went down."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..core.cards import Card
from ..core.ruleset import escape
from .results import Resolution
from .state import OUT_OF_ACTION, Character, QotdState

EFFECT_CHARTS = frozenset({"effect_of_hits", "effect_on_mounts", "damage_to_wild_animals", "effect_on_vehicles"})
"""Charts rolled once for each hit: an effect roll is a hit landed."""
SHOTS = frozenset({"shoot", "quickdraw"})


@dataclass
class Deeds:
    """What one character did in a game, and what it cost them."""

    shots: int = 0
    fights: int = 0
    hits: int = 0
    """Hits they landed on others (each hit is one effect roll, by whoever was hit)."""
    lost: list[Card] = field(default_factory=list)
    stunned: list[Card] = field(default_factory=list)

    @property
    def anything(self) -> bool:
        return bool(self.shots or self.fights or self.hits or self.lost or self.stunned)


def deeds(state: QotdState, resolutions: Iterable[Resolution]) -> dict[str, Deeds]:
    """Each character's deeds, from the game's finished actions (a roll still waiting for a re-roll
    decision counts once it is decided) and the cards the game ends with."""
    tally = {key: Deeds(lost=list(c.lost), stunned=list(c.stunned)) for key, c in state.characters.items()}
    for resolution in resolutions:
        doer = tally.get(resolution.actor)
        if doer is None or resolution.decision is not None:
            continue
        doer.shots += resolution.kind in SHOTS
        doer.fights += resolution.kind == "fight"
        doer.hits += sum(r.chart in EFFECT_CHARTS and r.roller != resolution.actor for r in resolution.readings)
    return tally


def down(state: QotdState) -> list[tuple[Character, str]]:
    """The characters who went down, with how: a casualty, passed out, KO'd for the rest of the action, fled."""
    out = []
    for character in state.characters.values():
        words = [w for w in character.state_words if w in ("casualty", "passed out")]
        words += sorted(c.value for c in character.conditions & OUT_OF_ACTION)
        if words:
            out.append((character, ", ".join(words)))
    return out


def summary_lines(state: QotdState, resolutions: Iterable[Resolution]) -> list[str]:
    """The end-of-game summary: who went down, and each character's shots, fights, hits and cards lost."""
    fallen = [f"**{escape(c.name)}**: {how}" for c, how in down(state)]
    lines = ["**Casualties**", *(fallen or ["None: everyone walks away."]), "", "**Who did what**"]
    for key, done in deeds(state, resolutions).items():
        if not done.anything:
            continue
        tally = ((done.shots, "shot"), (done.fights, "fight"), (done.hits, "hit"))
        counts = ", ".join(f"{n} {word}{'s' * (n != 1)}" for n, word in tally if n)
        losses = [f"lost {', '.join(map(str, cards))} ({how})"
                  for cards, how in ((done.lost, "for good"), (done.stunned, "stunned")) if cards]
        lines.append(f"**{escape(state.characters[key].name)}**: " + "; ".join(filter(None, (counts, *losses))))
    if lines[-1] == "**Who did what**":
        lines.append("Nobody shot, fought or lost a card.")
    return lines
