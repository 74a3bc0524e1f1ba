"""The contracts run over the registry: a ruleset registered is held to them at once."""

from bot.rules.core.ruleset import RULESETS

from .conftest import CASTING, KEYS


def test_every_registered_ruleset_has_a_way_to_be_driven():
    """A ruleset added to the registry needs a row in CASTING, or every contract fails for it; High Noon is the
    one ruleset the contracts add themselves."""
    assert set(KEYS) - set(RULESETS) == {"duel"} and sorted(CASTING) == sorted(KEYS)
