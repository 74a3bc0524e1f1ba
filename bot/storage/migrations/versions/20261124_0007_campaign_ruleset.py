"""A campaign plays one ruleset, as each of its adventures does.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-24

The column is added in place; the campaigns already stored play Quick on the Draw.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("campaigns", sa.Column("ruleset", sa.String(32), nullable=False, server_default="qotd"))


def downgrade() -> None:
    op.drop_column("campaigns", "ruleset")
