"""Who may see every hand of a game with hidden hands: a member either plays in it or umpires it, never both.

A Director with no seat sees every hand (cogs/hands.py). A Director who plays could otherwise give up their seat,
look at every hand and `/undo` back to the seat and the hand they had; a Director who looked could take a seat and
play what they saw. So a member who has ever held a seat in the game (its log has a ``join`` entry of theirs,
undone or not) never sees every hand of it, and a member who has looked at every hand (the log's ``every-hand``
entry, written at their first look) never takes a seat in it. Both are read from the log, which `/undo` marks but
never erases (see docs/rulings.md, "Hidden hands: no route to a hidden card").
"""

from __future__ import annotations

from bot.glue.errors import NotAllowed
from bot.rules.core.ruleset import HiddenHands, Private
from bot.glue.table import Table

JOINED = "join"
"""The kind of the log entry that seats a player (see cogs/pings.py)."""
LOOKED = "every-hand"
"""The kind of the log entry of a Director's first look at every hand."""


async def look_at_every_hand(table: Table, hands: dict[int, Private]) -> None:
    """Let the user, a Director with no seat, see ``hands``: refused if they ever held a seat in the game; their
    first look at a card is logged (once), and bars them from a seat."""
    user = table.interaction.user
    seated = await table.uow.first_entry(user.id, JOINED)
    if seated is not None:
        raise NotAllowed(f"You held a seat in this game (log entry #{seated}): a Director who has played never "
                         "sees every hand of it, seat or no seat.")
    held = any(hand.cards or hand.face_down for hand in hands.values())
    if held and await table.uow.first_entry(user.id, LOOKED) is None:
        await table.uow.log(user.id, LOOKED, f"{user.display_name} looks at every hand, as a Director with no "
                                             "seat, and so takes none in this game.")


async def refuse_seat_to_an_umpire(table: Table) -> None:
    """Refuse a seat in a game with hidden hands to a member who has looked at every hand of it."""
    if not isinstance(table.ruleset, HiddenHands):
        return
    looked = await table.uow.first_entry(table.user_id, LOOKED)
    if looked is not None:
        raise NotAllowed(f"You looked at every hand of this game as a Director (log entry #{looked}): you cannot "
                         "take a seat in it.")
