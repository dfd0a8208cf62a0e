"""The Redis harness itself: a real server that answers, goes away when stopped and comes back
empty on the same port when started again; and its skip-or-fail rule when Redis is missing."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import redis

if TYPE_CHECKING:
    from redis_harness import RedisServer

# The fixture comes as a plugin. The harness's helpers are imported in the tests, after pytest
# has imported the plugin: imported here first, pytest could not rewrite its asserts (a warning).
pytest_plugins = ["redis_harness"]


def test_the_server_stores_stops_and_comes_back_on_the_same_port(
    redis_live: RedisServer,
) -> None:
    port = redis_live.port
    assert redis_live.url == f"redis://127.0.0.1:{port}/0"
    client = redis.Redis.from_url(redis_live.url)
    try:
        client.set("table:abc", "7")
        assert client.get("table:abc") == b"7"
    finally:
        client.close()

    redis_live.stop()
    assert not redis_live.running
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    down = redis_live.client()
    try:
        with pytest.raises(redis.exceptions.ConnectionError):
            down.ping()
    finally:
        down.close()
    redis_live.stop()  # harmless twice

    redis_live.start()
    assert redis_live.running
    assert redis_live.port == port
    back = redis.Redis.from_url(redis_live.url)
    try:
        assert back.ping()
        assert back.get("table:abc") is None  # nothing is kept on disk
        back.set("table:abc", "8")
        assert back.get("table:abc") == b"8"
    finally:
        back.close()


def test_the_context_manager_stops_the_server_and_removes_its_folder() -> None:
    from redis_harness import redis_server

    with redis_server() as server:
        process = server.process
        assert process is not None
        folder = server.folder
        assert folder.is_dir()
    assert process.poll() is not None
    assert not folder.exists()


def test_without_redis_a_local_run_skips_and_ci_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from redis_harness import need_redis, redis_server

    absent = str(tmp_path / "no-redis-server")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"apt-get install -y redis-server"):
        need_redis(absent)
    with (
        pytest.raises(pytest.skip.Exception, match=r"apt-get install -y redis-server"),
        redis_server(absent),
    ):
        pass
    monkeypatch.setenv("CI", "true")
    with pytest.raises(RuntimeError, match=r"missing in CI.*apt-get install -y redis-server"):
        need_redis(absent)
    present = tmp_path / "redis-server"
    present.write_text("#!/bin/sh\n")
    present.chmod(0o755)
    assert need_redis(str(present)) == str(present)
