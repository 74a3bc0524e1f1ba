"""Each game carries its next alarm (a reminder or a deadline) and its own reminder interval; timers go.

A command sets the alarm in the same UPDATE that stores the game, so reminders and
deadlines cost it no statement; the background task finds due games through the
partial index on ``alarm_at``. The ``timers`` table, which cost each command an
insert and a delete, is dropped (it was never used). Columns are added and dropped in place: no
table is rebuilt, so SQLite's foreign keys to the games are never touched.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)
ALARMS = "alarm_at IS NOT NULL"
PENDING = "done_at IS NULL"


def upgrade() -> None:
    for column in (sa.Column("reminder_hours", sa.Float(), nullable=True),
                   sa.Column("waiting_since", TIMESTAMP, nullable=True),
                   sa.Column("alarm_at", TIMESTAMP, nullable=True),
                   sa.Column("alarm_kind", sa.String(16), nullable=True)):
        op.add_column("games", column)
    op.create_index("ix_games_alarm_at", "games", ["alarm_at"], sqlite_where=sa.text(ALARMS),
                    postgresql_where=sa.text(ALARMS))
    op.drop_index("ix_timers_pending_due_at", table_name="timers")
    op.drop_index(op.f("ix_timers_game_id"), table_name="timers")
    op.drop_table("timers")


def downgrade() -> None:
    op.create_table(
        "timers",
        sa.Column("id", ID, nullable=False),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("due_at", TIMESTAMP, nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column("done_at", TIMESTAMP, nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_timers_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_timers")),
    )
    op.create_index(op.f("ix_timers_game_id"), "timers", ["game_id"])
    op.create_index("ix_timers_pending_due_at", "timers", ["due_at"], sqlite_where=sa.text(PENDING),
                    postgresql_where=sa.text(PENDING))
    op.drop_index("ix_games_alarm_at", table_name="games")
    for column in ("alarm_kind", "alarm_at", "waiting_since", "reminder_hours"):
        op.drop_column("games", column)
