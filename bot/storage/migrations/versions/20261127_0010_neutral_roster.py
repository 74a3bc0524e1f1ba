"""A schema that knows no ruleset: a roster entry is its campaign, owner, name, status and ``data``, the JSON its
ruleset keeps of it; a seat's mirror row is its game and player; nothing defaults to Quick on the Draw.

Quick on the Draw's roster columns (``cards_less``, ``reduced``, ``traits_due``, ``adventures``, ``notes``) fold
into its entries' data, which held the character alone and now holds them beside it (``{"character": ...,
"traits_due": 1, ...}``, each left out at its default as the rules engine writes them; see
bot/rules/qotd/campaign.py). The other rulesets never set those columns: their data is kept as it is. Going back
unfolds them. Columns are dropped and added in place, no table is rebuilt (SQLite's foreign keys from the roster
and the games to the campaigns stay untouched); so a SQLite file keeps the campaigns' column default its schema
was made with, which the bot never relies on (it names the ruleset of every campaign it starts).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

QOTD = "qotd"
"""The only ruleset whose entries used the folded columns (Quick on the Draw's Post Action Rest and Recovery)."""
Json = sa.JSON().with_variant(JSONB(), "postgresql")
FOLDED = {"cards_less": (sa.Integer(), 0, "0"), "reduced": (sa.Boolean(), False, sa.false()),
          "traits_due": (sa.Integer(), 0, "0"), "adventures": (sa.Integer(), 0, "0"), "notes": (Json, [], "'[]'")}
"""The folded columns: each one's type, its default (left out of the data, as the rules engine leaves defaults out)
and the server default it is added back with."""
roster = sa.table("roster", sa.column("id", sa.Integer), sa.column("campaign_id", sa.Integer),
                  sa.column("data", Json), *(sa.column(name, kind) for name, (kind, _, _) in FOLDED.items()))
campaigns = sa.table("campaigns", sa.column("id", sa.Integer), sa.column("ruleset", sa.String))


def qotd_entries(*columns: sa.ColumnElement[Any]) -> sa.Select:
    """The roster entries of Quick on the Draw's campaigns."""
    return (sa.select(roster.c.id, *columns).join(campaigns, campaigns.c.id == roster.c.campaign_id)
            .where(campaigns.c.ruleset == QOTD).order_by(roster.c.id))


def folded(row: Any) -> dict[str, Any]:
    """An entry's data with the folded columns beside its character."""
    kept = {name: getattr(row, name) for name, (_, default, _) in FOLDED.items() if getattr(row, name) != default}
    return {"character": row.data, **kept}


def upgrade() -> None:
    connection = op.get_bind()
    entries = connection.execute(qotd_entries(roster.c.data, *(roster.c[name] for name in FOLDED))).all()
    if entries:
        connection.execute(sa.update(roster).where(roster.c.id == sa.bindparam("entry"))
                           .values(data=sa.bindparam("folded", type_=Json)),
                           [{"entry": row.id, "folded": folded(row)} for row in entries])
    for name in FOLDED:
        op.drop_column("roster", name)
    op.drop_column("players", "suits")
    if connection.dialect.name == "postgresql":
        op.alter_column("campaigns", "ruleset", server_default=None)


def downgrade() -> None:
    connection = op.get_bind()
    if connection.dialect.name == "postgresql":
        op.alter_column("campaigns", "ruleset", server_default=QOTD)
    op.add_column("players", sa.Column("suits", sa.String(100), nullable=False, server_default=""))
    op.execute("UPDATE games SET mirror_hash = NULL")           # the players' mirror is written again on a change
    for name, (kind, _, server_default) in FOLDED.items():
        server_default = sa.text(server_default) if isinstance(server_default, str) else server_default
        op.add_column("roster", sa.Column(name, kind, nullable=False, server_default=server_default))
    entries = connection.execute(qotd_entries(roster.c.data)).all()
    if entries:
        connection.execute(sa.update(roster).where(roster.c.id == sa.bindparam("entry"))
                           .values(data=sa.bindparam("character", type_=Json),
                                   **{name: sa.bindparam(f"old_{name}", type_=kind)
                                      for name, (kind, _, _) in FOLDED.items()}),
                           [{"entry": row.id, "character": row.data["character"],
                             **{f"old_{name}": row.data.get(name, default) for name, (_, default, _) in FOLDED.items()}}
                            for row in entries])
