"""The server's settings: where it listens, which database, which browser origins it trusts."""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_path

__all__ = [
    "DATABASE_ENV",
    "DATA_ENV",
    "REDIS_ENV",
    "SECRET_ENV",
    "Settings",
    "data_dir",
    "default_database",
    "process_name",
]

DATA_ENV = "CARDTABLE_DATA_DIR"
DATABASE_ENV = "CARDTABLE_DATABASE_URL"
SECRET_ENV = "CARDTABLE_SECRET"
REDIS_ENV = "CARDTABLE_REDIS_URL"


def process_name() -> str:
    """A name for this server process among others: host, process id and a random tail (a
    restarted process with a reused pid is still another)."""
    return f"{socket.gethostname()[:30]}-{os.getpid()}-{secrets.token_hex(3)}"


def data_dir() -> Path:
    """The user data folder (``CARDTABLE_DATA_DIR`` moves it), as the records use."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else user_data_path("cardtable")


def default_database() -> str:
    """``CARDTABLE_DATABASE_URL``, else an SQLite file in the user data folder."""
    url = os.environ.get(DATABASE_ENV)
    if url:
        return url
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{folder / 'server.sqlite3'}"


def _secret() -> str:
    """The key that signs cookies: ``CARDTABLE_SECRET``, else one kept in the data folder
    (made once, readable by its owner only), so that a restart keeps everyone signed in."""
    given = os.environ.get(SECRET_ENV)
    if given:
        return given
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "server-secret"
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = secrets.token_hex(32)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(key)
        return key


@dataclass
class Settings:
    """Everything ``cardtable serve`` can be told; the defaults suit one machine."""

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = field(default_factory=default_database)
    #: Browser origins allowed to open a websocket (a client without Origin is no browser).
    origins: tuple[str, ...] = ()
    secret: str = field(default_factory=_secret)
    #: Seconds a bot waits before it moves, so that people can follow (a table may ask another).
    bot_pause: float = 0.6
    #: Processes that run the bots, away from the event loop.
    bot_workers: int = 2
    #: Seconds a game may go on with no person connected before it is closed as abandoned.
    abandon_after: float = 1800.0
    #: Mark the cookie ``Secure`` (sent over HTTPS only): for a server behind an HTTPS proxy.
    secure_cookie: bool = False
    #: Largest websocket message, in bytes, and the rate a client may send.
    max_message: int = 4096
    rate_per_second: float = 20.0
    rate_burst: int = 40
    #: Redis for notices between several server processes on one PostgreSQL (None: this
    #: process is the only one).
    redis_url: str | None = field(default_factory=lambda: os.environ.get(REDIS_ENV) or None)
    #: Seconds a process holds the tables it runs the bots of without renewing; a table whose
    #: process died is taken over by another this long after.
    lease: float = 15.0
    #: This process's name among the others.
    process: str = field(default_factory=process_name)

    @property
    def cluster(self) -> bool:
        """Several processes share the database (``redis_url`` given)."""
        return self.redis_url is not None

    def allowed_origins(self) -> set[str]:
        """The given origins, and the server's own address under both loopback names."""
        own = {f"http://{self.host}:{self.port}"}
        if self.host in ("127.0.0.1", "localhost"):
            own |= {f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"}
        return own | {o.rstrip("/") for o in self.origins}
