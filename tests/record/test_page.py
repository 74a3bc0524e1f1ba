"""The game record opened in a real Chromium: games of every ruleset played through the bot and exported with
/log export replay entry by entry and check as ``python -m bot verify`` does; a changed log names its entry; a
name made to run as a script is shown as text; nothing leaves the page; a game exported mid-game holds nothing
hidden."""

from __future__ import annotations

import base64
import json
import random
import re
import subprocess
import sys
import zlib
from typing import Any

import pytest

from bot.rules.core.fair import code_of
from bot.rules.core.ruleset import ruleset as ruleset_named
from bot.record import RECORD_NAME, record_of_export, record_page
from bot.rules.verify import read_export, verify_text
from tests import logbook
from tests.bot.helpers import end_game
from tests.bot.sealed import seals_of
from tests.bot.test_tamper import GAMES
from tests.test_verify_tamper import HIDDEN, TAMPERS, export, rechain

from .conftest import checked_in_page, open_record
from .games import qotd_on_a_map

PLAYED = {**GAMES, "qotd on a map": qotd_on_a_map}
"""A game of each ruleset, and Quick on the Draw on a map."""

EVIL = ("<script>alert('name')</script>", "</script><img src=x onerror=alert('img')>",
        "<svg onload=alert('svg')>", "\"'><iframe srcdoc='<script>alert(1)</script>'>")
"""Names and texts written to run as markup."""


async def exported(scene, ruleset: str, ended: bool = True) -> tuple[str, bytes]:
    """A game of ``ruleset`` played through the bot (ended, or not), and what /log export sends: the log's
    Markdown and the record."""
    scene.env.bot.rng = random.Random(5)
    await PLAYED[ruleset](scene)
    if ended:
        await end_game(scene.dora, scene.channel)
    scene.env.settle_timeout = 120.0                   # real seconds: the export is written in a process of its own
    result = await scene.polly.slash(scene.channel, "log export")
    log = (await result.response.attachments[0].read()).decode()
    [record] = [attachment for reply in result.followups for attachment in reply.attachments
                if attachment.filename == RECORD_NAME]
    return log, await record.read()


def plain(text: str) -> str:
    """A text as the page shows it: its Markdown marks gone, its spaces as one."""
    return " ".join(re.sub(r"\*\*|~~|__|`", "", text).split())


def summary(log: str) -> str:
    """The last line ``python -m bot verify`` prints for ``log``."""
    verdict = verify_text(log)
    return f"Verdict: {verdict.headline}" + ("." if verdict.status == "matches" else f": {verdict.first_problem()}")


SHOWN = """() => [document.getElementById("position").innerText, document.getElementById("step").innerText,
    document.getElementById("board").innerText,
    [...document.querySelectorAll("#board svg.map text")].map((name) => name.textContent)]"""
"""What the page shows of the entry it is at: where it is, the entry, the board, the names on the map."""


def placed(entries: list[dict[str, Any]], name: str) -> int:
    """The step at which ``name`` takes a place on the map."""
    return next(n for n, entry in enumerate(entries) if entry["text"].startswith(f"{name} takes their place"))


def cli_verify(tmp_path, log: str) -> list[str]:
    """What ``python -m bot verify`` prints of ``log``, run as a player runs it: its verdict line, then the rest.
    (A process of its own: the bot's process knows the charts it made for each situation, a new one does not.)"""
    path = tmp_path / "game-log.md"
    path.write_text(log, encoding="utf-8")
    printed = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    return [printed[-1], *printed[:-1]]


def payload_of(page: bytes) -> dict[str, Any]:
    """What a record carries, read back from its file as the page reads it."""
    packed = re.search(rb'<script type="application/octet-stream" id="record">([^<]*)</script>', page).group(1)
    return json.loads(zlib.decompress(base64.b64decode(packed), -15))


