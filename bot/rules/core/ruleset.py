"""The ruleset interface: what the bot asks of every game system it plays, one ruleset per game.

A ruleset is a plain object registered in :data:`RULESETS` under its key; the
bot stores a game's key with it and asks the ruleset for everything that is
not Discord: the state's type (a dataclass that :mod:`.serial` writes), what
casting, ``/deal`` and ``/draw`` do, whom the game waits on and what its
deadline does, its charts and its status board. Each system's own actions are
:class:`~.actions.Request` dataclasses with ``@action`` handlers, run by
:func:`~.actions.perform`, and a command group of their own in the bot.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from .charts import Chart, GridChart
from .errors import RulesError
from .fair import Hidden, Seal
from .results import Resolution
from .summary import Summary


@runtime_checkable
class Cast(Protocol):
    """What the bot reads of any ruleset's character."""

    key: str
    name: str
    owner: int


@runtime_checkable
class State(Protocol):
    """What the bot reads of any ruleset's game state (a dataclass; see also :class:`~.actions.ActionState`)."""

    seats: Mapping[int, Any]
    """Every player who joined the game, by Discord id (with what the ruleset gave them: a suit, points ...)."""
    characters: Mapping[str, Any]
    """Every character by key; each has ``key``, ``name`` and ``owner`` (:class:`Cast`)."""
    pending: dict[str, Any] | None
    """The action waiting for a decision, if any."""
    seal: Seal | None
    """The seal this turn's cards and dice come from (see :mod:`.fair`); its seed is secret."""

    def to_json(self) -> dict: ...

    def check(self) -> None:
        """Raise AssertionError when the state breaks the ruleset's invariants (no card lost or doubled ...)."""


@dataclass(frozen=True)
class CastSpec:
    """A character as ``/cast add`` gives it: the shared fields and the ruleset's own options, as typed."""

    key: str
    name: str
    owner: int
    type: str
    """One of :attr:`Ruleset.character_types`."""
    options: Mapping[str, str] = field(default_factory=dict)
    """The ruleset's own fields (a skill, a die type, a weapon ...), by :attr:`Ruleset.cast_options` name."""


@dataclass(frozen=True)
class Wait:
    """Whom a game waits on and for what (the bot reminds them, and acts at the deadline)."""

    users: tuple[int, ...]
    reason: str
    """Short words for the reminder, e.g. "turn", "decision", "next turn"."""
    character: str = ""
    """Key of the character whose turn or roll it is, if one."""
    asks: str = ""
    """What the reminder asks of them, after their ping (markdown, names escaped): "Ann's turn: act, or
    `/draw` the next card." Empty: the bot says the game waits on them for :attr:`reason`."""
    then: str = ""
    """What :meth:`Ruleset.at_deadline` will do, for the reminder: "the turn passes"."""


@dataclass
class Step:
    """What ``/deal`` or ``/draw`` (or a deadline) did, for the channel to see."""

    title: str
    """E.g. "Turn 3 — 5 cards to come"."""
    lines: list[str]
    """What happened, one line a thing turned or rolled, in order (Discord markdown, names escaped)."""
    acting: str | None = None
    """Key of the character who acts now; their owner is pinged."""
    faces: tuple[str, ...] = ()
    """What was turned or rolled, for the picture: card codes ("AS", "RJ"), or the ruleset's own tokens
    ("STOP", "EVENT", "d8:5")."""
    captions: tuple[str, ...] = ()
    """A caption under each face in the picture (whose card it is), if any."""


@dataclass(frozen=True)
class BoardRow:
    """One character's line on the status board."""

    name: str
    owner: int
    words: tuple[str, ...] = ()
    """States in the ruleset's words: "Shock", "Down", "Reloading" ..."""
    badges: tuple[tuple[str, str], ...] = ()
    """Small labelled figures: ("Hits", "2"), ("Draw", "D8"), ("Ammo", "4/6")."""
    down: bool = False
    """Out of the fight: drawn greyed."""
    key: str = ""
    """The character's key: ``/cast show`` and ``/cast list`` read its row."""
    kind: str = ""
    """Its type as the text names it (one of :attr:`Ruleset.character_types`' titles)."""
    acting: bool = False
    """Whose turn it is: outlined in gold."""


