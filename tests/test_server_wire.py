"""The server's web edge at the wire (issue 24): every body bounded however it is framed, a
binary websocket frame answered, the OpenAPI schema stating the real answers, and validation
errors in the asker's language."""

from __future__ import annotations

import asyncio
import json
import select
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from cardtable.server.app import create_app
from cardtable.server.config import Settings
from cardtable.server.edge import MAX_BODY
from cardtable.server.protocol import ErrorOut, HTTPErrorOut, TableOut, UserOut
from cardtable.server.socket import MAX_STRIKES
from server_harness import LiveServer, Player

TOO_BIG_EN = f"a request body is at most {MAX_BODY} bytes"
TOO_BIG_JA = f"リクエストの本文は最大{MAX_BODY}バイトです"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("wire")
    with LiveServer(f"sqlite+aiosqlite:///{folder / 'server.db'}") as live:
        yield live


# ---------------------------------------------------------------------- the body bound


def _chunked_post(port: int, path: str, total: int, cookie: str = "") -> tuple[int, bytes, int]:
    """POST ``total`` bytes of a JSON string to ``path`` in 16 KiB chunks, with no length, as
    a raw socket; stop sending once the server answers. The status, the body, the bytes sent."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
        + (f"Cookie: cardtable_user={cookie}\r\n" if cookie else "")
        + "\r\n"
    ).encode("ascii")
    piece = b"x" * 16384
    chunk = f"{len(piece):x}\r\n".encode("ascii") + piece + b"\r\n"
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=20) as sock:
        sock.sendall(head + b'a\r\n{"name": "\r\n')
        while sent < total:
            readable, _w, _x = select.select([sock], [], [], 0)
            if readable:
                break  # answered: a polite client stops sending
            try:
                sock.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(piece)
        else:
            sock.sendall(b'2\r\n"}\r\n0\r\n\r\n')
        answer = b""
        while b"\r\n\r\n" not in answer or not _complete(answer):
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    head_part, _sep, body = answer.partition(b"\r\n\r\n")
    status = int(head_part.split(b" ", 2)[1])
    return status, body, sent


def _complete(answer: bytes) -> bool:
    head, _sep, body = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n")[1:]:
        name, _colon, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            return len(body) >= int(value)
    return False


@pytest.mark.parametrize("total", [2**20, 10 * 2**20])
def test_a_chunked_body_past_the_bound_is_refused_while_read(
    server: LiveServer, total: int
) -> None:
    began = time.monotonic()
    status, body, sent = _chunked_post(server.port, "/api/guest", total)
    assert status == 413
    assert json.loads(body) == {"error": {"code": "too-big", "message": TOO_BIG_EN}}
    if total > 4 * 2**20:
        # Answered once the bound was passed, not after the whole body (a megabyte may fit
        # in the sockets' buffers before the server has read the first chunk).
        assert sent < total
    assert time.monotonic() - began < 10
    # The server still answers.
    again = httpx.post(f"{server.base}/api/guest", json={"name": "Ann"})
    assert again.status_code == 200 and again.json()["name"] == "Ann"


def test_a_chunked_body_streamed_by_httpx_gets_413_in_the_users_language(
    server: LiveServer,
) -> None:
    cookie = httpx.post(f"{server.base}/api/guest", json={"name": "Aki", "language": "ja"}).cookies[
        "cardtable_user"
    ]

    def body() -> Iterator[bytes]:
        yield b'{"game": "'
        for _ in range(64):  # 1 MiB
            yield b"x" * 16384
        yield b'"}'

    answer = httpx.post(
        f"{server.base}/api/tables",
        content=body(),
        headers={"content-type": "application/json"},
        cookies={"cardtable_user": cookie},
        timeout=20,
    )
    assert answer.status_code == 413
    assert answer.json() == {"error": {"code": "too-big", "message": TOO_BIG_JA}}
    assert answer.headers["connection"] == "close"
    assert answer.headers["x-frame-options"] == "DENY"  # the security headers wrap it too


def test_a_chunked_body_under_the_bound_is_read() -> None:
    # In process (no uvicorn): the bound counts the body's pieces as the application reads.
    app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:", secret="k"))

    async def scenario() -> tuple[int, Any, int, Any]:
        async def pieces(size: int) -> Any:
            yield b'{"name": "'
            for _ in range(size // 1024):
                yield b"y" * 1024
            yield b'"}'

        transport = httpx.ASGITransport(app=app)
        json_body = {"content-type": "application/json"}
        async with httpx.AsyncClient(
            transport=transport, base_url="http://t", headers=json_body
        ) as web:
            small = await web.post("/api/guest", content=pieces(8 * 1024))
            big = await web.post("/api/guest", content=pieces(80 * 1024))
        return small.status_code, small.json(), big.status_code, big.json()

    small_status, small, big_status, big = asyncio.run(scenario())
    # Read whole, then refused by the name's own limit: the bound let it through.
    assert small_status == 400
    assert small["error"]["message"] == "bad request: name: must be at most 40 characters"
    assert (big_status, big["error"]["code"]) == (413, "too-big")


# ---------------------------------------------------------------------- binary frames


async def _seated(server: LiveServer, language: str = "en") -> tuple[str, Player]:
    ann = await Player(server.base, "Ann", language).guest()
    made = await ann.post("/api/tables", {"game": "cribbage", "seats": ["open", "rules"]})
    table = made.json()["table"]["id"]
    await ann.connect(table)
    await ann.until("view", seats=True)
    return table, ann


def test_a_binary_frame_is_answered_and_the_connection_kept(server: LiveServer) -> None:
    async def scenario() -> None:
        _table, ann = await _seated(server)
        assert ann.ws is not None
        await ann.ws.send(b"\x00\x01\xff")
        answer = await ann.until("error")
        assert answer == {
            "type": "error",
            "code": "bad-frame",
            "message": "messages are JSON text frames; a binary frame is not read",
        }
        ErrorOut.model_validate(answer)
        await ann.send({"type": "ping"})
        assert (await ann.until("pong")) == {"type": "pong"}
        await ann.close()

        _table, aki = await _seated(server, "ja")
        assert aki.ws is not None
        await aki.ws.send(b"\x00\x01\xff")
        answer = await aki.until("error")
        assert answer["message"] == (
            "メッセージは JSON のテキストフレームです。バイナリフレームは読みません"
        )
        await aki.close()

    asyncio.run(scenario())


def test_binary_frames_are_strikes(server: LiveServer) -> None:
    async def scenario() -> None:
        _table, ann = await _seated(server)
        assert ann.ws is not None
        for _ in range(MAX_STRIKES):
            await ann.ws.send(b"\x00\x01\xff")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await ann.receive(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        codes = [f["code"] for f in ann.frames if f["type"] == "error"]
        assert codes == ["bad-frame"] * MAX_STRIKES
        await ann.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------------- the schema


def _statuses(schema: dict[str, Any], path: str, method: str) -> set[str]:
    return set(schema["paths"][path][method]["responses"])


def test_the_openapi_schema_states_the_real_answers() -> None:
    app = create_app(Settings(database_url="sqlite+aiosqlite:///:memory:", secret="k"))
    schema = app.openapi()
    assert "422" not in json.dumps(schema["paths"])
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    assert _statuses(schema, "/api/guest", "post") == {"200", "400", "413"}
    assert _statuses(schema, "/api/me", "get") == {"200", "401"}
    assert _statuses(schema, "/api/tables/{table_id}", "get") == {"200", "401", "404"}
    assert _statuses(schema, "/api/tables/{table_id}/sit", "post") == {
        "200",
        "400",
        "401",
        "404",
        "409",
        "413",
    }
    assert _statuses(schema, "/api/tables/{table_id}/start", "post") == {
        "200",
        "401",
        "403",
        "404",
        "409",
        "413",
    }
    assert _statuses(schema, "/api/tables/{table_id}/replay", "get") == {
        "200",
        "400",
        "401",
        "404",
        "409",
    }
    # A route of the browser's files with a checked parameter answers 400 too.
    assert _statuses(schema, "/api/strings", "get") == {"200", "400"}
    sit = schema["paths"]["/api/tables/{table_id}/sit"]["post"]["responses"]
    assert sit["409"]["description"] == "codes: started, full, seat-taken"
    assert sit["409"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/HTTPErrorOut"
    }
    table = schema["paths"]["/api/tables/{table_id}"]["get"]["responses"]["200"]
    assert table["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/TableOut"
    }
    error = schema["components"]["schemas"]["HTTPErrorOut"]
    assert error["required"] == ["error"]


def test_the_answers_fit_their_models(server: LiveServer) -> None:
    async def scenario() -> None:
        table, ann = await _seated(server)
        UserOut.model_validate((await ann.http.get("/api/me")).json())
        TableOut.model_validate((await ann.http.get(f"/api/tables/{table}")).json())
        refused = await ann.http.get("/api/tables/nothing")
        assert refused.status_code == 404
        HTTPErrorOut.model_validate(refused.json())
        await ann.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------------- words


@pytest.mark.parametrize(
    ("method", "path", "body", "language", "status", "message"),
    [
        (
            "POST",
            "/api/guest",
            {"name": "x" * 41, "language": "en"},
            None,
            400,
            "bad request: name: must be at most 40 characters",
        ),
        (
            "POST",
            "/api/guest",
            {"name": "x" * 41, "language": "ja"},
            None,
            400,
            "不正なリクエスト: name: 40文字以内でなければなりません",
        ),
        (
            "POST",
            "/api/guest",
            {"language": "ja"},
            None,
            400,
            "不正なリクエスト: name: 必須です",
        ),
        (
            "POST",
            "/api/me/language",
            {"language": "fr"},
            "ja",
            400,
            "不正なリクエスト: language: 'en', 'ja' のいずれかでなければなりません",
        ),
        (
            "POST",
            "/api/me/language",
            {"language": "fr"},
            "en",
            400,
            "bad request: language: must be one of 'en', 'ja'",
        ),
        (
            "POST",
            "/api/tables",
            {"game": "cribbage", "seats": ["open", "rules"], "colour": "red"},
            "ja",
            400,
            "不正なリクエスト: colour: 不明なフィールドです",
        ),
        (
            "POST",
            "/api/tables",
            {"game": "cribbage", "seats": []},
            "en",
            400,
            "bad request: seats: must have at least 1 item",
        ),
        (
            "GET",
            "/api/tables/x/replay?ply=many",
            None,
            "ja",
            400,
            "不正なリクエスト: ply: 整数でなければなりません",
        ),
        (
            "POST",
            "/api/tables/x/sit",
            {"seat": 9},
            "en",
            400,
            "bad request: seat: must be at most 7",
        ),
        ("GET", "/api/nothing", None, "ja", 404, "/api/nothing には何もありません"),
        (
            "GET",
            "/api/guest",
            None,
            "en",
            405,
            "GET is not allowed at /api/guest; allowed: POST",
        ),
    ],
)
def test_a_refusal_is_in_the_askers_words(
    server: LiveServer,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    language: str | None,
    status: int,
    message: str,
) -> None:
    async def scenario() -> httpx.Response:
        asker = Player(server.base, "Ann", language or "en")
        if language is not None:
            await asker.guest()
        answer = await asker.http.request(method, path, json=body)
        await asker.close()
        return answer

    answer = asyncio.run(scenario())
    assert answer.status_code == status
    assert answer.json()["error"]["message"] == message


def test_a_body_that_is_not_json_is_said_so(server: LiveServer) -> None:
    answer = httpx.post(
        f"{server.base}/api/guest",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "error": {"code": "bad-request", "message": "bad request: the body is not valid JSON"}
    }


@pytest.mark.parametrize(
    ("language", "raw", "message"),
    [
        ("ja", {"type": "chat"}, "不正な chat メッセージ: text: 必須です"),
        (
            "en",
            {"type": "move", "ply": "1", "move": "x"},
            "bad move message: ply: must be a whole number",
        ),
        (
            "ja",
            {"type": "hint", "ply": -2},
            "不正な hint メッセージ: ply: 0以上でなければなりません",
        ),
        ("en", {"type": "sync", "now": True}, "bad sync message: now: is not a known field"),
    ],
)
def test_a_bad_message_is_in_the_senders_words(
    server: LiveServer, language: str, raw: dict[str, Any], message: str
) -> None:
    async def scenario() -> dict[str, Any]:
        _table, ann = await _seated(server, language)
        await ann.send(raw)
        answer = await ann.until("error")
        await ann.close()
        return answer

    answer = asyncio.run(scenario())
    assert answer == {"type": "error", "code": "bad-message", "message": message}
