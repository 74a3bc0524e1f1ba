"""What an action returns: every reading, every change, and any decision still open."""

from __future__ import annotations

from dataclasses import dataclass

from .replay import Decision, Reading


@dataclass(frozen=True)
class Resolution:
    """The whole story of one action, in the order it happened."""

    kind: str
    """The command that made it: "shoot", "fight", "test", "draw" ..."""
    headline: str
    """One line, e.g. "Doc Holliday shoots at Kid Curry with a Double Action Revolver"."""
    actor: str
    target: str = ""
    readings: tuple[Reading, ...] = ()
    changes: tuple[str, ...] = ()
    decision: Decision | None = None
    """The re-roll waiting for a choice; the action goes on once it is made."""
    title: str = ""
    """The heading of its roll card in the text's words (:attr:`~.actions.Request.title`); empty: the last word of
    its kind."""