@dataclass
class Board:
    """The status board of a game, as data: :mod:`bot.pictures` draws it."""

    title: str
    rows: list[BoardRow]
    footer: str = ""


@dataclass(frozen=True)
class Private:
    """What one player alone may see of a game with hidden hands: shown to them ephemerally, never posted."""

    cards: tuple[str, ...]
    """Their hand, as card codes."""
    playable: tuple[str, ...] = ()
    """The cards they may play now (the select menu's options)."""
    face_down: str = ""
    """Their card played face down and not yet flipped."""
    note: str = ""
    """What they are to do, in the ruleset's words."""


@runtime_checkable
class HiddenHands(Protocol):
    """A ruleset whose players hold hands the others must not see (bot/cogs/hands.py shows and plays them)."""

    def private(self, state: State, user: int) -> Private | None:
        """What ``user`` alone may see; None if they hold no seat. Asked too for every seat of ``state.seats``
        when a Director who holds none looks at every hand (its ``note`` is then not shown)."""

    def play_card(self, state: State, user: int, code: str, rng: random.Random) -> Step:
        """``user`` plays the card ``code`` face down; the step says so in public words that never name an
        unrevealed card (and flips the cards when the last is down)."""

    def redact(self, state: State) -> dict[str, Any]:
        """The state as anyone may see it (JSON): no hand but by its size, no card to come, no card face down,
        no seal, seed or other secret of the game's fair play."""


class Ruleset(Protocol):
    """One game system behind the bot.

    A ruleset subclasses this protocol explicitly (``class Burt(Ruleset)``), so that it inherits the methods
    with a default body (:meth:`join`, :meth:`leave`, :meth:`deck`).
    """

    key: ClassVar[str]
    """Stored with the game: "qotd", "burt", "shootist" ... (at most 32 characters)."""
    title: ClassVar[str]
    """As players name it: "Quick on the Draw"."""
    group: ClassVar[str]
    """Its command group ("burt" for `/burt fire`); "" for Quick on the Draw, whose verbs are top level."""
    state_type: ClassVar[type]
    character_types: ClassVar[Mapping[str, str]]
    """What ``/cast add type:`` offers: key to title."""
    directors_types: ClassVar[Mapping[str, str]] = {}
    """Types only a Director casts, and why (the NPCs the Director moves)."""
    cast_options: ClassVar[Mapping[str, str]]
    """The ruleset's own ``/cast add`` fields: name to description (each typed as text, checked by :meth:`cast`)."""
    charts: ClassVar[Mapping[str, Chart | GridChart]]
    """Every chart and table of the text, by key: for tests, ``/help`` and the rulings."""
    turn_name: ClassVar[str] = "Turn"
    """What the text calls the stretch of play one seal covers (see :meth:`turn`): "Turn", "Phase" ..."""

    def new_game(self) -> State:
        """A game with nobody cast and nothing dealt."""

    def load(self, data: dict) -> State:
        """The state as stored (see :meth:`State.to_json`)."""

    def cast(self, state: State, spec: CastSpec, rng: random.Random) -> Cast:
        """Add a character, checked against the ruleset's tables (:class:`RulesError` if not allowed)."""

    def remove(self, state: State, key: str) -> Cast:
        """Take a character out of the game."""

    def deal(self, state: State, rng: random.Random) -> Step:
        """What ``/deal`` does: start the next turn (shuffle the deck, roll the draw dice ...)."""

    def advance(self, state: State, rng: random.Random) -> Step:
        """What ``/draw`` does: on to the next character to act (dealing first when the turn is over)."""

    def waiting_on(self, state: State, director: int) -> Wait | None:
        """Whom the game waits on (``director`` when a new turn is to be dealt); None before the first turn.
        Not asked while a roll waits for a re-roll decision (:func:`deciding` says whom that waits on)."""

    def at_deadline(self, state: State, wait: Wait, rng: random.Random) -> Step:
        """What the bot does when a wait's deadline passes: the character does nothing, and play moves on."""

    def board(self, state: State) -> Board:
        """The status board."""

    def help(self) -> str:
        """How the system plays in the bot, for ``/help``: a few lines of markdown."""

    def summary(self, state: State, resolutions: Sequence[Resolution]) -> Summary:
        """The end of the game: who fell and who did what, in the text's words, from the state and the resolutions
        of its actions as logged (undone ones left out). Names no card still hidden from anyone."""

    def join(self, state: State, user: int, rng: random.Random) -> str:
        """Seat a player who joins (not yet seated); returns what they get, in words ("" for nothing)."""
        state.seats[user] = ""
        return ""

    def leave(self, state: State, user: int) -> None:
        """Give up a player's seat (none of their characters is cast)."""
        del state.seats[user]

    def turn(self, state: State) -> int:
        """The number of the turn being played, 0 before the first. Every die of a turn comes from a seal of its
        own, committed before the turn begins and revealed when the next one does (see bot/glue/seals.py): so the
        number goes up before the new turn's first roll. By default 0 all game: one seal, revealed at its end."""
        return 0

    def hidden(self, state: State) -> dict[str, Hidden]:
        """The cards still hidden from someone, by the key of the pile whose sealed shuffle dealt them (see
        :func:`~.fair.shuffle_hidden`): to come, in a hand, face down. A deck's seal is revealed once none of the
        cards it shuffled is among them. By default none."""
        return {}

    def deck(self, state: State) -> Step:
        """What ``/deck`` shows: the turn so far (by default the board's title and footer)."""
        board = self.board(state)
        return Step(board.title, [board.footer] if board.footer else [])


