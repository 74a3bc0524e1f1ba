"""Reading a game's seals back out of its log as stored, the way anyone holding the log checks them: each entry
chained to the one before, each seed revealed against the commitment published before it, each die and card
against the seed."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.storage import LogRow
from bot.rules.core import fair
from bot.rules.core.dice import Roll
from bot.rules.core.fair import Seal


async def log_of(scene) -> list[LogRow]:
    """Every entry of the channel's game (its last, once ended), oldest first."""
    db = scene.db()
    row = await db.load_game(scene.guild.id, scene.channel.id) or await db.last_ended_game(scene.guild.id,
                                                                                          scene.channel.id)
    return await db.game_log(row.id)


async def seals_of(scene) -> Seal:
    """The game's seals as stored (its seeds still secret in the channel)."""
    row = await scene.db().load_game(scene.guild.id, scene.channel.id)
    from bot.rules.core import serial
    return serial.from_json(Seal, row.state["seal"])


@dataclass
class Read:
    """What a log says of seals: each commitment with the entry that published it, each seed revealed."""

    committed: dict[str, tuple[int, str]] = field(default_factory=dict)
    seeds: dict[str, tuple[int, str]] = field(default_factory=dict)
    rolls: list[tuple[int, Roll]] = field(default_factory=list)


def rolls_in(data: dict) -> list[Roll]:
    """Every roll an entry's data logs: an action's readings (first rolls too), a free roll, a step's rolls."""
    found = []
    for reading in data.get("resolution", {}).get("readings", ()):
        found += [Roll.from_json(reading[key]) for key in ("first", "roll") if reading.get(key)]
    if "roll" in data:
        found.append(Roll.from_json(data["roll"]))
    return found + [Roll.from_json(r) for r in data.get("rolls", ())]


def read(entries: list[LogRow], committed: dict[str, tuple[int, str]] | None = None) -> Read:
    """The log read as anyone reads it, checking as it goes: the chain, each seed against its commitment (published
    in an earlier entry, with the digest before it, or among those ``committed`` before the entries read), and each
    die of a revealed seal against its seed."""
    found, head = Read(committed=dict(committed or {})), None
    for entry in entries:
        assert entry.data["chain"] == fair.chain(head, entry.seq, entry.at, entry.actor_id, entry.kind, entry.text,
                                                 entry.data), f"#{entry.seq} breaks the chain"
        for sealed in entry.data.get("sealed", ()):
            assert sealed["chain"] == (head or "0" * 64)
            found.committed.setdefault(sealed["name"], (entry.seq, sealed["commitment"]))
        for shown in entry.data.get("revealed", ()):
            seq, promised = found.committed[shown["name"]]
            assert seq < entry.seq and fair.commitment(shown["channel"], shown["name"], shown["seed"]) == promised
            found.seeds[shown["name"]] = (entry.seq, shown["seed"])
        found.rolls += [(entry.seq, roll) for roll in rolls_in(entry.data)]
        head = entry.data["chain"]
    for seq, roll in found.rolls:
        if roll.seal in found.seeds:
            seed = found.seeds[roll.seal][1]
            assert roll.faces == tuple(fair.face(seed, roll.number + i, roll.dice.sides)
                                       for i in range(len(roll.faces))), f"#{seq}: {roll}"
    return found


def secrets_kept(entries: list[LogRow], seals: Seal, hidden: dict[tuple[str, str], list[str]]) -> set[str]:
    """Check, from every seed the log has revealed, that no card still hidden follows; returns the names of the
    seeds revealed.

    ``hidden`` holds what is hidden now, by (pile, holder): a player's hand (``to`` as the log's "dealt" names it),
    a building, the cards to come (``"to come"``). For each hidden shuffle the log holds, the order it truly dealt
    is its deck seal's (the test reads the root); if that seal is revealed, no card it was the last to give out face
    down is still hidden where it went, nor is any card of it still to come; any other seed revealed deals it
    otherwise (a pile of five cards or more: a smaller one may match by chance, and tells nothing)."""
    revealed = {shown["name"]: shown["seed"] for e in entries for shown in e.data.get("revealed", ())}
    live = [e for e in entries if not e.undone]
    listed = {shown["name"]: shown["cards"] for e in entries for shown in e.data.get("revealed", ()) if "cards" in shown}
    shuffles = [s if "cards" in s else {**s, "cards": listed.get(s["seal"]) or seals.unlisted[s["seal"]]}
                for e in live for s in e.data.get("shuffled", ())]     # a secret make-up: named when revealed
    orders = {s["seal"]: fair.dealt(seals.seed_of(s["seal"]), s["cards"]) for s in shuffles}
    last_given: dict[tuple[str, str], tuple[str, str]] = {}          # (pile, card): the seal and holder it went to
    for group in (d for e in live for d in e.data.get("dealt", ())):
        pile = group["seal"].split(" ")[1]
        for card in orders[group["seal"]][group["from"]:group["from"] + group["count"]]:
            last_given[pile, card] = group["seal"], group["to"]
    given = {(d["seal"], card, d["to"]) for e in live for d in e.data.get("dealt", ())
             for card in orders[d["seal"]][d["from"]:d["from"] + d["count"]]}
    for shown in (s for e in live for s in e.data.get("shown", ())):
        assert (shown["seal"], shown["card"], shown["by"]) in given, f"{shown} was never dealt so"
    for (pile, card), (name, holder) in last_given.items():
        assert name not in revealed or card not in hidden.get((pile, holder), ()), \
            f"{name} is revealed, but {card}, which it gave {holder}, is still hidden there"
    for shuffle in shuffles:
        name, pile, order = shuffle["seal"], shuffle["pile"], orders[shuffle["seal"]]
        if name in revealed:
            assert revealed[name] == seals.seed_of(name)
            latest = [s for s in shuffles if s["pile"] == pile][-1] is shuffle
            assert not (latest and set(hidden.get((pile, "to come"), ()))), f"{name} revealed with cards to come"
        if len(order) >= 5:
            for other, seed in revealed.items():
                assert other == name or fair.dealt(seed, shuffle["cards"]) != order, f"{other} deals {name}'s order"
    return set(revealed)
