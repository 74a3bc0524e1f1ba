"""The page's verifier (bot/record/verify.js, on the browser's Web Crypto) says what ``python -m bot verify``
says, line for line, on the same logs: honest logs of every ruleset, each cut short mid-game, each changed in
every way the tamper suite knows (as edited, and chained anew), and any value replaced by one of the wrong kind."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from bot.record import charts_of, record_page
from bot.rules.verify import Unreadable, read_export, verify_text
from tests import logbook
from tests.test_verify_tamper import HIDDEN, ODD, TAMPERS, export, places, rechain, replaced

from .conftest import open_record

BATCH = 200
"""Logs checked in the page by one call."""


def python_says(text: str) -> list[str]:
    """``python -m bot verify``'s lines and verdict on a log (or that it cannot read it)."""
    try:
        verdict = verify_text(text)
    except Unreadable:
        return ["unreadable"]
    return [*verdict.lines, f"Verdict: {verdict.headline}" + ("." if verdict.status == "matches" else
                                                               f": {verdict.first_problem()}")]


def honest_and_tampered() -> Iterator[tuple[str, str]]:
    """Each ruleset's honest log, the game under way, and every change of the tamper suite."""
    for ruleset, make in logbook.HONEST.items():
        honest = make().entries
        yield f"{ruleset}: honest", export(honest)
        yield f"{ruleset}: under way", export(honest[:len(honest) // 2])
        for tamper, change in TAMPERS.items():
            entries = copy.deepcopy(honest)
            change(entries)
            yield f"{ruleset}: {tamper}", export(entries)
            if tamper in HIDDEN:
                entries = copy.deepcopy(honest)
                change(entries)
                yield f"{ruleset}: {tamper}, chained anew", export(rechain(entries))


def wrong_kinds(ruleset: str) -> Iterator[tuple[str, str]]:
    """The honest log with each of its values in turn replaced by one of the wrong kind or size (the kinds taken
    in turn, one a value: every kind is put in every sort of place, and the page checks a few hundred logs),
    chained anew (so that every check behind the chain reads it), and one in five as edited."""
    honest = logbook.HONEST[ruleset]().entries
    turn = 0
    for number, entry in enumerate(honest):
        for path in places(entry)[1:]:
            turn += 1
            odd = ODD[turn % len(ODD)]
            entries = replaced(honest, number, path, odd)
            if entries is None:
                continue
            yield f"{ruleset}: #{number + 1} {path} = {odd!r}, chained anew", export(chained_anew(entries))
            if turn % 5 == 0:                            # as edited: the chain breaks first, and names the entry
                yield f"{ruleset}: #{number + 1} {path} = {odd!r}", export(entries)


def chained_anew(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries chained anew, as an attacker would, so that the checks behind the chain read the odd value;
    as they are when the value is where chaining anew cannot go past it."""
    try:
        return rechain(copy.deepcopy(entries))
    except (AttributeError, KeyError, TypeError, ValueError):
        return entries


def charts_for(text: str) -> dict[str, Any]:
    try:
        return charts_of(read_export(text))
    except Unreadable:
        return {}


def page_says(browser, tmp_path, cases: list[tuple[str, str]]) -> list[list[str]]:
    """The page's lines and verdict on each log, checked in one record page."""
    path = tmp_path / "record.html"
    path.write_bytes(record_page("```director-log\n```\n", {}, "checks"))

    def work(chromium) -> list[list[str]]:
        opened = open_record(chromium, path)
        said = []
        for start in range(0, len(cases), BATCH):
            said += opened.page.evaluate("""async (cases) => {
                const out = [];
                for (const [text, charts] of cases) {
                    try {
                        const { verdict } = await VERIFY.verifyText(text, charts);
                        out.push([...verdict.lines, verdict.summary]);
                    } catch (error) {
                        out.push(error instanceof VERIFY.Unreadable ? ["unreadable"] : ["broke: " + error.stack]);
                    }
                }
                return out;
            }""", [[text, charts_for(text)] for _, text in cases[start:start + BATCH]])
        assert opened.left_the_page == [] and opened.errors == []
        opened.page.context.close()
        return said
    return browser.run(work)


def test_the_page_says_what_python_says_on_honest_and_tampered_logs_of_every_ruleset(browser, tmp_path):
    cases = list(honest_and_tampered())
    assert len(cases) > 5 * len(TAMPERS)
    for (name, text), said in zip(cases, page_says(browser, tmp_path, cases), strict=True):
        assert said == python_says(text), name


@pytest.mark.parametrize("ruleset", ["qotd", "norman"])
def test_the_page_says_what_python_says_of_any_value_of_the_wrong_kind(browser, tmp_path, ruleset):
    cases = list(wrong_kinds(ruleset))
    for (name, text), said in zip(cases, page_says(browser, tmp_path, cases), strict=True):
        assert said == python_says(text), name
