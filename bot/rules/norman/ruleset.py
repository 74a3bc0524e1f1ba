"""Mackenzie Norman's card gunfight behind the ruleset interface: a suit a player, cards as actions, Jokers
that cancel, True Grit, the town's face-down stock characters, notches over a campaign (MN = line of the
text). ``/deal`` deals a turn's hands, ``/draw`` passes the turn to the next player; where the text is silent
the Director's settings decide (see docs/rulings.md)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.rules.core import serial
from bot.rules.core.cards import SUIT_SYMBOLS, Card
from bot.rules.core.errors import RulesError
from bot.rules.core.fair import Hidden, dealt_out, shuffle_hidden
from bot.rules.core.piles import Deck
from bot.rules.core.replay import Context
from bot.rules.core.results import Resolution
from bot.rules.core.pictures import Board, BoardRow, Phrase, Picture, Tone
from bot.rules.core.ruleset import CastSpec, Private, Ruleset, Step, Wait, register
from bot.rules.core.summary import Count, Summary, summarise
from bot.rules.core.words import Bold, Code, Command, Name, Part, Words, joined, words

from . import actions
from .campaign import Gang
from .charts import CHARTS, TRUE_GRIT
from .state import SHOOT_RANKS, SKILLS, STARTING_SUITS, Building, Figure, NormanState, Seat, Settings, full_deck, \
    uses

TYPES = {"man": "Man", "woman": "Woman", "horse": "Horse", "dog": "Dog"}
PUBLIC_FIELDS = ("characters", "settings", "duds", "turn", "order", "acting", "weapon", "stopped", "shown", "plays",
                 "over")
"""The fields of a gunfight's state that anyone may read as they are (see :meth:`Norman.redact`)."""
AFTERMATH = "aftermath"
"""What the game waits for once one side alone has figures in play."""
CARDSHARP_MOST = 2
"""MN 246, 254: a side's Cardsharps add at most 2 cards a turn."""


def step_lines(ctx: Context) -> list[str | Words]:
    """What an action done at a deadline rolled and changed, one line each."""
    lines: list[str | Words] = []
    for reading in ctx.readings:
        total = sum(n for _, n in reading.adjustments)
        lines.append(words(Name(reading.label), f": {reading.roll.value}" + (f" {total:+d}" if total else "") + " → ",
                           Bold(reading.outcome.title)))
    return lines + [words(Name(change)) for change in ctx.changes]


def option(spec: CastSpec, name: str, default: int = 0) -> int:
    text = spec.options.get(name, "") or str(default)
    try:
        return int(text)
    except ValueError:
        raise RulesError(f"{name} is a number, not {text!r}.") from None


COUNTS = (
    Count("play", "plays", frozenset({"a play"})),
    Count("close combat", "close combats", frozenset({"close combat"})),
    Count("hit", "hits", charts=frozenset({TRUE_GRIT.key}), by_others=True),
)
"""What the summary counts of each figure: a hit calls for the True Grit roll of the figure hit."""


