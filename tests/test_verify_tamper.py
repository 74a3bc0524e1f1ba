"""The tamper suite of ``python -m bot verify``: an honest log of every ruleset passes, and each way of changing
it fails with one line naming the entry (the README's "Fair play" lists them).

Every change is made twice where it can be: as edited, which breaks the chain at that entry, and by an attacker
who then recomputes the whole chain (every entry's digest and the digest published with each commitment), so
that the checks behind the chain must catch it: the outcome recomputed from the dice, the die from its seed,
the draw numbers, the commitment. The honest logs are written as the bot writes them (tests/logbook.py);
tests/bot/test_tamper.py does the same to logs of games played through the bot.
"""

from __future__ import annotations

import copy
import json
import zipfile
from collections.abc import Callable
from typing import Any

import pytest

from bot.app.cli import main
from bot.glue.replies import markdown
from bot.rules.core.charts import REGISTRY
from bot.rules.core.dice import Roll
from bot.rules.core.fair import canonical, chain_link, face
from bot.rules.verify import BLOCK, read_export, recompute, rolls, unreadable, verify_entries
from tests import logbook

Entries = list[dict[str, Any]]


def export(entries: Entries) -> str:
    """A log with these entries, as /log export ends it."""
    return "| # |\n| --: |\n\n" + BLOCK + "\n" + "\n".join(canonical(e).decode() for e in entries) + "\n```\n"


def rechain(entries: Entries) -> Entries:
    """What an attacker who knows the format does after a change: every entry renumbered in order (and the undo
    entries' lists and the retakes with them), its chain and the chain published with each commitment it makes
    computed anew."""
    chain, renumbered = None, {entry["seq"]: seq for seq, entry in enumerate(entries, 1)}
    for seq, entry in enumerate(entries, 1):
        entry["seq"] = seq
        data = entry["data"]
        if "undone" in data:
            data["undone"] = [renumbered[n] for n in data["undone"] if n in renumbered]
        for reading in data.get("resolution", {}).get("readings", []):
            if reading["roll"].get("retake") in renumbered:
                reading["roll"]["retake"] = renumbered[reading["roll"]["retake"]]
            else:
                reading["roll"].pop("retake", None)
        for sealed in entry["data"].get("sealed", []):
            sealed["chain"] = chain or "0" * 64
        entry["data"]["chain"] = chain = chain_link(chain, entry)
    return entries


def checked(tmp_path, capsys, text: str) -> tuple[int, str, str]:
    """``python -m bot verify`` on a file holding ``text``: its exit code, its verdict line, and stderr."""
    path = tmp_path / "game-log.md"
    path.write_text(text, encoding="utf-8")
    code = main(["verify", str(path)])
    out, err = capsys.readouterr()
    return code, (out.strip().splitlines() or [""])[-1], err


def seed_of(entries: Entries, seal: str) -> str:
    """A seal's seed, as the log reveals it (the attacker can read it there)."""
    return next(r["seed"] for e in entries for r in e["data"].get("revealed", []) if r["name"] == seal)


def recomputed(reading: dict[str, Any]) -> bool:
    """Whether the verifier recomputes the reading's outcome from its dice."""
    key = reading.get("chart")
    return not unreadable(key) and recompute(key, Roll.from_json(reading["roll"]), reading) is not None


def acted(entries: Entries) -> dict[str, Any]:
    """The first entry with a reading whose outcome the verifier recomputes from its dice."""
    return next(e for e in entries if not e["undone"] and any(
        recomputed(r) for r in e["data"].get("resolution", {}).get("readings", [])))


