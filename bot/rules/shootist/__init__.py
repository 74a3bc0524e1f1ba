"""Shootist: a one-page skirmish game where every skill is a die type, D4 to D12 (`rules/shootist.txt`)."""
