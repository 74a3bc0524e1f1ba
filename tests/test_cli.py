"""The command line as a user runs it: ``--help`` everywhere, and one line for what cannot be reached."""

import os

import pytest

from tests.test_settings import director

COMMANDS = ["run", "migrate", "sync", "health", "play", "gallery", "verify", "record"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_a_help_that_does_nothing_else(command, tmp_path):
    result = director(command, "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: python -m bot {command} [-h]")
    assert list(tmp_path.iterdir()) == [], "--help made files"


@pytest.mark.parametrize("command", ["run", "sync"])
def test_run_and_sync_without_discord_fail_in_one_line_with_code_1(command, tmp_path):
    result = director(command, cwd=tmp_path, DISCORD_TOKEN="MTIz.not-a.token",
                      DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'director.db'}")
    assert result.returncode == 1, result.stderr
    last = result.stderr.strip().splitlines()[-1]
    # Without a network Discord cannot be reached; with one, it refuses the made-up token.
    assert last.startswith(("director: cannot reach Discord: ", "director: Discord refused DISCORD_TOKEN: ")), last
    assert "Traceback" not in result.stderr and "MTIz.not-a.token" not in result.stderr


def test_migrate_where_no_folder_can_be_made_fails_in_one_line_with_code_1(tmp_path):
    (tmp_path / "a-file").write_text("")
    result = director("migrate", cwd=tmp_path, DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'a-file' / 'x.db'}")
    assert (result.returncode, result.stderr.count("\n")) == (1, 1), result.stderr
    assert result.stderr.startswith(f"director: cannot open the database sqlite+aiosqlite:///{tmp_path}/a-file/x.db: ")


def test_migrate_on_a_postgresql_database_that_does_not_exist_fails_in_one_line_with_code_1(tmp_path):
    server = os.environ.get("DIRECTOR_TEST_POSTGRES_URL")
    if not server:
        pytest.skip("DIRECTOR_TEST_POSTGRES_URL names no PostgreSQL server")
    url = server.rsplit("/", 1)[0] + "/no_such_database"
    result = director("migrate", cwd=tmp_path, DATABASE_URL=url)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1].endswith('database "no_such_database" does not exist')
    assert "Traceback" not in result.stderr


def test_health_without_a_running_bot_fails_in_one_line_with_code_1(tmp_path):
    result = director("health", "--heartbeat", str(tmp_path / "beat.json"), cwd=tmp_path,
                      DATABASE_URL=f"sqlite+aiosqlite:///{tmp_path / 'director.db'}")
    assert (result.returncode, result.stderr) == (
        1, f"director: unhealthy: no heartbeat at {tmp_path / 'beat.json'}: the bot is not running\n")


def test_gallery_draws_into_the_folder_named(tmp_path):
    result = director("gallery", "pictures", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "pictures").iterdir()) == ["burt-roll.png", "burt-turn.png", "deck.png",
                                                                       "flip.png", "gunfight.png", "hand.png",
                                                                       "map.png", "roll.png", "status.png", "turn.png"]
