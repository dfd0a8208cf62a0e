"""ratings: a rating per player per game, the tables rated, every rated game's changes

Tables gain ``rated`` (chosen at creation; every table made before is unrated, so old results
stay as they were and change no rating). A player is a user id or a bot's ``bot:SPEC``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)
_PLAYER = sa.String(210)


def upgrade() -> None:
    # Added in place, not through a batch: SQLite's batch copies the table and drops the old
    # one, which the seats, moves and chat rows refer to (foreign keys are on).
    op.add_column(
        "tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "ratings",
        sa.Column("player", _PLAYER, primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("updated_at", _WHEN, nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rated_tables",
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player", _PLAYER, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_index("ix_rating_changes_table_id", "rating_changes", ["table_id"])
    op.create_index("ix_rating_changes_player_game", "rating_changes", ["player", "game", "id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_player_game", "rating_changes")
    op.drop_index("ix_rating_changes_table_id", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("rated_tables")
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
