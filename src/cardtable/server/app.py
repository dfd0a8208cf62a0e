"""The application of ``cardtable serve`` (``docs/protocol.md``): its parts wired together.

The HTTP routes are :mod:`cardtable.server.routes`, the websocket :mod:`cardtable.server.socket`,
who asks and what a refusal answers :mod:`cardtable.server.edge`, the body bound
:mod:`cardtable.server.bound`; the browser's files and the security headers
(:func:`cardtable.server.web.add_web`) wrap them all, last.

>>> from cardtable.server.config import Settings
>>> app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:", secret="k"))
>>> sorted(p for p in app.openapi()["paths"] if p.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables/{table_id}', '/api/tables/{table_id}/invitations']
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from cardtable.server import (
    accounts,
    bot_accounts,
    export_routes,
    ratings_routes,
    routes,
    socket,
)
from cardtable.server.bound import BodyBound
from cardtable.server.config import Settings
from cardtable.server.edge import COOKIE, MAX_BODY, Edge, add_error_handlers
from cardtable.server.hub import Hub
from cardtable.server.schema import ServerApp
from cardtable.server.store import Store
from cardtable.server.web import add_web

__all__ = ["COOKIE", "MAX_BODY", "create_app"]


def create_app(settings: Settings) -> FastAPI:
    """The server's application, with its database and bot pool opened at startup."""
    store = Store(settings.database_url)
    hub = Hub(settings, store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The loop the hub lives on, for code in other threads (tests, a console).
        app.state.loop = asyncio.get_running_loop()
        await hub.start()
        yield
        await hub.stop()

    app = ServerApp(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.state.edge = Edge(settings, store, hub)
    add_error_handlers(app)
    app.include_router(routes.router)
    app.include_router(accounts.router)
    app.include_router(ratings_routes.router)
    app.include_router(bot_accounts.router)
    app.include_router(export_routes.router)
    app.add_api_websocket_route(socket.PATH, socket.play)
    app.add_middleware(BodyBound, limit=MAX_BODY)
    # Last, so that its headers wrap every answer above (errors and refusals of the bound too).
    add_web(app, settings)
    return app
