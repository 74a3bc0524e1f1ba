"""The Draw Phase, the face-down plays and their flip into the order of Activation, the Activations and the NPC
Phase (DA 35-78)."""

from __future__ import annotations

import math
import random

from bot.rules.core.cards import Card, RANKS
from bot.rules.core.dice import Dice, roll
from bot.rules.core.errors import RulesError
from bot.rules.core.piles import CardPile, full_pack
from bot.rules.core.ruleset import Step
from bot.rules.core.words import Bold, Command, Name, Part, Words, joined, words

from .charts import NPCS, SUCCESS
from .state import Activation, Condition, DraculaState, Phase

PHASES = {Phase.SETUP: "before the first turn", Phase.PLAY: "cards face down", Phase.ACTIVATIONS: "Activations",
          Phase.NPC: "the NPC Phase", Phase.RECOVERY: "the Recovery Phase"}
"""Each phase as the board's title names it."""
ROLL_OFF = Dice(1, sides=6)
"""A Roll-Off: each player rolls a D6, highest first, ties rolled again (the dice are not in the text: see
docs/rulings.md)."""


def value(card: Card) -> tuple[int, int]:
    """A card's place in the order of Activation: highest value first, Aces to 2 then Jokers (DA 45), black
    before red (DA 46). Lower sorts first."""
    rank = len(RANKS) if card.is_joker else RANKS.index(card.rank)
    return rank, int(card.is_red)


def hand_size(state: DraculaState, user: int) -> int:
    """Half the player's models on the table, rounded up, plus one if the Boss is amongst them (DA 37)."""
    models = [m for m in state.models(user) if m.on_table]
    return math.ceil(len(models) / 2) + any(m.boss for m in models)


def name(state: DraculaState, user: int) -> tuple[Part, ...]:
    """A player as the turn's lines name them: by their Boss (or first model), since the rules know no user
    names."""
    return (Name(posse_of(state, user)), "'s Posse") if state.models(user) else ("A posse",)


def posse_of(state: DraculaState, user: int) -> str:
    """The name of the model a posse is named by: its Boss, or its first model."""
    models = sorted(state.models(user), key=lambda m: not m.boss)
    return models[0].name if models else ""


def roll_off(users: list[int], rng: random.Random, lines: list[str | Words], state: DraculaState) -> list[int]:
    """``users`` in the order a Roll-Off puts them, highest first; each tie rolled off again."""
    if len(users) < 2:
        return list(users)
    rolled = {user: roll(ROLL_OFF, rng).value for user in users}
    lines.append(words("Roll-Off: ", *joined((*name(state, u), f" {rolled[u]}") for u in users)))
    ordered: list[int] = []
    for score in sorted(set(rolled.values()), reverse=True):
        ordered += roll_off([u for u in users if rolled[u] == score], rng, lines, state)
    return ordered


def draw_phase(state: DraculaState, rng: random.Random) -> Step:
    """Each player draws a Hand from their own deck (DA 37, 67); a Hand of one card is a Lone Gun (DA 71)."""
    if state.phase not in (Phase.SETUP, Phase.RECOVERY):
        raise RulesError(f"The turn is not over: {state.phase.value}.")
    players = [u for u in state.seats if any(m.on_table for m in state.models(u)) and not state.seats[u].bottled]
    if not players:
        raise RulesError(words("No posse has a model on the table: cast some with ", Command("dracula cast"), "."))
    state.turn += 1
    lines: list[str | Words] = []
    for user in players:
        posse = state.seats[user]
        if not posse.cards.cards():
            posse.cards = CardPile.shuffled(full_pack(jokers=state.settings.jokers), rng, f"posse-{user}")
            posse.starting = len(state.models(user))
            lines += old_wounds(state, user, rng)
        count = hand_size(state, user)
        posse.cards.pile = f"posse-{user}"              # a deck from before decks had seals: refilled under them
        refreshed = posse.cards.draw(count, rng)
        posse.lone_gun = len(posse.cards.hand) == 1
        lines.append(words(*name(state, user), f" draws a Hand of {len(posse.cards.hand)}"
                           + (" (Deck refreshed)" if refreshed else "") + (": a Lone Gun!" if posse.lone_gun else "")))
    state.round = 0
    start_round(state)
    lines.append(words("Everyone plays a card face down: ", Bold("My hand"), " or ", Command("hand"), "."))
    return Step(f"Turn {state.turn} — the Draw Phase", lines)


