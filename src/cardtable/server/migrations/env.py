"""Alembic's entry point: run with the connection the server hands over (see ``store.migrate``)."""

from __future__ import annotations

from alembic import context

from cardtable.server import rating_models  # noqa: F401  (its tables join Base's metadata)
from cardtable.server.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
