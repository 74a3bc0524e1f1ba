"""The command line: ``python -m bot run | migrate | sync [--guild ID] | play ... | gallery ...``.

Configuration errors are one line on stderr and exit code 2; an unreachable
database is one line and exit code 1. The bot, discord.py and the renderer are imported
only by the command that needs them.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable

from .settings import ConfigError, Settings

LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


class RedactingFormatter(logging.Formatter):
    """Formats records with the token, should any library print it, replaced by ``[token]``."""

    def __init__(self, secret: str) -> None:
        super().__init__(LOG_FORMAT)
        self.secret = secret

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        return text.replace(self.secret, "[token]") if self.secret else text


def configure_logging(settings: Settings) -> None:
    """Log to stderr: ``director.*`` at LOG_LEVEL, libraries at INFO or above. Done once per process."""
    root = logging.getLogger()
    if any(isinstance(h.formatter, RedactingFormatter) for h in root.handlers):
        return
    handler = logging.StreamHandler()
    handler.setFormatter(RedactingFormatter(settings.discord_token))
    root.addHandler(handler)
    level = logging.getLevelName(settings.log_level)
    root.setLevel(max(level, logging.INFO))
    logging.getLogger("director").setLevel(level)


def load_settings() -> Settings:
    """The settings from the environment and .env, with logging set up from them."""
    settings = Settings.from_env()
    configure_logging(settings)
    return settings


def run(args: argparse.Namespace) -> int:
    """Connect to Discord and play until stopped."""
    settings = load_settings()
    settings.require_token()
    from .client import run_bot

    asyncio.run(run_bot(settings))
    return 0


def migrate(args: argparse.Namespace) -> int:
    """Bring the database's schema up to date."""
    settings = load_settings()
    from .db import Database

    async def upgrade() -> None:
        database = Database(settings.database_url)
        try:
            await database.migrate()
        finally:
            await database.dispose()

    asyncio.run(upgrade())
    print("The database is up to date.")
    return 0


def sync(args: argparse.Namespace) -> int:
    """Push the slash commands to one server (--guild, else DEV_GUILD_ID) or, failing both, globally."""
    settings = load_settings()
    settings.require_token()
    from .client import sync_commands

    guild_id = args.guild or settings.dev_guild_id
    count = asyncio.run(sync_commands(settings, guild_id))
    where = f"to server {guild_id}" if guild_id else "globally (Discord may take up to an hour to show them)"
    print(f"Synced {count} commands {where}.")
    return 0


def play(args: argparse.Namespace) -> int:
    """Play offline in the terminal against a simulated Discord."""
    settings = load_settings()
    from .play import main

    return main(settings, args.rest)


def gallery(args: argparse.Namespace) -> int:
    """Draw the sample pictures."""
    from .render.gallery import main

    return main(args.rest)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "run": run, "migrate": migrate, "sync": sync, "play": play, "gallery": gallery}
FORWARDED = ("play", "gallery")
"""Commands whose arguments, all of them, go to the module that runs them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Director, the Quick on the Draw bot.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    for name, handler in COMMANDS.items():
        commands.add_parser(name, help=handler.__doc__.splitlines()[0])
    commands.choices["sync"].add_argument("--guild", type=int, metavar="ID",
                                          help="the server to sync to (default: DEV_GUILD_ID)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in FORWARDED:
        args = argparse.Namespace(command=argv[0], rest=argv[1:])
    else:
        args = build_parser().parse_args(argv)
    from .db import DatabaseUnavailable

    try:
        return COMMANDS[args.command](args)
    except ConfigError as error:
        print(f"director: {error}", file=sys.stderr)
        return 2
    except DatabaseUnavailable as error:
        print(f"director: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
