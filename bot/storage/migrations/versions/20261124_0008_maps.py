"""Battlefield maps a server keeps to reuse, by name.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "maps",
        sa.Column("id", ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("data", JSON, nullable=False),
        sa.Column("author_id", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_maps")),
        sa.UniqueConstraint("guild_id", "name", name=op.f("uq_maps_guild_id_name")),
    )


def downgrade() -> None:
    op.drop_table("maps")
