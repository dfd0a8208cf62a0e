"""Who a bot's request is: ``Authorization: Bearer TOKEN`` names a bot account, on the same
HTTP API and websocket as a person's cookie (:meth:`cardtable.server.edge.Edge.asker`).

A token that is malformed, unknown or revoked is refused with 401 and a sentence that says
which, and never logged or repeated. A bot account plays the tables it is invited to: the
requests that make tables, take seats uninvited or change an account are refused to it (403
``bot-refused``, :func:`refuse_bot_route`).

>>> bearer("Bearer ctb_abc"), bearer("Basic eDp5"), bearer("Bearer")
('ctb_abc', None, None)
>>> refuse_bot_route("GET", "/api/bot/invitations")
>>> refuse_bot_route("POST", "/api/tables/{table_id}/sit")
Traceback (most recent call last):
  ...
cardtable.server.accounts_rules.AccountError: a bot account may not do this (POST \
/api/tables/{table_id}/sit): a bot plays the tables it is invited to
"""

from __future__ import annotations

import json

from starlette.websockets import WebSocket

from cardtable.i18n import _
from cardtable.server.accounts_rules import AccountError
from cardtable.server.bot_accounts_store import TOKEN_START, Bots
from cardtable.server.models import User
from cardtable.server.store import Store

__all__ = ["BOT_REFUSED", "bearer", "deny", "refuse_bot_route", "token_user"]

#: The requests a bot account may not make (method, route): a bot sits where it is invited
#: (``POST /api/bot/invitations/{id}/accept``) and plays; its owner manages it.
BOT_REFUSED = frozenset(
    {
        ("POST", "/api/account"),
        ("PATCH", "/api/account"),
        ("DELETE", "/api/account"),
        ("POST", "/api/signout-all"),
        ("POST", "/api/tables"),
        ("POST", "/api/join/{token}"),
        ("POST", "/api/tables/{table_id}/sit"),
        ("POST", "/api/tables/{table_id}/rematch"),
        ("POST", "/api/tables/{table_id}/seats/{seat}/bot"),
        ("POST", "/api/tables/{table_id}/invitations"),
    }
)


def bearer(header: str) -> str | None:
    """The token of an ``Authorization`` header of the Bearer scheme, else None."""
    scheme, _sep, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token


async def token_user(store: Store, header: str) -> User:
    """The bot account an ``Authorization`` header names; :class:`AccountError` 401 for a
    header that is no bot token, an unknown token, a revoked one or a deleted bot's."""
    token = bearer(header)
    if token is None or not token.startswith(TOKEN_START) or len(token) > 200:
        raise AccountError(
            "bad-token",
            401,
            _("the Authorization header must be Bearer and a bot token ({start}...)").format(
                start=TOKEN_START
            ),
        )
    check = await Bots(store).check(token)
    if check.user is not None:
        return check.user
    if check.why == "revoked":
        raise AccountError(
            "revoked-token",
            401,
            _("this bot token was revoked; the bot's owner may make a new one"),
        )
    if check.why == "gone":
        raise AccountError("bad-token", 401, _("this bot token's account is deleted"))
    raise AccountError("bad-token", 401, _("this bot token is not known to this server"))


def refuse_bot_route(method: str, route: str) -> None:
    """Refuse a bot account a request of :data:`BOT_REFUSED` (403 ``bot-refused``)."""
    if (method.upper(), route) in BOT_REFUSED:
        raise AccountError(
            "bot-refused",
            403,
            _(
                "a bot account may not do this ({method} {route}): a bot plays the tables "
                "it is invited to"
            ).format(method=method.upper(), route=route),
        )


async def deny(socket: WebSocket, status: int, code: str, message: str) -> None:
    """Refuse a websocket before it is accepted with ``status`` and the JSON body
    ``{"error": {"code", "message"}}``, where the server can answer a handshake with HTTP;
    else closed with code 1008."""
    if "websocket.http.response" not in socket.scope.get("extensions", {}):
        await socket.close(code=1008)
        return
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    await socket.send(
        {
            "type": "websocket.http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
            ],
        }
    )
    await socket.send({"type": "websocket.http.response.body", "body": body})
