"""Dracula's America behind the bot's ruleset interface (see bot/rules/core/ruleset.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bot.rules.core import serial
from bot.rules.core.actions import decide, perform
from bot.rules.core.errors import RulesError
from bot.rules.core.cards import Card
from bot.rules.core.fair import Hidden
from bot.rules.core.replay import KEEP
from bot.rules.core.results import Resolution
from bot.rules.core.pictures import Board, BoardRow, Phrase, Picture, Tone
from bot.rules.core.ruleset import CastSpec, Private, Ruleset, Step, Wait, register
from bot.rules.core.summary import Count, Summary, summarise
from bot.rules.core.words import Bold, Code, Command, Name, Words, words

from .actions import RecoveryRequest
from .campaign import PosseRoster
from .charts import CHARTS, INJURIES, NPCS, RANKS, SAVE, SKILLS, WEAPONS, listed
from .state import Condition, DraculaState, Gun, Model, Phase, Posse
from .turn import (PHASES, at_deadline_plays, captions, draw_phase, end_of_actions, flip, flipped, name,
                   next_activation, play, posse_of, to_play)


PUBLIC_FIELDS = ("characters", "settings", "turn", "phase", "round", "order", "flipped", "at", "activation",
                 "npc_winner")
"""The fields of a game's state that anyone may read as they are (see :meth:`Dracula.redact`)."""


COUNTS = (
    Count("Shoot Action", "Shoot Actions", frozenset({"dracula-shoot"})),
    Count("Fight Action", "Fight Actions", frozenset({"dracula-fight"})),
    Count("Save forced", "Saves forced", charts=frozenset({SAVE.key}), by_others=True),
)
"""What the summary counts of each model: a Save is rolled by the model struck."""