RULESETS: dict[str, Ruleset] = {}
"""Every ruleset the bot plays, by key, in the order they were registered (Quick on the Draw first)."""


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to :data:`RULESETS`."""
    if ruleset.key in RULESETS:
        raise ValueError(f"Two rulesets with the key {ruleset.key!r}")
    RULESETS[ruleset.key] = ruleset
    return ruleset


DECISION = "decision"
"""What a game waits for while a roll waits for its re-roll decision (see :func:`deciding`)."""


def deciding(state: State) -> Wait | None:
    """Whom a roll waiting for a re-roll decision waits on (:mod:`.actions` keeps the roller in
    ``state.pending``), in any ruleset: the bot asks this before :meth:`Ruleset.waiting_on`, and keeps the roll
    at the deadline."""
    if not state.pending:
        return None
    roller = state.characters.get(state.pending["roller"])
    if roller is None:
        return None
    name = escape(roller.name)
    return Wait((roller.owner,), DECISION, roller.key, f"**{name}**'s roll waits for your choice: re-roll or keep?",
                f"**{name}** keeps the roll")


MARKDOWN = re.compile(r"[_\\~|*`]|^>(?:>>)?\s|\[.+\]\(.+\)|^#{1,3}|^\s*-", re.MULTILINE)
"""What Discord reads as markdown in a name (as ``discord.utils.escape_markdown`` finds it)."""


def escape(name: str) -> str:
    """A name as plain text in Discord markdown, for :attr:`Step.lines`, :attr:`Wait.asks` and the like; as the
    bot's ``safe`` gives it (names reach the rules checked: no mentions, no links, nothing hidden)."""
    return MARKDOWN.sub(lambda match: "\\" + match[0], name)


def ruleset(key: str) -> Ruleset:
    """The ruleset stored under ``key``."""
    try:
        return RULESETS[key]
    except KeyError:
        raise RulesError(f"This bot does not play the ruleset {key!r}.") from None
