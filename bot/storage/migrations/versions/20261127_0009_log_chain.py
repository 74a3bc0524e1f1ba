"""The head of each game's log chain: the running digest of its newest entry (see bot.rules.core.fair.chain).

A game stored before has none: its next entry is the first chained one. Added and dropped in place, as 0003's
columns are: the games table is never rebuilt, so no log entry goes with it.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("chain", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("games", "chain")          # in place (SQLite 3.35+): no table is rebuilt, no log row goes with it
