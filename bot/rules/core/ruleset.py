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

import enum
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from .cards import Card
from .charts import Chart, GridChart
from .errors import RulesError
from .fair import Hidden, Seal
from .pictures import Board, BoardRow, CardsTurned, Phrase, Picture, RollCard, Scene
from .replay import Reading
from .results import Resolution
from .summary import Fell, Summary
from .words import Bold, Name, Words, words


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
    asks: str | Words = ""
    """What the reminder asks of them, after their ping (words, :mod:`.words`, which the bot writes; a plain
    string names nobody): "Ann's turn: act, or /draw the next card." Empty: the bot says the game waits on them for
    :attr:`reason`."""
    then: str | Words = ""
    """What :meth:`Ruleset.at_deadline` will do, for the reminder: "the turn passes"."""
    holds: str | Words = ""
    """What it will do instead when the game's deadline has the character hold (:data:`HOLD`), for the reminder:
    "**Kid** holds". Empty where the character cannot hold."""
    draws: bool = True
    """Whether the players waited on may ``/draw`` to move play on themselves (else only a Director does)."""


@dataclass
class Step:
    """What ``/deal`` or ``/draw`` (or a deadline) did, for the channel to see."""

    title: str | Words
    """E.g. "Turn 3 — 5 cards to come" (words, :mod:`.words`, where it names a character: "Turn 3: Kid")."""
    lines: list[str | Words]
    """What happened, one line a thing turned or rolled, in order (words, :mod:`.words`, which the bot writes; a
    plain string names nobody)."""
    acting: str | None = None
    """Key of the character who acts now; their owner is pinged."""
    faces: tuple[str, ...] = ()
    """What was turned or rolled, for the picture: card codes ("AS", "RJ"), or the ruleset's own tokens
    ("STOP", "EVENT", "d8:5")."""
    captions: tuple[str, ...] = ()
    """A caption under each face in the picture (whose card it is), if any."""
    outcome: str = ""
    """At a deadline: what became of the character the game waited on, after their name ("holds."); empty: they
    did not act."""


@dataclass(frozen=True)
class Sheet:
    """A member of the cast in full, as data (``/cast show``): the bot writes it as an embed."""

    name: str
    owner: int
    kind: str = ""
    fields: tuple[tuple[str, str | Words, bool], ...] = ()
    """(title, what, whether it shares a line with its neighbours): what in words (:mod:`.words`), or in a plain
    string that names nobody."""


@dataclass(frozen=True)
class Listed:
    """One line of the cast list (``/cast list``)."""

    name: str
    owner: int
    kind: str = ""
    detail: str | Words = ""
    """What follows the name, type and player: cards, state, figures (words, :mod:`.words`, or a plain string
    that names nobody)."""
    sign: str = ""
    """A sign before the name: the suit the character's cards come from."""
    section: str = ""
    """The part of the list it goes in ("Vehicles"); "" for the characters."""
    lead: str = " — "
    """What stands between the player and the :attr:`detail`."""


def plain(word: str | Phrase) -> str:
    """A board row's word as plain text."""
    return word if isinstance(word, str) else word.text


def phrased(row: BoardRow) -> list[str]:
    """A board row's state words and figures, as plain words: "Shock", "Hits 2"."""
    return [*map(plain, row.words), *(f"{label} {figure}" for label, figure in row.badges)]


@dataclass(frozen=True)
class Private:
    """What one player alone may see of a game with hidden hands: shown to them ephemerally, never posted."""

    cards: tuple[str, ...]
    """Their hand, as card codes."""
    playable: tuple[str, ...] = ()
    """The cards they may play now (the select menu's options)."""
    face_down: str = ""
    """Their card played face down and not yet flipped."""
    note: str | Words = ""
    """What they are to do, in the ruleset's words (:mod:`.words`)."""


