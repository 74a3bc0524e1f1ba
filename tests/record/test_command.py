"""``python -m bot record``: the record of an exported log written beside it (or where ``-o`` says), and one line
with exit code 2 for a file that is no exported log."""

from __future__ import annotations

import zipfile

from bot.app.cli import main
from tests import logbook
from tests.record.test_page import payload_of


def test_the_record_of_an_exported_log_is_written_beside_it_and_carries_its_block(tmp_path, capsys):
    log = logbook.norman().export()
    (tmp_path / "game-log.md").write_text(log, encoding="utf-8")
    assert main(["record", str(tmp_path / "game-log.md")]) == 0
    page = (tmp_path / "game-log.html").read_bytes()
    assert capsys.readouterr().out == f"{tmp_path / 'game-log.html'}: {len(page):,} bytes\n"
    assert payload_of(page)["log"] == log[log.index("```director-log"):]


def test_the_record_of_a_zipped_log_goes_where_o_says(tmp_path, capsys):
    with zipfile.ZipFile(tmp_path / "game-log.zip", "w") as folder:
        folder.writestr("game-log.md", logbook.qotd().export())
    assert main(["record", str(tmp_path / "game-log.zip"), "-o", str(tmp_path / "saloon.html")]) == 0
    assert payload_of((tmp_path / "saloon.html").read_bytes())["charts"]["effect_of_hits"]["grid"]


def test_a_file_that_is_no_exported_log_gets_one_line_and_exit_code_2(tmp_path, capsys):
    (tmp_path / "notes.md").write_text("# Notes\n\nNo log here.\n", encoding="utf-8")
    assert main(["record", str(tmp_path / "notes.md")]) == 2
    assert capsys.readouterr().err == (f"director: {tmp_path / 'notes.md'}: no director-log block: this is not a "
                                       "log exported by /log export\n")
    assert not (tmp_path / "notes.html").exists()
