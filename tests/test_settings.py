"""Settings from the environment and .env, and how the command line reports a bad or missing one."""

from __future__ import annotations

import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.app.cli import RedactingFormatter
from bot.app.settings import DEFAULT_DATABASE_URL, ConfigError, Settings

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIz.secret-token-value"


def test_defaults_with_an_empty_environment(tmp_path):
    settings = Settings.from_env({}, env_file=tmp_path / "missing.env")
    assert settings == Settings()
    assert (settings.database_url, settings.log_level, settings.director_role, settings.reminder_hours) == (
        DEFAULT_DATABASE_URL, "INFO", "Director", 12.0)
    assert settings.discord_token == "" and settings.dev_guild_id is None
    assert settings.shard_count is None and settings.shard_ids is None


def test_every_variable_is_read_and_typed():
    settings = Settings.from_env({
        "DISCORD_TOKEN": TOKEN, "DATABASE_URL": "postgresql+asyncpg://bot:pw@db:5432/director",
        "DEV_GUILD_ID": "123456789012345678", "LOG_LEVEL": "debug", "DIRECTOR_ROLE": "Marshal",
        "REMINDER_HOURS": "1.5", "SHARD_COUNT": "4", "SHARD_IDS": "0, 2"}, env_file=None)
    assert settings == Settings(TOKEN, "postgresql+asyncpg://bot:pw@db:5432/director", 123456789012345678,
                                "DEBUG", "Marshal", 1.5, 4, (0, 2))


def test_the_env_file_is_read_but_the_real_environment_wins(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={TOKEN}\nDIRECTOR_ROLE=Sheriff\nLOG_LEVEL=WARNING\n")
    settings = Settings.from_env({"DIRECTOR_ROLE": "Marshal", "LOG_LEVEL": ""}, env_file=env_file)
    assert (settings.discord_token, settings.director_role, settings.log_level) == (TOKEN, "Marshal", "WARNING")


def test_the_token_never_shows_in_repr():
    settings = Settings.from_env({"DISCORD_TOKEN": TOKEN}, env_file=None)
    assert TOKEN not in repr(settings) and TOKEN not in str(settings)
    assert settings.require_token() == TOKEN


@pytest.mark.parametrize("variable, value, words", [
    ("DEV_GUILD_ID", "my-server", "DEV_GUILD_ID must be a whole number"),
    ("DEV_GUILD_ID", "-5", "above 0"),
    ("REMINDER_HOURS", "soon", "REMINDER_HOURS must be a number"),
    ("REMINDER_HOURS", "0", "above 0"),
    ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of"),
    ("DATABASE_URL", "mysql://root@db/director", "DATABASE_URL must start with"),
    ("SHARD_COUNT", "two", "SHARD_COUNT must be a whole number"),
    ("SHARD_IDS", "0,1", "SHARD_IDS needs SHARD_COUNT"),
])
def test_a_bad_value_is_a_one_line_error_naming_the_variable(variable, value, words):
    with pytest.raises(ConfigError, match=words) as raised:
        Settings.from_env({variable: value}, env_file=None)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize("ids", ["0,x", "0,4", "1,1"])
def test_shard_ids_are_distinct_shards_of_the_count(ids):
    with pytest.raises(ConfigError, match="SHARD_IDS"):
        Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": ids}, env_file=None)


def test_a_database_url_with_a_password_is_not_echoed_in_the_error():
    with pytest.raises(ConfigError) as raised:
        Settings.from_env({"DATABASE_URL": "mysql://root:hunter2@db/director"}, env_file=None)
    assert "hunter2" not in str(raised.value)


def director(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    """``python -m bot ARGS`` in ``cwd`` with only ``env`` (and the path to this checkout) set."""
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), **env}, timeout=120)


@pytest.mark.parametrize("command", ["run", "sync"])
def test_run_and_sync_without_a_token_fail_in_one_line_with_code_2(command, tmp_path):
    result = director(command, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "DISCORD_TOKEN" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_bad_setting_fails_in_one_line_with_code_2(tmp_path):
    result = director("migrate", cwd=tmp_path, DEV_GUILD_ID="my-server")
    assert (result.returncode, result.stderr.count("\n")) == (2, 1)
    assert "DEV_GUILD_ID" in result.stderr


def test_migrate_creates_the_schema_from_any_folder(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'deep' / 'director.db'}"
    result = director("migrate", cwd=tmp_path, DATABASE_URL=url)
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stdout
    with sqlite3.connect(tmp_path / "deep" / "director.db") as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "log", "alembic_version"} <= tables


def test_migrate_with_an_unreachable_database_fails_in_one_line_with_code_1(tmp_path):
    result = director("migrate", cwd=tmp_path, DATABASE_URL="postgresql+asyncpg://postgres@127.0.0.1:1/director")
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1].startswith("director: database unavailable")
    assert "Traceback" not in result.stderr


def test_log_lines_never_show_the_token():
    record = logging.LogRecord("discord.http", logging.WARNING, __file__, 1, "sent Authorization: Bot %s", (TOKEN,),
                               None)
    line = RedactingFormatter(TOKEN).format(record)
    assert TOKEN not in line and "Bot [token]" in line
