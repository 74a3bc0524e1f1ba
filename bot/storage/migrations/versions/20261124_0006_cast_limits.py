"""A server's limits on a game's cast: in all, and for each player.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24

Columns are added in place, with server defaults for the servers already stored.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("servers", sa.Column("cast_limit", sa.Integer(), nullable=False, server_default=sa.text("60")))
    op.add_column("servers", sa.Column("player_cast_limit", sa.Integer(), nullable=False,
                                       server_default=sa.text("20")))


def downgrade() -> None:
    for column in ("player_cast_limit", "cast_limit"):
        op.drop_column("servers", column)
