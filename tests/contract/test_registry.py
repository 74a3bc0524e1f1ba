"""The contracts run over the registry: a ruleset registered is held to them at once."""

from bot.rules.core.ruleset import RULESETS
from tests.bot import duel

from .conftest import KEYS


def test_every_registered_ruleset_says_how_it_casts_a_plain_character():
    """The contracts cast with each ruleset's own example (High Noon is the one ruleset they add themselves): it
    names one of the ruleset's types, and no option its cast command does not take."""
    assert set(KEYS) - set(RULESETS) == {"duel"}
    for ruleset in [*RULESETS.values(), duel.DUEL]:
        example = dict(ruleset.plain_cast)
        assert example.pop("type", next(iter(ruleset.character_types))) in ruleset.character_types, ruleset.key
        assert set(example) <= set(ruleset.cast_options), ruleset.key
