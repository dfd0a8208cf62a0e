"""The web edge's dependencies: who asks (the signed cookie), in which language, and what a
refusal answers (a table's fault to an HTTP status, a validation error in the asker's words).

The cookie is signed, HttpOnly and SameSite=Lax (Secure where the settings say), and names a
session: ``{"s": TOKEN}``, a row the database keeps by the token's SHA-256 and may end at any
time (sign out, sign out everywhere, a ban). A cookie made before sessions existed holds a
guest's user id and still names that guest, for as long as they stay a guest: it cannot be
ended, but it opens nothing a new guest could not, and once the guest makes an account it opens
nothing at all (that answer sets a session's cookie).

The routes (:mod:`cardtable.server.routes`) and the websocket (:mod:`cardtable.server.socket`)
take what they need from here through FastAPI's ``Depends``; the table's rules know no HTTP,
and only :data:`STATUS` says which status each of their faults answers.

>>> STATUS[Fault.NO_TABLE], status_of(Fault.STARTED)
(404, 409)
>>> error_body("too-big", "a request body is at most 65536 bytes")
{'error': {'code': 'too-big', 'message': 'a request body is at most 65536 bytes'}}
"""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from itsdangerous import BadSignature, URLSafeSerializer
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection

from cardtable.errors import clip
from cardtable.i18n import _, using_language
from cardtable.server.accounts_passwords import Passwords
from cardtable.server.accounts_rules import AccountError, AccountRules
from cardtable.server.accounts_store import Accounts
from cardtable.server.bot_auth import refuse_bot_route, token_user
from cardtable.server.config import Settings
from cardtable.server.hub import Hub
from cardtable.server.models import User
from cardtable.server.store import BUSY, Store, busy_error
from cardtable.server.validation import describe, where
from cardtable.table.errors import Fault, TableError

__all__ = [
    "COOKIE",
    "COOKIE_AGE",
    "LANGUAGES",
    "MAX_BODY",
    "STATUS",
    "Edge",
    "Hubs",
    "Me",
    "add_error_handlers",
    "edge_of",
    "error_body",
    "hub_of",
    "language_of",
    "signed_in",
    "status_of",
]

#: The cookie that names the signed session (or, made before sessions, a guest's user id).
COOKIE = "cardtable_user"
#: How long a browser keeps the cookie (the longest it allows), in seconds.
COOKIE_AGE = 400 * 24 * 3600
#: The largest HTTP request body, in bytes, however it is framed.
MAX_BODY = 64 * 1024
#: The languages a user may choose.
LANGUAGES = ("en", "ja")

#: The HTTP status of each fault a table refuses with (the table's rules know no HTTP); any
#: other fault is a conflict with the table's state: 409.
STATUS: dict[Fault, int] = {
    Fault.NO_TABLE: 404,
    Fault.BAD_TABLE: 400,
    Fault.BAD_BOT: 400,
    Fault.BAD_SEAT: 400,
    Fault.BAD_NAME: 400,
    Fault.NO_USER: 401,
    Fault.NOT_CREATOR: 403,
    Fault.NOT_SEATED: 403,
    Fault.BUSY: 503,
}
#: How long a client asked to come back later should wait, in seconds (``Retry-After``).
RETRY_AFTER = 5
#: The websocket close code "try again later" (RFC 6455's registry).
TRY_AGAIN_LATER = 1013

log = logging.getLogger("cardtable.server.edge")


def status_of(fault: Fault) -> int:
    """The HTTP status a fault answers.

    >>> status_of(Fault.NOT_CREATOR), status_of(Fault.SEAT_TAKEN)
    (403, 409)
    """
    return STATUS.get(fault, 409)


def error_body(code: str, message: str) -> dict[str, Any]:
    """The body of every error of the HTTP API (``HTTPErrorOut``)."""
    return {"error": {"code": code, "message": message}}


@dataclass(frozen=True)
class Edge:
    """What the edge works with: the settings, the store, the hub, the accounts' rules, and
    the cookie's signer."""

    settings: Settings
    store: Store
    hub: Hub
    rules: AccountRules = field(default_factory=AccountRules.from_env)

    @functools.cached_property
    def signer(self) -> URLSafeSerializer:
        return URLSafeSerializer(self.settings.secret, salt="cardtable-user")

    @functools.cached_property
    def accounts(self) -> Accounts:
        return Accounts(self.store)

    @functools.cached_property
    def passwords(self) -> Passwords:
        return Passwords(self.rules)

    def sign(self, user_id: str) -> str:
        """A cookie of the kind made before sessions: a guest's signed user id."""
        return self.signer.dumps(user_id)

    def session_token(self, cookie: str | None) -> str | None:
        """The session token a cookie names (None: no cookie, a forged one, an old guest's)."""
        value = self._read(cookie)
        if isinstance(value, dict) and isinstance(value.get("s"), str):
            return str(value["s"])
        return None

    def _read(self, cookie: str | None) -> object:
        if not cookie:
            return None
        try:
            return self.signer.loads(cookie)
        except BadSignature:
            return None

    async def user_of(self, cookie: str | None) -> User | None:
        """The user a cookie names, or None (no cookie, a forged one, an ended session, an
        old guest's cookie whose guest has an account now)."""
        value = self._read(cookie)
        if isinstance(value, dict) and isinstance(value.get("s"), str):
            return await self.accounts.session_user(value["s"])
        if isinstance(value, str):
            user = await self.store.user(value)
            if user is not None and user.kind == "guest" and user.deleted_at is None:
                return user
        return None

    async def asker(self, connection: HTTPConnection) -> User | None:
        """Who asks: the bot account of an ``Authorization: Bearer`` token (a refused token
        raises :class:`AccountError` 401, :mod:`cardtable.server.bot_auth`), else the user
        of the cookie."""
        header = connection.headers.get("authorization", "")
        # Only the Bearer scheme is a bot's: a proxy's Basic sign-in passes through untouched.
        if header.strip().lower().startswith("bearer"):
            return await token_user(self.store, header)
        return await self.user_of(connection.cookies.get(COOKIE))

    async def start_session(self, response: Response, user_id: str) -> None:
        """A new session of the user, its cookie set on ``response``."""
        token = await self.accounts.add_session(user_id)
        response.set_cookie(
            COOKIE,
            self.signer.dumps({"s": token}),
            httponly=True,
            samesite="lax",
            secure=self.settings.secure_cookie,
            max_age=COOKIE_AGE,
        )

    def end_cookie(self, response: Response) -> None:
        """The browser forgets the cookie."""
        response.delete_cookie(
            COOKIE, httponly=True, samesite="lax", secure=self.settings.secure_cookie
        )


