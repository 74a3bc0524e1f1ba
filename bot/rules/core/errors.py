"""The one error the rules raise."""

from __future__ import annotations

from .words import Words


class RulesError(ValueError):
    """A request the rules do not allow, told to the player who asked: in words (:mod:`.words`, which the bot
    writes), or in a line of plain text (which it shows escaped: the line may quote a name as typed)."""

    def __init__(self, said: str | Words) -> None:
        super().__init__(said)
        self.said = said
