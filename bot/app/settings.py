"""The bot's settings, read once at start from the environment and an optional ``.env`` file.

Real environment variables win over ``.env``; an empty value counts as unset.
Every problem is a :class:`ConfigError` with a one-line message naming the
variable, so the command line can print it as it is.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./data/director.db"
DATABASE_SCHEMES = ("sqlite+aiosqlite://", "postgresql+asyncpg://")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(ValueError):
    """A setting is missing or malformed; the message is one line, fit to show as it is."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot is configured with. The token never appears in ``repr``."""

    discord_token: str = field(default="", repr=False)
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    director_role: str = "Director"
    reminder_hours: float = 12.0
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    commands_per_minute: int = 30
    """The most slash commands one user may send a minute; past it they are told when to try again."""
    picture_seconds: float = 2.0
    """The longest a picture worker may draw one picture; past it the worker is killed and replaced."""

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env") -> Settings:
        """Settings from ``environ`` (default ``os.environ``) over the values in ``env_file``, if it exists."""
        from_file = dotenv_values(env_file) if env_file and Path(env_file).is_file() else {}
        raw: dict[str, str] = {}
        for source in (from_file, os.environ if environ is None else environ):
            raw.update((name, value.strip()) for name, value in source.items() if value and value.strip())

        shard_count = _positive(raw, "SHARD_COUNT", int)
        shard_ids = _shard_ids(raw.get("SHARD_IDS"), shard_count)
        return cls(
            discord_token=raw.get("DISCORD_TOKEN", ""),
            database_url=_database_url(raw.get("DATABASE_URL", DEFAULT_DATABASE_URL)),
            dev_guild_id=_positive(raw, "DEV_GUILD_ID", int),
            log_level=_log_level(raw.get("LOG_LEVEL", "INFO")),
            director_role=raw.get("DIRECTOR_ROLE", cls.director_role),
            reminder_hours=_positive(raw, "REMINDER_HOURS", float) or cls.reminder_hours,
            shard_count=shard_count,
            shard_ids=shard_ids,
            commands_per_minute=_positive(raw, "COMMANDS_PER_MINUTE", int) or cls.commands_per_minute,
            picture_seconds=_positive(raw, "PICTURE_SECONDS", float) or cls.picture_seconds,
        )

    def require_token(self) -> str:
        """The Discord token, or a ConfigError saying where to put it."""
        if not self.discord_token:
            raise ConfigError("DISCORD_TOKEN is not set: put the bot's token in the environment or in .env")
        return self.discord_token


def _positive(raw: Mapping[str, str], name: str, kind: type[int] | type[float]) -> int | float | None:
    """The variable ``name`` as a number above zero, or None when unset."""
    text = raw.get(name)
    if text is None:
        return None
    what = "a whole number" if kind is int else "a number"
    try:
        value = kind(text)
    except ValueError:
        raise ConfigError(f"{name} must be {what} above 0, not {text!r}") from None
    if not value > 0:
        raise ConfigError(f"{name} must be {what} above 0, not {text!r}")
    return value


def _shard_ids(text: str | None, shard_count: int | None) -> tuple[int, ...] | None:
    """SHARD_IDS as a tuple: comma-separated shard numbers below SHARD_COUNT."""
    if text is None:
        return None
    if shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT, the total number of shards")
    try:
        ids = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be comma-separated whole numbers such as 0,1, not {text!r}") from None
    if any(not 0 <= i < shard_count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(f"SHARD_IDS must be distinct numbers from 0 to {shard_count - 1}, not {text!r}")
    return ids


def _database_url(url: str) -> str:
    if not url.startswith(DATABASE_SCHEMES):
        scheme = url.partition("://")[0] or url
        raise ConfigError(f"DATABASE_URL must start with {' or '.join(DATABASE_SCHEMES)}, not {scheme!r}")
    return url


def _log_level(text: str) -> str:
    level = text.upper()
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {text!r}")
    return level