@pytest.mark.parametrize("ruleset", PLAYED)
async def test_the_replay_steps_through_a_whole_game_of_each_ruleset_and_checks_it_as_python_does(
        scene, browser, tmp_path, ruleset):
    log, page = await exported(scene, ruleset)
    path = tmp_path / RECORD_NAME
    path.write_bytes(page)
    entries = list(read_export(log))
    assert payload_of(page)["log"] == log[log.index("```director-log"):]          # the export's block, as it is

    def work(chromium) -> tuple[list[tuple[str, str]], list[str], Any, str]:
        opened = open_record(chromium, path)
        seen = []
        for step in range(len(entries)):
            if step:
                opened.page.keyboard.press("ArrowRight")
            seen.append(opened.page.evaluate(SHOWN))
        opened.page.keyboard.press("ArrowRight")                                    # past the end: stays there
        last = opened.page.inner_text("#position")
        verdict = checked_in_page(opened)
        opened.page.wait_for_selector("#timeline .badge")
        verdict.append(opened.page.locator("#timeline .badge").all_text_contents())
        opened.page.context.close()
        return seen, verdict, opened, last

    seen, verdict, opened, last = browser.run(work)
    for step, ((position, shown, board, on_the_map), entry) in enumerate(zip(seen, entries, strict=True)):
        assert position.startswith(f"Entry {step + 1} of {len(entries)}"), position
        shown = " ".join(shown.split())
        assert f"#{entry['seq']}" in shown and plain(entry["text"]) in shown, (entry["seq"], shown)
        for reading in entry["data"].get("resolution", {}).get("readings", []):
            assert plain(reading["outcome"]["title"]) in shown and plain(reading["label"]) in shown, shown
            assert " ".join(str(face) for face in reading["roll"]["faces"]) in shown, shown
        if ruleset == "qotd on a map" and step >= placed(entries, "Virgil"):
            assert sorted(on_the_map) == ["Doc", "Virgil"], (entry["seq"], on_the_map)
        for cast in (e for e in entries[:step + 1] if e["kind"] == "cast" and " is cast as " in e["text"]):
            assert cast["text"].split(" is cast as ")[0] in board, (entry["seq"], board)      # the status board
    assert last == seen[-1][0]
    *verdict, badges = verdict                                  # each phase or turn of the timeline marked
    assert verdict == cli_verify(tmp_path, log) and verdict[0] == "Verdict: every check passes."
    assert badges and set(badges) == {"matches"}, badges
    assert opened.left_the_page == [] and opened.errors == [] and opened.dialogs == []


async def test_the_check_in_the_page_names_the_entry_of_each_change(scene, browser, tmp_path):
    log, _ = await exported(scene, "qotd")
    changed = []
    for n, (tamper, change) in enumerate(TAMPERS.items()):
        entries = list(read_export(log))
        seq, reason, *edited = change(entries)
        if tamper in HIDDEN and n % 2:              # as edited (the chain breaks) or chained anew, in turn
            changed.append((f"{tamper}, chained anew", f"FAILS: entry #{seq}, ", export(rechain(entries))))
        else:
            changed.append((tamper, f"FAILS: entry #{edited[0] if edited else seq}, ", export(entries)))
    for n, (_, _, text) in enumerate(changed):
        (tmp_path / f"{n}.html").write_bytes(record_of_export(text))

    def work(chromium) -> list[str]:
        opened = open_record(chromium, tmp_path / "0.html")
        said = []
        for n in range(len(changed)):
            if n:
                opened.go(tmp_path / f"{n}.html")
            said.append(checked_in_page(opened)[0])
            opened.page.wait_for_selector("#timeline .badge")
            said[-1] = (said[-1], opened.page.locator("#timeline .badge").all_text_contents())
        assert opened.left_the_page == [] and opened.errors == []
        opened.page.context.close()
        return said

    for (tamper, names, text), (verdict, badges) in zip(changed, browser.run(work), strict=True):
        assert verdict == summary(text) and names in verdict, (tamper, verdict)
        assert any(badge.startswith("fails: entry #") for badge in badges) or \
            verdict.startswith("Verdict: a check FAILS: The root"), (tamper, badges)   # the root: no turn's seal


def test_a_name_written_as_markup_is_shown_as_text_and_never_runs(browser, tmp_path):
    book = logbook.Logbook()
    book.start_game(f"{EVIL[0]} starts a game.")
    for n, evil in enumerate(EVIL):
        book.log("cast", f"{evil} is cast as a Hero.", {"character": evil}, actor=n + 1)
    block = export(book.entries)
    page = record_page(block[block.index("```director-log"):], {n + 1: evil for n, evil in enumerate(EVIL)},
                       EVIL[1])
    assert b"<img" not in page and b"<svg" not in page and b"<iframe" not in page and page.count(b"<script") == 2
    path = tmp_path / RECORD_NAME
    path.write_bytes(page)

    def work(chromium) -> tuple[Any, str, dict[str, int]]:
        opened = open_record(chromium, path)
        texts = opened.page.inner_text("body")
        for _ in EVIL:
            opened.page.keyboard.press("ArrowRight")
            texts += opened.page.inner_text("body")
        counted = opened.page.evaluate("""() => ({ img: document.querySelectorAll('img').length,
            svg: document.querySelectorAll('svg').length, iframe: document.querySelectorAll('iframe').length,
            script: document.querySelectorAll('script').length })""")
        checked_in_page(opened)
        opened.page.context.close()
        return opened, texts, counted

    opened, texts, counted = browser.run(work)
    assert counted == {"img": 0, "svg": 0, "iframe": 0, "script": 2}
    assert all(evil in texts for evil in EVIL)
    assert opened.dialogs == [] and opened.errors == [] and opened.left_the_page == []


