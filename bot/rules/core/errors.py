"""The one error the rules raise."""


class RulesError(ValueError):
    """A request the rules do not allow; the message is safe to show a player."""


class Refused(RulesError):
    """A refusal written in markdown (a command in backticks), every name in it escaped (see
    :func:`~.ruleset.escape`): shown as written, where another rules error is shown escaped."""
