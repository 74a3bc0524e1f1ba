"""One Chromium for the whole session (the distribution's, at /usr/bin/chromium), driven by Playwright from a
thread of its own: its sync API cannot run inside the event loop of the SimCord tests. Each record is opened
from a file in a context of its own that notes every request the page makes, every script error and every
dialog."""

from __future__ import annotations

import queue
import shutil
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.bot.conftest import answering_in_time, db_url, scene, simcord_bot  # noqa: F401 (the SimCord scene)

CHROMIUM = Path("/usr/bin/chromium")
SECONDS = 60


def chromium() -> str | None:
    """The distribution's Chromium, if installed."""
    return str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")


@dataclass
class Opened:
    """A record open in the browser, and what it did: requests other than its own file, errors, dialogs."""

    page: Any
    url: str
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    opened: set[str] = field(default_factory=set)

    @property
    def left_the_page(self) -> list[str]:
        """Every request but the files opened."""
        return [url for url in self.requests if url not in self.opened]

    def go(self, path: Path) -> None:
        """In the browser's thread: open another record in the same page, ready."""
        self.url = path.resolve().as_uri()
        self.opened.add(self.url)
        self.page.goto(self.url)
        self.page.wait_for_selector("body[data-ready=yes]", timeout=SECONDS * 1000)


class Browser:
    """A Chromium in a thread of its own: :meth:`run` hands it a job and waits for its result."""

    def __init__(self, path: str) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.started: Future = Future()
        self.thread = threading.Thread(target=self.serve, args=(path,), name="chromium", daemon=True)
        self.thread.start()
        self.started.result(timeout=SECONDS)

    def serve(self, path: str) -> None:
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=path)
                self.started.set_result(True)
                while (job := self.jobs.get()) is not None:
                    work, done = job
                    try:
                        done.set_result(work(browser))
                    except BaseException as error:          # handed to the test that asked
                        done.set_exception(error)
                browser.close()
        except BaseException as error:
            if not self.started.done():
                self.started.set_exception(error)

    def run(self, work: Callable[[Any], Any]) -> Any:
        """``work(browser)`` run in the browser's thread."""
        done: Future = Future()
        self.jobs.put((work, done))
        return done.result(timeout=SECONDS)

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join(SECONDS)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """The session's Chromium; the tests that need it skip, saying why, when Chromium or Playwright is missing."""
    path = chromium()
    if path is None:
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium): the record's browser tests need it")
    pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")
    shared = Browser(path)
    yield shared
    shared.close()


def open_record(browser: Any, path: Path, width: int = 1100, height: int = 800) -> Opened:
    """In the browser's thread: the record at ``path`` opened in a fresh context, ready (its log read)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    opened = Opened(page, "")
    context.on("request", lambda request: opened.requests.append(request.url))
    page.on("pageerror", lambda error: opened.errors.append(str(error)))
    page.on("console", lambda message: opened.errors.append(message.text) if message.type == "error" else None)
    page.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message), dialog.dismiss()))
    opened.go(path)
    return opened


def checked_in_page(opened: Opened) -> list[str]:
    """In the browser's thread: press "Check this game" and wait for the verdict: its summary, then its lines."""
    opened.page.click("#verify")
    opened.page.wait_for_selector("#verdict[data-status]", timeout=SECONDS * 1000)
    return [opened.page.inner_text("#verdict .summary"), *opened.page.locator("#verdict li").all_text_contents()]
