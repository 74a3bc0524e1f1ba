"""Every ruleset the bot plays: importing this module registers each in
:data:`bot.rules.core.ruleset.RULESETS`, Quick on the Draw first (the default of ``/game start``).

A new ruleset adds the import of its ``ruleset`` module here.
"""

from .qotd import ruleset as qotd  # noqa: F401
from .burt import ruleset as burt  # noqa: F401
from .shootist import ruleset as shootist  # noqa: F401
from .dracula import ruleset as dracula  # noqa: F401
from .norman import ruleset as norman  # noqa: F401
