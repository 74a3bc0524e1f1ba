"""The game row carries its last log number; undo snapshots move into the log rows.

A command then numbers its log entry without asking the database, and writes its
entry and snapshot in one statement.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("last_seq", sa.Integer(), server_default="0", nullable=False))
    op.execute("UPDATE games SET last_seq = COALESCE((SELECT MAX(seq) FROM log WHERE log.game_id = games.id), 0)")
    op.add_column("log", sa.Column("snapshot", sa.LargeBinary(), nullable=True))
    op.execute("UPDATE log SET snapshot = (SELECT state FROM snapshots "
               "WHERE snapshots.game_id = log.game_id AND snapshots.seq = log.seq)")
    op.drop_table("snapshots")


def downgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seq"], ["log.game_id", "log.seq"],
                                name=op.f("fk_snapshots_game_id_seq_log"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_snapshots")),
    )
    op.execute("INSERT INTO snapshots (game_id, seq, state) SELECT game_id, seq, snapshot FROM log "
               "WHERE snapshot IS NOT NULL")
    with op.batch_alter_table("log") as log:
        log.drop_column("snapshot")
    with op.batch_alter_table("games") as games:
        games.drop_column("last_seq")
