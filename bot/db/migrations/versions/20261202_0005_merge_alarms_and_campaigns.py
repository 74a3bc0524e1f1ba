"""Joins the two lines of migrations written side by side: alarms (0003) and campaigns (0004).

Neither touches what the other changes, so either may be applied first; this revision changes nothing.

Revision ID: 0005
Revises: 0003, 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

revision = "0005"
down_revision = ("0003", "0004")
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