class Dracula(PosseRoster, Ruleset):
    key = "dracula"
    title = "Dracula's America"
    group = "dracula"
    state_type = DraculaState
    character_types = {**RANKS, **NPCS}
    directors_types = dict.fromkeys(NPCS, "Supernatural models and Innocent Bystanders are NPCs, in no posse: the "
                                          "Director casts them and moves them in the NPC Phase (DA 73-78)")
    cast_options = {"rank": "An NPC's Rank", "boss": "The posse's Boss", "weapons": "Weapons, comma-separated",
                    "skills": "Skills, comma-separated", "injuries": "Lasting Injuries, comma-separated"}
    plain_cast = {"type": "hero", "weapons": "Pistol"}
    charts = CHARTS

    def new_game(self) -> DraculaState:
        return DraculaState()

    def load(self, data: dict) -> DraculaState:
        return serial.from_json(DraculaState, data)

    def join(self, state: DraculaState, user: int, rng: random.Random) -> str:
        state.seats[user] = Posse()
        return "a deck of their own"

    def cast(self, state: DraculaState, spec: CastSpec, rng: random.Random) -> Model:
        if spec.key in state.characters:
            raise RulesError(f"There is already a model called {spec.name}.")
        if spec.type not in NPCS and spec.owner not in state.seats:
            raise RulesError(words("A posse's model is a joined player's: ", Command("game join"),
                                   " first (NPCs excepted)."))
        options = spec.options
        rank = options.get("rank", "novice") if spec.type in NPCS else spec.type
        if rank not in RANKS:
            raise RulesError(f"There is no Rank {rank!r}: Novice, Veteran or Hero.")
        boss = options.get("boss") == "True"
        if boss and (spec.type in NPCS or any(m.boss for m in state.models(spec.owner))):
            raise RulesError("A posse has one Boss, and an NPC is none.")
        weapons = [w.lower() for w in listed(options.get("weapons", ""), tuple(w.name for w in WEAPONS.values()),
                                             "weapon")]
        model = Model(spec.key, spec.name, spec.owner, spec.type, rank, boss, [Gun(w) for w in weapons],
                      listed(options.get("skills", ""), SKILLS, "skill"),
                      listed(options.get("injuries", ""), INJURIES, "Lasting Injury"))
        state.characters[spec.key] = model
        return model

    def remove(self, state: DraculaState, key: str) -> Model:
        return state.characters.pop(key)

    def turn(self, state: DraculaState) -> int:
        return state.turn

    def hidden(self, state: DraculaState) -> dict[str, Hidden]:
        """Each posse's cards to come, and its hand and card face down."""
        return {f"posse-{user}": Hidden([card.code for card in posse.cards.to_come],
                                        [card.code for card in posse.cards.hand
                                         + ([posse.cards.face_down] if posse.cards.face_down else [])])
                for user, posse in state.seats.items()}

    def deal(self, state: DraculaState, rng: random.Random, again: bool = False) -> Step:
        return draw_phase(state, rng)

    def advance(self, state: DraculaState, rng: random.Random) -> Step:
        if state.phase in (Phase.SETUP, Phase.RECOVERY):
            return draw_phase(state, rng)
        return next_activation(state, rng)

    def actor(self, state: DraculaState, user: int) -> str:
        """The one model with an Action left, of the Activation under way or of a Reaction (``user``'s own
        first)."""
        activation = state.activation
        left = [k for k, n in (*activation.actions.items(), *activation.reactions.items()) if n > 0] \
            if activation else []
        left = [k for k in left if state.characters[k].owner == user] or left
        if len(left) != 1:
            raise RulesError("Name the model that acts.")
        return left[0]

    def waiting_on(self, state: DraculaState, director: int) -> Wait | None:
        if state.phase is Phase.SETUP:
            return None
        if state.phase is Phase.PLAY:
            then = ("a random card of the Hand is played" if state.settings.absent_play == "random"
                    else "no card is played this round")
            return Wait(tuple(to_play(state)), "face-down card",
                        asks=words("play a card face down: ", Bold("My hand"), " or ", Command("hand"), "."), then=then)
        acting = state.acting
        if acting is not None and (state.activation is None or any(state.activation.actions.values())):
            models = [m.key for m in state.models(acting) if m.on_table]
            return Wait((acting,), "activation", models[0] if models else "",
                        asks=words(*name(state, acting), " Activates: ", Command("dracula activate"),
                                   ", then its Actions; ", Command("draw"), " ends it."), then="the Activation ends")
        if state.phase is Phase.ACTIVATIONS:
            return Wait((director,), "draw", asks=words(Command("draw"), " the next Activation."),
                        then="the next card Activates")
        if state.phase is Phase.NPC:
            return Wait((director,), "recovery", asks=words("the NPCs act, then ", Command("dracula recovery"), "."),
                        then="the NPC Phase ends and the Recovery Phase is rolled")
        return Wait((director,), "next turn", asks=words("the turn is over: ", Command("deal"), " the next."),
                    then="a turn is dealt")

    def at_deadline(self, state: DraculaState, wait: Wait, rng: random.Random, policy: str = "") -> Step:
        if state.phase is Phase.PLAY:
            lines = at_deadline_plays(state, rng)
            if not any(p.cards.face_down for p in state.seats.values()):
                step = end_of_actions(state, rng)       # nobody played: see docs/rulings.md
            elif to_play(state):
                return Step(f"Turn {state.turn} — the deadline", lines)
            else:
                step = flip(state, rng)
            return Step(step.title, lines + step.lines, faces=step.faces, captions=step.captions)
        if state.phase is Phase.NPC:
            return self.recover(state, rng)
        return self.advance(state, rng)

    def recover(self, state: DraculaState, rng: random.Random) -> Step:
        """The NPC Phase's deadline (see docs/rulings.md): the NPCs that have not acted do nothing, and the
        Recovery Phase (DA 80-95) is rolled as `/dracula recovery` naming no model in Contact, every re-roll a Test
        offers declined, as a roll waiting at its deadline is kept."""
        done, resolution = perform(state, RecoveryRequest(), rng)
        while done.pending:
            done, resolution = decide(done, KEEP, rng)
        vars(state).update(vars(done))          # the deadline changes the state it is given
        lines: list[str | Words] = ["The NPC Phase ends: the NPCs that have not acted do nothing."]
        lines += [words(Name(r.label), f": [{', '.join(map(str, r.roll.faces))}] → ", Bold(Name(r.outcome.title)))
                  for r in resolution.readings]
        return Step(f"Turn {state.turn} — the Recovery Phase", lines + [words(Name(c)) for c in resolution.changes])

    def private(self, state: DraculaState, user: int) -> Private | None:
        posse = state.seats.get(user)
        if posse is None:
            return None
        pile = posse.cards
        may_play = state.phase is Phase.PLAY and pile.face_down is None and bool(pile.hand)
        note = ("Play a card face down." if may_play and user in to_play(state) else
                "A Lone Gun: play your card when you choose (DA 71)." if may_play else
                "Your card is face down until the flip." if pile.face_down else "")
        return Private(tuple(c.code for c in pile.hand), tuple(c.code for c in pile.hand) if may_play else (),
                       pile.face_down.code if pile.face_down else "", note)

    def redact(self, state: DraculaState) -> dict[str, Any]:
        """The state as anyone may see it: the models, the settings, the turn and the cards flipped as they are;
        each posse's Hand, face-down card and Deck counted, never named (its discards are face up, DA 63); the seal
        (and anything else not named here) left out, since its seed orders every Deck."""
        public = {name: serial.to_json(getattr(state, name)) for name in PUBLIC_FIELDS}
        public["pending"] = {"roller": state.pending["roller"]} if state.pending else None
        public["seats"] = {str(user): {"hand": len(posse.cards.hand), "face_down": posse.cards.face_down is not None,
                                       "deck": len(posse.cards.to_come),
                                       "discard": [card.code for card in posse.cards.discard],
                                       "starting": posse.starting, "lone_gun": posse.lone_gun,
                                       "bottled": posse.bottled}
                           for user, posse in state.seats.items()}
        return public

    def play_card(self, state: DraculaState, user: int, code: str, rng: random.Random) -> Step:
        try:
            card = Card.parse(code)
        except ValueError:
            raise RulesError("That is not a card.") from None
        last = play(state, user, card)
        said = (*name(state, user), " plays a card face down")
        if not last:
            return Step(f"Turn {state.turn} — play {state.round}",
                        [words(*said, f"; {len(to_play(state))} still to play.")])
        step = flip(state, rng)
        return Step(step.title, [words(*said, ": every card is down."), *step.lines], faces=step.faces,
                    captions=step.captions)

    def board(self, state: DraculaState) -> Board:
        rows = []
        for m in state.characters.values():
            words = [m.condition.value] if m.condition is not Condition.FINE else []
            words += [w for w, on in (("Boss", m.boss), ("Done", m.done), ("Lookout", m.lookout)) if on]
            words += [f"{g.kind.name} Jammed" for g in m.weapons if g.jammed]
            badges = [("Grit", f"D{m.grit}")]
            posse = state.seats.get(m.owner)
            if posse is not None and not m.npc and posse_of(state, m.owner) == m.name and state.turn:
                badges.append(("Hand", str(len(posse.cards.hand)) + ("+1" if posse.cards.face_down else "")))
            acting = state.activation is not None and m.key in state.activation.actions
            kit = tuple(Phrase(thing) for thing in (*(g.kind.name for g in m.weapons), *m.skills))
            rows.append(BoardRow(m.name, m.owner, tuple(words), tuple(badges), not m.standing, m.key, m.title(),
                                 acting, gear=kit or (Phrase("unarmed", Tone.ASIDE),)))
        footer = f"play {state.round}" if state.phase in (Phase.PLAY, Phase.ACTIVATIONS) else ""
        return Board(self.title_of(state), rows, footer)

    def title_of(self, state: DraculaState) -> str:
        return f"Turn {state.turn} — {PHASES[state.phase]}" if state.turn else PHASES[state.phase]

    def counts(self, state: DraculaState) -> list[str | Words]:
        """What anyone may count (DA 37, 63): Hands by size, face-down cards by number, decks and discards."""
        lines: list[str | Words] = []
        for user, posse in state.seats.items():
            if state.models(user):
                down = " and 1 face down" if posse.cards.face_down else ""
                lines.append(words(*name(state, user), f": {len(posse.cards.hand)} in Hand{down}, "
                                   f"{len(posse.cards.to_come)} in the Deck, {len(posse.cards.discard)} discarded."))
        return lines

    def deck(self, state: DraculaState) -> Step:
        return Step(self.title_of(state), flipped(state) + self.counts(state),
                    faces=tuple(c.code for c in state.flipped), captions=captions(state))

    def gallery(self) -> dict[str, Picture]:
        from .samples import gallery
        return gallery(self)

    def summary(self, state: DraculaState, resolutions: Sequence[Resolution]) -> Summary:
        """Who is Downed, a Casualty or Bottled Out (DA 84-95, 150); each model's Shoot and Fight Actions and the
        Saves it forced (DA 112-138). No card is named: a hand may still be hidden."""
        return summarise(state.characters, resolutions, COUNTS,
                         lambda model: "" if model.standing else model.condition.value,
                         fallen_title="Downed, Casualties and Bottled Out",
                         nobody_fell="Nobody: every model stands.", nobody_did="Nobody made a Shoot or Fight Action.")

    def help(self) -> Words:
        return words(Command("deal"), " is the Draw Phase: each posse draws a Hand from its own deck. Everyone plays "
                     "a card face down with ", Bold("My hand"), " or ", Command("hand"), "; the last card down flips "
                     "them all into the order of Activation. ", Command("draw"), " gives the next card its "
                     "Activation: ", Command("dracula activate"), ", then ", Command("dracula shoot"), ", ",
                     Code("fight"), ", ", Code("move"), ", ", Code("lookout"), "; a model on Lookout may ",
                     Command("dracula react"), " to an enemy's Action, and ", Command("dracula test"), " rolls a "
                     "Spotting or Nerve Test. After the last play, the NPC Phase; ", Command("dracula recovery"),
                     " ends the turn.")


DRACULA = register(Dracula())