def edge_of(connection: HTTPConnection) -> Edge:
    """The edge of the application that took this request or websocket."""
    edge: Edge = connection.app.state.edge
    return edge


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub of the application that took this request or websocket."""
    return edge_of(connection).hub


async def signed_in(request: Request) -> AsyncIterator[User]:
    """The user of the request's cookie or bot token (401 ``no-user`` without one); the route
    runs in that user's language, and the error handlers answer in it."""
    user = await edge_of(request).asker(request)
    if user is None:
        raise TableError(Fault.NO_USER, _("say who you are first: POST /api/guest"))
    if user.kind == "bot":
        route = request.scope.get("route")
        refuse_bot_route(request.method, str(getattr(route, "path", request.url.path)))
    request.state.language = user.language
    with using_language(user.language):
        yield user


#: The signed-in user, as a route's parameter.
Me = Annotated[User, Depends(signed_in)]
#: The hub, as a route's parameter.
Hubs = Annotated[Hub, Depends(hub_of)]


async def language_of(connection: HTTPConnection, body: object = None) -> str:
    """The asker's language: the signed-in user's, else the ``language`` of a guest's
    ``body`` (before the guest is stored), else English."""
    known = getattr(connection.state, "language", None)
    if isinstance(known, str):
        return known
    user = await edge_of(connection).user_of(connection.cookies.get(COOKIE))
    if user is not None:
        return user.language
    if isinstance(body, Mapping) and body.get("language") in LANGUAGES:
        return str(body["language"])
    return "en"


def _bad_request(errors: list[Any]) -> str:
    """One sentence for the first problem of a request FastAPI could not read."""
    problem = errors[0] if errors else {"type": "", "loc": ()}
    if problem.get("type") == "json_invalid":
        return _("bad request: the body is not valid JSON")
    field = where(problem, skip=1)
    if not field:
        return _("bad request: {problem}").format(problem=describe(problem))
    return _("bad request: {field}: {problem}").format(field=field, problem=describe(problem))


def _http_error(request: Request, err: StarletteHTTPException) -> tuple[str, str]:
    """The code and the sentence of an error the framework raised (no route, no method)."""
    if err.status_code == 404:
        return "not-found", _("there is nothing at {path}").format(path=clip(request.url.path))
    if err.status_code == 405:
        allow = (err.headers or {}).get("Allow", "")
        return "bad-method", _("{method} is not allowed at {path}; allowed: {allowed}").format(
            method=clip(request.method), path=clip(request.url.path), allowed=allow
        )
    if err.status_code == 400:
        return "bad-request", _("bad request: the body could not be read")
    return "http", str(clip(str(err.detail)))


def add_error_handlers(app: FastAPI) -> None:
    """Every refusal of the application as ``{"error": {"code", "message"}}`` with its true
    status, in the asker's language: a table's fault by :data:`STATUS`, a request that does
    not fit the protocol 400 (never 422), a path or method that is not there 404/405."""

    @app.exception_handler(TableError)
    async def _table_error(request: Request, err: TableError) -> JSONResponse:
        # Its message is in the asker's language already: the table wrote it in the route.
        return JSONResponse(error_body(str(err.code), str(err)), status_of(err.code))

    @app.exception_handler(AccountError)
    async def _account_error(request: Request, err: AccountError) -> JSONResponse:
        headers = {"Retry-After": str(err.retry_after)} if err.retry_after is not None else None
        return JSONResponse(error_body(err.code, str(err)), err.status, headers=headers)

    @app.exception_handler(BUSY)
    async def _busy(request: HTTPConnection, err: Exception) -> JSONResponse | None:
        # Overload, not a fault of the code: one line for the operator, no traceback.
        method = getattr(request, "method", "WEBSOCKET")
        log.warning("busy: %s %s: %s", method, clip(request.url.path), type(err).__name__)
        if isinstance(request, WebSocket):
            # A connection the socket's own handling did not answer: closed as "try again
            # later" (1013), which a client may reconnect after.
            await request.close(code=TRY_AGAIN_LATER)
            return None
        # The asker's language if this request learnt it already: looking it up would wait on
        # the database again.
        known = getattr(request.state, "language", None)
        with using_language(known if isinstance(known, str) else "en"):
            refusal = busy_error()
        headers = {"Retry-After": str(RETRY_AFTER)}
        return JSONResponse(error_body(refusal.code, str(refusal)), 503, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, err: RequestValidationError) -> JSONResponse:
        with using_language(await language_of(request, err.body)):
            message = _bad_request(list(err.errors()))
        return JSONResponse(error_body("bad-request", message), 400)

    @app.exception_handler(StarletteHTTPException)
    async def _framework(request: Request, err: StarletteHTTPException) -> JSONResponse:
        with using_language(await language_of(request)):
            code, message = _http_error(request, err)
        return JSONResponse(error_body(code, message), err.status_code, headers=err.headers)
