"""Members' display names as the bot last saw them.

The bot asks Discord for no member list (it has no members intent), so its member cache is
empty: it learns each member's name from the interactions they send. A member it has not seen
since it started (a player whose game outlived a restart) is asked of Discord in the background,
one at a time (discord.py waits out the rate limits), never before an answer: until then, what
shows names leaves theirs out.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Iterable

import discord

KEPT = 20_000
"""Names kept; the least recently used go past this."""


class MemberNames:
    """Display names by (server, member), the least recently used forgotten first."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._names: OrderedDict[tuple[int, int], str] = OrderedDict()
        self._unseen: deque[tuple[discord.Guild, int]] = deque()
        self._asked: set[tuple[int, int]] = set()
        """Members asked of Discord once already (those who left are not asked again)."""
        self._asking: asyncio.Task | None = None

    def note(self, member: discord.Member) -> None:
        """Remember a member's display name, as it is now."""
        key = (member.guild.id, member.id)
        self._names[key] = member.display_name
        self._names.move_to_end(key)
        self._asked.discard(key)
        if len(self._names) > self.size:
            self._names.popitem(last=False)

    def of(self, guild: discord.Guild | None, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names known of those of ``user_ids`` who are members of ``guild``; those not seen
        yet are asked of Discord in the background, for next time."""
        if guild is None:
            return {}
        names = {}
        for user_id in set(user_ids):
            name = self._names.get((guild.id, user_id))
            if name is not None:
                names[user_id] = name
            elif (guild.id, user_id) not in self._asked:
                self._asked.add((guild.id, user_id))
                self._unseen.append((guild, user_id))
        if self._unseen and (self._asking is None or self._asking.done()):
            self._asking = asyncio.get_running_loop().create_task(self._ask())
        return names

    async def _ask(self) -> None:
        """Ask Discord for the members not seen yet, one at a time; one who left the server is left out."""
        while self._unseen:
            guild, user_id = self._unseen.popleft()
            try:
                member = guild.get_member(user_id) or await guild.fetch_member(user_id)
            except discord.HTTPException:
                continue
            self.note(member)
