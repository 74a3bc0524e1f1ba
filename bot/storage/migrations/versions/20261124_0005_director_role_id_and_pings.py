"""The server's Director role kept by its id; whom each game may ping.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

``servers.director_role_id`` is the role that directs a server's games. A server's role stored by name
(``director_role``) keeps its name until the bot next serves that server, which looks the name up once
among the server's roles and keeps the id (see ``Director.server_settings``).

``games.pings`` maps a member's id to whether the game may ping them: ``on`` once they joined it
themselves, ``muted``, ``invited`` (cast by a Director and asked once), ``left``. A game under way keeps
pinging whoever its log shows starting or joining it, and not leaving it since.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.add_column("servers", sa.Column("director_role_id", sa.BigInteger(), nullable=True))
    op.add_column("games", sa.Column("pings", JSON, nullable=False, server_default=sa.text("'{}'")))
    connection = op.get_bind()
    games = sa.table("games", sa.column("id", sa.BigInteger()), sa.column("status", sa.String()),
                     sa.column("pings", JSON))
    log = sa.table("log", sa.column("game_id", sa.BigInteger()), sa.column("seq", sa.Integer()),
                   sa.column("kind", sa.String()), sa.column("actor_id", sa.BigInteger()))
    consent: dict[int, dict[str, str]] = {}
    for game_id, kind, actor in connection.execute(
            sa.select(log.c.game_id, log.c.kind, log.c.actor_id)
            .where(log.c.kind.in_(("start", "join", "leave")),
                   log.c.game_id.in_(sa.select(games.c.id).where(games.c.status == "active")))
            .order_by(log.c.game_id, log.c.seq)):
        pings = consent.setdefault(game_id, {})
        pings[str(actor)] = "left" if kind == "leave" else "on"
    for game_id, pings in consent.items():
        connection.execute(games.update().where(games.c.id == game_id).values(pings=pings))


def downgrade() -> None:
    op.drop_column("games", "pings")
    op.drop_column("servers", "director_role_id")