class Capability(type(Protocol)):  # type: ignore[misc]
    """The kind of a ruleset's capability (:class:`HiddenHands`, :class:`OnAMap` ...): ``isinstance`` is answered
    once for each class, since a capability is methods and class attributes alone, rather than by looking up every
    member at each check, as a protocol does (several times a command)."""

    def __instancecheck__(cls, instance: object) -> bool:
        asked = (cls, type(instance))
        if asked not in _CAPABLE:
            _CAPABLE[asked] = super().__instancecheck__(instance)
        return _CAPABLE[asked]


_CAPABLE: dict[tuple[type, type], bool] = {}
"""Whether a class has a capability, by (capability, class), as :class:`Capability` found it."""


@runtime_checkable
class HiddenHands(Protocol, metaclass=Capability):
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


@runtime_checkable
class OnAMap(Protocol, metaclass=Capability):
    """A ruleset whose games may be played on a map (bot.pictures draws it as the status board's last page), a
    campaign's adventure on the map of the one before."""

    def field(self, state: State) -> Any | None:
        """The game's map as the ruleset reads it; None when it is played on none."""

    def lay_out(self, state: State, field: Any) -> None:
        """Play the game on ``field``, a map as the ruleset reads it (None: on none)."""

    def positions(self, state: State, keys: tuple[str, ...]) -> dict[str, Any]:
        """Where the characters ``keys`` stand on the map, for an action's log entry (none off it)."""

    def after_roll(self, state: State, resolution: Resolution) -> str:
        """What a decided roll does on the map (a planned move carried out, those whose courage broke fled ...):
        the words the map's picture then shows ("" for nothing). It may take a while (the bot runs it aside)."""

    def moves_after(self, state: State, resolution: Resolution) -> bool:
        """Whether :meth:`after_roll` may do anything for this roll: a quick look, made on the event loop, that
        spares most rolls the trip aside."""

    def shot_words(self, state: State) -> str:
        """The map's last line of fire in words, shown under its picture."""

    def scene(self, state: State) -> Scene:
        """The game's map as its picture shows it (the game is on one)."""

    def planned(self, state: State) -> bool:
        """Whether a move planned on the map waits for its roll to be decided (the map is shown once it is carried
        out, not before)."""

    def legend(self, field: Any) -> tuple[str, Words]:
        """The map's name as typed ("" for an unnamed one), and how to read its picture: its size, its grid, how
        to place one on it."""

    def read_map(self, data: object, clean: Callable[[str, str], str]) -> Any:
        """A map a server keeps (the JSON its map commands save), with no one on it; each of its names (the map's,
        its terrain's) as ``clean(name, what it names)`` has it, the bot's check of a name a player types (which
        refuses one that could ping, link, or hide text). RulesError when the data is no map."""

    def next_set(self, state: State) -> Any | None:
        """The map a campaign's next adventure starts on after this game: its set with no one on it (None when the
        game was played on none)."""


@runtime_checkable
class Targets(Protocol, metaclass=Capability):
    """A ruleset whose cast holds more than characters (Quick on the Draw's vehicles): the shared commands that
    name a character (``/cast show``, ``/cast remove``) name these too."""

    others_called: ClassVar[str]
    """What the text calls them: "vehicle"."""

    def others(self, state: State) -> Mapping[str, Cast]:
        """Every member of the cast that is not a character, by key."""

    def remove_other(self, state: State, key: str) -> Cast:
        """Take one of them out of the game."""


@runtime_checkable
class Tunable(Protocol, metaclass=Capability):
    """A ruleset whose games a Director tunes with ``/game settings`` options of its own (readings of the text
    where groups differ, a number the text leaves open)."""

    settings_options: ClassVar[frozenset[str]]
    """The ``/game settings`` options it takes."""

    def settings(self, state: State) -> list[tuple[str, str]]:
        """Each of the game's own settings as (title, what it is now), for ``/game settings`` to show."""

    def change_settings(self, state: State, chosen: Mapping[str, Any]) -> str:
        """Change the settings ``chosen`` (by option, as typed); returns the change in words, for the log."""


class Standing(enum.Enum):
    """Where a roster character stands between the games of a campaign (stored as its value)."""

    READY = "ready"
    RESTING = "resting"
    """Misses the next game, then comes back."""
    DEAD = "dead"
    """Never cast again."""


