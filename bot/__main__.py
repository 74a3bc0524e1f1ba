"""``python -m bot`` (or the ``director`` script): see :mod:`bot.app.cli`."""

import sys

from bot.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
