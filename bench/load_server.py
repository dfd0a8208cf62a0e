"""Load figures for ``cardtable serve``: many people-only tables playing random legal moves.

Run with ``python bench/load_server.py [--tables N] [--seconds S] [--soak S] [--think T]`` (or
``--quick`` for a smoke run of 20 tables for 10 seconds). One server runs as a child process on
127.0.0.1 (``--bot-pause 0 --bot-workers 1``, SQLite in a temporary folder); this process plays
every seat of every table over real HTTP and websockets, as the people of ``docs/protocol.md``
would: a guest each, the creator makes the table, the others join by its invitation and sit,
everyone connects, the creator starts, and each seat answers every view that asks it to move
with a random legal move. A table whose game is over is replaced by a new one, so the load stays
at ``--tables`` tables until the time is up. Most tables are two-player Cribbage; a share
(``--four-share``) are four-player Kloepper and Calypso.

The first tables are all seated before any starts (the seating time is printed); then come the
load phase and, with ``--soak``, a soak phase. Figures for each:

- moves/s: moves the server accepted (the plies the views advanced), per second;
- pushes/s: ``view`` frames received by all clients, per second;
- move latency: from sending a move to every seat of that table holding the view of the next
  ply (p50, p90, p99, max), measured in this process, so it includes the time this process
  takes to read the frames;
- ping round trip: a person alone at a table that never starts pings ten times a second (no
  database, no view: the server's bare responsiveness), and this process's own loop lag;
- the CPU of the server, of this process and of everything else on the machine (shares of one
  core), and the server's resident memory (``VmRSS``) before the load, after each phase and
  once every client has gone.

``--accounts`` seats people with accounts instead of guests (argon2id with the server's own
parameters): each seat's person makes an account at its slot's first table and signs in again
every ``--signin-every`` tables; ``--rated`` makes every table rated, so each finished game
updates its players' ratings. The time each account's making and sign-in took is reported.

``--think T`` makes each seat wait a random 0 to 2T seconds before it moves (people's pace); the
default 0 moves as soon as the view comes, which measures the server's capacity.

``--processes N`` (N of 2 or more) runs N server processes sharing one PostgreSQL and one Redis
(``docs/deploy.md``), both started here on loopback ports in temporary folders; ``--postgres``
does the same with one process, to tell the cost of PostgreSQL and Redis from that of crossing
processes. Every process gets the same ``CARDTABLE_SECRET`` and a data folder of its own, and the
seats of each table are spread over them: seat s of table slot t signs in, sits and connects its
websocket at process (t + s) mod N, so every move is taken by one process and reaches the seats
at the others through the database and a Redis notice. The figures are then the sum over the
processes, with a table per process (CPU share, ``VmRSS`` before, after the load and at the
end, memory per table) and the CPU of PostgreSQL (the postmaster and its backends) and Redis.

Everything stays on the loopback address, the load is bounded by ``--tables`` and by time, and
the servers, the database, Redis and their temporary folders are removed at the end, on Ctrl-C or
on an error too. It
prints figures only; nothing here passes or fails. ``make bench`` does not run it (it takes
minutes); run it by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookiejar import CookieJar, DefaultCookiePolicy
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import cardtable
from cluster_servers import Postgres, Redis, postgres, redis, terminate, tree_cpu_seconds

COOKIE = "cardtable_user"
HOST = "127.0.0.1"
#: The people-only tables: options, and the number of seats (every one open).
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "cribbage": ({"target": 121}, 2),
    "kloepper": ({}, 4),
    "calypso": ({}, 4),
}
#: Seconds without a frame after which a table is given up (and counted as an error).
SILENCE = 60.0
#: The server lets a client send 20 messages a second in bursts of 40; the clients keep under it.
CLIENT_RATE, CLIENT_BURST = 18.0, 30


# ---------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> int | None:
    """The resident memory of a process, in KiB (``VmRSS`` of ``/proc/PID/status``)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def machine_busy() -> float:
    """CPU seconds every core of this machine has been busy since boot (``/proc/stat``)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    except OSError:
        return math.nan
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process has used (all its threads), from ``/proc``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    # After the command's name: state is field 3, utime 14 and stime 15 (1-based).
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def server(
    folder: Path, port: int, database_url: str | None = None, redis_url: str | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """``cardtable serve`` as a child process in its own session, ready when this yields, and
    stopped (then killed, with anything it started) when the block ends, however it ends. It
    keeps SQLite in ``folder`` unless given a database; with Redis, it is one of several."""
    env = dict(os.environ, CARDTABLE_DATA_DIR=str(folder), CARDTABLE_SECRET="bench")
    env.pop("CARDTABLE_DATABASE_URL", None)
    env.pop("CARDTABLE_REDIS_URL", None)
    log = (folder / "server.log").open("wb")
    command = [
        sys.executable,
        "-m",
        "cardtable",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--database-url",
        database_url or f"sqlite+aiosqlite:///{folder / 'db.sqlite3'}",
        "--bot-pause",
        "0",
        "--bot-workers",
        "1",
    ]
    if redis_url is not None:
        command += ["--redis-url", redis_url]
    proc = subprocess.Popen(
        command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{tail(folder / 'server.log')}")
            try:
                httpx.get(f"http://{HOST}:{port}/api/me", timeout=1)  # 401 is an answer
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer within 60 s") from None
                time.sleep(0.1)
        yield proc
    finally:
        terminate(proc)
        # Whatever the server started (its bot pool) is in the session it leads.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def log_summary(path: Path, keep: Path | None, who: str = "the server") -> str:
    """How many tracebacks the server logged and the last one's last line; the whole log is
    copied to ``keep`` when given."""
    if keep is not None:
        shutil.copyfile(path, keep)
    lines = path.read_text(errors="replace").splitlines()
    count = sum(1 for line in lines if line.startswith("Traceback"))
    if not count:
        return f"{who} logged no traceback"
    last = next(line for line in reversed(lines) if line and not line[0].isspace())
    where = f" (whole log: {keep})" if keep is not None else " (--log FILE keeps it)"
    return f"{who} logged {count} tracebacks; the last: {last}{where}"


def tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


# ---------------------------------------------------------------------- the figures


@dataclass
class Phase:
    """What the clients saw during one stretch of time."""

    name: str
    started: float = field(default_factory=time.perf_counter)
    ended: float = 0.0
    moves: int = 0
    pushes: int = 0
    frames: int = 0
    games: int = 0
    tables: int = 0
    latencies: list[float] = field(default_factory=list)
    #: With ``--accounts``: how long each account's making and each sign-in took.
    signins: list[float] = field(default_factory=list)
    #: Round trips of the probe's pings, and how late this process's own loop woke.
    pings: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    #: CPU seconds of all the server processes together, and of each.
    server_cpu: float = 0.0
    server_cpus: list[float] = field(default_factory=list)
    client_cpu: float = 0.0
    #: With several processes (or ``--postgres``): PostgreSQL's (all its backends) and Redis's.
    postgres_cpu: float = math.nan
    redis_cpu: float = math.nan
    #: CPU that neither the servers, nor this process, nor PostgreSQL or Redis used (other work
    #: on a shared machine).
    other_cpu: float = 0.0
    #: The servers' resident memory at the end of the phase: the sum, and each.
    rss_kib: int | None = None
    rss_each: list[int | None] = field(default_factory=list)

    @property
    def seconds(self) -> float:
        return (self.ended or time.perf_counter()) - self.started


def percentile(samples: list[float], share: float) -> float:
    """The value under which ``share`` of the samples (seconds) fall, nearest rank, in ms."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))
    return ordered[rank] * 1000


