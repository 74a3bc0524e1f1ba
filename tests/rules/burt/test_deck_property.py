"""The deck never loses or doubles a card (SB 133): whatever is cast, removed, dealt, turned, killed or
bought, every fighting character's card and the STOP and EVENT cards are in the turn's deck exactly once."""

import random
from collections import Counter

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bot.rules.burt.firing import FireRequest
from bot.rules.burt.initiative import InitiativeRequest
from bot.rules.burt.melee import FightRequest
from bot.rules.burt.ruleset import BURT
from bot.rules.burt.state import SPECIAL_CARDS
from bot.rules.core.actions import perform
from bot.rules.core.errors import RulesError
from bot.rules.core.ruleset import CastSpec

NAMES = ("ann", "bob", "cy", "dan", "eve", "fay")
CLASSES = ("non_combatant", "cowboy", "lawman", "desperado", "gunslinger")


class DeckMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.state = BURT.new_game()

    @rule(name=st.sampled_from(NAMES), kind=st.sampled_from(CLASSES), owner=st.integers(1, 3),
          seed=st.integers(0, 99))
    def cast(self, name, kind, owner, seed):
        if name not in self.state.characters:
            BURT.cast(self.state, CastSpec(name, name.title(), owner, kind, {"weapons": "rifle"}), random.Random(seed))

    @rule(name=st.sampled_from(NAMES))
    def remove(self, name):
        if name in self.state.characters:
            BURT.remove(self.state, name)

    @precondition(lambda self: any(c.fighting for c in self.state.characters.values()))
    @rule(seed=st.integers(0, 99))
    def deal(self, seed):
        BURT.deal(self.state, random.Random(seed))

    @precondition(lambda self: any(c.fighting for c in self.state.characters.values()))
    @rule(seed=st.integers(0, 99))
    def draw(self, seed):
        BURT.advance(self.state, random.Random(seed))

    @rule(shooter=st.sampled_from(NAMES), victim=st.sampled_from(NAMES), seed=st.integers(0, 999),
          grapple=st.booleans())
    def attack(self, shooter, victim, seed, grapple):
        request = (FightRequest(shooter, victim, "grapple", then="disable") if grapple
                   else FireRequest(shooter, victim, band="point_blank"))
        try:
            self.state, _ = perform(self.state, request, random.Random(seed))
        except RulesError:
            pass

    @rule(name=st.sampled_from(NAMES))
    def buy(self, name):
        try:
            self.state, _ = perform(self.state, InitiativeRequest(name), random.Random(0))
        except RulesError:
            pass

    @invariant()
    def no_card_lost_or_doubled(self):
        state = self.state
        state.check()
        cards = Counter(state.to_come + state.turned)
        if state.turn:
            for card in SPECIAL_CARDS:
                assert cards[card] == 1
            for key, character in state.characters.items():
                assert cards[key] == 1 if character.fighting else key not in state.to_come
        assert BURT.load(state.to_json()) == state


TestDeck = DeckMachine.TestCase
TestDeck.settings = settings(max_examples=150, stateful_step_count=30, deadline=None)
