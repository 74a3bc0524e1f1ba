"""``python -m bot`` (or the ``director`` script): see :mod:`bot.cli`."""

import sys

from bot.cli import main

if __name__ == "__main__":
    sys.exit(main())
