"""Whom a game may ping: only members who joined it themselves, and have not muted it or left it.

A game keeps, by member id, one of these (see :class:`bot.storage.models.Game`): ``ON`` once the member joined it
(``/game join``, or the invitation of a Director who cast for them), ``MUTED``, ``INVITED`` (cast for by a
Director and asked once; not pinged until they accept) or ``LEFT``. A member it has nothing for was never
asked, and is never pinged.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.storage import GameRow

ON, MUTED, INVITED, LEFT = "on", "muted", "invited", "left"


def pingable(game: GameRow, user_ids: Iterable[int]) -> list[int]:
    """Those of ``user_ids`` whom the game may ping, each once."""
    return [user for user in dict.fromkeys(user_ids) if game.pings.get(str(user)) == ON]


def consent(game: GameRow, user_id: int) -> str | None:
    """What the game keeps for a member: ON, MUTED, INVITED, LEFT, or None (never asked)."""
    return game.pings.get(str(user_id))
