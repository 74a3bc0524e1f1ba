"""The command line: ``python -m bot run | migrate | sync [--guild ID] | health | play ... | gallery [FOLDER] |
verify LOG``.

Every command has ``--help``. Configuration errors are one line on stderr and exit code 2; a database or
a Discord that cannot be reached is one line and exit code 1. The bot, discord.py and the renderer are
imported only by the command that needs them.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.app.settings import ConfigError, Settings

LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


class Failed(Exception):
    """A command could not do its work for a reason outside the program; the message is one line."""


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


def reason(error: BaseException) -> str:
    """The first line of what went wrong, with the driver's own error where SQLAlchemy wraps one."""
    cause = getattr(error, "orig", None) or error
    text = str(cause).strip().partition("\n")[0]
    return f"{type(cause).__name__}: {text}" if text else type(cause).__name__


@contextmanager
def opening_the_database(settings: Settings) -> Iterator[None]:
    """A database that cannot be opened or reached becomes :class:`Failed`, naming it (without password)."""
    from bot.storage import OPENING_ERRORS, shown_url

    try:
        yield
    except OPENING_ERRORS as error:
        raise Failed(f"cannot open the database {shown_url(settings.database_url)}: {reason(error)}") from None


@contextmanager
def reaching_discord() -> Iterator[None]:
    """A Discord that cannot be reached, or refuses the token, becomes :class:`Failed`."""
    import aiohttp
    import discord

    try:
        yield
    except discord.LoginFailure as error:
        raise Failed(f"Discord refused DISCORD_TOKEN: {reason(error)}") from None
    except (aiohttp.ClientError, asyncio.TimeoutError, discord.GatewayNotFound, discord.ConnectionClosed,
            discord.HTTPException) as error:
        raise Failed(f"cannot reach Discord: {reason(error)}") from None


def run(args: argparse.Namespace) -> int:
    """Connect to Discord and play until stopped."""
    settings = load_settings()
    settings.require_token()
    from bot.app.launch import run_bot

    with opening_the_database(settings), reaching_discord():
        asyncio.run(run_bot(settings))
    return 0


def migrate(args: argparse.Namespace) -> int:
    """Bring the database's schema up to date."""
    settings = load_settings()
    from bot.storage import Database

    async def upgrade() -> None:
        database = Database(settings.database_url)
        try:
            await database.migrate()
        finally:
            await database.dispose()

    with opening_the_database(settings):
        asyncio.run(upgrade())
    print("The database is up to date.")
    return 0


def sync(args: argparse.Namespace) -> int:
    """Push the slash commands to one server (--guild, else DEV_GUILD_ID) or, failing both, globally."""
    settings = load_settings()
    settings.require_token()
    from bot.app.launch import sync_commands

    guild_id = args.guild or settings.dev_guild_id
    with opening_the_database(settings), reaching_discord():
        count = asyncio.run(sync_commands(settings, guild_id))
    where = f"to server {guild_id}" if guild_id else "globally (Discord may take up to an hour to show them)"
    print(f"Synced {count} commands {where}.")
    return 0


def health(args: argparse.Namespace) -> int:
    """Check the running bot: its database answers and its gateway heartbeat is recent (for Docker)."""
    settings = load_settings()
    from bot.app.health import check

    with opening_the_database(settings):
        problem = asyncio.run(check(settings, args.heartbeat, args.max_age))
    if problem:
        raise Failed(f"unhealthy: {problem}")
    print("healthy")
    return 0


def play(args: argparse.Namespace) -> int:
    """Play offline in the terminal against a simulated Discord."""
    settings = load_settings()
    from bot.app.play import main

    return main(settings, args)


def gallery(args: argparse.Namespace) -> int:
    """Draw the sample pictures (turn, deck, status and roll) into a folder."""
    from bot.pictures.gallery import main

    return main([str(args.folder)])


VERIFY_FAILS, VERIFY_UNREADABLE, VERIFY_UNCHECKED = 1, 2, 3
"""``verify``'s exit codes other than 0 (everything checked, and it matches): a check fails; a file cannot be
read (not an exported log, cut short, too large, malformed); nothing fails but something is not yet checkable
(a seed not revealed yet, entries written before the log was chained)."""


