"""The websocket of a table, ``/ws/tables/{id}``: who may connect, and what each frame does.

A connection is let in with the user's cookie, and from a browser only from an allowed
``Origin``. Each frame is read in the connection's language: past the rate or the size, or a
binary frame (the protocol is JSON text), it is answered an ``error`` and counted as a strike
(:data:`MAX_STRIKES` in a row close the connection); a text that is not a message of the
protocol is answered ``bad-message``; a message goes to the hub.

>>> refusal(BAD_FRAME, "messages are JSON text frames")
{'type': 'error', 'code': 'bad-frame', 'message': 'messages are JSON text frames'}
"""

from __future__ import annotations

from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from starlette.types import Message
from starlette.websockets import WebSocketDisconnected

from cardtable.i18n import _, using_language
from cardtable.server.accounts_rules import AccountError
from cardtable.server.bot_auth import deny
from cardtable.server.clients import Bucket, Client
from cardtable.server.edge import Edge, edge_of
from cardtable.server.protocol import (
    ChatIn,
    ContributeIn,
    HintIn,
    Incoming,
    MoveIn,
    PingIn,
    ProtocolError,
    SyncIn,
    WhyIn,
    parse_client,
)
from cardtable.server.room import Room
from cardtable.server.store import BUSY, busy_error
from cardtable.table.errors import TableError

__all__ = ["BAD_FRAME", "MAX_STRIKES", "PATH", "play", "refusal"]

#: Where a table's websocket is.
PATH = "/ws/tables/{table_id}"
#: Faults in a row (too fast, too big, a binary frame) after which a websocket is closed.
MAX_STRIKES = 10
#: The code of the answer to a binary frame.
BAD_FRAME = "bad-frame"
#: The close code for a connection refused or cut for its faults (policy violation).
POLICY = 1008


def refusal(code: str, message: str) -> dict[str, Any]:
    """An ``error`` message to the sender (``ErrorOut``)."""
    return {"type": "error", "code": code, "message": message}


async def play(socket: WebSocket, table_id: str) -> None:
    """One client at one table, from its connection to its leaving."""
    edge = edge_of(socket)
    origin = socket.headers.get("origin")
    # A browser always says where the page came from; a page from elsewhere may not play
    # with this user's cookie. A client without Origin is no browser (the terminal's).
    if origin is not None and origin.rstrip("/") not in edge.settings.allowed_origins():
        await socket.close(code=POLICY)
        return
    try:
        user = await edge.asker(socket)
        room = await edge.hub.room(table_id) if user is not None else None
    except AccountError as err:
        await deny(socket, err.status, err.code, str(err))  # a refused bot token: 401, saying why
        return
    except TableError:
        await socket.close(code=POLICY)
        return
    except BUSY:
        # The handshake is answered 503 (the client may connect again), not 500.
        busy = busy_error()
        await deny(socket, 503, busy.code, str(busy))
        return
    if user is None or room is None:
        await socket.close(code=POLICY)
        return
    await socket.accept()
    settings = edge.settings
    client = Client(
        socket, user, room.seat_of(user.id), Bucket(settings.rate_per_second, settings.rate_burst)
    )
    await edge.hub.join(room, client)
    try:
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            try:
                keep = await _frame(edge, room, client, frame)
            except BUSY:
                # The database did not answer in time: this message was not carried out, and
                # the connection stays for the next.
                with using_language(client.language):
                    busy = busy_error()
                await socket.send_json(refusal(busy.code, str(busy)))
                continue
            if not keep:
                await socket.close(code=POLICY)
                break
    except (WebSocketDisconnect, WebSocketDisconnected):
        # Gone: closed by the client, or found dead while the hub wrote to it.
        pass
    finally:
        await edge.hub.part(room, client)


async def _strike(client: Client, code: str, message: str) -> bool:
    """A fault of the connection: answered, and counted; False once there were too many."""
    client.strikes += 1
    await client.socket.send_json(refusal(code, message))
    return client.strikes < MAX_STRIKES


async def _frame(edge: Edge, room: Room, client: Client, frame: Message) -> bool:
    """One frame from a client; False when the connection should be closed."""
    text: str | None = frame.get("text")
    with using_language(client.language):
        if not client.bucket.take():
            return await _strike(client, "too-fast", _("too many messages; slow down"))
        if text is None:
            return await _strike(
                client,
                BAD_FRAME,
                _("messages are JSON text frames; a binary frame is not read"),
            )
        limit = edge.settings.max_message
        if len(text.encode("utf-8", "replace")) > limit:
            return await _strike(
                client, "too-big", _("a message may be at most {limit} bytes").format(limit=limit)
            )
        try:
            message = parse_client(text)
        except ProtocolError as err:
            await client.socket.send_json(refusal(err.code, str(err)))
            return True
    client.strikes = 0
    await _dispatch(room, client, message)
    return True


async def _dispatch(room: Room, client: Client, message: Incoming) -> None:
    """What a message of the protocol asks of the table's room."""
    match message:
        case MoveIn(move=move, ply=ply):
            if client.seat is None:
                with using_language(client.language):
                    await client.socket.send_json(
                        refusal("not-your-seat", _("spectators do not play"))
                    )
                return
            await room.play(client.seat, move, ply, client)
        case ChatIn(text=text):
            line = "".join(ch for ch in text if ch.isprintable()).strip()
            if line:
                await room.chat(client, line)
        case SyncIn():
            await room.send_view(client, full=True)
        case PingIn():
            await client.socket.send_json({"type": "pong"})
        case WhyIn(move=move):
            await room.why(client, move)
        case HintIn(ply=ply):
            await room.hint(client, ply)
        case ContributeIn(value=value):
            await room.contribute(client, value)
