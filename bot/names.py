"""Members' display names as the bot last saw them.

The bot asks Discord for no member list (it has no members intent), so its member cache is
empty: it learns each member's name from the interactions they send, and asks Discord once
for a member it has not seen since it started (a player whose game outlived a restart).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Iterable

import discord

KEPT = 20_000
"""Names kept; the least recently used go past this."""


class MemberNames:
    """Display names by (server, member), the least recently used forgotten first."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._names: OrderedDict[tuple[int, int], str] = OrderedDict()

    def note(self, member: discord.Member) -> None:
        """Remember a member's display name, as it is now."""
        key = (member.guild.id, member.id)
        self._names[key] = member.display_name
        self._names.move_to_end(key)
        if len(self._names) > self.size:
            self._names.popitem(last=False)

    async def of(self, guild: discord.Guild | None, user_ids: Iterable[int]) -> dict[int, str]:
        """The display names of those of ``user_ids`` who are members of ``guild``; those not seen
        yet are fetched (at once), those who left the server are left out."""
        if guild is None:
            return {}
        names, unseen = {}, []
        for user_id in set(user_ids):
            name = self._names.get((guild.id, user_id))
            if name is None:
                unseen.append(user_id)
            else:
                names[user_id] = name
        for fetched in await asyncio.gather(*(_fetch(guild, user_id) for user_id in unseen)):
            if fetched is not None:
                self.note(fetched)
                names[fetched.id] = fetched.display_name
        return names


async def _fetch(guild: discord.Guild, user_id: int) -> discord.Member | None:
    """The member, from the cache or Discord; None if they left the server or Discord will not say."""
    try:
        return guild.get_member(user_id) or await guild.fetch_member(user_id)
    except discord.HTTPException:
        return None
