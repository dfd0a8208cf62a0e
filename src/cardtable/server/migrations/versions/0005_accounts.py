"""accounts: sign-in names, passwords, sessions, bans, failed sign-ins, mutes

Every user so far is a guest (kind "guest"); their rows, seats and games are untouched, so a
guest who makes an account later keeps them (same user id). Sessions name a signed-in device by
the SHA-256 of a random token; failed sign-ins are counted here so that every server process
sees the same rate limit.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    # Columns added in place, not through a batch: SQLite's batch copies the table, and the
    # copy breaks the foreign keys that point at users.
    op.add_column("users", sa.Column("kind", sa.String(8), nullable=False, server_default="guest"))
    op.add_column("users", sa.Column("login", sa.String(40), nullable=True))
    op.add_column("users", sa.Column("login_key", sa.String(40), nullable=True))
    op.add_column(
        "users", sa.Column("banned", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("deleted_at", _WHEN, nullable=True))
    # A unique index, not a constraint, for the same reason.
    op.create_index("ix_users_login_key", "users", ["login_key"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
        sa.Column("last_seen", _WHEN, nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "signin_failures",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_index("ix_signin_failures_key", "signin_failures", ["key"])
    op.create_index("ix_signin_failures_at", "signin_failures", ["at"])
    op.create_table(
        "mutes",
        sa.Column("user_id", sa.String(32), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("muted_id", sa.String(32), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("at", _WHEN, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mutes")
    op.drop_table("signin_failures")
    op.drop_table("sessions")
    op.drop_index("ix_users_login_key", "users")
    with op.batch_alter_table("users") as batch:
        for column in ("deleted_at", "banned", "login_key", "login", "kind"):
            batch.drop_column(column)
