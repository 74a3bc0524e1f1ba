"""Words as data: what the rules say to players, with the parts that Discord writes its own way marked (a
character's name, a player, a command, text to type, words in bold). The bot turns them into Discord text
(:func:`bot.glue.replies.markdown`); the rules write no mention, slash command or markdown of their own outside
this module (tests/rules/test_words.py reads every rules module's strings for them)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Name:
    """A name as a player typed it: shown as plain text, whatever it holds."""

    text: str


@dataclass(frozen=True)
class Player:
    """A player, by their Discord id: the bot names them (a mention, which pings nobody by itself)."""

    user: int


@dataclass(frozen=True)
class Command:
    """A command a player may type, without its slash: "draw", "game end", "deal again:True"."""

    text: str


@dataclass(frozen=True)
class Code:
    """Text to type as it stands, set apart: a card's code ("5C"), an option ("shot:quick draw"), a setting."""

    text: str


@dataclass(frozen=True)
class Bold:
    """Words that stand out: a name, a title."""

    part: str | Name


Part = str | Name | Player | Command | Code | Bold
"""A piece of :class:`Words`: a plain string is shown as it is."""
FENCE = "```"
"""The line that closes a block of code in Markdown, and opens one with the name of what it holds after it (an
exported log's data: :mod:`bot.rules.verify`)."""


@dataclass(frozen=True)
class Words:
    """A line the rules say, in pieces."""

    parts: tuple[Part, ...]

    def __str__(self) -> str:
        """The words as plain text, names as typed, players by their id, commands with their slash."""
        return "".join(plain(part) for part in self.parts)


def words(*parts: Part) -> Words:
    """A line of words from its pieces."""
    return Words(parts)


def joined(pieces: Iterable[tuple[Part, ...]], separator: str = ", ") -> tuple[Part, ...]:
    """The pieces one after another, with ``separator`` between them."""
    out: list[Part] = []
    for piece in pieces:
        if out:
            out.append(separator)
        out.extend(piece)
    return tuple(out)


def plain(part: Part) -> str:
    """One piece as plain text."""
    if isinstance(part, Name):
        return part.text
    if isinstance(part, Player):
        return f"player {part.user}"
    if isinstance(part, Command):
        return f"/{part.text}"
    if isinstance(part, Code):
        return part.text
    if isinstance(part, Bold):
        return plain(part.part)
    return part
