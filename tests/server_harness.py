"""A real ``cardtable serve`` on 127.0.0.1 for the server tests, and scripted clients for it.

:class:`LiveServer` runs uvicorn in a thread of this process (so a test may reach the hub, to
deal fixed packs for the twin-deal leak test); :func:`serve_process` runs ``cardtable serve`` as
a child process that a test may kill. :class:`Player` is a client over real HTTP and websockets.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.asyncio.client import ClientConnection, connect

from cardtable.server.app import COOKIE, create_app
from cardtable.server.config import Settings

T = TypeVar("T")

__all__ = ["LiveServer", "Player", "free_port", "serve_process"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """The server in a thread; ``with LiveServer(url) as server:`` starts and stops it."""

    def __init__(self, database_url: str, bot_pause: float = 0.0) -> None:
        self.port = free_port()
        self.settings = Settings(
            host="127.0.0.1",
            port=self.port,
            database_url=database_url,
            secret="test-secret",
            bot_pause=bot_pause,
            bot_workers=1,
        )
        self.app = create_app(self.settings)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", ws_max_size=65536
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def call(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the server's own loop (where the hub lives)."""
        loop: asyncio.AbstractEventLoop = self.app.state.loop
        return asyncio.run_coroutine_threadsafe(coro, loop).result(timeout=30)


def serve_process(
    database_url: str, port: int, data_dir: Path, *options: str
) -> subprocess.Popen[bytes]:
    """``cardtable serve`` as a child process, ready when this returns; ``options`` are more
    of its options (``--redis-url URL``)."""
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(data_dir), CARDTABLE_SECRET="test-secret")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--port",
            str(port),
            "--database-url",
            database_url,
            "--bot-pause",
            "0",
            "--bot-workers",
            "1",
            *options,
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read().decode() if proc.stdout else ""
            raise RuntimeError(f"the server exited: {out}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/me", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.send_signal(signal.SIGKILL)
    raise RuntimeError("the server did not start")


class Player:
    """A scripted client: a guest with a cookie, one websocket, every frame it received."""

    def __init__(self, base: str, name: str, language: str = "en") -> None:
        self.base = base
        self.name = name
        self.language = language
        self.http = httpx.AsyncClient(base_url=base, timeout=30)
        self.ws: ClientConnection | None = None
        self.frames: list[dict[str, Any]] = []
        self.cookie = ""

    async def guest(self) -> Player:
        answer = await self.http.post(
            "/api/guest", json={"name": self.name, "language": self.language}
        )
        answer.raise_for_status()
        self.cookie = answer.cookies[COOKIE]
        return self

    async def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return await self.http.post(path, json=body or {})

    async def connect(self, table: str, origin: str | None = None) -> None:
        headers = {"Cookie": f"{COOKIE}={self.cookie}"}
        if origin is not None:
            headers["Origin"] = origin
        url = self.base.replace("http://", "ws://") + f"/ws/tables/{table}"
        self.ws = await connect(url, additional_headers=headers, max_size=2**22)

    async def receive(self, timeout: float = 30) -> dict[str, Any]:
        assert self.ws is not None
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(message)
        return message

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def until(self, kind: str, timeout: float = 30, seats: bool = False) -> dict[str, Any]:
        """The next message of ``kind``; a view of a table not yet started (its seats only,
        no game) is passed over unless ``seats``."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind:
                if kind == "view" and message["status"] == "open" and not seats:
                    continue
                return message

    async def play_out(
        self, rng: random.Random, timeout: float = 60, until_ply: int | None = None
    ) -> dict[str, Any]:
        """Answer every view that asks this seat to move with a random legal move, until the
        game is over (or a view reaches ``until_ply``); the last view."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == "error" and message["code"] == "too-fast":
                # Scripted play outruns the rate limit a person never meets: wait, resync.
                await asyncio.sleep(0.2)
                await self.send({"type": "sync"})
                continue
            if message["type"] != "view":
                continue
            if message["status"] == "over":
                return message
            if until_ply is not None and message["ply"] >= until_ply:
                return message
            if message["legal"]:
                choice = rng.choice(message["legal"])["move"]
                await self.send({"type": "move", "ply": message["ply"], "move": choice})

    def event_texts(self) -> list[str]:
        """The texts of the seat's events received so far, in order (each index once)."""
        seen: dict[int, str] = {}
        for frame in self.frames:
            if frame["type"] == "view":
                for event in frame["events"]:
                    seen[event["i"]] = event["text"]
        return [seen[i] for i in sorted(seen)]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.http.aclose()
