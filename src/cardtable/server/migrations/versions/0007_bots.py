"""bots: bot accounts' owners, their tokens, invitations of bots to seats, shown names

A bot account is a user of kind "bot" (no migration of ``users`` is needed: ``kind`` holds it)
with a row in ``bot_accounts`` naming the person who made it. Tokens are kept as SHA-256 only.
``shown_names`` lists the users who chose to be named in the open record of games.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)
_USER = sa.String(32)


def upgrade() -> None:
    op.create_table(
        "bot_accounts",
        sa.Column("user_id", _USER, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("owner_id", _USER, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_index("ix_bot_accounts_owner_id", "bot_accounts", ["owner_id"])
    op.create_table(
        "bot_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("bot_id", _USER, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("prefix", sa.String(16), nullable=False, unique=True),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.Column("last_used", _WHEN, nullable=True),
        sa.Column("revoked_at", _WHEN, nullable=True),
    )
    op.create_index("ix_bot_tokens_bot_id", "bot_tokens", ["bot_id"])
    op.create_table(
        "bot_invitations",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(24), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("bot_id", _USER, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("invited_by", _USER, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_bot_invitations_seat"),
    )
    op.create_index("ix_bot_invitations_table_id", "bot_invitations", ["table_id"])
    op.create_index("ix_bot_invitations_bot_id", "bot_invitations", ["bot_id"])
    op.create_table(
        "shown_names",
        sa.Column("user_id", _USER, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("at", _WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("shown_names")
    op.drop_index("ix_bot_invitations_bot_id", "bot_invitations")
    op.drop_index("ix_bot_invitations_table_id", "bot_invitations")
    op.drop_table("bot_invitations")
    op.drop_index("ix_bot_tokens_bot_id", "bot_tokens")
    op.drop_table("bot_tokens")
    op.drop_index("ix_bot_accounts_owner_id", "bot_accounts")
    op.drop_table("bot_accounts")
