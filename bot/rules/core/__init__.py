"""The ruleset-neutral core: dice, playing cards and result charts."""