def reading_of(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry's first reading whose outcome the verifier recomputes."""
    return next(r for r in entry["data"]["resolution"]["readings"] if recomputed(r))


def rolled(entries: Entries) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first live entry that rolled dice of its own drawing (not a roll logged again, nor taken again), and
    the roll: one read on a chart the verifier reads, if any."""
    found = [(e, roll) for e in entries if not e["undone"] for roll, _ in rolls(e["data"])
             if roll.get("seal") in e["data"].get("draws", {}) and "retake" not in roll
             and e["data"]["draws"][roll["seal"]][0] <= roll["n"] < e["data"]["draws"][roll["seal"]][1]]
    read = [(e, roll) for e, roll in found if any(r["roll"] is roll and recomputed(r)
                                                  for r in e["data"].get("resolution", {}).get("readings", []))]
    return (read or found)[0]


DRAWN = "draws"
"""What the verdict on a die out of its entry's draws says: "… among the draws of this entry …" (or, for a die
taken again after an undo, "… draws taken again from an undone entry that drew them …")."""


def deleted(entries: Entries) -> tuple[int, str]:
    """The first entry that rolled taken out of the log."""
    entry, _ = rolled(entries)
    entries.remove(entry)
    return entry["seq"] + 1, f"expected entry #{entry['seq']} before it"


def reordered(entries: Entries) -> tuple[int, str]:
    """The first entry that rolled moved before the entry that came before it: that one is out of order."""
    entry, _ = rolled(entries)
    at = entries.index(entry)
    entries[at - 1], entries[at] = entries[at], entries[at - 1]
    return entry["seq"] - 1, f"expected entry #{entry['seq'] + 1} next, log says #{entry['seq'] - 1} again or out " \
                             "of order: rows moved"


def edited_outcome(entries: Entries) -> tuple[int, str]:
    """"Missed!" → "Gotcha!": the outcome's title changed to another of its chart, the dice unchanged."""
    entry = acted(entries)
    reading = reading_of(entry)
    chart = REGISTRY[reading["chart"]]
    titles = {o.title for o in chart.outcomes.values()} if hasattr(chart, "outcomes") else \
        {row.outcome.title for row in chart.rows}
    reading["outcome"]["title"] = next(t for t in sorted(titles) if t != reading["outcome"]["title"])
    return entry["seq"], f"expected {reading['label']!r} read "


def edited_die(entries: Entries) -> tuple[int, str]:
    """The first roll's first die changed to another face."""
    entry, roll = rolled(entries)
    roll["faces"][0] = roll["faces"][0] % roll["dice"][2] + 1
    return entry["seq"], f"expected draw {roll['n']} of "


def moved_die(entries: Entries) -> tuple[int, str]:
    """The first roll moved to a later draw number, its faces what the seed rolls there, its outcome (on a chart
    the verifier reads) read anew."""
    entry, roll = rolled(entries)
    roll["n"] += 5
    seed = seed_of(entries, roll["seal"])
    roll["faces"] = [face(seed, roll["n"] + i, roll["dice"][2]) for i in range(roll["dice"][0])]
    for reading in entry["data"].get("resolution", {}).get("readings", []):
        if reading["roll"] is roll and not unreadable(reading.get("chart")):
            if reading.get("base"):
                reading["base"][1] = Roll.from_json(roll).value
            reading["outcome"]["title"] = recompute(reading["chart"], Roll.from_json(roll), reading) \
                or reading["outcome"]["title"]
    return entry["seq"], DRAWN


def edited_seal(entries: Entries) -> tuple[int, str]:
    """The first roll said to come from another turn's seal."""
    entry, roll = rolled(entries)
    roll["seal"] = str(int(roll["seal"].split("/")[0]) + 1)
    return entry["seq"], DRAWN


def edited_commitment(entries: Entries) -> tuple[int, str]:
    """The commitment of the turn the first roll drew from, changed where it was made (as edited, the chain
    breaks there; chained anew, its seed revealed gives another)."""
    seal = rolled(entries)[1]["seal"]
    made = next(e for e in entries if any(s["name"] == seal for s in e["data"].get("sealed", [])))
    next(s for s in made["data"]["sealed"] if s["name"] == seal)["commitment"] = "0" * 64
    revealed = next(e for e in entries if any(r["name"] == seal for r in e["data"].get("revealed", [])))
    return revealed["seq"], "expected a seed of ", made["seq"]


def seed_stripped(entries: Entries) -> tuple[int, str]:
    """Every seed revealed taken out of the log, so that nothing could be checked (as edited, the chain breaks at
    the first; chained anew, the game's end reveals no root)."""
    first = next(e for e in entries if e["data"].get("revealed"))
    for entry in entries:
        entry["data"].pop("revealed", None)
    return entries[-1]["seq"], "expected the game's end to reveal the root", first["seq"]


TAMPERS: dict[str, Callable[[Entries], tuple]] = {
    "deleted": deleted, "reordered": reordered, "edited outcome": edited_outcome, "edited die": edited_die,
    "die moved to a later draw": moved_die, "edited seal": edited_seal, "edited commitment": edited_commitment,
    "seed stripped": seed_stripped}
HIDDEN = ("edited outcome", "edited die", "die moved to a later draw", "edited seal", "edited commitment",
          "seed stripped")
"""The changes an attacker can hide from the chain by computing it anew: the checks behind it catch them. Each
tamper returns the entry the verdict names once chained anew, the reason it gives, and (if not the same) the
entry the broken chain names as edited."""