@dataclass(frozen=True)
class Enlisted:
    """A character on a campaign's roster, as the bot hands it to the campaign's ruleset."""

    entry: int
    """Its roster entry's id."""
    owner: int
    name: str
    standing: Standing
    data: dict[str, Any]
    """What the ruleset keeps of it between games (JSON, as :meth:`Campaign.enrol` made it)."""


@dataclass(frozen=True)
class Homecoming:
    """What the end of a game makes of one roster character: how it stands and what the roster keeps of it."""

    entry: int
    standing: Standing
    data: dict[str, Any]
    outcome: str = ""
    """What it means for the next game, in the ruleset's words (plain text; "" to say nothing)."""
    readings: tuple[Reading, ...] = ()
    """The rolls that decided it, if any."""
    to_pick: bool = False
    """Whether its player has something to pick before it is cast again (see :meth:`Campaign.recast`)."""


@runtime_checkable
class Campaign(Protocol, metaclass=Capability):
    """A ruleset whose campaigns keep a roster: characters carried from one game of the campaign to the next.

    The ruleset's characters carry ``roster_id``, the id of their roster entry (0 for none), so that the game's end
    knows who came from the roster or joined it.
    """

    homecoming: ClassVar[str]
    """What the text calls the end of a game for the roster: "Post Action Rest and Recovery", "The aftermath"."""

    def enrol(self, state: State, key: str) -> dict[str, Any]:
        """What the roster keeps of the game's character ``key``, who joins it (JSON); RulesError if it may not."""

    def recast(self, state: State, enlisted: Enlisted, rng: random.Random) -> Cast:
        """Cast the roster character into the game as the roster keeps it, with its ``roster_id``; RulesError if it
        may not be (dead, missing this game, ...)."""

    def unfinished(self, state: State) -> str | Words:
        """Why the game may not end yet, so that the roster keeps what the text gives its characters (words,
        :mod:`.words`; "" when it may end)."""

    def keep(self, state: State, roster: Sequence[Enlisted], rng: random.Random) -> list[Homecoming]:
        """At the game's end, what the roster keeps of its characters: of those the game changed."""

    def amend(self, enlisted: Enlisted, changes: Mapping[str, Any]) -> dict[str, Any]:
        """The roster character's data as its campaign's Director amends it between games: ``changes`` are the
        ruleset's own (None: unchanged); RulesError if not allowed."""

    def describe(self, enlisted: Enlisted) -> tuple[str, str]:
        """A roster character in words (plain text): who it is ("Hero, Brave"), and how it stands for the next
        game ("" to say nothing but whether it is dead)."""


