"""Mackenzie Norman's card gunfight: a suit a player, cards as actions, Jokers that cancel, True Grit, the
town's face-down Allies, notches over a campaign (the engine; its `/gunfight` commands are to come)."""