class Bucket:
    """The client's own pacing, a token bucket like the server's (``rate`` a second)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    async def take(self) -> None:
        while True:
            moment = time.monotonic()
            self.tokens = min(self.burst, self.tokens + (moment - self.last) * self.rate)
            self.last = moment
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / self.rate)


class Tracker:
    """One table's plies as its seats receive them: moves counted once, and the latency of each
    move taken when the last seat gets the view that follows it."""

    def __init__(self, run: Run, seats: int) -> None:
        self.run = run
        self.seats = seats
        self.top = 0
        self.seen = [0] * seats
        self.arrivals: dict[int, int] = {}
        self.sent: dict[int, float] = {}

    def view(self, seat: int, ply: int, moment: float) -> None:
        phase = self.run.phase
        if ply > self.top:
            phase.moves += ply - self.top
            self.top = ply
        for step in range(self.seen[seat] + 1, ply + 1):
            count = self.arrivals.get(step, 0) + 1
            if count < self.seats:
                self.arrivals[step] = count
                continue
            self.arrivals.pop(step, None)
            sent = self.sent.pop(step - 1, None)
            if sent is not None:
                phase.latencies.append(moment - sent)
        self.seen[seat] = max(self.seen[seat], ply)


# ---------------------------------------------------------------------- the clients


class _NoCookies(DefaultCookiePolicy):
    """A cookie policy that keeps nothing: every request names its own seat's cookie."""

    def set_ok(self, cookie: Any, request: Any) -> bool:
        return False

    def return_ok(self, cookie: Any, request: Any) -> bool:
        return False


