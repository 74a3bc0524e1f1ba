"""The game record: one HTML file that replays a game's log and checks it, with nothing but a browser.

The page carries the log's ``director-log`` block as the export wrote it, the players' names, and the charts
its readings name (their rows, as the verifier reads them), compressed (raw deflate, in base64: the browser's
``DecompressionStream`` opens it). Its script (``verify.js``, a port of :mod:`bot.rules.verify` on the browser's Web
Crypto, and ``replay.js``) and its style are this package's files, inlined and allowed by their hashes alone: a
Content-Security-Policy forbids every request, so the page works from a file, offline. Every text of the log is
set in the page as text, never as markup. Standard library only; seconds of CPU work for the largest game (see
bench/record.py): build it off the event loop (``/log export`` does, in the export process).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from ..rules.core.charts import MAKERS, REGISTRY, Chart, GridChart
from ..rules.verify import BLOCK, Bad, basis, block, logged, read_export, readings, unreadable

RECORD_NAME = "game-record.html"
FONTS = {"RYE_FONT": "Rye-Regular.ttf", "SANS_FONT": "DejaVuSans-Latin.ttf", "SANS_BOLD_FONT": "DejaVuSans-Bold-Latin.ttf"}
"""The pictures' faces the page embeds, by the mark the style names each with: Rye for headings (80 KB), and
DejaVu Sans and its bold cut down to Latin, punctuation, arrows and the suits (40 KB and 36 KB; whole, they weigh
740 KB each): a letter outside them is drawn in the reader's own fonts."""


def asset(name: str) -> str:
    """A file of this package (the page's template, script and style)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def font_bytes(name: str) -> bytes:
    """One of the faces, from bot/fonts (shipped in the package as ``bot.fonts``)."""
    return (Path(__file__).resolve().parents[1] / "fonts" / name).read_bytes()


def rows_of(chart: Chart) -> list[list[Any]]:
    """A chart's rows as the page reads them: [low, high, title]."""
    return [[row.low, row.high, row.outcome.title] for row in chart.rows]


def chart_data(found: Chart | GridChart) -> dict[str, Any]:
    """A chart the page reads by its key: its rows, or its grid's columns and cells (titles)."""
    if isinstance(found, GridChart):
        return {"grid": {"columns": list(found.columns),
                         "cells": {str(value): [found.outcomes[cell].title for cell in row]
                                   for value, row in found.cells.items()}}}
    return {"rows": rows_of(found)}


def charts_of(entries: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The charts the log's readings name, as the page's verifier reads them: for each key, why its outcomes
    cannot be recomputed ("" when they can), and its rows; a chart made for each situation, made again from each
    reading's base and modifiers (by "base,added")."""
    charts: dict[str, dict[str, Any]] = {}
    for entry in entries:
        data = entry.get("data")
        try:
            found = readings(data) if isinstance(data, dict) else []
        except Bad:
            continue
        for reading in found:
            key = reading.get("chart")
            if not isinstance(key, str) or not key:
                continue
            chart = charts.get(key)
            if chart is None:
                chart = charts[key] = {"why": unreadable(key)}
                if not chart["why"] and key not in MAKERS:
                    chart.update(chart_data(REGISTRY[key]))
            if chart["why"] or key not in MAKERS:
                continue
            if (numbers := basis(reading)) is not None:
                made = MAKERS[key](*numbers)
                chart.setdefault("made", {})[f"{'None' if numbers[0] is None else numbers[0]},{numbers[1]}"] = (
                    rows_of(made) if made is not None else None)
            else:
                chart.setdefault("made", {})
    return charts


def sha256_source(text: str) -> str:
    """A Content-Security-Policy source allowing the inline script or style ``text`` by its hash."""
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()


def record_page(log: str, names: dict[int, str], channel_name: str,
                entries: Iterable[dict[str, Any]] | None = None, views: dict[str, Any] | None = None) -> bytes:
    """The record of a game whose exported ``director-log`` block is ``log`` (its opening and closing lines
    included), played in ``channel_name`` by ``names`` (by user id); ``entries``: the block's entries, if at
    hand (else read from it); ``views``: the board and map as they stood after some entries
    (:func:`bot.record.views.frames`)."""
    entries = read_export(log) if entries is None else entries
    payload = {"channel": channel_name, "names": {str(actor): name for actor, name in names.items()},
               "charts": charts_of(entries), "log": log, "views": views or {}}
    squeezer = zlib.compressobj(6, zlib.DEFLATED, -15)
    packed = squeezer.compress(json.dumps(payload, ensure_ascii=False).encode()) + squeezer.flush()
    script = asset("verify.js") + "\n" + asset("replay.js")
    style = asset("record.css")
    for mark, name in FONTS.items():
        style = style.replace(mark, base64.b64encode(font_bytes(name)).decode(), 1)
    page = asset("page.html")
    for mark, value in (("SCRIPT_HASH", sha256_source(script)), ("STYLE_HASH", sha256_source(style)),
                        ("PAYLOAD", base64.b64encode(packed).decode()), ("STYLE", style), ("SCRIPT", script)):
        page = page.replace(mark, value, 1)
    return page.encode()


def record_of_entries(entries: Iterable[Any], names: dict[int, str], channel_name: str,
                      views: dict[str, Any] | None = None) -> bytes:
    """The record of a game's stored log entries (as :func:`bot.rules.verify.block` writes them out)."""
    entries = list(entries)
    return record_page(block(entries), names, channel_name, map(logged, entries), views)


HEADER = re.compile(r"^# Game log — #(.*)$", re.MULTILINE)
ROW = re.compile(r"^\| (\d+) \| [^|]* \| ((?:[^|\\]|\\.)*) \|", re.MULTILINE)
TABLE = "| # | time (UTC) | who |"
"""The head of the exported log's table, whose third column names who made each entry."""
ESCAPED = re.compile(r"\\(.)")


def block_of(text: str) -> str:
    """The ``director-log`` block of an exported log, from its opening line to its closing one."""
    lines = text.split("\n")
    start = next(n for n, line in enumerate(lines) if line.rstrip("\r") == BLOCK)
    end = next((n for n in range(start + 1, len(lines)) if lines[n].rstrip("\r") == "```"), len(lines) - 1)
    return "\n".join(lines[start:end + 1]) + "\n"


def record_of_export(text: str) -> bytes:
    """The record of an exported log (its Markdown): the names and the channel read from its table and header."""
    log = block_of(text) if BLOCK in text else text
    actors = {entry["seq"]: entry.get("actor") for entry in read_export(log)}
    names = {}
    for seq, who in ROW.findall(text) if TABLE in text else ():
        actor = actors.get(int(seq))
        if isinstance(actor, int) and not who.startswith("user "):
            names.setdefault(actor, ESCAPED.sub(r"\1", who))
    header = HEADER.search(text)
    return record_page(log, names, ESCAPED.sub(r"\1", header.group(1)) if header else "a channel")
