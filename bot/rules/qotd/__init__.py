"""Quick on the Draw: the ruleset the Director plays first."""
