"""A real Redis server for the tests, started in a temporary folder on a free loopback port
and stopped afterwards; a test may stop it and start it again on the same port ("Redis down
for a while, then back"). It keeps nothing on disk (``--save ''``, no append-only file), so a
restarted server starts empty, as a real one that lost its memory would.

Debian's ``redis-server`` package provides the program. Without it the tests that need Redis
skip locally and fail in CI (``CI`` set), as with PostgreSQL and Chromium. A test takes the
server with ``with redis_server() as server:``, or as the fixture ``redis_live`` after
``pytest_plugins = ["redis_harness"]`` (importing a fixture by name trips ruff's F401/F811).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from server_harness import free_port

__all__ = ["INSTALL", "REDIS_SERVER", "RedisServer", "need_redis", "redis_live", "redis_server"]

REDIS_SERVER = "redis-server"
INSTALL = "install it with: apt-get update && apt-get install -y redis-server"
#: Seconds to wait for a started server to answer PING, and for a stopped one to exit.
START_WAIT = 15.0
STOP_WAIT = 10.0


def need_redis(executable: str = REDIS_SERVER) -> str:
    """The path of ``redis-server`` (a name on PATH or a path); where it is missing, skip the
    test, or in CI (``CI`` set) fail."""
    found = shutil.which(executable)
    if found:
        return found
    what = f"Redis ({executable})"
    if os.environ.get("CI"):
        raise RuntimeError(f"{what} missing in CI; {INSTALL}")
    pytest.skip(f"{what} not installed; {INSTALL}")


class RedisServer:
    """One ``redis-server`` on 127.0.0.1 at a fixed port, in a folder of its own.

    :meth:`start` starts it and returns once it answers PING; :meth:`stop` sends SIGTERM and
    waits for it to exit. Both may be called again: the port stays the same."""

    def __init__(self, executable: str, folder: Path, port: int | None = None) -> None:
        self.executable = executable
        self.folder = folder
        self.port = port if port is not None else free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def url(self) -> str:
        """``redis://127.0.0.1:PORT/0``."""
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def log(self) -> str:
        """What the server wrote, over all its starts."""
        try:
            return (self.folder / "redis.log").read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def client(self) -> redis.Redis:
        """A new client for this server (the caller closes it)."""
        return redis.Redis(
            host="127.0.0.1", port=self.port, socket_connect_timeout=1.0, socket_timeout=5.0
        )

    def start(self) -> None:
        """Start the server (again) on the same port; return once it answers PING."""
        if self.running:
            raise RuntimeError(f"Redis is already running on port {self.port}")
        self.starts += 1
        command = [
            self.executable,
            "--port",
            str(self.port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
            "--daemonize",
            "no",
        ]
        with open(self.folder / "redis.log", "ab") as log:
            log.write(f"--- start {self.starts}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_WAIT
        client = self.client()
        try:
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(
                        f"redis-server exited ({self.process.returncode}):\n{self.log}"
                    )
                try:
                    if client.ping():
                        return
                except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                    pass
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"redis-server did not answer PING:\n{self.log}")
                time.sleep(0.05)
        finally:
            client.close()

    def stop(self) -> None:
        """SIGTERM, and wait for the server to exit (SIGKILL if it will not). Harmless when
        it is not running."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def redis_server(executable: str = REDIS_SERVER) -> Iterator[RedisServer]:
    """A started :class:`RedisServer`, stopped and its folder removed at the end."""
    found = need_redis(executable)
    folder = Path(tempfile.mkdtemp(prefix="cardtable-redis-"))
    server = RedisServer(found, folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def redis_live() -> Iterator[RedisServer]:
    """A Redis server of the test's own (``pytest_plugins = ["redis_harness"]``)."""
    with redis_server() as server:
        yield server