@dataclass
class Cluster:
    """The server processes under load (one, or several sharing PostgreSQL and Redis)."""

    ports: list[int]
    procs: list[subprocess.Popen[bytes]]
    postgres: Postgres | None = None
    redis: Redis | None = None

    def rss(self) -> list[int | None]:
        return [rss_kib(proc.pid) for proc in self.procs]

    def cpus(self) -> list[float]:
        return [cpu_seconds(proc.pid) for proc in self.procs]

    def postgres_cpu(self) -> float:
        pid = self.postgres.pid if self.postgres is not None else None
        return math.nan if pid is None else tree_cpu_seconds(pid)

    def redis_cpu(self) -> float:
        return math.nan if self.redis is None else cpu_seconds(self.redis.process.pid)


def total(values: list[int | None]) -> int | None:
    """The sum, or None when a value is missing."""
    known = [v for v in values if v is not None]
    return sum(known) if values and len(known) == len(values) else None


class Run:
    """The load generator: ``--tables`` table slots, each playing one game after another."""

    def __init__(self, args: argparse.Namespace, cluster: Cluster) -> None:
        self.args = args
        self.cluster = cluster
        self.ws_bases = [f"ws://{HOST}:{port}" for port in cluster.ports]
        self.phase = Phase("seating")
        self._server_cpus = cluster.cpus()
        self._client_cpu = time.process_time()
        self._postgres_cpu = cluster.postgres_cpu()
        self._redis_cpu = cluster.redis_cpu()
        self._busy = machine_busy()
        self.stopping = False
        self.ramped: set[int] = set()
        #: The first message of each kind of error a table ended with (printed as a note).
        self.first_errors: dict[str, str] = {}
        #: Every first table is seated (or failed); then ``go`` lets them start together.
        self.seated = asyncio.Event()
        self.go = asyncio.Event()
        #: With ``--accounts``: each (slot, seat)'s session cookie and the tables it has made.
        self.sessions: dict[tuple[int, int], str] = {}
        self.played: Counter[tuple[int, int]] = Counter()
        #: One HTTP client per server process; ``at`` below picks one (the seat's process).
        self.https = [
            httpx.AsyncClient(
                base_url=f"http://{HOST}:{port}",
                cookies=CookieJar(policy=_NoCookies()),
                timeout=60,
                limits=httpx.Limits(max_connections=64, keepalive_expiry=2),
            )
            for port in cluster.ports
        ]

    def process_of(self, slot: int, seat: int) -> int:
        """The server process a seat talks to: (slot + seat) mod N, so that with several
        processes the seats of a table are spread over them and every move crosses."""
        return (slot + seat) % len(self.https)

    # -- HTTP

    async def guest(self, name: str, at: int = 0) -> str:
        answer = await self.https[at].post("/api/guest", json={"name": name, "language": "en"})
        answer.raise_for_status()
        return str(answer.cookies[COOKIE])

    async def person(self, slot: int, seat: int, at: int) -> str:
        """The cookie of the person at ``seat`` of table slot ``slot`` (``--accounts``): the
        slot's first table makes the account from a guest; every ``--signin-every``-th later
        table signs in again (a new session); the tables between keep the session."""
        key = (slot, seat)
        login, password = f"load{slot}x{seat}", f"load {slot} {seat} plays cribbage on tuesdays"
        turn = self.played[key]
        self.played[key] += 1
        if key in self.sessions and turn % self.args.signin_every:
            return self.sessions[key]
        started = time.perf_counter()
        if key not in self.sessions:
            guest = await self.guest(f"T{slot} S{seat}", at)
            path, cookie = "/api/account", guest
        else:
            path, cookie = "/api/signin", self.sessions[key]
        answer = await self.https[at].post(
            path,
            json={"login": login, "password": password},
            headers={"Cookie": f"{COOKIE}={cookie}"},
        )
        if answer.status_code != 200:
            raise RuntimeError(f"{path}: {answer.status_code} {answer.text[:200]}")
        self.phase.signins.append(time.perf_counter() - started)
        self.sessions[key] = str(answer.cookies[COOKIE])
        return self.sessions[key]

    async def post(
        self, path: str, cookie: str, body: dict[str, Any] | None = None, at: int = 0
    ) -> Any:
        answer = await self.https[at].post(
            path, json=body or {}, headers={"Cookie": f"{COOKIE}={cookie}"}
        )
        if answer.status_code != 200:
            raise RuntimeError(f"{path}: {answer.status_code} {answer.text[:200]}")
        return answer.json()

    # -- tables

    def game_of(self, slot: int) -> str:
        """Slot by slot, a share ``--four-share`` of four-player tables spread evenly, Kloepper
        and Calypso in turn; Cribbage at the others."""
        share = self.args.four_share
        if math.floor((slot + 1) * share) > math.floor(slot * share):
            return "kloepper" if math.floor(slot * share) % 2 == 0 else "calypso"
        return "cribbage"

    def _ramped(self, slot: int) -> None:
        """The slot's first table is seated and connected (or failed): the ramp waits for all
        of them."""
        self.ramped.add(slot)
        if len(self.ramped) >= self.args.tables:
            self.seated.set()

    async def slot(self, slot: int) -> None:
        """One table after another at this slot until the run stops."""
        rng = random.Random(self.args.seed * 100_003 + slot)
        while not self.stopping:
            try:
                await self.table(slot, rng)
            except Exception as err:
                self.phase.errors[type(err).__name__] += 1
                self.first_errors.setdefault(type(err).__name__, str(err)[:300])
                await asyncio.sleep(1.0)
            finally:
                self._ramped(slot)

    async def table(self, slot: int, rng: random.Random) -> None:
        """One table from the guests' sign-in to the game's end."""
        name = self.game_of(slot)
        options, seats = GAMES[name]
        at = [self.process_of(slot, s) for s in range(seats)]
        if self.args.accounts:
            who = [self.person(slot, s, at[s]) for s in range(seats)]
        else:
            who = [self.guest(f"T{slot} S{s}", at[s]) for s in range(seats)]
        cookies = list(await asyncio.gather(*who))
        made = await self.post(
            "/api/tables",
            cookies[0],
            {
                "game": name,
                "options": options,
                "seats": ["open"] * seats,
                "rated": self.args.rated,
            },
            at[0],
        )
        table_id, invite = made["table"]["id"], made["invite"]

        async def take_seat(seat: int) -> None:
            await self.post(f"/api/join/{invite}", cookies[seat], at=at[seat])
            await self.post(f"/api/tables/{table_id}/sit", cookies[seat], {}, at[seat])

        await asyncio.gather(*(take_seat(s) for s in range(1, seats)))
        sockets: list[ClientConnection] = []
        players: list[asyncio.Task[bool]] = []
        try:
            for seat, cookie in enumerate(cookies):
                sockets.append(
                    await connect(
                        f"{self.ws_bases[at[seat]]}/ws/tables/{table_id}",
                        additional_headers={"Cookie": f"{COOKIE}={cookie}"},
                        compression=None if self.args.no_deflate else "deflate",
                        max_size=2**22,
                        open_timeout=60,
                        close_timeout=2,
                        ping_interval=None,
                    )
                )
            tracker = Tracker(self, seats)
            players = [
                asyncio.create_task(self.seat(tracker, i, ws, rng)) for i, ws in enumerate(sockets)
            ]
            if not self.go.is_set():
                # The first tables wait for each other, so that the load begins all at once.
                self._ramped(slot)
                await self.go.wait()
            await self.post(f"/api/tables/{table_id}/start", cookies[0], at=at[0])
            self.phase.tables += 1
            if all(await asyncio.gather(*players)):
                self.phase.games += 1
        finally:
            for task in players:
                task.cancel()
            for ws in sockets:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def seat(
        self, tracker: Tracker, index: int, ws: ClientConnection, rng: random.Random
    ) -> bool:
        """One seat's client: answers every view that asks it to move with a random legal move;
        True at the game's end, False when the run stops first."""
        bucket = Bucket(CLIENT_RATE, CLIENT_BURST)
        last: dict[str, Any] | None = None
        think = self.args.think
        while True:
            try:
                # Not asyncio.wait_for: on Python 3.11 it may swallow a cancellation.
                async with asyncio.timeout(SILENCE):
                    raw = await ws.recv()
            except (TimeoutError, ConnectionClosed):
                if self.stopping:
                    return False
                raise
            moment = time.perf_counter()
            message = json.loads(raw)
            phase = self.phase
            phase.frames += 1
            kind = message.get("type")
            if kind == "error":
                code = message.get("code")
                phase.errors[f"error {code}"] += 1
                if code == "too-fast" and last is not None and not self.stopping:
                    await asyncio.sleep(0.2)
                    tracker.sent[last["ply"]] = time.perf_counter()
                    await ws.send(json.dumps(last))
                continue
            if kind != "view":
                continue
            phase.pushes += 1
            tracker.view(index, message["ply"], moment)
            if message["status"] == "over":
                return True
            if not message["legal"] or self.stopping:
                continue
            if think > 0:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            await bucket.take()
            if self.stopping:
                continue
            move = rng.choice(message["legal"])["move"]
            last = {"type": "move", "ply": message["ply"], "move": move}
            tracker.sent[message["ply"]] = time.perf_counter()
            await ws.send(json.dumps(last))

    # -- probes

    async def probe_lag(self) -> None:
        """How late this process's own event loop wakes from a 20 ms sleep: a lag here is in
        every latency this process measures."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.02)
            self.phase.lags.append(max(0.0, time.perf_counter() - start - 0.02))

    async def probe_ping(self, at: int = 0) -> None:
        """A person alone at a table that never starts sends a ``ping`` ten times a second:
        its round trip is the server's responsiveness to a message that needs no database and
        no view. With several processes, one such person at each."""
        cookie = await self.guest("probe", at)
        made = await self.post(
            "/api/tables",
            cookie,
            {"game": "cribbage", "options": {}, "seats": ["open", "open"]},
            at,
        )
        async with connect(
            f"{self.ws_bases[at]}/ws/tables/{made['table']['id']}",
            additional_headers={"Cookie": f"{COOKIE}={cookie}"},
            compression=None if self.args.no_deflate else "deflate",
            close_timeout=2,
            ping_interval=None,
        ) as ws:
            while True:
                await asyncio.sleep(0.1)
                start = time.perf_counter()
                await ws.send('{"type": "ping"}')
                while json.loads(await ws.recv()).get("type") != "pong":
                    pass
                self.phase.pings.append(time.perf_counter() - start)

    # -- phases

    def begin(self, name: str) -> None:
        self.phase = Phase(name)
        self._server_cpus = self.cluster.cpus()
        self._client_cpu = time.process_time()
        self._postgres_cpu = self.cluster.postgres_cpu()
        self._redis_cpu = self.cluster.redis_cpu()
        self._busy = machine_busy()

    def end(self) -> Phase:
        """The current phase, closed with the servers' memory and every process's CPU."""
        phase = self.phase
        phase.ended = time.perf_counter()
        phase.rss_each = self.cluster.rss()
        phase.rss_kib = total(phase.rss_each)
        phase.server_cpus = [
            now - then for now, then in zip(self.cluster.cpus(), self._server_cpus, strict=True)
        ]
        phase.server_cpu = sum(phase.server_cpus)
        phase.client_cpu = time.process_time() - self._client_cpu
        phase.postgres_cpu = self.cluster.postgres_cpu() - self._postgres_cpu
        phase.redis_cpu = self.cluster.redis_cpu() - self._redis_cpu
        known = sum(c for c in (phase.postgres_cpu, phase.redis_cpu) if not math.isnan(c))
        phase.other_cpu = machine_busy() - self._busy - phase.server_cpu - phase.client_cpu - known
        return phase

    async def hold(self, seconds: float) -> None:
        """Let the load run for ``seconds``, watching that the servers live."""
        deadline = time.perf_counter() + seconds
        while (left := deadline - time.perf_counter()) > 0:
            for index, proc in enumerate(self.cluster.procs):
                if proc.poll() is not None:
                    who = "the server" if len(self.cluster.procs) == 1 else f"server {index}"
                    raise RuntimeError(f"{who} exited during the run")
            await asyncio.sleep(min(1.0, left))


async def drive(args: argparse.Namespace, cluster: Cluster) -> Report:
    """The ramp, the load phase and the soak phase; then every client leaves."""
    report = Report(rss_before=cluster.rss())
    run = Run(args, cluster)
    run.begin("seating")
    slots = [asyncio.create_task(run.slot(i)) for i in range(args.tables)]
    probes = [asyncio.create_task(run.probe_lag())]
    probes += [asyncio.create_task(run.probe_ping(at)) for at in range(len(cluster.procs))]
    try:
        try:
            async with asyncio.timeout(args.ramp):
                await run.seated.wait()
        except TimeoutError:
            report.notes.append(
                f"only {len(run.ramped)} of {args.tables} tables were seated after {args.ramp:g} s"
            )
        report.seating = run.end()
        run.begin("load")
        run.go.set()
        await run.hold(args.seconds)
        report.phases.append(run.end())
        if args.soak > 0:
            run.begin("soak")
            await run.hold(args.soak)
            report.phases.append(run.end())
    finally:
        run.stopping = True
        for task in slots + probes:
            task.cancel()
        _done, stuck = await asyncio.wait(slots + probes, timeout=15)
        if stuck:
            report.notes.append(f"{len(stuck)} tables did not stop within 15 s")
        for http in run.https:
            await http.aclose()
        for kind, text in sorted(run.first_errors.items()):
            report.notes.append(f"the first {kind}: {' '.join(text.split())}")
    await asyncio.sleep(2)  # the server notices the closed sockets
    report.rss_idle = cluster.rss()
    return report


@dataclass
class Report:
    #: Each server process's resident memory before the load and once every client has gone.
    rss_before: list[int | None]
    rss_idle: list[int | None] = field(default_factory=list)
    seating: Phase | None = None
    phases: list[Phase] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------- output


def mib(kib: int | None) -> str:
    return "?" if kib is None else f"{kib / 1024:,.0f} MiB"


def ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:,.1f} ms"


def both(samples: list[float]) -> str:
    return f"{ms(percentile(samples, 0.5))} / {ms(percentile(samples, 0.99))}"


def share(seconds: float, phase: Phase) -> str:
    """CPU seconds as a share of one core over the phase."""
    return "?" if math.isnan(seconds) else f"{max(0.0, 100 * seconds / phase.seconds):.0f}%"


def per_table(after: int | None, before: int | None, tables: int) -> str:
    if after is None or before is None or tables <= 0:
        return "?"
    return f"{(after - before) / tables:,.0f} KiB"


def show(
    console: Console,
    args: argparse.Namespace,
    report: Report,
    db_bytes: int,
    cluster: Cluster | None = None,
) -> None:
    several = cluster is not None and (len(cluster.procs) > 1 or cluster.postgres is not None)
    count = len(report.rss_before)
    title = "cardtable serve under load"
    if several:
        title += f": {count} process{'es' if count > 1 else ''}, PostgreSQL and Redis"
    table = Table("Figure", *(p.name for p in report.phases), title=title)
    table.title_justify = "left"
    phases = report.phases
    servers = "server" if count == 1 else f"{count} servers'"

    def row(name: str, cell: Any) -> None:
        table.add_row(name, *(cell(p) for p in phases))

    row("seconds", lambda p: f"{p.seconds:,.1f}")
    row("tables started", lambda p: f"{p.tables:,}")
    row("games finished", lambda p: f"{p.games:,}")
    row("moves/s", lambda p: f"{p.moves / p.seconds:,.0f}")
    row("pushes/s (views received)", lambda p: f"{p.pushes / p.seconds:,.0f}")
    row("move latency p50", lambda p: ms(percentile(p.latencies, 0.50)))
    row("move latency p90", lambda p: ms(percentile(p.latencies, 0.90)))
    row("move latency p99", lambda p: ms(percentile(p.latencies, 0.99)))
    row("move latency max", lambda p: ms(percentile(p.latencies, 1.0)))
    row("move latency samples", lambda p: f"{len(p.latencies):,}")
    if args.accounts:
        row("accounts made and sign-ins", lambda p: f"{len(p.signins):,}")
        row("sign-in p50 / p99", lambda p: both(p.signins))
    row("ping round trip p50 / p99", lambda p: both(p.pings))
    row("generator loop lag p50 / p99", lambda p: both(p.lags))
    row(f"{servers} CPU (of one core)", lambda p: f"{100 * p.server_cpu / p.seconds:.0f}%")
    row("generator CPU (of one core)", lambda p: f"{100 * p.client_cpu / p.seconds:.0f}%")
    if several:
        row("PostgreSQL CPU (all backends)", lambda p: share(p.postgres_cpu, p))
        row("Redis CPU", lambda p: share(p.redis_cpu, p))
    row("other processes' CPU", lambda p: f"{max(0.0, 100 * p.other_cpu / p.seconds):.0f}%")
    row(f"{servers} RSS at the end", lambda p: mib(p.rss_kib))
    row(
        "errors",
        lambda p: ", ".join(f"{k} {v}" for k, v in sorted(p.errors.items())) or "none",
    )
    seating = report.seating
    if seating is not None:
        errors = ", ".join(f"{k} {v}" for k, v in sorted(seating.errors.items())) or "no errors"
        cpu = 100 * seating.server_cpu / seating.seconds
        own = 100 * seating.client_cpu / seating.seconds
        console.print(
            f"seating {args.tables} tables (guests, table, invitation, seats, websockets): "
            f"{seating.seconds:,.1f} s, {servers} CPU {cpu:.0f}%, generator CPU {own:.0f}%, "
            f"{errors}"
            + (
                f"; {len(seating.signins):,} accounts made, p50 / p99 {both(seating.signins)}"
                if args.accounts
                else ""
            )
        )
    console.print(table)
    if several and phases:
        show_processes(console, args, report)
    before = total(report.rss_before)
    after = phases[0].rss_kib if phases else None
    console.print(
        f"{servers} RSS: {mib(before)} before the load, "
        f"{mib(total(report.rss_idle))} once every client had gone; memory per table "
        f"{per_table(after, before, args.tables)} (RSS after the load less before, over "
        f"{args.tables} tables); database {db_bytes / 2**20:,.1f} MiB "
        f"({'PostgreSQL cluster files' if several else 'with its WAL'})"
    )
    for note in report.notes:
        console.print(f"note: {note}", markup=False, highlight=False)


def show_processes(console: Console, args: argparse.Namespace, report: Report) -> None:
    """A row per server process and one for them all: CPU share in each phase, resident memory
    before the load, at the end of each phase and once the clients had gone, and memory per
    table (after the load less before, over ``--tables``)."""
    phases = report.phases
    table = Table(
        "Process",
        *(f"CPU {p.name}" for p in phases),
        "RSS before",
        *(f"RSS after {p.name}" for p in phases),
        "RSS idle",
        "per table",
        title="each server process",
    )
    table.title_justify = "left"
    for index, before in enumerate(report.rss_before):
        after = phases[0].rss_each[index] if phases[0].rss_each else None
        idle = report.rss_idle[index] if index < len(report.rss_idle) else None
        table.add_row(
            f"server {index}",
            *(share(p.server_cpus[index], p) if p.server_cpus else "?" for p in phases),
            mib(before),
            *(mib(p.rss_each[index]) if p.rss_each else "?" for p in phases),
            mib(idle),
            per_table(after, before, args.tables),
        )
    before_all = total(report.rss_before)
    table.add_row(
        "all",
        *(share(p.server_cpu, p) for p in phases),
        mib(before_all),
        *(mib(p.rss_kib) for p in phases),
        mib(total(report.rss_idle)),
        per_table(phases[0].rss_kib, before_all, args.tables),
    )
    console.print(table)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=200, help="tables playing at once")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load phase")
    parser.add_argument("--soak", type=float, default=0.0, help="length of a soak phase after it")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a seat waits before it moves"
    )
    parser.add_argument(
        "--four-share", type=float, default=0.25, help="share of 4-player Kloepper/Calypso tables"
    )
    parser.add_argument("--ramp", type=float, default=120.0, help="most seconds to seat them all")
    parser.add_argument("--no-deflate", action="store_true", help="websockets without compression")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random moves")
    parser.add_argument("--log", type=Path, help="keep the server's log in this file")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 20 tables, 10 s")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes; 2 or more share a PostgreSQL and a Redis started here",
    )
    parser.add_argument(
        "--postgres", action="store_true", help="PostgreSQL and Redis even with one process"
    )
    parser.add_argument(
        "--accounts",
        action="store_true",
        help="people with accounts (argon2id, the server's parameters), not guests",
    )
    parser.add_argument(
        "--signin-every",
        type=int,
        default=5,
        help="with --accounts, a person signs in again every Nth table of theirs",
    )
    parser.add_argument("--rated", action="store_true", help="rated tables (ratings update)")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds, args.soak = 20, 10.0, min(args.soak, 10.0)
    args.tables = max(1, min(args.tables, 2000))
    args.seconds = max(1.0, min(args.seconds, 3600.0))
    args.soak = max(0.0, min(args.soak, 3600.0))
    args.four_share = max(0.0, min(args.four_share, 1.0))
    args.processes = max(1, min(args.processes, 16))
    args.signin_every = max(1, min(args.signin_every, 1000))
    shared = args.processes > 1 or args.postgres

    # Each seat is a websocket at both ends: lift this process's (and so the server's) limit.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    console = Console()
    console.print(
        f"cardtable {cardtable.__version__}, Python {platform.python_version()} on "
        f"{os.cpu_count()} cores ({platform.machine()}); {args.tables} tables "
        f"({args.four_share:.0%} four-player), {args.seconds:g} s load, {args.soak:g} s soak, "
        f"think {args.think:g} s, websocket compression "
        f"{'off' if args.no_deflate else 'on'}; load average {os.getloadavg()[0]:.2f} at the start"
        + (f"; accounts, a sign-in every {args.signin_every} tables" if args.accounts else "")
        + ("; rated tables" if args.rated else "")
    )
    if shared:
        console.print(
            f"{args.processes} server process{'es' if args.processes > 1 else ''} on one "
            "PostgreSQL and one Redis; seat s of table slot t at process (t + s) mod "
            f"{args.processes}"
        )
    folder = Path(tempfile.mkdtemp(prefix="cardtable-load-"))
    # Ctrl-C and a plain kill both end in the clean-up below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        with contextlib.ExitStack() as stack:
            cluster = Cluster([], [])
            database_url = redis_url = None
            if shared:
                cluster.postgres = stack.enter_context(postgres())
                cluster.redis = stack.enter_context(redis())
                database_url, redis_url = cluster.postgres.url, cluster.redis.url
            folders = [folder]
            if shared:
                folders = [folder / f"server{i}" for i in range(args.processes)]
                for each in folders:
                    each.mkdir()
            for each in folders:
                port = free_port()
                while port in cluster.ports:
                    port = free_port()
                cluster.ports.append(port)
                cluster.procs.append(
                    stack.enter_context(server(each, port, database_url, redis_url))
                )
            report = asyncio.run(drive(args, cluster))
            if cluster.postgres is not None:
                db_bytes = cluster.postgres.size()
            else:
                db_bytes = sum(f.stat().st_size for f in folder.glob("db.sqlite3*"))
            said = [
                log_summary(
                    each / "server.log",
                    log_copy(args.log, index, len(folders)),
                    "the server" if len(folders) == 1 else f"server {index}",
                )
                for index, each in enumerate(folders)
            ]
        show(console, args, report, db_bytes, cluster)
        for line in said:
            console.print(line, markup=False, highlight=False)
    except KeyboardInterrupt:
        shutil.rmtree(folder, ignore_errors=True)
        console.print("stopped; the server is gone and its folder removed")
        raise SystemExit(130) from None
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def log_copy(keep: Path | None, index: int, count: int) -> Path | None:
    """Where to keep server ``index``'s log: ``--log FILE`` itself for one server, else
    ``FILE`` with ``.INDEX`` before its suffix."""
    if keep is None or count == 1:
        return keep
    return keep.with_name(f"{keep.stem}.{index}{keep.suffix}")


if __name__ == "__main__":
    main()
