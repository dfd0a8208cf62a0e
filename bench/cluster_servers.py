"""A PostgreSQL and a Redis of the benchmark's own, for ``load_server.py --processes N``: each on
a free loopback port in a temporary folder, stopped and the folder removed when the block ends,
however it ends. ``initdb`` refuses to run as root, so as root PostgreSQL runs as the
``postgres`` user (Debian's ``postgresql`` package makes both); Redis keeps nothing on disk.

Also the CPU seconds of a process and its children (PostgreSQL's backends are the postmaster's
children), read from ``/proc``.
"""

from __future__ import annotations

import math
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Postgres", "Redis", "free_port", "postgres", "redis", "terminate", "tree_cpu_seconds"]

HOST = "127.0.0.1"
INSTALL_PG = "install it with: apt-get update && apt-get install -y postgresql"
INSTALL_REDIS = "install it with: apt-get update && apt-get install -y redis-server"


def terminate(proc: subprocess.Popen[bytes]) -> None:
    """Stop a child politely (SIGTERM), and for good if it does not stop in 10 s."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (state first), or None."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def tree_cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process, of its children that have exited (and were
    waited for), and of its living children: for PostgreSQL, the postmaster and every backend."""
    tick = os.sysconf("SC_CLK_TCK")
    fields = _stat(pid)
    if fields is None:
        return math.nan
    # utime, stime, cutime, cstime are fields 14 to 17 (1-based); here 11 to 14.
    total = sum(int(f) for f in fields[11:15])
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        child = _stat(int(entry.name))
        if child is not None and child[1] == str(pid):  # ppid is field 4, here 1
            total += int(child[11]) + int(child[12])
    return total / tick


def _bin(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).exists():
            return str(folder / name)
    return None


@dataclass
class Postgres:
    url: str
    folder: Path

    @property
    def pid(self) -> int | None:
        """The postmaster's process id (the first line of ``postmaster.pid``)."""
        try:
            return int((self.folder / "data" / "postmaster.pid").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def size(self) -> int:
        """Bytes of the database cluster's files (tables, indexes and WAL)."""
        return sum(f.stat().st_size for f in (self.folder / "data").rglob("*") if f.is_file())


@contextmanager
def postgres() -> Iterator[Postgres]:
    """A fresh PostgreSQL cluster; the URL names its ``postgres`` database."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise RuntimeError(f"PostgreSQL is not installed; {INSTALL_PG}")
    as_root = os.geteuid() == 0
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    user = "postgres" if as_root else os.environ.get("USER", "postgres")
    folder = Path(tempfile.mkdtemp(prefix="cardtable-load-pg-"))
    data, sockets = folder / "data", folder / "sockets"
    data.mkdir()
    sockets.mkdir()
    if as_root:
        for path in (folder, data, sockets):
            shutil.chown(path, "postgres")
    port = free_port()
    started = False
    try:
        subprocess.run(
            [*prefix, initdb, "-D", str(data), "-U", user, "--auth=trust", "-E", "UTF8"],
            check=True,
            capture_output=True,
        )
        # fsync off as in the tests: the figures are the servers', not the disk's.
        options = f"-p {port} -k {sockets} -c listen_addresses={HOST} -c fsync=off"
        started = True
        start = [*prefix, pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log")]
        start += ["-w", "-t", "60", "start"]
        subprocess.run(
            start,
            check=True,
            capture_output=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("PostgreSQL did not answer within 30 s") from None
                time.sleep(0.1)
        yield Postgres(f"postgresql+asyncpg://{user}@{HOST}:{port}/postgres", folder)
    finally:
        if started:
            subprocess.run(
                [*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                capture_output=True,
            )
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Redis:
    url: str
    process: subprocess.Popen[bytes]


@contextmanager
def redis() -> Iterator[Redis]:
    """A ``redis-server`` that keeps nothing on disk."""
    found = shutil.which("redis-server")
    if found is None:
        raise RuntimeError(f"Redis is not installed; {INSTALL_REDIS}")
    folder = Path(tempfile.mkdtemp(prefix="cardtable-load-redis-"))
    port = free_port()
    log = (folder / "redis.log").open("wb")
    command = [found, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no"]
    command += ["--dir", str(folder), "--daemonize", "no"]
    proc = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 15
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"redis-server exited ({proc.returncode})")
            try:
                with socket.create_connection((HOST, port), timeout=1) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("redis-server did not answer PING within 15 s")
            time.sleep(0.05)
        yield Redis(f"redis://{HOST}:{port}/0", proc)
    finally:
        terminate(proc)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
