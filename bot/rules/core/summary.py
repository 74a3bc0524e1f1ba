"""The end of a game as data: who fell, and who did what, in each ruleset's own words (the bot writes it out).

A ruleset counts its characters' deeds from the resolutions its actions logged (:class:`Count`), and says who
fell, and how, from its state: :func:`summarise` puts the two together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .results import Resolution


@dataclass(frozen=True)
class Fell:
    """A character out of the fight at the end, and how, in the text's words ("dead", "Bottled Out")."""

    key: str
    name: str
    owner: int
    how: str


@dataclass(frozen=True)
class Deeds:
    """What one character did in the game: "3 shots", "2 hits", then anything else ("lost 5♥ for good")."""

    key: str
    name: str
    owner: int
    counts: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Summary:
    """The end-of-game summary: plain text, names unescaped (the bot formats and escapes them)."""

    fallen: tuple[Fell, ...]
    deeds: tuple[Deeds, ...]
    fallen_title: str = "Casualties"
    """The heading of who fell, in the text's word."""
    nobody_fell: str = "None: everyone walks away."
    nobody_did: str = "Nobody did anything worth telling."


@dataclass(frozen=True)
class Count:
    """One kind of deed a ruleset counts from its logged actions.

    An action counts once for its actor when its kind is one of ``kinds`` (any kind, if none) and, when
    ``charts`` are given, once for each reading on one of them (or once in all, if ``once``) read as one of
    ``outcomes`` (any, if none). With ``by_others``, a reading counts for the one of the actor and the target who
    did not roll it (a hit is rolled for by whoever was hit: in a fight, the target may strike the actor)."""

    one: str
    many: str
    kinds: frozenset[str] = frozenset()
    charts: frozenset[str] = frozenset()
    outcomes: frozenset[str] = frozenset()
    by_others: bool = False
    once: bool = False

    def credits(self, resolution: Resolution) -> list[str]:
        """The key of whom ``resolution`` counts for, once each time it counts ("" for nobody)."""
        if self.kinds and resolution.kind not in self.kinds:
            return []
        if not self.charts:
            return [resolution.actor]
        credited = []
        for reading in resolution.readings:
            if reading.chart not in self.charts or (self.outcomes and reading.outcome.title not in self.outcomes):
                continue
            struck_back = self.by_others and reading.roller == resolution.actor
            credited.append(resolution.target if struck_back else resolution.actor)
        return list(dict.fromkeys(credited)) if self.once else credited

    def phrase(self, n: int) -> str:
        return f"{n} {self.one if n == 1 else self.many}"


def summarise(characters: Mapping[str, object], resolutions: Iterable[Resolution], counts: Sequence[Count],
              how_fallen: Callable[[object], str], notes: Callable[[object], list[str]] = lambda _: [],
              **words: str) -> Summary:
    """Each character's deeds, from the finished actions (a roll still waiting for its re-roll decision counts
    once decided), with ``notes`` on each from the state; who fell, where ``how_fallen`` says how (else "")."""
    tally = {key: [0] * len(counts) for key in characters}
    for resolution in resolutions:
        if resolution.decision is not None:
            continue
        for i, count in enumerate(counts):
            for key in count.credits(resolution):
                if key in tally:
                    tally[key][i] += 1
    fallen, deeds = [], []
    for key, character in characters.items():
        if how := how_fallen(character):
            fallen.append(Fell(key, character.name, character.owner, how))
        done = tuple(count.phrase(n) for count, n in zip(counts, tally[key]) if n)
        said = tuple(notes(character))
        if done or said:
            deeds.append(Deeds(key, character.name, character.owner, done, said))
    return Summary(tuple(fallen), tuple(deeds), **words)
