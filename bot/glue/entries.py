"""A log entry's words as the bot shows them, in `/log recent`, the export and `/catchup`."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.core import serial
from bot.rules.core.results import Resolution
from bot.storage import LogRow


def consequences_of(entry: LogRow, escape: Callable[[str], str]) -> list[str]:
    """What an entry's action changed: cards lost, casualties, weapons emptied, re-rolls paid for ..."""
    if "resolution" not in entry.data:
        return []
    return [escape(change) for change in serial.from_json(Resolution, entry.data["resolution"]).changes]


def plain(text: str) -> str:
    """An entry's text without the bold some of the bot's own lines carry, ready to be escaped."""
    return text.replace("**", "")


def struck(line: str, undone: bool) -> str:
    """The line struck out, for an undone entry."""
    return f"~~{line}~~" if undone else line
