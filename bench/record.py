"""The game record (bot/record) of the largest game, beside the Markdown export of the same game made in the same
run: its bytes and the time to build each, then, when Chromium is installed, the time the page takes to open and
to check the whole game.

Goal (issue #25): the record within 3x the Markdown's bytes and within Discord's upload limit (8 MiB; 10 MiB
since 2025), and the export acknowledged within Discord's 3 s (it is acknowledged before any of this work, which
runs in the export process).

The largest game: 40,000 entries (the crowd of bench/load.py and the export tests), as the bot writes them
(tests/logbook.py): free rolls of two dice, or Quick on the Draw shots (Wanting to Shoot, to hit, the effect
of the hit on the grid), a turn every 20 entries, sealed and chained.

    python bench/record.py [entries]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import LogRow  # noqa: E402
from bot.record import record_of_entries  # noqa: E402
from bot.glue.replies import UPLOAD_LIMIT  # noqa: E402
from bot.rules.qotd.charts import CHARTS, GRIDS  # noqa: E402
from cogs.history import export_files, markdown_log  # noqa: E402
from tests import logbook  # noqa: E402

ENTRIES = 40_000
RATIO_GOAL = 3.0
SIZE_GOAL = 8 << 20


def shots(entries: int) -> logbook.Logbook:
    """A game of ``entries`` entries: a turn every 20, the others Quick on the Draw shots."""
    book = logbook.Logbook()
    book.start_game()
    turn = 0
    while len(book.entries) < entries - 1:
        if len(book.entries) % 20 == 1:
            turn += 1
            book.log("deal", f"Phase {turn}.", book.next_turn(turn))
        else:
            logbook.shoot(book, str(turn), CHARTS, GRIDS)
    book.end()
    return book


def rows_of(book: logbook.Logbook) -> list[LogRow]:
    """The game's entries as the database gives them to the export."""
    return [LogRow(e["seq"], datetime.fromisoformat(e["at"].replace("Z", "+00:00")), e["actor"], e["kind"],
                   e["text"], e["data"], None, e["undone"]) for e in book.entries]


def timed(job, runs: int = 3):
    """The median seconds of ``job`` over ``runs`` runs, and its last result."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        made = job()
        times.append(time.perf_counter() - start)
    return statistics.median(times), made


def in_browser(page: bytes) -> str:
    """The seconds Chromium takes to open the record and to check it, when it and Playwright are installed."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "(no Playwright: not opened)"
    if not Path("/usr/bin/chromium").exists():
        return "(no Chromium: not opened)"
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        path = Path(folder) / "game-record.html"
        path.write_bytes(page)
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
        tab = browser.new_page()
        start = time.perf_counter()
        tab.goto(path.as_uri())
        tab.wait_for_selector("body[data-ready=yes]", timeout=120_000)
        opened = time.perf_counter() - start
        start = time.perf_counter()
        tab.click("#verify")
        tab.wait_for_selector("#verdict[data-status]", timeout=600_000)
        checked = time.perf_counter() - start
        verdict = tab.inner_text("#verdict .summary")
        browser.close()
    return f"opened in {opened:.1f} s, checked in {checked:.1f} s: {verdict}"


def main(argv: list[str]) -> int:
    entries = int(argv[0]) if argv else ENTRIES
    print(f"goal: the record within {RATIO_GOAL:g}x the Markdown's bytes and {SIZE_GOAL >> 20} MiB (Discord's upload "
          f"limit; the bot's: {UPLOAD_LIMIT >> 20} MiB); medians of 3 runs")
    print(f"{'game':28} {'Markdown MiB':>12} {'sent as':>22} {'record MiB':>10} {'ratio':>6} "
          f"{'Markdown s':>10} {'record s':>8}  goal")
    for name, make in (("free rolls", logbook.long_game), ("Quick on the Draw shots", shots)):
        rows = rows_of(make(entries))
        document = markdown_log(rows, {1: "dora"}, "saloon", "Phase").encode()
        markdown_s, (files, _) = timed(lambda: export_files(rows, {1: "dora"}, "saloon", "Phase"))
        record_s, page = timed(lambda: record_of_entries(rows, {1: "dora"}, "saloon"))
        sent = ", ".join(f"{file} {len(data) / 2**20:.1f} MiB" for file, data in files)
        ratio = len(page) / len(document)
        met = "met" if ratio <= RATIO_GOAL and len(page) <= SIZE_GOAL else "MISSED"
        print(f"{f'{name}, {entries:,}':28} {len(document) / 2**20:>12.1f} {sent:>22} {len(page) / 2**20:>10.2f} "
              f"{ratio:>6.2f} {markdown_s:>10.2f} {record_s:>8.2f}  {met}")
        print(f"{'':28} in Chromium: {in_browser(page)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
