"""Reading what the database holds, with plain SQL, and game states in the rules engine's JSON shape."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import text

from bot.storage import Database

GUILD, CHANNEL, DIRECTOR = 1_000_000_000_000_000_001, 2_000_000_000_000_000_002, 3_000_000_000_000_000_003
PETE, POLLY = 4_000_000_000_000_000_004, 5_000_000_000_000_000_005


async def rows(database: Database, sql: str, **params: Any) -> list[tuple]:
    """The rows a SQL query returns, on a connection of its own."""
    async with database.engine.connect() as connection:
        return [tuple(row) for row in await connection.execute(text(sql), params)]


async def one(database: Database, sql: str, **params: Any) -> Any:
    """The single value a SQL query returns."""
    [(value,)] = await rows(database, sql, **params)
    return value


def json_value(value: Any) -> Any:
    """A JSON column's value as read with plain SQL (text on SQLite, decoded or text on PostgreSQL)."""
    return json.loads(value) if isinstance(value, str) else value


def state(*cast: tuple[str, str, int], phase: int = 0) -> dict[str, Any]:
    """A game state: a seat for each owner (hearts, spades, ...) and a hero for each (key, name, owner)."""
    owners = list(dict.fromkeys(owner for _, _, owner in cast))
    suits = ["hearts", "spades", "clubs", "diamonds"]
    return {
        "seats": {str(owner): {"suits": [[suits[i % 4], i // 4 + 1]]} for i, owner in enumerate(owners)},
        "characters": {key: {"key": key, "name": name, "owner": owner, "type": "HERO", "personality": "brave"}
                       for key, name, owner in cast},
        "deck": {"phase": phase},
    }


DOC = ("doc", "Doc Holliday", PETE)
KATE = ("kate", "Kate Elder", POLLY)


async def start(database: Database, *cast: tuple[str, str, int], channel: int = CHANNEL) -> int:
    """Start a game with ``cast`` in ``channel``; returns the game's id."""
    async with database.unit(GUILD, channel) as uow:
        await uow.start_game(DIRECTOR, state(*cast), "qotd")
    return uow.game.id


def without_chain(data: dict) -> dict:
    """An entry's data without the log's running digest (see bot.rules.core.fair.chain)."""
    return {key: value for key, value in data.items() if key != "chain"}