def old_wounds(state: DraculaState, user: int, rng: random.Random) -> list[Words]:
    """Old Wound (DA 214): one Grit Die before Deployment; failed, the model begins the game Shaken. Rolled at
    the posse's first Draw Phase (see docs/rulings.md)."""
    lines = []
    for model in state.models(user):
        if "Old Wound" in model.injuries:
            sides = model.grit                  # rolled before the Failure Shakes it
            face = roll(Dice(1, sides=sides), rng).value
            if face < SUCCESS:
                model.condition = Condition.SHAKEN
            lines.append(words(Bold(Name(model.name)), f"'s Old Wound: D{sides} [{face}]"
                               + (", a Failure: Shaken" if face < SUCCESS else ", a Success")))
    return lines


def start_round(state: DraculaState) -> None:
    state.phase, state.round, state.order, state.flipped, state.at = Phase.PLAY, state.round + 1, [], [], -1
    state.activation = None


def to_play(state: DraculaState) -> list[int]:
    """The players this round waits on for a face-down card: everyone with cards in Hand who has not played,
    but a Lone Gun while others still hold cards (DA 71)."""
    holding = [u for u, p in state.seats.items() if p.cards.hand and not p.bottled]
    others_hold = [u for u in holding if not state.seats[u].lone_gun]
    return [u for u in holding if state.seats[u].cards.face_down is None
            and not (state.seats[u].lone_gun and others_hold)]


def play(state: DraculaState, user: int, card: Card) -> bool:
    """``user`` plays ``card`` face down (DA 41); returns whether every card of the round is now down."""
    if state.phase is not Phase.PLAY:
        raise RulesError("This is no time to play a card: " + state.phase.value + ".")
    posse = state.seats.get(user)
    if posse is None:
        raise RulesError("You have no posse in this game.")
    posse.cards.play(card)
    return not to_play(state)


def flip(state: DraculaState, rng: random.Random) -> Step:
    """Flip every face-down card and set the order of Activation (DA 43-48): highest value first, black before
    red; the same value and colour, a Roll-Off; identical cards, an Event, then a Roll-Off."""
    played = {u: p.cards.face_down for u, p in state.seats.items() if p.cards.face_down is not None}
    if not played:
        raise RulesError("No card is face down.")
    lines: list[str | Words] = []
    order: list[int] = []
    for place in sorted({value(c) for c in played.values()}):
        tied = [u for u, c in played.items() if value(c) == place]
        if len(tied) > 1 and len({(played[u].rank, played[u].suit) for u in tied}) < len(tied):
            lines.append(words("Identical cards: ", Bold("an Event occurs"), " (the Director resolves it)."))
        order += roll_off(tied, rng, lines, state)
    state.order = order
    state.flipped = [state.seats[u].cards.flip() for u in order]
    state.phase, state.at = Phase.ACTIVATIONS, -1
    lines[:0] = flipped(state)
    return Step(f"Turn {state.turn} — the cards are flipped", lines, faces=tuple(c.code for c in state.flipped),
                captions=captions(state))


def flipped(state: DraculaState) -> list[str | Words]:
    """The cards flipped, in the order of Activation, each with its posse."""
    return [words(f"{i}. ", *name(state, u), ": ", Bold(str(card)))
            for i, (u, card) in enumerate(zip(state.order, state.flipped), 1)]


def captions(state: DraculaState) -> tuple[str, ...]:
    """Under each flipped card in its picture: its place in the order and its posse (plain text)."""
    return tuple(f"{i}. {posse_of(state, u)}" for i, u in enumerate(state.order, 1))


def at_deadline_plays(state: DraculaState, rng: random.Random) -> list[str | Words]:
    """The players who have not played by the deadline: a random card of their Hand, or none (a setting)."""
    lines: list[str | Words] = []
    for user in to_play(state):
        if state.settings.absent_play == "random":
            posse = state.seats[user]
            posse.cards.play(rng.choice(posse.cards.hand))
            lines.append(words(*name(state, user), " plays a random card face down."))
        else:
            state.seats[user].lone_gun = True      # not waited on again this Action Phase
            lines.append(words(*name(state, user), " plays no card this round."))
    return lines