@pytest.mark.parametrize("ruleset", logbook.HONEST)
def test_an_honest_log_of_every_ruleset_passes_and_exits_0(ruleset, tmp_path, capsys):
    code, last, err = checked(tmp_path, capsys, logbook.HONEST[ruleset]().export())
    assert (code, last, err) == (0, "Verdict: every check passes.", "")


@pytest.mark.parametrize("tamper", TAMPERS)
@pytest.mark.parametrize("ruleset", logbook.HONEST)
def test_a_log_changed_fails_in_one_line_naming_the_entry(ruleset, tamper, tmp_path, capsys):
    entries = logbook.HONEST[ruleset]().entries
    seq, _, *edited = TAMPERS[tamper](entries)
    seq = edited[0] if edited else seq
    code, last, err = checked(tmp_path, capsys, export(entries))
    assert code == 1 and err == "", last
    assert last.startswith("Verdict: a check FAILS: ") and f"FAILS: entry #{seq}, " in last, last


@pytest.mark.parametrize("tamper", HIDDEN)
@pytest.mark.parametrize("ruleset", logbook.HONEST)
def test_a_change_hidden_from_the_chain_still_fails_naming_the_entry(ruleset, tamper, tmp_path, capsys):
    entries = logbook.HONEST[ruleset]().entries
    seq, reason = TAMPERS[tamper](entries)[:2]
    code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and f"FAILS: entry #{seq}, " in last and reason in last, last
    assert "The log: matches" in str(verify_entries(entries))            # the chain itself holds


def test_an_entry_deleted_and_the_rest_renumbered_and_rechained_leaves_a_gap_in_the_draws(tmp_path, capsys):
    entries = logbook.qotd().entries
    [shot] = [e for e in entries if e["seq"] == 5]                  # draws 0-3; the free roll after it, 4-5
    entries.remove(shot)
    code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and "FAILS: entry #5, expected draws of Phase 1 to go on from 0, log says 4" in last, last


def test_rows_reordered_and_rechained_fail_on_the_draws(tmp_path, capsys):
    entries = logbook.qotd().entries
    entries[4], entries[5] = entries[5], entries[4]                # the free roll (draws 4-5) before the shot
    code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and "FAILS: entry #5, expected draws of Phase 1 to go on from 0, log says 4" in last, last


def test_an_undone_shot_taken_again_is_named_in_the_verdict_and_a_fresh_one_in_its_place_fails(tmp_path, capsys):
    book = logbook.qotd()
    code, _, _ = checked(tmp_path, capsys, book.export())
    assert code == 0
    path = tmp_path / "game-log.md"
    main(["verify", str(path)])
    out = capsys.readouterr().out
    assert "  - Phase 1: draws 0-3 in #5, undone by #7; taken again in #8" in out, out
    entries = book.entries
    again = next(e for e in entries if e["seq"] == 8)
    for reading in again["data"]["resolution"]["readings"]:
        del reading["roll"]["retake"]                            # the shot again, passed off as a fresh shot
    code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and "FAILS: entry #8, expected draws of Phase 1 from 6 on, log says 0-3 again (drawn by #5) " \
                         "without a retake" in last, last


def test_draws_of_an_undone_entry_not_taken_again_are_named_burnt():
    book = logbook.Logbook()
    book.start_game()
    draws: dict = {}
    roll = book.roll("0", 10, draws)
    shot = book.log("roll", "a roll", {"roll": logbook.rolled(roll, "0"), "draws": draws})
    book.undo(shot["seq"])
    book.end()
    verdict = verify_entries(book.entries)
    assert verdict.status == "matches"
    assert "  - Turn 0: draws 0-0 in #2, undone by #3; not taken again (burnt)" in verdict.lines, verdict.lines


@pytest.mark.parametrize("name", ["1D0: [1] (draw 0)", "1D6: [7] (draw 0)", "1D10: [9] (draws 0-3) → Gotcha!"])
def test_a_name_shaped_like_a_roll_changes_nothing(name, tmp_path, capsys):
    book = logbook.Logbook()
    book.start_game(f"Game started by {name}.")
    draws: dict = {}
    roll = book.roll("0", 10, draws)
    book.log("roll", f"{name} rolls: {markdown(roll.shown())}", {"roll": logbook.rolled(roll, "0"), "draws": draws})
    book.end()
    code, last, err = checked(tmp_path, capsys, book.export())
    assert (code, last, err) == (0, "Verdict: every check passes.", "")