def verify(args: argparse.Namespace) -> int:
    """Check a game log exported by /log export (.md, or its .zip) against its chain and the seeds it revealed."""
    from bot.rules.verify import Unreadable, Verifier, read_export, read_file

    verifier = Verifier()
    for name in args.log:
        try:
            verifier.feed_all(read_export(read_file(name)))
        except (OSError, UnicodeDecodeError, Unreadable) as error:
            print(f"director: {name}: {error}", file=sys.stderr)
            return VERIFY_UNREADABLE
    verdict = verifier.verdict()
    print(verdict)
    print(f"Verdict: {verdict.headline}" + ("." if verdict.status == "matches" else f": {verdict.first_problem()}"))
    return {"matches": 0, "fails": VERIFY_FAILS, "unchecked": VERIFY_UNCHECKED}[verdict.status]


def record(args: argparse.Namespace) -> int:
    """Write a game's record: one HTML file that replays an exported log and checks it in any browser."""
    from ..record import record_of_export
    from ..rules.verify import Unreadable, read_file

    try:
        page = record_of_export(read_file(args.log))
        out = args.out or Path(args.log).with_suffix(".html")
        out.write_bytes(page)
    except (OSError, UnicodeDecodeError, Unreadable) as error:
        print(f"director: {args.log}: {error}", file=sys.stderr)
        return VERIFY_UNREADABLE
    print(f"{out}: {len(page):,} bytes")
    return 0


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "run": run, "migrate": migrate, "sync": sync, "health": health, "play": play, "gallery": gallery,
    "verify": verify, "record": record}


def build_parser() -> argparse.ArgumentParser:
    from bot.app.health import HEARTBEAT_FILE, MAX_AGE_SECONDS

    parser = argparse.ArgumentParser(prog="python -m bot", description="Director, the Quick on the Draw bot.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    subcommands = {name: commands.add_parser(name, help=handler.__doc__.splitlines()[0],
                                             description=handler.__doc__.splitlines()[0])
                   for name, handler in COMMANDS.items()}
    subcommands["sync"].add_argument("--guild", type=int, metavar="ID",
                                     help="the server to sync to (default: DEV_GUILD_ID)")
    subcommands["health"].add_argument("--heartbeat", type=Path, default=HEARTBEAT_FILE,
                                       help=f"the file the running bot writes (default: {HEARTBEAT_FILE})")
    subcommands["health"].add_argument("--max-age", type=float, default=MAX_AGE_SECONDS, metavar="SECONDS",
                                       help=f"how old the heartbeat may be (default: {MAX_AGE_SECONDS:g})")
    play = subcommands["play"]
    play.add_argument("--players", default="dora,pete,polly",
                      help="comma-separated player names; the first directs (default: dora,pete,polly)")
    play.add_argument("--images", type=Path, default=Path("data/images"),
                      help="where pictures are saved (default: data/images)")
    play.add_argument("--buttons", type=Path, default=Path("data/play-buttons.json"),
                      help="where the last buttons are kept, to press after a restart "
                           "(default: data/play-buttons.json)")
    play.add_argument("--seed", type=int, help="seed the dice, to replay a game exactly")
    subcommands["gallery"].add_argument("folder", type=Path, nargs="?", default=Path("gallery"),
                                        help="where to write the pictures (default: ./gallery)")
    subcommands["verify"].add_argument("log", metavar="game-log.md", nargs="+",
                                       help="a log exported by /log export (a log in parts: every part, in order)")
    subcommands["verify"].epilog = (f"exit codes: 0 everything checked matches; {VERIFY_FAILS} a check fails; "
                                    f"{VERIFY_UNREADABLE} a file cannot be read (not an exported log, cut short, too "
                                    f"large or malformed); {VERIFY_UNCHECKED} nothing fails, but something is not yet "
                                    "checkable (a seed not revealed yet, entries written before the log was chained)")
    subcommands["record"].add_argument("log", metavar="game-log.md", help="a log exported by /log export (or its .zip)")
    subcommands["record"].add_argument("-o", "--out", type=Path, metavar="OUT",
                                       help="the HTML file to write (default: the log's name, ending .html)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit code."""
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from bot.storage import DatabaseUnavailable

    try:
        return COMMANDS[args.command](args)
    except ConfigError as error:
        print(f"director: {error}", file=sys.stderr)
        return 2
    except (DatabaseUnavailable, Failed) as error:
        print(f"director: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
