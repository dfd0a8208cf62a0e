"""The HTTP and websocket routes of ``cardtable serve`` (``docs/protocol.md``).

>>> from cardtable.server.config import Settings
>>> app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:", secret="k"))
>>> sorted(r.path for r in app.routes if r.path.startswith("/api/tables"))[:3]
['/api/tables', '/api/tables/{table_id}', '/api/tables/{table_id}/leave']
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from itsdangerous import BadSignature, URLSafeSerializer
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnected

from cardtable.errors import clip
from cardtable.i18n import _, using_language
from cardtable.server.config import Settings
from cardtable.server.hub import Bucket, Client, Hub
from cardtable.server.models import User
from cardtable.server.protocol import (
    BotIn,
    ChatIn,
    GuestIn,
    HintIn,
    LanguageIn,
    MoveIn,
    PingIn,
    ProtocolError,
    SitIn,
    SyncIn,
    TableIn,
    WhyIn,
    parse_client,
)
from cardtable.server.store import Store
from cardtable.server.web import add_web, catalog
from cardtable.table.errors import Fault, TableError

__all__ = ["COOKIE", "create_app"]

COOKIE = "cardtable_user"
#: Faults in a row (too fast, too big) after which a websocket is closed.
MAX_STRIKES = 10
#: The largest HTTP request body, in bytes.
MAX_BODY = 64 * 1024


#: The HTTP status of each fault a table refuses with (the table's rules know no HTTP).
STATUS: dict[Fault, int] = {
    Fault.NO_TABLE: 404,
    Fault.BAD_TABLE: 400,
    Fault.BAD_BOT: 400,
    Fault.BAD_SEAT: 400,
    Fault.BAD_NAME: 400,
    Fault.NO_USER: 401,
    Fault.NOT_CREATOR: 403,
    Fault.NOT_SEATED: 403,
}


def _clean_name(name: str) -> str:
    """A display name without control characters or surrounding space; refused if empty."""
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()
    if not cleaned:
        raise TableError(Fault.BAD_NAME, _("a name needs at least one visible character"))
    return cleaned


def create_app(settings: Settings) -> FastAPI:
    """The server's application, with its database and bot pool opened at startup."""
    store = Store(settings.database_url)
    hub = Hub(settings, store)
    signer = URLSafeSerializer(settings.secret, salt="cardtable-user")
    origins = settings.allowed_origins()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # The loop the hub lives on, for code in other threads (tests, a console).
        app.state.loop = asyncio.get_running_loop()
        await hub.start()
        yield
        await hub.stop()

    app = FastAPI(title="cardtable", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub

    # ------------------------------------------------------------------ errors

    @app.middleware("http")
    async def _bounded(request: Request, call_next: Any) -> Any:
        # Every request of the API is small: a body past the bound is refused unread.
        length = request.headers.get("content-length", "0")
        if not length.isascii() or not length.isdigit() or int(length) > MAX_BODY:
            return JSONResponse(
                {
                    "error": {
                        "code": "too-big",
                        "message": f"a request body is at most {MAX_BODY} bytes",
                    }
                },
                status_code=413,
            )
        return await call_next(request)

    def _language(request: Request) -> str:
        return getattr(request.state, "language", "en")

    @app.exception_handler(TableError)
    async def _table_error(request: Request, err: TableError) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": str(err.code), "message": str(err)}},
            status_code=STATUS.get(err.code, 409),
        )

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, err: RequestValidationError) -> JSONResponse:
        problem = err.errors()[0] if err.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(p) for p in problem.get("loc", ())[1:]) or "body"
        with using_language(_language(request)):
            message = _("bad request: {field}: {problem}").format(
                field=clip(where), problem=clip(str(problem.get("msg")))
            )
        return JSONResponse({"error": {"code": "bad-request", "message": message}}, 400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, err: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": {"code": "http", "message": clip(str(err.detail))}}, err.status_code
        )

    # ------------------------------------------------------------------ who

    async def _user_of(cookie: str | None) -> User | None:
        if not cookie:
            return None
        try:
            user_id = signer.loads(cookie)
        except BadSignature:
            return None
        if not isinstance(user_id, str):
            return None
        return await store.user(user_id)

    async def _me(request: Request) -> User:
        user = await _user_of(request.cookies.get(COOKIE))
        if user is None:
            raise TableError(Fault.NO_USER, _("say who you are first: POST /api/guest"))
        request.state.language = user.language
        return user

    @app.post("/api/guest")
    async def guest(body: GuestIn, response: Response) -> dict[str, Any]:
        with using_language(body.language):
            name = _clean_name(body.name)
        user = await store.add_user(secrets.token_hex(16), name, body.language)
        response.set_cookie(
            COOKIE,
            signer.dumps(user.id),
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookie,
            max_age=400 * 24 * 3600,
        )
        return {"id": user.id, "name": user.name, "language": user.language}

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        user = await _me(request)
        return {"id": user.id, "name": user.name, "language": user.language}

    @app.post("/api/me/language")
    async def language(body: LanguageIn, request: Request) -> dict[str, Any]:
        """Every text the server sends from now on in this language (connections opened
        before keep theirs until they reconnect)."""
        user = await _me(request)
        await store.set_language(user.id, body.language)
        return {"id": user.id, "name": user.name, "language": body.language}

    @app.get("/api/catalog")
    async def game_catalog(
        request: Request, language: Literal["en", "ja"] | None = None
    ) -> dict[str, Any]:
        """Every game with its rules, options and bot levels, for the browser's menus: in
        ``language``, else the user's (when signed in), else English."""
        chosen: str | None = language
        if chosen is None:
            user = await _user_of(request.cookies.get(COOKIE))
            chosen = user.language if user is not None else "en"
        return catalog(chosen)

    @app.get("/api/me/games")
    async def my_games(request: Request) -> dict[str, Any]:
        user = await _me(request)
        return {"games": await hub.finished_games(user)}

    # ------------------------------------------------------------------ tables

    @app.post("/api/tables")
    async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            table, invite, seat = await hub.create(user, body)
        return {"table": hub.summary(table, user), "invite": invite, "seat": seat}

    @app.get("/api/lobby")
    async def lobby(request: Request) -> dict[str, Any]:
        return await hub.lobby(await _me(request))

    @app.post("/api/join/{token}")
    async def join(token: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            table = await hub.by_invite(token)
        return {"table": hub.summary(table, user)}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            return hub.summary(await hub.table(table_id), user)

    @app.post("/api/tables/{table_id}/sit")
    async def sit(table_id: str, body: SitIn, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            seat = await hub.sit(user, table_id, body.seat)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            await hub.leave(user, table_id)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/start")
    async def start(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            await hub.start_table(user, table_id)
            return hub.summary(await hub.table(table_id), user)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(
        table_id: str, seat: int, body: BotIn, request: Request
    ) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            await hub.hand_to_bot(user, table_id, seat, body.bot)
            return hub.summary(await hub.table(table_id), user)

    @app.post("/api/tables/{table_id}/reclaim")
    async def reclaim(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            seat = await hub.reclaim(user, table_id)
        return {"seat": seat}

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            table, invite = await hub.rematch(user, table_id)
        return {"table": hub.summary(table, user), "invite": invite}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            return await hub.record(table_id)

    @app.get("/api/tables/{table_id}/replay")
    async def replay(
        table_id: str,
        request: Request,
        ply: int = 0,
        seat: Annotated[str, Query(max_length=8)] = "all",
    ) -> dict[str, Any]:
        user = await _me(request)
        with using_language(user.language):
            if seat == "all":
                which: int | None = None
            elif seat.isascii() and seat.isdigit():
                which = int(seat)
            else:
                raise TableError(
                    Fault.BAD_SEAT,
                    _("seat is a seat's number or all, not {seat}").format(seat=clip(repr(seat))),
                )
            return await hub.replay(table_id, user, ply, which)

    # ------------------------------------------------------------------ play

    @app.websocket("/ws/tables/{table_id}")
    async def play(socket: WebSocket, table_id: str) -> None:
        origin = socket.headers.get("origin")
        # A browser always says where the page came from; a page from elsewhere may not play
        # with this user's cookie. A client without Origin is no browser (the terminal's).
        if origin is not None and origin.rstrip("/") not in origins:
            await socket.close(code=1008)
            return
        user = await _user_of(socket.cookies.get(COOKIE))
        if user is None:
            await socket.close(code=1008)
            return
        try:
            table = await hub.table(table_id)
        except TableError:
            await socket.close(code=1008)
            return
        await socket.accept()
        client = Client(
            socket,
            user,
            table.seat_of(user.id),
            Bucket(settings.rate_per_second, settings.rate_burst),
        )
        await hub.join(table, client)
        try:
            while True:
                raw = await socket.receive_text()
                if not await _handle(table, client, raw):
                    await socket.close(code=1008)
                    break
        except (WebSocketDisconnect, WebSocketDisconnected):
            # Gone: closed by the client, or found dead while the hub wrote to it.
            pass
        finally:
            await hub.part(table, client)

    async def _handle(table: Any, client: Client, raw: str) -> bool:
        """One message from a client; False when the connection should be closed."""
        with using_language(client.language):
            if not client.bucket.take():
                client.strikes += 1
                await _error(client, "too-fast", _("too many messages; slow down"))
                return client.strikes < MAX_STRIKES
            if len(raw.encode("utf-8", "replace")) > settings.max_message:
                client.strikes += 1
                await _error(
                    client,
                    "too-big",
                    _("a message may be at most {limit} bytes").format(limit=settings.max_message),
                )
                return client.strikes < MAX_STRIKES
            try:
                message = parse_client(raw)
            except ProtocolError as err:
                await _error(client, err.code, str(err))
                return True
        client.strikes = 0
        if isinstance(message, MoveIn):
            if client.seat is None:
                with using_language(client.language):
                    await _error(client, "not-your-seat", _("spectators do not play"))
                return True
            await hub.play(table, client.seat, message.move, message.ply, client)
        elif isinstance(message, ChatIn):
            text = "".join(ch for ch in message.text if ch.isprintable()).strip()
            if text:
                await hub.chat(table, client, text)
        elif isinstance(message, SyncIn):
            await hub.sync(table, client)
        elif isinstance(message, PingIn):
            await client.socket.send_json({"type": "pong"})
        elif isinstance(message, WhyIn):
            await hub.why(table, client, message.move)
        elif isinstance(message, HintIn):
            await hub.hint(table, client, message.ply)
        return True

    async def _error(client: Client, code: str, message: str) -> None:
        await client.socket.send_json({"type": "error", "code": code, "message": message})

    # Last, so that its headers wrap every answer above (errors included).
    add_web(app, settings)
    return app
