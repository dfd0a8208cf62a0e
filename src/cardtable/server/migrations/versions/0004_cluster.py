"""cluster: several server processes on one database

A table's version (every change of it adds one: processes compare it to know what they missed),
its ply, the process that owns it (runs its bots and closes it when abandoned) under a lease, and
when a person was last connected to it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("ply", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for column in ("seen_at", "lease_until", "owner", "ply", "version"):
            batch.drop_column(column)