class Ruleset(Protocol):
    """One game system behind the bot.

    A ruleset subclasses this protocol explicitly (``class Burt(Ruleset)``), so that it inherits the methods
    with a default body (:meth:`join`, :meth:`leave`, :meth:`deck`).
    """

    key: ClassVar[str]
    """Stored with the game: the name of the ruleset's package (at most 32 characters)."""
    title: ClassVar[str]
    """As players name it: "Quick on the Draw"."""
    group: ClassVar[str]
    """Its command group (`/gunfight …`); "" for a ruleset whose verbs are top-level commands."""
    state_type: ClassVar[type]
    character_types: ClassVar[Mapping[str, str]]
    """What ``/cast add type:`` offers: key to title."""
    directors_types: ClassVar[Mapping[str, str]] = {}
    """Types only a Director casts, and why (the NPCs the Director moves)."""
    cast_options: ClassVar[Mapping[str, str]]
    """The ruleset's own ``/cast add`` fields: name to description (each typed as text, checked by :meth:`cast`)."""
    plain_cast: ClassVar[Mapping[str, object]]
    """The options, besides ``name:``, of :attr:`cast_command` that cast a plain fighting character, as a player
    types them (``{"type": "gunslinger"}``): how the ruleset casts, shown as an example."""
    charts: ClassVar[Mapping[str, Chart | GridChart]]
    """Every chart and table of the text, by key: for tests, ``/help`` and the rulings."""
    holding: ClassVar[bool] = False
    """Whether a character may hold at a deadline (``/game settings deadline_action:hold``, see :data:`HOLD`);
    where none may, play moves on."""
    bands: ClassVar[bool] = False
    """Whether a D10 is read in bands (1, 2-4, 5-9, 10: Quick on the Draw's), which roll texts and cards show."""
    turn_name: ClassVar[str] = "Turn"
    """What the text calls the stretch of play one seal covers (see :meth:`turn`): "Turn", "Phase" ..."""

    @property
    def cast_command(self) -> str:
        """The command that casts a character: its group's ``cast``, or the shared ``/cast add``."""
        return f"{self.group} cast" if self.group else "cast add"

    def new_game(self) -> State:
        """A game with nobody cast and nothing dealt."""

    def load(self, data: dict) -> State:
        """The state as stored (see :meth:`State.to_json`)."""

    def cast(self, state: State, spec: CastSpec, rng: random.Random) -> Cast:
        """Add a character, checked against the ruleset's tables (:class:`RulesError` if not allowed)."""

    def remove(self, state: State, key: str) -> Cast:
        """Take a character out of the game."""

    def deal(self, state: State, rng: random.Random, again: bool = False) -> Step:
        """What ``/deal`` does: start the next turn (shuffle the deck, roll the draw dice ...); ``again``: the
        Director deals although the turn is not over (a ruleset that refuses that otherwise allows it)."""

    def advance(self, state: State, rng: random.Random) -> Step:
        """What ``/draw`` does: on to the next character to act (dealing first when the turn is over)."""

    def waiting_on(self, state: State, director: int) -> Wait | None:
        """Whom the game waits on (``director`` when a new turn is to be dealt); None before the first turn.
        Not asked while a roll waits for a re-roll decision (:func:`deciding` says whom that waits on)."""

    def at_deadline(self, state: State, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        """What the bot does when a wait's deadline passes: the character does nothing, and play moves on.
        ``policy`` is the game's ``/game settings deadline_action:`` (:data:`HOLD`: a character who may hold holds
        first, where the ruleset has holding; see :attr:`Wait.holds`)."""

    def board(self, state: State) -> Board:
        """The status board."""

    def help(self) -> str | Words:
        """How the system plays in the bot, for ``/help``: a few lines (words as data, :mod:`.words`)."""

    def how_a_game_runs(self) -> Words | None:
        """How a game of it runs in a channel, step by step from ``/game start``, for ``/help`` (None: as the help
        tells it of any ruleset)."""
        return None

    def summary(self, state: State, resolutions: Sequence[Resolution]) -> Summary:
        """The end of the game: who fell and who did what, in the text's words, from the state and the resolutions
        of its actions as logged (undone ones left out). Names no card still hidden from anyone. By default, who
        fell as the status board has them (its rows out of the fight, with their words), and no deeds."""
        fallen = [Fell(row.key, row.name, row.owner, ", ".join(map(plain, row.words)) or "out of the fight")
                  for row in self.board(state).rows if row.down]
        return Summary(tuple(fallen), ())

    def join(self, state: State, user: int, rng: random.Random) -> str:
        """Seat a player who joins (not yet seated); returns what they get, in words ("" for nothing)."""
        state.seats[user] = ""
        return ""

    def actor(self, state: State, user: int) -> str:
        """The key of the character who acts when ``user``'s command names nobody (whose card is up, whose turn it
        is ...); :class:`~.errors.RulesError` saying whom to name when there is none. By default, nobody."""
        raise RulesError("Name the character who acts.")

    def seated(self, state: State, user: int) -> str:
        """What a seated player holds, in words ("" for nothing): "♥ hearts"."""
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

    def placed(self, before: dict[str, Any], state: State) -> list[str]:
        """The cards a command shuffled in among the cards to come (``before``: the state as stored before it),
        as codes, for its log entry (see bot/glue/seals.py). By default none."""
        return []

    def played(self, state: State) -> str:
        """How long the game has gone on, after "The game ends": " after 3 phases" ("" by default)."""
        return ""

    def sheet(self, state: State, key: str) -> Sheet:
        """A member of the cast in full (``/cast show``); by default as its board row has it, its gear as its
        kit (what a shot needs to name)."""
        row = next(row for row in self.board(state).rows if row.key == key)
        fields = [*(("State", plain(word), True) for word in row.words), *((*badge, True) for badge in row.badges)]
        fields += [("Kit", words(Name(", ".join(map(plain, row.gear)))), False)] if row.gear else []
        return Sheet(row.name, row.owner, row.kind, tuple(fields))

    def cast_list(self, state: State) -> list[Listed]:
        """The cast list (``/cast list``); by default the board's rows with their words, figures and gear."""
        return [Listed(row.name, row.owner, row.kind, words(Name(", ".join([*phrased(row), *map(plain, row.gear)]))))
                for row in self.board(state).rows]

    def column_line(self, reading: Reading) -> str:
        """How a reading of one of its grid charts tells the column it read (see :attr:`~.replay.Reading.column`);
        by default, its number."""
        return f"Column {reading.column}"

    def deck(self, state: State) -> Step:
        """What ``/deck`` shows: the turn so far (by default the board's title and footer)."""
        board = self.board(state)
        return Step(board.title, [board.footer] if board.footer else [])

    def picture_of_step(self, state: State, step: Step) -> Picture | None:
        """What the picture of a step (``/deal``, ``/draw``, a deadline, ``/deck``) shows, in the pictures'
        vocabulary: by default its faces as playing cards turned, with their captions; None when it turned nothing,
        or a face is no card."""
        if not step.faces:
            return None
        try:
            return CardsTurned(tuple(Card.parse(face) for face in step.faces), None, step.captions)
        except ValueError:
            return None

    def picture_of_roll(self, resolution: Resolution) -> Picture:
        """What a roll's card shows, first roll or decision alike: by default every die of each reading, in bands
        where the ruleset reads them (:attr:`bands`), a grid chart's column in its words (:meth:`column_line`)."""
        return RollCard(resolution, self.bands, tuple("" if reading.column is None else self.column_line(reading)
                                                      for reading in resolution.readings))

    def gallery(self) -> dict[str, Picture]:
        """Sample pictures for the documentation, by file name ("turn.png"), from games its engine plays from a
        seeded random source, the same every time; none by default."""
        return {}


RULESETS: dict[str, Ruleset] = {}
"""Every ruleset the bot plays, by key, in the order they were registered (Quick on the Draw first)."""


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to :data:`RULESETS`."""
    if ruleset.key in RULESETS:
        raise ValueError(f"Two rulesets with the key {ruleset.key!r}")
    RULESETS[ruleset.key] = ruleset
    return ruleset


def exposing(module: str, name: str) -> Callable[[str], Any]:
    """A ruleset package's ``__getattr__`` that gives its ``RULESET`` (found by :mod:`bot.rules.registry`): the
    object ``name`` of its module ``module``, imported only when asked for, so that importing one of the package's
    modules (as the pictures do) registers no ruleset."""
    def attribute(wanted: str) -> Any:
        if wanted != "RULESET":
            raise AttributeError(wanted)
        return getattr(importlib.import_module(module), name)
    return attribute


HOLD = "hold"
"""The deadline policy (``/game settings deadline_action:hold``, the default) that has a character who may hold
hold rather than lose their turn."""
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
    name = Bold(Name(roller.name))
    return Wait((roller.owner,), DECISION, roller.key, words(name, "'s roll waits for your choice: re-roll or keep?"),
                words(name, " keeps the roll"))



def first() -> Ruleset:
    """The ruleset registered first: a game's or a campaign's when none is chosen."""
    return next(iter(RULESETS.values()))


def ruleset(key: str) -> Ruleset:
    """The ruleset stored under ``key``."""
    try:
        return RULESETS[key]
    except KeyError:
        raise RulesError(f"This bot does not play the ruleset {key!r}.") from None
