"""The one error the rules raise."""


class RulesError(ValueError):
    """A request the rules do not allow; the message is safe to show a player."""