class Norman(Gang, Ruleset):
    key = "norman"
    title = "Mackenzie Norman's card gunfight"
    group = "gunfight"
    state_type = NormanState
    character_types = TYPES
    cast_options = {"pistols": "0, 1 or 2", "long": "rifle or shotgun (one long arm)", "dynamite": "sticks",
                    "horse": "yes if mounted", "shoot": "Shooting characteristic", "grit": "True Grit",
                    "skills": "comma-separated skills"}
    plain_cast = {"type": "man", "pistols": 1}
    charts = CHARTS

    def new_game(self) -> NormanState:
        return NormanState()

    def load(self, data: dict) -> NormanState:
        return serial.from_json(NormanState, data)

    # seats and figures
    def join(self, state: NormanState, user: int, rng: random.Random) -> str:
        """MN 13-14: each game randomly allocates a suit to each player."""
        free = [suit for suit in STARTING_SUITS if suit not in {s.suit for s in state.seats.values()}]
        if not free:
            raise RulesError("Four players hold the four suits: this gunfight is full.")
        if state.turn:
            raise RulesError("The gunfight has begun: players join before the first deal.")
        suit = rng.choice(free)
        state.seats[user] = Seat(suit)
        return f"{suit.capitalize()} {SUIT_SYMBOLS[suit]}"

    def leave(self, state: NormanState, user: int) -> None:
        if state.window and user in state.window.waiting:
            raise RulesError("A play waits on your answer: answer it before leaving.")
        seat = state.seats.pop(user)
        state.deck.discard.extend(seat.hand)
        state.order = [u for u in state.order if u != user]

    def cast(self, state: NormanState, spec: CastSpec, rng: random.Random) -> Figure:
        """A gang's figure (MN 27-44): its weapons, horse, characteristics and skills."""
        if spec.key in state.characters:
            raise RulesError(f"There is already a figure called {spec.name}.")
        if spec.owner not in state.seats:
            raise RulesError("Join the gunfight before casting a figure.")
        if spec.type not in TYPES:
            raise RulesError(f"A figure is a {', '.join(TYPES.values())}.")
        pistols = option(spec, "pistols")
        long = spec.options.get("long", "").strip().lower()
        if not 0 <= pistols <= 2 or long not in ("", "rifle", "shotgun"):
            raise RulesError("A figure carries up to 2 pistols and one long arm, a Rifle or a Shotgun (MN 43).")
        skills: dict[str, int] = {}
        for word in filter(None, (w.strip() for w in spec.options.get("skills", "").split(","))):
            skill = next((s for s in SKILLS if s.casefold() == word.casefold()), None)
            if skill is None:
                raise RulesError(f"The skills are {', '.join(SKILLS)}.")
            skills[skill] = skills.get(skill, 0) + 1
        grit = option(spec, "grit")
        if any(n > 2 for n in skills.values()) or not -2 <= grit <= 2:
            raise RulesError("At most two of any one skill, and True Grit from -2 to +2 (MN 254).")
        figure = Figure(spec.key, spec.name, spec.owner, spec.type, state.seats[spec.owner].suit,
                        pistols=pistols, long=long, dynamite=option(spec, "dynamite"),
                        horse=spec.options.get("horse", "").lower() in ("yes", "true", "1"),
                        shoot=option(spec, "shoot"), grit=grit, skills=skills)
        state.characters[spec.key] = figure
        return figure

    def remove(self, state: NormanState, key: str) -> Figure:
        if (state.window and state.window.play.figure == key) or \
                (state.contact and key in (state.contact.attacker, state.contact.defender)):
            raise RulesError("That figure's play waits for its answers: remove it once they are in.")
        if state.acting == key:
            state.acting = ""
        return state.characters.pop(key)

    def configure(self, state: NormanState, name: str, value: str) -> str:
        """A Director's setting for what the text leaves to the table (see docs/rulings.md)."""
        settings = state.settings
        if name not in Settings.__dataclass_fields__:
            raise RulesError(f"The settings are {', '.join(Settings.__dataclass_fields__)}.")
        choices = {"order": ("rotate", "random"), "contact": ("section", "table", "option", "none"),
                   "pins": ("turn", "game"), "keep": ("yes", "no")}
        if name in choices:
            if value not in choices[name]:
                raise RulesError(f"{name} is one of {', '.join(choices[name])}.")
            setattr(settings, name, value == "yes" if name == "keep" else value)
        else:
            least, most = {"hand": (1, 12), "packs": (1, 4), "money": (0, 10)}[name]
            if not value.isdigit() or not least <= int(value) <= most or (name == "packs" and state.turn):
                raise RulesError(f"{name} is a whole number from {least} to {most}" +
                                 (", set before the first deal." if name == "packs" else "."))
            setattr(settings, name, int(value))
        return f"{name}: {value}"

    def add_stock(self, state: NormanState, stock: Figure) -> None:
        """A stock character's card, or a Money card, for the town (MN 17-26, 208-211)."""
        if stock.type not in (*TYPES, "money"):
            raise RulesError("A stock card is a man, woman, horse, dog, or Money.")
        state.stock.append(stock)

    def build_town(self, state: NormanState, names: list[str], rng: random.Random) -> list[str]:
        """MN 208-210: the stock cards are randomly allocated face down to the buildings, one each; those
        left over stay out of this gunfight."""
        if state.turn:
            raise RulesError("The town is built before the first deal.")
        if len({n.casefold() for n in names}) != len(names):
            raise RulesError("Two buildings have the same name.")
        state.stock.extend(place.card for place in state.town if place.card)
        shuffle_hidden(rng, "town", state.stock, unlisted=True)    # unseen by the players (MN 208-210)
        state.town = [Building(name, self.stock_card(state, name, rng)) for name in names]
        return [place.name for place in state.town]

    def stock_card(self, state: NormanState, building: str, rng: random.Random) -> Figure | None:
        """The last stock card, dealt face down to ``building`` (its place in the shuffle noted for the log)."""
        if not state.stock:
            return None
        dealt_out(rng, "town", len(state.stock) - 1, building, state.stock[-1].name)
        return state.stock.pop()

    # the turn
    def seat_order(self, state: NormanState) -> list[int]:
        return sorted(state.seats, key=lambda user: STARTING_SUITS.index(state.seats[user].suit))

    def turn(self, state: NormanState) -> int:
        return state.turn

    def hidden(self, state: NormanState) -> dict[str, Hidden]:
        """The deck's cards to come, and every hand, a Joker laid face down to cancel a play and close combat's cards
        out of sight; the town's stock cards left out and those face down on the buildings."""
        held = [card for seat in state.seats.values() for card in seat.hand]
        held += list(state.window.jokers.values()) if state.window else []
        held += state.contact.attack + state.contact.defence if state.contact else []
        return {"norman": Hidden([card.code for card in state.deck.to_come], [card.code for card in held]),
                "town": Hidden([stock.name for stock in state.stock],
                               [place.card.name for place in state.town if place.card])}

    def deal(self, state: NormanState, rng: random.Random, again: bool = False) -> Step:
        """A new turn: each player is dealt their hand (Cardsharps add cards, Cheatin' rats may swap)."""
        if state.over:
            raise RulesError("This gunfight is over.")
        if state.window or state.contact:
            raise RulesError("A play is still waiting for its answers.")
        if len(state.seats) < 2:
            raise RulesError("A gunfight needs two players at least.")
        if not any(f.standing for f in state.characters.values()):
            raise RulesError("Nobody stands to fight: cast a figure first.")
        dealt = self.to_deal(state)
        held = sum(len(seat.hand) for seat in state.seats.values()) if state.settings.keep else 0
        if state.turn and sum(dealt.values()) + held > len(full_deck(state.settings.packs)):
            raise RulesError(words("The deck cannot deal that many cards: the Director lowers ", Code("hand"),
                                   " or sets ", Code("keep: no"), "."))
        state.turn += 1                         # first: the new turn's cards come from its own seal
        if state.turn == 1:
            state.deck = Deck.shuffled(full_deck(state.settings.packs), rng, "norman")
        state.deck.pile = "norman"                      # a deck from before decks had seals: reshuffled under them
        state.shown = []
        if not state.settings.keep:
            for seat in state.seats.values():
                state.deck.discard.extend(seat.hand)
                seat.hand = []
        lines: list[str | Words] = []
        for user, count in dealt.items():
            seat = state.seats[user]
            seat.hand.extend(state.draw(rng, str(user)) for _ in range(count))
            seat.swaps = min(2, sum(f.skill("Cheatin' rat") for f in state.characters.values()
                                    if f.owner == user and f.standing))
            extra = count - state.settings.hand
            lines.append(f"{seat.suit.capitalize()} {SUIT_SYMBOLS[seat.suit]} is dealt {count} cards" +
                         (f" ({extra} for a Cardsharp)" if extra else "") +
                         (f"; a Cheatin' rat may swap {seat.swaps}" if seat.swaps else "") + ".")
        for figure in state.characters.values():
            figure.activated = figure.moved = figure.thrown = False
            figure.shots = 0
            if state.settings.pins == "turn":
                figure.pinned = False
        order = [user for user in self.seat_order(state) if state.fighting(user)]
        if state.settings.order == "random":
            rng.shuffle(order)
        else:
            first = (state.turn - 1) % len(order)
            order = order[first:] + order[:first]
        state.order = order
        self.start_player_turn(state)
        return Step(f"Turn {state.turn}", lines + [self.whose_turn(state)], self.pinged(state))

    def to_deal(self, state: NormanState) -> dict[int, int]:
        """The cards each player is dealt, in seat order: the hand, and a card a Cardsharp level, at most two a
        side (MN 245-246, 254)."""
        left = {side: CARDSHARP_MOST for side in map(state.side, state.seats)}
        dealt = {}
        for user in filter(state.fighting, self.seat_order(state)):
            levels = sum(f.skill("Cardsharp") for f in state.characters.values() if f.owner == user and f.standing)
            extra = min(levels, left[state.side(user)])
            left[state.side(user)] -= extra
            dealt[user] = state.settings.hand + extra
        return dealt

    def start_player_turn(self, state: NormanState) -> None:
        state.acting, state.weapon, state.stopped = "", "", False

    def pinged(self, state: NormanState) -> str | None:
        """A standing figure of the player whose turn it is (the bot pings its owner)."""
        return next((f.key for f in state.characters.values() if f.owner == state.player and f.standing), None)

    def whose_turn(self, state: NormanState) -> str:
        suit = state.seats[state.player].suit
        return f"{suit.capitalize()} {SUIT_SYMBOLS[suit]} plays."

    def advance(self, state: NormanState, rng: random.Random) -> Step:
        """The player's turn ends; the next player plays (a new turn is dealt after the last)."""
        if state.window or state.contact:
            raise RulesError("A play is still waiting for its answers.")
        if state.turn and self.decided(state):
            raise RulesError(words("One side alone has figures in play: the gunfight is over, and the Director rolls ",
                                   Command("gunfight aftermath"), "."))
        rest = [user for user in state.order[1:] if state.fighting(user)]
        if not rest:
            return self.deal(state, rng)
        state.order = rest
        self.start_player_turn(state)
        after = len(state.order) - 1
        return Step(f"Turn {state.turn} — " + (f"{after} more to play" if after else "the last to play"),
                    [self.whose_turn(state)], self.pinged(state))

    def decided(self, state: NormanState) -> bool:
        """Whether one side alone (or none) has figures in play: the gunfight is over (MN 46-47)."""
        return len({state.side(f.owner) for f in state.characters.values() if f.standing}) < 2

    def actor(self, state: NormanState, user: int) -> str:
        """The figure activated now, or else ``user``'s one figure left to activate."""
        if state.acting:
            return state.acting
        ready = [f.key for f in state.characters.values() if f.owner == user and f.standing and not f.activated]
        if len(ready) != 1:
            raise RulesError("Name the figure that acts.")
        return ready[0]

    def waiting_on(self, state: NormanState, director: int) -> Wait | None:
        if not state.turn or state.over:
            return None
        if state.window:
            play = state.window.play
            figure = state.characters[play.figure]
            cards = ", ".join(str(c) for c in play.all_cards)
            return Wait(tuple(state.window.waiting), "Joker", "",
                        words(Bold(Name(figure.name)), f" plays {cards}: answer with the buttons under it, cancel it "
                              "with a Joker or let it stand."), "the play stands")
        if state.contact:
            defender = state.characters[state.contact.defender]
            return Wait((defender.owner,), "close combat", defender.key,
                        words(Bold(Name(defender.name)), " is attacked in contact: strike back out of sight with a "
                              "Shoot card from ", Bold("My hand"), ", or ", Command("gunfight defend"),
                              " with two, or none."), words(Name(defender.name), " strikes back with nothing"))
        if self.decided(state):
            return Wait((director,), AFTERMATH, asks="one side alone has figures in play: the gunfight is over; "
                        "roll its aftermath.", then="the aftermath is rolled")
        if state.player is not None:
            asks = words("a Joker stopped your turn: ", Command("draw"), " to pass it on.") if state.stopped else \
                words("your turn: play cards for your figures, then ", Command("draw"), " to pass.")
            return Wait((state.player,), "turn", self.pinged(state) or "", asks, "the turn passes")
        return Wait((director,), "next turn", asks=words("the turn is over: ", Command("deal"), " the next."),
                    then="a turn is dealt")

    def at_deadline(self, state: NormanState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        """A window closes with every missing answer letting the play stand; a defender who has not answered
        strikes back with nothing; a player's turn passes."""
        if not (state.window or state.contact or wait.reason == AFTERMATH):
            return self.advance(state, rng)
        ctx = Context(rng)
        if state.window:
            state.window.waiting = []
            actions.close(state, ctx)
            title = "The Joker window closes: every answer not given lets the play stand"
        elif state.contact:
            actions.strike(state, ctx)
            title = "Close combat"
        else:
            actions.aftermath(state, actions.AftermathRequest(), ctx)
            title = "After the gunfight"
        state.check()
        return Step(title, step_lines(ctx))

    # what players see
    def hand(self, state: NormanState, user: int) -> list[Card]:
        """A player's own hand: shown to them alone."""
        return list(state.hand_of(user))

    def uses(self, state: NormanState, user: int) -> list[tuple[Card, tuple[str, ...]]]:
        """A player's hand with what each card may be played as: for their menu, shown to them alone."""
        return [(card, uses(card)) for card in state.hand_of(user)]

    def face_down(self, state: NormanState, user: int) -> list[Card]:
        """The cards a player has laid out of sight and not yet revealed (close combat, a Joker in the window):
        shown to them alone."""
        laid = [state.window.jokers[user]] if state.window and user in state.window.jokers else []
        if state.contact:
            for key, cards in ((state.contact.attacker, state.contact.attack),
                               (state.contact.defender, state.contact.defence)):
                if state.characters[key].owner == user:
                    laid += cards
        return laid

    def seen(self, state: NormanState, user: int) -> dict[str, str]:
        """The buildings' cards a player has looked at (MN 212-213), by building: shown to them alone."""
        return {place.name: place.card.name for place in state.town if place.card and user in place.seen_by}

    def defending(self, state: NormanState, user: int) -> bool:
        """Whether ``user``'s figure is attacked in contact and has yet to strike back (MN 153-159)."""
        return state.contact is not None and state.characters[state.contact.defender].owner == user

    def private(self, state: NormanState, user: int) -> Private | None:
        """A player's hand, what each card may be played as, what they laid out of sight and what they saw in
        the town; the menu offers their Shoot cards when their figure is to strike back in contact."""
        seat = state.seats.get(user)
        if seat is None:
            return None
        lines: list[tuple[Part, ...]] = [
            ("Uses: " + "; ".join(f"{card} {' or '.join(use)}" for card, use in self.uses(state, user)),)
        ] if seat.hand else []
        if laid := self.face_down(state, user):
            lines.append((f"Out of sight: {', '.join(map(str, laid))}.",))
        if state.window and user in state.window.waiting:
            lines.append(("A play waits on your answer: ", Bold("Let it stand"), " or ", Bold("Cancel with a Joker"),
                          ", under it."))
        playable = ()
        if self.defending(state, user):
            playable = tuple(card.code for card in seat.hand if card.rank in SHOOT_RANKS)
            lines.append((Name(state.characters[state.contact.defender].name), " strikes back: pick one Shoot card "
                          "here, or ", Command("gunfight defend"), " with two, or none."))
        lines += [("The card of the ", Name(place), ": ", Name(name), ".")
                  for place, name in self.seen(state, user).items()]
        return Private(tuple(card.code for card in seat.hand), playable,
                       note=words(*joined(lines, "\n")) if lines else "")

    def play_card(self, state: NormanState, user: int, code: str, rng: random.Random) -> Step:
        """The hand's menu: a defender strikes back in contact with one Shoot card (MN 153); both sides' cards
        show together (MN 155-159)."""
        if not self.defending(state, user):
            raise RulesError(words("Nothing waits for a card from your hand now: play cards with ", Command("gunfight"),
                                   " commands."))
        fight = state.contact
        ctx = Context(rng)
        actions.defend(state, actions.DefendRequest(user, (code,)), ctx)
        state.check()
        revealed = fight.attack + fight.defence
        return Step("Close combat", step_lines(ctx), faces=tuple(card.code for card in revealed),
                    captions=tuple(state.characters[key].name for key, cards in
                                   ((fight.attacker, fight.attack), (fight.defender, fight.defence)) for _ in cards))

    def held(self, state: NormanState, user: int) -> int:
        """A player's hand as anyone may count it: a Joker laid in the window still counts until the window
        closes, or the count would tell who laid one (MN 73-78)."""
        laid = state.window is not None and user in state.window.jokers
        return len(state.seats[user].hand) + laid

    def redact(self, state: NormanState) -> dict[str, Any]:
        """The state as anyone may see it: the figures, the settings and the turn as they are; hands, the deck,
        cards out of sight, answers in the Joker window and face-down buildings counted, never named; the seal
        (and anything else not named here) left out, since its seed orders every hand."""
        public = {name: serial.to_json(getattr(state, name)) for name in PUBLIC_FIELDS}
        public["pending"] = {"roller": state.pending["roller"]} if state.pending else None
        public["deck"] = {"to_come": len(state.deck.to_come), "discard": [c.code for c in state.deck.discard]}
        public["stock"] = len(state.stock)
        public["seats"] = {str(user): {"suit": seat.suit, "hand": self.held(state, user), "money": seat.money}
                           for user, seat in state.seats.items()}
        public["town"] = [{"name": place.name, "card": "face down" if place.card else "none",
                           "seen_by": list(place.seen_by)} for place in state.town]
        public["window"] = {"play": serial.to_json(state.window.play), "answered": len(state.window.answers),
                            "waiting": state.window.waiting} if state.window else None
        public["contact"] = {"attacker": state.contact.attacker, "defender": state.contact.defender,
                             "attack": len(state.contact.attack), "defence": len(state.contact.defence)} \
            if state.contact else None
        return public

    def board(self, state: NormanState) -> Board:
        rows = []
        for f in state.characters.values():
            words = tuple(w for w, on in ((f.status, not f.standing), ("Pinned", f.pinned), ("High up", f.high),
                                          ("Ally", f.ally), ("Mounted", f.horse), ("Activated", f.activated))
                          if on)
            badges = [("Suit", SUIT_SYMBOLS.get(f.suit, "-")), ("Value", str(f.worth)),
                      ("Grit", f"{f.true_grit:+d}"), ("Notches", str(f.notches))]
            badges += [(skill, f"+{n}") for skill, n in f.skills.items()]
            rows.append(BoardRow(f.name, f.owner, words, tuple(badges), not f.standing, f.key, TYPES[f.type],
                                 f.owner == state.player and (not state.acting or state.acting == f.key),
                                 gear=kit(f)))
        hands = " ".join(f"{SUIT_SYMBOLS[s.suit]}{self.held(state, u)}" for u, s in state.seats.items())
        face_down = sum(1 for place in state.town if place.card)
        footer = f"hands {hands} · deck {len(state.deck.to_come)}" + (f" · town {face_down}/{len(state.town)}"
                                                               if state.town else "")
        return Board(self.title_of(state), rows, footer)

    def title_of(self, state: NormanState) -> str:
        if not state.turn:
            return "Before the first deal"
        if state.over:
            return "After the gunfight"
        suit = state.seats[state.player].suit if state.player is not None else ""
        return f"Turn {state.turn}" + (f" — {suit.capitalize()} {SUIT_SYMBOLS[suit]}" if suit else "")

    def counts(self, state: NormanState) -> str:
        """What anyone may count: hands by size, the deck, the discards, the town's face-down cards, duds."""
        hands = ", ".join(f"{SUIT_SYMBOLS[s.suit]} {self.held(state, u)}" for u, s in state.seats.items())
        face_down = sum(1 for place in state.town if place.card)
        return f"Hands: {hands} · deck {len(state.deck.to_come)} · discards {len(state.deck.discard)} · " \
               f"town: {face_down} of {len(state.town)} face down" + (f" · duds {state.duds}" if state.duds else "")

    def deck(self, state: NormanState) -> Step:
        """What `/deck` shows: every card shown face up this turn and whose it was, in order (drawn in a row),
        and what anyone may count."""
        lines: list[str | Words] = [words(f"{n}. ", Name(shown.by), ": ", Bold(str(shown.card)))
                                    for n, shown in enumerate(state.shown, 1)]
        return Step(self.title_of(state), lines + [self.counts(state)],
                    faces=tuple(shown.card.code for shown in state.shown),
                    captions=tuple(shown.by for shown in state.shown))

    def gallery(self) -> dict[str, Picture]:
        from .samples import gallery
        return gallery(self)

    def summary(self, state: NormanState, resolutions: Sequence[Resolution]) -> Summary:
        """Who was Shot down, Fled or is Dead (MN 176, 226); each figure's plays, close combats and the True Grit
        rolls its hits called for (MN 162-203). No card is named: a hand may still be hidden."""
        return summarise(state.characters, resolutions, COUNTS,
                         lambda figure: "" if figure.standing else figure.status,
                         fallen_title="Shot down, fled or dead",
                         nobody_fell="Nobody: every figure is still in play.", nobody_did="Nobody played a card.")

    def help(self) -> Words:
        return words("Each player holds a suit and a hand. ", Command("deal"), " deals the turn's hands: ",
                     Bold("My hand"), " or ", Command("hand"), " shows yours. On your turn play cards for your "
                     "figures: ", Command("gunfight move"), " (2-6, a climb 7-10), ", Command("gunfight shoot"),
                     " (A, J, Q, K), ", Command("gunfight dynamite"), ", ", Command("gunfight contact"), " (cards out "
                     "of sight); every opponent answers each play with its buttons, ", Bold("Let it stand"), " or ",
                     Bold("Cancel with a Joker"), ". ", Command("draw"), " passes the turn. Hits on 5,6, then the True "
                     "Grit roll; ", Command("gunfight aftermath"), " at the end. In a campaign, ",
                     Command("campaign add"), " and ", Command("campaign cast"), " carry a gang's figures, notches and "
                     "skills on.")


NORMAN = register(Norman())


def kit(figure: Figure) -> tuple[Phrase, ...]:
    """A figure's weapons as the text names them (MN 29-44): its pistols, long arm and sticks of Dynamite
    (unarmed: it can still fight in close combat, MN 44)."""
    pistols = {0: (), 1: ("Pistol",)}.get(figure.pistols, (f"{figure.pistols} pistols",))
    sticks = {0: (), 1: ("Dynamite",)}.get(figure.dynamite, (f"Dynamite ×{figure.dynamite}",))
    carried = (*pistols, *((figure.long.capitalize(),) if figure.long else ()), *sticks)
    return tuple(map(Phrase, carried)) or (Phrase("unarmed", Tone.ASIDE),)