@pytest.mark.parametrize("ruleset", ["norman", "qotd"])
async def test_a_record_made_mid_game_holds_no_seed_hand_or_card_still_hidden(scene, tmp_path, ruleset):
    log, page = await exported(scene, ruleset, ended=False)
    seals = await seals_of(scene)
    hidden = [name for name in seals.committed if name not in seals.revealed]
    assert "root" in hidden and any(name.startswith("deck ") for name in hidden)
    carried = payload_of(page)
    text = page.decode() + json.dumps(carried)
    for name in hidden:
        assert seals.seed_of(name) not in text, name
    verdict = verify_text(carried["log"])                            # what the file lets anyone recompute
    assert verdict.status == "unchecked"
    for name in hidden:
        line = next(line for line in verdict.lines if f"commitment {seals.commitment_of(name)[:12]}" in line)
        assert "not yet checkable: its seed is not revealed yet" in line, line
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    out_of_sight = held_face_down(ruleset_named(row.ruleset).load(row.state))
    assert out_of_sight, "the game holds cards no one may see yet"
    shown = {code for entry in read_export(carried["log"]) for code in cards_named(entry["data"])}
    assert not shown & out_of_sight, shown & out_of_sight
    boards = json.dumps(carried["views"])                   # the board and map as they stood: no card named
    assert carried["views"] and not [code for code in out_of_sight if f'"{code}"' in boards]


def held_face_down(game: Any) -> set[str]:
    """The cards of a game no one may see yet: those still to come from its deck, and those in hands."""
    seats = getattr(game, "seats", {})
    hands = [getattr(seat, "hand", []) for seat in (seats.values() if isinstance(seats, dict) else seats)]
    return {code_of(card) for pile in (game.deck.to_come, *hands) for card in pile}


def cards_named(data: dict[str, Any]) -> set[str]:
    """The cards an entry shows: turned, shown, or given in the open."""
    return {*data.get("turned", []), *(show["card"] for show in data.get("shown", []))}


def test_the_page_reads_on_a_phone_and_a_desktop_without_scrolling_sideways(browser, tmp_path):
    page = record_page(export(logbook.norman().entries)[len("| # |\n| --: |\n\n"):], {101: "pete"}, "saloon")
    path = tmp_path / RECORD_NAME
    path.write_bytes(page)

    def work(chromium) -> list[tuple[int, int]]:
        widths = []
        for width in (360, 1280):
            opened = open_record(chromium, path, width=width)
            opened.page.keyboard.press("End")
            widths.append((width, opened.page.evaluate("document.documentElement.scrollWidth")))
            opened.page.context.close()
        return widths

    assert all(scrolled <= width for width, scrolled in browser.run(work))



FACES = """async () => { await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === "loaded").map((face) => `${face.family} ${face.weight}`)
        .sort(); }"""
"""The faces the page loaded (from its own data: it may fetch none) to draw what it shows."""


def test_the_page_draws_in_the_pictures_faces_from_its_own_file(browser, tmp_path):
    page = record_page(export(logbook.norman().entries)[len("| # |\n| --: |\n\n"):], {101: "pete"}, "saloon")
    path = tmp_path / RECORD_NAME
    path.write_bytes(page)

    def work(chromium) -> list[str]:
        opened = open_record(chromium, path)
        opened.page.keyboard.press("End")
        loaded = opened.page.evaluate(FACES)
        opened.page.context.close()
        return loaded

    assert browser.run(work) == ["DejaVu Sans bold", "DejaVu Sans normal", "Rye normal"]

def test_a_long_game_s_record_is_a_fraction_of_its_log():
    """What a long game's entries add to its record (beyond the page's script, style and faces, which a game of ten
    entries carries too) is a fraction of what they weigh in its log. (bench/record.py measures the largest game:
    40,000 entries.)"""
    short = record_page(export(logbook.long_game(10).entries)[len("| # |\n| --: |\n\n"):], {}, "saloon")
    book = logbook.long_game(4_000)
    block = export(book.entries)[len("| # |\n| --: |\n\n"):]
    page = record_page(block, {}, "saloon")
    assert len(page) - len(short) <= len(block) // 2
    assert payload_of(page)["log"] == block
