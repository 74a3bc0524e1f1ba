"""The players and characters tables mirror the state's seats and cast, rewritten only when those change."""

from __future__ import annotations

import random

from bot.rules.qotd.casting import CharacterType
from bot.rules.qotd.state import Character, QotdState

from .helpers import CHANNEL, DIRECTOR, DOC, GUILD, KATE, PETE, POLLY, one, rows, start, state


async def mirror(database) -> tuple[list[tuple], list[tuple]]:
    players = await rows(database, "SELECT user_id FROM players ORDER BY user_id")
    characters = await rows(database, "SELECT key, name, owner_id, type FROM characters ORDER BY key")
    return players, characters


async def test_seats_and_characters_are_mirrored_when_the_game_starts_and_changes(database):
    await start(database, DOC)
    assert await mirror(database) == ([(PETE,)], [("doc", "Doc Holliday", PETE, "HERO")])
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(DOC, KATE))
    assert await mirror(database) == ([(PETE,), (POLLY,)],
                                      [("doc", "Doc Holliday", PETE, "HERO"), ("kate", "Kate Elder", POLLY, "HERO")])
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(KATE))
    assert await mirror(database) == ([(POLLY,)], [("kate", "Kate Elder", POLLY, "HERO")])


async def test_the_mirror_is_not_rewritten_when_seats_and_cast_are_unchanged(database):
    await start(database, DOC, KATE)
    mirror_hash = await one(database, "SELECT mirror_hash FROM games")
    async with database.engine.begin() as connection:  # a mark: rows a rewrite would bring back
        await connection.exec_driver_sql("DELETE FROM characters")
    reordered = state(DOC, KATE, phase=4)
    for section in ("seats", "characters"):
        reordered[section] = dict(reversed(reordered[section].items()))
    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(reordered)
    assert await one(database, "SELECT count(*) FROM characters") == 0
    assert await one(database, "SELECT mirror_hash FROM games") == mirror_hash

    async with database.unit(GUILD, CHANNEL) as uow:
        uow.save(state(("doc", "Doc", PETE), KATE, phase=4))
    assert (await mirror(database))[1] == [("doc", "Doc", PETE, "HERO"), ("kate", "Kate Elder", POLLY, "HERO")]
    assert await one(database, "SELECT mirror_hash FROM games") != mirror_hash


async def test_the_mirror_reads_the_rules_engines_own_json(database):
    game = QotdState()
    game.seat(PETE)
    for n in range(5):
        game.seat(DIRECTOR + n)
    game.add(Character("wyatt", "Wyatt Earp", PETE, CharacterType.MAIN, "brave"), random.Random(1))
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.start_game(DIRECTOR, game.to_json(), "qotd")
    players, characters = await mirror(database)
    assert players == sorted((user,) for user in game.seats)
    assert characters == [("wyatt", "Wyatt Earp", PETE, "MAIN")]


async def test_character_names_come_from_the_channels_active_game(database):
    await start(database, KATE, DOC)
    await start(database, ("ike", "Ike Clanton", PETE), channel=CHANNEL + 1)
    assert await database.character_names(GUILD, CHANNEL) == [("doc", "Doc Holliday", PETE),
                                                              ("kate", "Kate Elder", POLLY)]
    async with database.unit(GUILD, CHANNEL) as uow:
        await uow.end_game()
    assert await database.character_names(GUILD, CHANNEL) == []
    assert await database.character_names(GUILD + 1, CHANNEL + 1) == []