def activate(state: DraculaState, user: int, kind: str, keys: list[str], rng: random.Random,
             slick: bool = False) -> Words:
    """The acting player Activates: Solo (one model, two Actions), Dual (two models, one Action each) or Pass
    (DA 52-59); ``slick``: each Slick model rolls one Grit Die, a Success one more Action (DA 199). Returns the
    words for the channel."""
    if state.acting != user:
        raise RulesError("It is not your Activation.")
    if state.activation is not None:
        raise RulesError("You have already Activated this card.")
    ready = [m for m in state.models(user) if m.on_table and not m.done]
    models = [state.model(k) for k in keys]
    for model in models:
        if model.owner != user or model.npc:
            raise RulesError(f"{model.name} is not in your posse.")
        if model.done or not model.on_table:
            raise RulesError(f"{model.name} has a Done Token or is off the table.")
    wanted = {"solo": 1, "dual": 2, "pass": 0}[kind]
    if kind == "pass" and ready and not state.settings.pass_at_will:
        raise RulesError("You may Pass only when all your models have Done Tokens (DA 54).")
    if len(set(keys)) != wanted:
        raise RulesError({"solo": "A Solo Activation names one model.", "dual": "A Dual Activation names two "
                          "models.", "pass": "A Pass names no model."}[kind])
    per_model = 2 if kind == "solo" else 1
    state.activation = Activation(user, kind, {m.key: per_model for m in models})
    for model in models:
        model.done = True
    if kind == "pass":
        return words(*name(state, user), " Passes.")
    said = [*joined(((Bold(Name(m.name)),) for m in models), " and "), f" Activate ({kind.capitalize()})."]
    if slick:
        slick_ones = [m for m in models if "Slick" in m.skills]
        if not slick_ones:
            raise RulesError("None of these models is Slick.")
        for model in slick_ones:
            face = roll(Dice(1, sides=model.grit), rng).value
            if face >= SUCCESS:
                state.activation.actions[model.key] += 1
            said += [" Slick: ", Bold(Name(model.name)), f" rolls D{model.grit} [{face}]"
                     + (", one more Action." if face >= SUCCESS else ", no more Actions.")]
    return words(*said)


def next_activation(state: DraculaState, rng: random.Random) -> Step:
    """On to the next card in the order; after the last, the next round of plays, or the NPC Phase (DA 61-78)."""
    if state.phase is Phase.PLAY:
        raise RulesError(f"Waiting for cards face down ({len(to_play(state))} to play).")
    if state.phase is not Phase.ACTIVATIONS:
        raise RulesError(words(f"{state.phase.value}: ", Command("dracula recovery"), " ends the turn, then ",
                               Command("deal"), " the next."))
    state.at += 1
    state.activation = None
    if state.at < len(state.order):
        user = state.order[state.at]
        card = state.flipped[state.at]
        title = f"Turn {state.turn} — Activation {state.at + 1} of {len(state.order)}"
        ready = [m for m in state.models(user) if m.on_table and not m.done]
        if not ready:
            state.activation = Activation(user, "pass")
            return Step(title, [words(*name(state, user), ": ", Bold(str(card)),
                                      " — must Pass: every model is Done (DA 54).")])
        return Step(title, [words(*name(state, user), ": ", Bold(str(card)), " — Activates: ",
                                  Command("dracula activate"), ".")], ready[0].key)
    undone = any(m.on_table and not m.done for m in state.characters.values() if not m.npc)
    if undone and any(p.cards.hand for p in state.seats.values() if not p.bottled):
        start_round(state)
        return Step(f"Turn {state.turn} — play {state.round}", ["Everyone with cards plays one face down."])
    return end_of_actions(state, rng)


def end_of_actions(state: DraculaState, rng: random.Random) -> Step:
    """The Action Phase ends: the Hands left are discarded (DA 63); on to the NPC Phase."""
    for posse in state.seats.values():
        posse.cards.discard_hand()
        posse.lone_gun = False
    return npc_phase(state, rng)


def npc_phase(state: DraculaState, rng: random.Random) -> Step:
    """A Roll-Off; the winner orders the NPCs: Innocent Bystanders and scenario NPCs first, then Supernatural
    Creatures (DA 73-78)."""
    state.phase, state.order, state.flipped, state.at = Phase.NPC, [], [], -1
    lines: list[str | Words] = ["The Action Phase ends; Hands are discarded."]
    players = [u for u in state.seats if not state.seats[u].bottled]
    if players:
        state.npc_winner = roll_off(players, rng, lines, state)[0]
        lines.append(words(*name(state, state.npc_winner), " orders the NPCs."))
    for kind, title in NPCS.items():
        npcs = [(Name(m.name),) for m in state.characters.values() if m.type == kind and m.on_table]
        if npcs:
            lines.append(words(f"{title}s act: ", *joined(npcs)))
    lines.append(words("Then ", Command("dracula recovery"), "."))
    return Step(f"Turn {state.turn} — the NPC Phase", lines)
