"""finished index: the finished tables of a game in the order they ended

The open record of games (``GET /api/export``, ``cardtable export``) pages through one game's
finished tables by (finished_at, id), and the chores look for finished rated tables never
rated; without an index both read every table ever played.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_game_finished", "tables", ["game", "finished_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_tables_game_finished", "tables")
