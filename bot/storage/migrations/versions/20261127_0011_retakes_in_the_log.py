"""What an entry drew, to take again should it be undone, moves from the game's state into the entry.

A game's seals kept ``acted``, every live entry of the turn that drew, with what it was asked and its draws: a
list that grew with each roll of the turn and was read, written and stored in a snapshot by every command, yet
read only by an undo. Each entry now keeps its own (``log.retake``, with the turn it was drawn in); an undo reads
those of the entries it takes back. Each game's ``acted`` moves into its entries, and out of its state. Going back
puts the live entries of each game's turn back into its seals. The column is added and dropped in place: no table
is rebuilt.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

Json = sa.JSON().with_variant(JSONB(), "postgresql")
NullableJson = sa.JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")
games = sa.table("games", sa.column("id", sa.Integer), sa.column("state", Json))
log = sa.table("log", sa.column("game_id", sa.Integer), sa.column("seq", sa.Integer),
               sa.column("undone", sa.Boolean), sa.column("retake", NullableJson))


def games_with(condition: Any) -> list[Any]:
    """Each game whose state's seals meet ``condition`` (read in Python: JSON is queried alike on neither)."""
    rows = op.get_bind().execute(sa.select(games.c.id, games.c.state).order_by(games.c.id)).all()
    return [row for row in rows if isinstance((row.state or {}).get("seal"), dict) and condition(row.state["seal"])]


def upgrade() -> None:
    op.add_column("log", sa.Column("retake", NullableJson, nullable=True))
    connection = op.get_bind()
    for game in games_with(lambda seal: "acted" in seal):
        seal = dict(game.state["seal"])
        acted = seal.pop("acted")
        turn = {"turn": seal["phase"]} if seal.get("phase") else {}
        for retake in acted:
            connection.execute(sa.update(log).where(log.c.game_id == game.id, log.c.seq == retake["seq"])
                               .values(retake={**retake, **turn}))
        connection.execute(sa.update(games).where(games.c.id == game.id).values(state={**game.state, "seal": seal}))


def downgrade() -> None:
    connection = op.get_bind()
    for game in games_with(lambda seal: True):
        turn = game.state["seal"].get("phase", 0)
        kept = connection.execute(sa.select(log.c.retake).where(log.c.game_id == game.id, log.c.retake.is_not(None),
                                                                 log.c.undone == sa.false()).order_by(log.c.seq))
        acted = [{key: value for key, value in retake.items() if key != "turn"} for (retake,) in kept
                 if retake.get("turn", 0) == turn]
        if acted:
            connection.execute(sa.update(games).where(games.c.id == game.id)
                               .values(state={**game.state, "seal": {**game.state["seal"], "acted": acted}}))
    op.drop_column("log", "retake")