def test_a_game_under_way_is_not_yet_checkable_and_exits_3(tmp_path, capsys):
    book = logbook.qotd()
    book.entries.pop()                                          # the end, which reveals every seal
    code, last, _ = checked(tmp_path, capsys, book.export())
    assert code == 3 and last.startswith("Verdict: nothing fails, but not everything is checkable yet: ")
    assert "not yet checkable: its seed is not revealed yet." in last, last


def test_a_log_written_before_entries_were_chained_is_not_yet_checkable(tmp_path, capsys):
    entries = logbook.qotd().entries
    for entry in entries:
        del entry["data"]["chain"]
    code, last, _ = checked(tmp_path, capsys, export(entries))
    assert code == 3 and "entries #1 to #10 were written before entries were chained" in last, last


@pytest.mark.parametrize("cut", ["mid-line", "at a line"])
def test_a_truncated_log_fails_in_one_line_naming_the_last_entry_read(cut, tmp_path, capsys):
    text = logbook.qotd().export()
    end = text.rindex("\n```")
    text = text[:end - 40] if cut == "mid-line" else text[:end + 1]
    code, last, err = checked(tmp_path, capsys, text)
    assert (code, last) == (2, "")
    assert err.count("\n") == 1 and err.startswith("director: ") and \
        f"entry #{9 if cut == 'mid-line' else 10}" in err, err
    assert "cut short" in err


HOSTILE = {
    "a 1D0": lambda roll: roll.update(dice=[1, "BEST", 0]),
    "a die of more than 2^256 sides": lambda roll: roll.update(dice=[1, "BEST", 2 ** 257], faces=[2 ** 256]),
    "a face of 100 KB of digits": lambda roll: roll.update(faces=[int("7" * 4000)]),
    "a draw number past any log": lambda roll: roll.update(n=2 ** 62),
    "faces that are no numbers": lambda roll: roll.update(faces=["7"]),
}


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_dice_fail_in_one_line_at_once(hostile, tmp_path, capsys):
    entries = logbook.qotd().entries
    entry = acted(entries)
    HOSTILE[hostile](reading_of(entry)["roll"])
    code, last, err = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and err == "" and f"FAILS: entry #{entry['seq']}, the log says " in last, last


@pytest.mark.parametrize("junk, says", [
    ("| # |\n", "no director-log block: this is not a log exported by /log export"),
    (BLOCK + "\n" + "7" * 100_000 + "\n```\n", "the line after the block's start is not an entry"),
    (BLOCK + '\n{"seq": 1, "data": ' + "[" * 100_000 + "\n```\n", "the line after the block's start is not an entry"),
    (BLOCK + '\n{"seq": ' + "9" * 100_000 + "}\n```\n", "the line after the block's start is not an entry"),
    (BLOCK + "\n```\n" + BLOCK + "\n```\n", "2 director-log blocks: a log has one"),
])
def test_malformed_files_fail_in_one_line(junk, says, tmp_path, capsys):
    code, _, err = checked(tmp_path, capsys, junk)
    assert code == 2 and err.count("\n") == 1 and says in err, err


