"""clocks: a table's clock and turn-based flag, each seat's time left, when the turn began

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch.add_column(
            sa.Column("turn_based", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("turn_started_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("clock_ms", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("clock_ms")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("turn_started_at")
        batch.drop_column("turn_based")
        batch.drop_column("clock")
