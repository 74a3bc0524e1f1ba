"""Dracula's America, from Osprey's quick reference (``shared/rules/draculas-america-quick-reference.md``,
cited as DA and its line numbers)."""