def test_a_file_over_the_cap_is_refused_unread(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("bot.rules.verify.MAX_FILE_BYTES", 1000)
    code, _, err = checked(tmp_path, capsys, logbook.qotd().export())
    assert code == 2 and err.endswith("over 0 MiB: no exported log is that large\n"), err


def test_a_log_in_parts_checks_as_one_and_a_part_left_out_fails(tmp_path, capsys):
    entries = logbook.qotd().entries
    parts = [tmp_path / "game-log-1.md", tmp_path / "game-log-2.md", tmp_path / "game-log-3.md"]
    for path, chunk in zip(parts, (entries[:4], entries[4:7], entries[7:])):
        path.write_text(export(chunk))
    assert main(["verify", *map(str, parts)]) == 0
    assert "Verdict: every check passes." in capsys.readouterr().out
    assert main(["verify", str(parts[0]), str(parts[2])]) == 1
    assert "FAILS: entry #8, expected entry #5 before it" in capsys.readouterr().out


def test_the_help_names_the_exit_codes(capsys):
    with pytest.raises(SystemExit):
        main(["verify", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "exit codes: 0 everything checked matches; 1 a check fails; 2 a file cannot be read" in words
    assert "3 nothing fails, but something is not yet checkable" in words


def test_the_exported_block_reads_back_as_the_entries():
    book = logbook.norman()
    assert list(read_export(book.export())) == json.loads(json.dumps(book.entries))
    assert copy.deepcopy(book.entries) == book.entries


def undone_deal_dealt_again(same: bool) -> Entries:
    """Phase 1 dealt, undone, and dealt again: the same deck seal, the same draws 0 .. len-2 (``same``), or a
    shuffle of another pack under it."""
    book = logbook.Logbook()
    book.start_game()
    pack = ["AH", "KH", "QH", "JH"]
    _, _, data = book.shuffle("pack", pack)
    deal = book.log("deal", "Phase 1 dealt.", logbook.join(data, book.next_turn(1)))
    book.undo(deal["seq"])
    book.shuffles["pack"] = 0
    _, _, data = book.shuffle("pack", pack if same else ["AS", "KS", "QS", "JS"])
    del data["sealed"]                                          # committed in #2, before the undo
    book.log("deal", "Phase 1 dealt again.", data)
    book.end()
    return book.entries


def test_an_undone_deal_dealt_again_repeats_its_deck_seal_s_draws_and_nothing_else_may():
    assert verify_entries(undone_deal_dealt_again(same=True)).status == "matches"
    verdict = verify_entries(undone_deal_dealt_again(same=False))
    assert "FAILS: entry #4, expected the pack of the deck pack 1 given before (4 cards), log says 4 other cards" \
        in verdict.first_problem(), verdict.lines


def test_draws_taken_again_from_an_entry_not_undone_fail():
    book = logbook.Logbook()
    book.start_game()
    draws: dict = {}
    roll = book.roll("0", 10, draws)
    book.log("roll", "a roll", {"roll": logbook.rolled(roll, "0"), "draws": draws})
    book.log("roll", "the same roll, said to be taken again", {"roll": logbook.rolled(roll, "0", retake=2),
                                                               "retaken": {"entry": 2, "draws": {"0": [0, 1]}}})
    book.end()
    assert "FAILS: entry #3, expected draws taken again from an undone entry that drew them, log says draws 0-0 " \
           "of Turn 0 from #2" in verify_entries(book.entries).first_problem()


def test_an_entry_inserted_fails_naming_it(tmp_path, capsys):
    entries = logbook.qotd().entries
    forged = copy.deepcopy(entries[5])                             # the free roll, rolled once more
    entries.insert(6, forged)
    for seq, entry in enumerate(entries, 1):
        entry["seq"] = seq
    code, last, _ = checked(tmp_path, capsys, export(entries))
    assert code == 1 and "FAILS: entry #7, expected chain " in last, last
    code, last, _ = checked(tmp_path, capsys, export(rechain(entries)))
    assert code == 1 and "FAILS: entry #7, expected draws of Phase 1 from 6 on, log says 4-5 again (drawn by #6)" \
        in last, last


def test_a_log_exported_as_a_zip_is_read_as_it_came(tmp_path, capsys):
    path = tmp_path / "game-log.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("game-log.md", logbook.norman().export())
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out.endswith("Verdict: every check passes.\n")


ODD = [None, -1, 2 ** 31, 2 ** 70, "x", [], {}, True, [1, 2, 3], {"a": 1}, 1.5]
"""Values of the wrong kind or size, put in place of each value of a log in turn."""


def places(value: Any, path: tuple = ()) -> list[tuple]:
    """The path to every value inside ``value`` (keys and indexes)."""
    found = [path]
    if isinstance(value, dict):
        found += [p for key, inner in value.items() for p in places(inner, path + (key,))]
    elif isinstance(value, list):
        found += [p for index, inner in enumerate(value) for p in places(inner, path + (index,))]
    return found


def replaced(honest: Entries, number: int, path: tuple, odd: Any) -> Entries | None:
    """A copy of the entries with the value at ``path`` of entry ``number`` (from 0) replaced by ``odd`` (None when
    it is ``odd`` already)."""
    entries = copy.deepcopy(honest)
    inner = entries[number]
    for step in path[:-1]:
        inner = inner[step]
    if inner[path[-1]] == odd:
        return None
    inner[path[-1]] = odd
    return entries


@pytest.mark.parametrize("ruleset", ["qotd", "norman"])
def test_any_value_of_a_log_replaced_by_one_of_the_wrong_kind_fails_and_never_breaks_the_verifier(ruleset):
    honest = logbook.HONEST[ruleset]().entries
    for number, entry in enumerate(honest):
        for path in places(entry)[1:]:
            for odd in ODD:
                entries = replaced(honest, number, path, odd)
                if entries is None:
                    continue
                verdict = verify_entries(entries)
                assert verdict.status == "fails" or path[-1] == "undone", (path, odd, verdict.lines)
                assert verdict.first_problem()


def test_a_game_stored_before_the_log_was_chained_goes_on_chained_and_its_old_undo_is_not_held_against_it():
    old = [{"seq": 1, "at": "2026-11-20T10:00:00Z", "actor": 1, "kind": "start", "text": "Game started.",
            "undone": False, "data": {}},
           {"seq": 2, "at": "2026-11-20T10:00:01Z", "actor": 1, "kind": "roll", "text": "a roll", "undone": True,
            "data": {"roll": {"dice": [1, "BEST", 10], "faces": [3], "n": 0}}},
           {"seq": 3, "at": "2026-11-20T10:00:02Z", "actor": 1, "kind": "undo", "text": "Undid #2.",
            "undone": False, "data": {"undone": [2]}}]
    book = logbook.Logbook()
    book.entries = copy.deepcopy(old)
    book.start_game("The game, loaded again, is sealed.")
    draws: dict = {}
    roll = book.roll("0", 10, draws)
    book.log("roll", "a roll", {"roll": logbook.rolled(roll, "0"), "draws": draws})
    book.end()
    verdict = verify_entries(book.entries)
    assert verdict.status == "unchecked", verdict.lines
    assert verdict.lines[0] == ("The log: not yet checkable: entries #1 to #3 were written before entries were "
                                "chained, and nothing in them is checked.")
    assert "Turn 0 (sealed in #4, commitment " in verdict.lines[2] and "matches" in verdict.lines[2], verdict.lines


def test_cards_turned_after_a_deal_was_undone_are_read_from_the_pack_still_dealt():
    book = logbook.Logbook()
    book.start_game()
    pack = ["AH", "KH", "QH", "JH", "AS", "KS"]
    _, order, data = book.shuffle("pack", pack)
    book.log("deal", "Phase 1 dealt.", logbook.join(data, book.next_turn(1)))
    book.log("draw", "Turned a card.", {"turned": [order[0]]})
    _, later, data = book.shuffle("pack", pack)
    deal = book.log("deal", "Phase 2 dealt.", logbook.join(data, book.next_turn(2)))
    book.log("draw", "Turned a card.", {"turned": [later[0]]})
    book.undo(deal["seq"], deal["seq"] + 1)
    book.log("draw", "Turned a card.", {"turned": [order[1]]})
    book.end()
    verdict = verify_entries(book.entries)
    assert verdict.status == "matches", verdict.lines
    assert any(line.startswith("The deck pack 1 (") and "2 turned in that order" in line for line in verdict.lines)


def test_a_deal_undone_and_dealt_again_is_named_as_taken_again():
    verdict = verify_entries(undone_deal_dealt_again(same=True))
    assert "  - The deck pack 1: draws 0-2 in #2, undone by #3; taken again in #4" in verdict.lines, verdict.lines


@pytest.mark.parametrize("given", ["with its reveal", "nowhere"])
def test_a_deck_s_pack_may_be_given_with_its_reveal_alone_but_must_be_given(given):
    book = logbook.Logbook()
    book.start_game()
    name, order, data = book.shuffle("town", ["Doc", "Gold", "Kid"])
    del data["sealed"][0]["cards"], data["shuffled"][0]["cards"]       # the stock's make-up kept hidden too
    data["dealt"] = [{"seal": name, "from": 0, "count": 2, "to": "Saloon"}]
    book.log("town", "The town: 2 cards face down.", data)
    book.log("play", "The Saloon's card is shown.", {"shown": [{"seal": name, "card": order[0], "by": "Saloon"}]})
    book.end()
    end = book.entries.pop()
    revealed = end["data"]["revealed"]
    if given == "with its reveal":
        next(r for r in revealed if r["name"] == name)["cards"] = ["Doc", "Gold", "Kid"]
    book.chain = book.entries[-1]["data"]["chain"]
    book.log("end", "The game ended.", {"revealed": revealed})
    verdict = verify_entries(book.entries)
    if given == "nowhere":
        assert "FAILS: entry #2, expected the pack of the deck town 1 with its commitment, its shuffle or its " \
               "reveal, log gives none" in verdict.first_problem(), verdict.lines
    else:
        assert verdict.status == "matches", verdict.lines
        assert any("3 cards shuffled in their order, 2 dealt face down and 1 shown" in line for line in verdict.lines)
