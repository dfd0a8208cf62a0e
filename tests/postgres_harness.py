"""A real PostgreSQL server for the tests, started in a temporary folder on a free loopback port
and stopped afterwards. ``initdb`` refuses to run as root, so as root it runs as the
``postgres`` user (Debian's ``postgresql`` package makes both)."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from server_harness import free_port

__all__ = ["postgres_url"]

INSTALL = "install it with: apt-get update && apt-get install -y postgresql"


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for folder in versions:
        if (folder / name).exists():
            return str(folder / name)
    return None


@contextmanager
def postgres_url() -> Iterator[str]:
    """The ``postgresql+asyncpg://`` URL of a fresh database on a server of its own."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        if os.environ.get("CI"):
            raise RuntimeError(f"PostgreSQL is missing in CI; {INSTALL}")
        pytest.skip(f"PostgreSQL is not installed; {INSTALL}")
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    folder = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
    data, sockets = folder / "data", folder / "sockets"
    data.mkdir()
    sockets.mkdir()
    if as_root:
        shutil.chown(folder, "postgres")
        shutil.chown(data, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    user = "postgres" if as_root else os.environ.get("USER", "postgres")
    try:
        subprocess.run(
            [*prefix, initdb, "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8"],
            check=True,
            capture_output=True,
        )
        options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(
            [
                *prefix,
                pg_ctl,
                "-D",
                str(data),
                "-o",
                options,
                "-l",
                str(folder / "log"),
                "-w",
                "start",
            ],
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 30
        while True:
            done = subprocess.run(
                [
                    *prefix,
                    _bin("createdb") or "createdb",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    str(port),
                    "-U",
                    user,
                    "cardtable",
                ],
                capture_output=True,
            )
            if done.returncode == 0:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(done.stderr.decode())
            time.sleep(0.2)
        yield f"postgresql+asyncpg://{user}@127.0.0.1:{port}/cardtable"
    finally:
        subprocess.run(
            [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
