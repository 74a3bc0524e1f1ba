"""The log read whole, undo snapshots read back, and entries marked undone; on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from bot.storage.repository import with_chain, written_quickly

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, rows, start, state, without_chain


async def three_changes(database) -> None:
    """Entries 1 to 4: a change, a free roll (no snapshot), and two more changes."""
    await start(database)
    steps = ((state(DOC), True), (state(DOC), False), (state(DOC, KATE), True), (state(DOC, KATE, phase=1), True))
    for n, (after, changes) in enumerate(steps):
        async with database.unit(GUILD, CHANNEL) as uow:
            before = uow.game.state
            if changes:
                uow.save(after)
            await uow.log(PETE, "step", f"step {n + 1}", {"n": n + 1}, before=before if changes else None)


async def test_full_log_snapshots_and_the_last_undoable_entry(database):
    await three_changes(database)
    async with database.unit(GUILD, CHANNEL) as uow:
        assert [(e.seq, e.text, without_chain(e.data), e.undone) for e in await uow.full_log()] == [
            (n, f"step {n}", {"n": n}, False) for n in range(1, 5)]
        assert await uow.snapshot_before(1) == state()
        assert await uow.snapshot_before(2) is None
        assert await uow.snapshot_before(4) == state(DOC, KATE)
        assert await uow.last_undoable() == 4


async def test_mark_undone_skips_entries_without_snapshots_and_undo_goes_on_backwards(database):
    await three_changes(database)
    async with database.unit(GUILD, CHANNEL) as uow:
        assert [e.seq for e in await uow.mark_undone(3)] == [3, 4]
        uow.save(await uow.snapshot_before(3))
        await uow.log(DIRECTOR, "undo", "Undid #3 to #4.")
    assert await rows(database, "SELECT seq FROM log WHERE undone ORDER BY seq") == [(3,), (4,)]

    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state(DOC)
        assert await uow.last_undoable() == 1                  # the free roll and the undo are skipped
        assert [e.seq for e in await uow.mark_undone(1)] == [1]
        assert await uow.mark_undone(3) == []
        uow.save(await uow.snapshot_before(1))
    async with database.unit(GUILD, CHANNEL) as uow:
        assert uow.game.state == state() and await uow.last_undoable() is None
        assert [e.seq for e in await uow.full_log() if not e.undone] == [2, 5]


async def test_marks_are_not_stored_when_the_unit_fails(database):
    await three_changes(database)
    with pytest.raises(RuntimeError):
        async with database.unit(GUILD, CHANNEL) as uow:
            await uow.mark_undone(1)
            raise RuntimeError("refused")
    assert await rows(database, "SELECT count(*) FROM log WHERE undone") == [(0,)]


@pytest.mark.parametrize("data", [{}, {"roll": {"n": 3, "faces": (8, 5)}, 1: "one", "é": [1.5, None, True]}])
def test_an_entrys_data_is_stored_as_json_writes_it_read_back_with_its_chain(data):
    """The unit writes an entry's data out once and adds its chain to the text: the same text as writing out the data
    read back with the chain, so the log's chain hashes what is stored."""
    digest = "ab" * 32
    read_back = {**json.loads(written_quickly(data)), "chain": digest}
    assert with_chain(written_quickly(data), digest) == written_quickly(read_back)
