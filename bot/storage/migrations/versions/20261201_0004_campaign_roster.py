"""Campaigns: who directs each campaign; a roster character's card less, reduced dice and traits to pick.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

Columns are added in place (no table is rebuilt, so SQLite's foreign keys from the roster
and games to campaigns are never touched), with server defaults for rows already there.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

ZERO = sa.text("0")


def upgrade() -> None:
    op.add_column("campaigns", sa.Column("director_id", sa.BigInteger(), nullable=False, server_default=ZERO))
    op.add_column("roster", sa.Column("cards_less", sa.Integer(), nullable=False, server_default=ZERO))
    op.add_column("roster", sa.Column("reduced", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("roster", sa.Column("traits_due", sa.Integer(), nullable=False, server_default=ZERO))


def downgrade() -> None:
    for column in ("traits_due", "reduced", "cards_less"):
        op.drop_column("roster", column)
    op.drop_column("campaigns", "director_id")
