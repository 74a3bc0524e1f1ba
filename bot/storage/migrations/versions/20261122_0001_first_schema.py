"""First schema: servers, games and their mirrors, log, snapshots, timers, campaigns and roster.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSON = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)


def partial(condition: str) -> dict:
    return {"sqlite_where": sa.text(condition), "postgresql_where": sa.text(condition)}


def upgrade() -> None:
    op.create_table(
        "servers",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("director_role", sa.String(100), nullable=False),
        sa.Column("reminder_hours", sa.Float(), nullable=False),
        sa.Column("status_pinned", sa.Boolean(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("guild_id", name=op.f("pk_servers")),
    )
    op.create_table(
        "campaigns",
        sa.Column("id", ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.CheckConstraint("status IN ('active', 'ended')", name=op.f("ck_campaigns_status")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
    )
    op.create_index("uq_campaigns_active_name", "campaigns", ["guild_id", "name"], unique=True,
                    **partial("status = 'active'"))
    op.create_table(
        "roster",
        sa.Column("id", ID, nullable=False),
        sa.Column("campaign_id", ID, nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("data", JSON, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("adventures", sa.Integer(), nullable=False),
        sa.Column("notes", JSON, nullable=False),
        sa.CheckConstraint("status IN ('ready', 'resting', 'dead')", name=op.f("ck_roster_status")),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"], name=op.f("fk_roster_campaign_id_campaigns"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_roster")),
    )
    op.create_index(op.f("ix_roster_campaign_id"), "roster", ["campaign_id"])
    op.create_table(
        "games",
        sa.Column("id", ID, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("director_id", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("mirror_hash", sa.String(32), nullable=True),
        sa.Column("campaign_id", ID, nullable=True),
        sa.Column("deadline_hours", sa.Float(), nullable=True),
        sa.Column("deadline_action", sa.String(32), nullable=False),
        sa.Column("status_message_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.Column("ended_at", TIMESTAMP, nullable=True),
        sa.CheckConstraint("status IN ('active', 'ended')", name=op.f("ck_games_status")),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"], name=op.f("fk_games_campaign_id_campaigns"),
                                ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_index("uq_games_active_channel", "games", ["guild_id", "channel_id"], unique=True,
                    **partial("status = 'active'"))
    op.create_table(
        "players",
        sa.Column("game_id", ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("suits", sa.String(100), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_players_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "user_id", name=op.f("pk_players")),
    )
    op.create_table(
        "characters",
        sa.Column("game_id", ID, nullable=False),
        sa.Column("key", sa.String(100), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("owner_id", sa.BigInteger(), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_characters_game_id_games"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "key", name=op.f("pk_characters")),
    )
    op.create_table(
        "log",
        sa.Column("id", ID, nullable=False),
        sa.Column("game_id", ID, nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("at", TIMESTAMP, nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("data", JSON, nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_log_game_id_games"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_log")),
        sa.UniqueConstraint("game_id", "seq", name=op.f("uq_log_game_id_seq")),
    )
    op.create_table(
        "snapshots",
        sa.Column("game_id", sa.BigInteger(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["game_id", "seq"], ["log.game_id", "log.seq"],
                                name=op.f("fk_snapshots_game_id_seq_log"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_snapshots")),
    )
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
    op.create_index("ix_timers_pending_due_at", "timers", ["due_at"], **partial("done_at IS NULL"))


def downgrade() -> None:
    for table in ("timers", "snapshots", "log", "characters", "players", "games", "roster", "campaigns", "servers"):
        op.drop_table(table)
