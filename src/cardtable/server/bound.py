"""Every HTTP request body is bounded while it is read, however it is framed.

A request that declares a ``Content-Length`` past the bound is refused before anything of it is
read. A body without a length (``Transfer-Encoding: chunked``) is counted as it arrives: past
the bound the client is answered 413 at once, the application is told the client has gone
(so it reads no further), and the connection is closed rather than drained. Every API request
is small: 64 KiB is far above the largest (a table's options and seats).
"""

from __future__ import annotations

import json

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardtable.i18n import _, using_language
from cardtable.server.edge import MAX_BODY, error_body, language_of

__all__ = ["BodyBound", "too_big"]


def too_big(limit: int) -> bytes:
    """The body of the refusal, in the current language.

    >>> json.loads(too_big(10))["error"]["message"]
    'a request body is at most 10 bytes'
    """
    message = _("a request body is at most {limit} bytes").format(limit=limit)
    return json.dumps(error_body("too-big", message), ensure_ascii=False).encode("utf-8")


class BodyBound:
    """ASGI middleware: a request body past ``limit`` bytes is answered 413 ``too-big``, unread.

    The refusal is in the asker's language where it is known (a signed-in user's cookie), and
    closes the connection: the rest of the body is never read, whatever the client still sends.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = Headers(scope=scope).get("content-length")
        if length is not None and (
            not (length.isascii() and length.isdigit()) or int(length) > self.limit
        ):
            # Said too big before a byte of it is read: the application is not called.
            await self._refuse(scope, send)
            return
        read = 0
        refused = False
        answered = False

        async def bounded() -> Message:
            nonlocal read, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    refused = True
                    if not answered:
                        await self._refuse(scope, send)
                    # To the application the client has gone: it reads nothing more.
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            nonlocal answered
            if refused:
                return  # the application's answer to a request refused already
            if message["type"] == "http.response.start":
                answered = True
            await send(message)

        await self.app(scope, bounded, watched)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        with using_language(await language_of(HTTPConnection(scope))):
            body = too_big(self.limit)
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode("ascii")),
                    # The server reads no more of this request: the connection ends here.
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
