"""The arena: bots play the same deals with the seats rotated, and the results are measured.

A *deal* here is one game started from a seed (``seed + i`` for the i-th deal), so every bot
meets the same cards. A *seating* says which bot sits in each seat: bot ``k`` of ``n`` takes the
seats ``s`` with ``s % n == k``, turned round the table. Without ``duplicate`` each deal is played
once, in the next seating in turn; with it, every deal is played once in every seating, so the
cards cancel out of the comparison.

Points are each game's final scores per deal played (a Calypso round is four deals, a
Cribbage game as many as it took), averaged over a bot's seats, with the sign turned for games
where the lowest total wins, so more is always better.

>>> result = run_match("cribbage", ["rules", "random"], deals=4, duplicate=True, seed=1,
...                    options={"target": 61})
>>> len(result.games), [g.seating for g in result.games[:2]]
(8, [(0, 1), (1, 0)])
>>> result.summary()["rules"]["wins"] >= 4
True
"""

from __future__ import annotations

import importlib
import logging
import math
import os
import socket
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import Interval, elo, mean_interval, paired_interval, win_rate
from cardtable.engine import JSON
from cardtable.errors import CardtableError, clip
from cardtable.registry import load
from cardtable.seat_view import SeatView

__all__ = ["GameResult", "MatchResult", "in_order", "ray_session", "run_match", "seatings"]


def seatings(players: int, bots: int) -> list[tuple[int, ...]]:
    """Every distinct seating of ``bots`` bots round a table of ``players`` seats.

    >>> seatings(2, 2), seatings(4, 2)
    ([(0, 1), (1, 0)], [(0, 1, 0, 1), (1, 0, 1, 0)])
    >>> seatings(3, 2)
    [(0, 1, 0), (0, 0, 1), (1, 0, 0)]
    """
    base = [s % bots for s in range(players)]
    out: list[tuple[int, ...]] = []
    for shift in range(players):
        seating = tuple(base[(s - shift) % players] for s in range(players))
        if seating not in out:
            out.append(seating)
    return out


@dataclass(frozen=True)
class GameResult:
    """One deal played in one seating."""

    deal: int  # the deal's index; its seed is the match seed + deal
    seating: tuple[int, ...]  # the bot (its index) in each seat
    scores: tuple[float, ...]  # final score of each seat, signed so that more is better
    winners: tuple[int, ...]  # the winning seats
    deals: int  # deals the game took (Calypso 4 a round; Cribbage as many as it needed)
    moves: tuple[int, ...]  # decisions made by each bot
    seconds: tuple[float, ...]  # time each bot spent choosing

    def points(self, bot: int) -> float:
        """The bot's mean seat score per deal."""
        seats = [s for s, b in enumerate(self.seating) if b == bot]
        return sum(self.scores[s] for s in seats) / len(seats) / max(1, self.deals)

    def win(self, bot: int) -> float:
        """1 when only this bot's seats won, 0.5 when it shares the win with another bot."""
        bots = {self.seating[s] for s in self.winners}
        if bot not in bots:
            return 0.0
        return 1.0 if len(bots) == 1 else 0.5

    def to_json(self) -> dict[str, JSON]:
        return {
            "deal": self.deal,
            "seating": list(self.seating),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "deals": self.deals,
            "moves": list(self.moves),
            "seconds": [round(s, 6) for s in self.seconds],
        }


@dataclass
class MatchResult:
    """Every game of a match, and what they say about the bots."""

    game: str
    options: dict[str, Any]
    bots: list[str]
    seed: int
    duplicate: bool
    games: list[GameResult] = field(default_factory=list)

    def _labels(self) -> list[str]:
        # The same bot twice (a self-match) still needs two names.
        seen: dict[str, int] = {}
        labels = []
        for name in self.bots:
            seen[name] = seen.get(name, 0) + 1
            labels.append(name if self.bots.count(name) == 1 else f"{name}#{seen[name]}")
        return labels

    def summary(self) -> dict[str, dict[str, Any]]:
        """Per bot: games, wins, win rate and points per deal (with 95% intervals), and the
        mean time per decision."""
        out: dict[str, dict[str, Any]] = {}
        for index, label in enumerate(self._labels()):
            wins = sum(g.win(index) for g in self.games)
            moves = sum(g.moves[index] for g in self.games)
            seconds = sum(g.seconds[index] for g in self.games)
            out[label] = {
                "games": len(self.games),
                "wins": wins,
                "win_rate": win_rate(wins, len(self.games)),
                "points_per_deal": mean_interval([g.points(index) for g in self.games]),
                "ms_per_move": 1000 * seconds / moves if moves else 0.0,
            }
        return out

    def difference(self, a: int = 0, b: int = 1) -> Interval:
        """Bot ``a``'s points per deal less bot ``b``'s, game by game (paired, so in a duplicate
        match the cards cancel)."""
        return paired_interval([g.points(a) for g in self.games], [g.points(b) for g in self.games])

    def ratings(self) -> dict[str, float]:
        """Elo ratings fitted on every game at once (a game is a win, draw or loss between
        each two bots, by their points)."""
        labels = self._labels()
        results: list[tuple[str, str, float]] = []
        for g in self.games:
            for a, b in combinations(range(len(labels)), 2):
                pa, pb = g.points(a), g.points(b)
                results.append((labels[a], labels[b], 1.0 if pa > pb else 0.5 if pa == pb else 0.0))
        return elo(results, prior=1.0)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchResult:
        """The match :meth:`to_json` wrote (its games; the figures are computed again).

        >>> result = run_match("cribbage", ["rules", "random"], deals=2, options={"target": 61})
        >>> again = MatchResult.from_json(result.to_json())
        >>> [g.scores for g in again.games] == [g.scores for g in result.games]
        True
        >>> again.difference() == result.difference()
        True
        """
        if data.get("format") != "cardtable-arena/1":
            raise CardtableError(
                f"not an arena result (format {data.get('format')!r}, wanted cardtable-arena/1)"
            )
        try:
            games = [
                GameResult(
                    deal=int(g["deal"]),
                    seating=tuple(g["seating"]),
                    scores=tuple(float(x) for x in g["scores"]),
                    winners=tuple(g["winners"]),
                    deals=int(g["deals"]),
                    moves=tuple(g["moves"]),
                    seconds=tuple(float(x) for x in g["seconds"]),
                )
                for g in data["games"]
            ]
            return cls(
                str(data["game"]),
                dict(data["options"]),
                [str(b) for b in data["bots"]],
                int(data["seed"]),
                bool(data["duplicate"]),
                games,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CardtableError(f"corrupt arena result: {exc!r}") from None

    def to_json(self) -> dict[str, JSON]:
        summary = {
            label: {
                "games": row["games"],
                "wins": row["wins"],
                "win_rate": _interval_json(row["win_rate"]),
                "points_per_deal": _interval_json(row["points_per_deal"]),
                "ms_per_move": round(row["ms_per_move"], 4),
            }
            for label, row in self.summary().items()
        }
        out: dict[str, JSON] = {
            "format": "cardtable-arena/1",
            "game": self.game,
            "options": dict(self.options),
            "bots": list(self.bots),
            "seed": self.seed,
            "duplicate": self.duplicate,
            "summary": summary,
            "elo": {k: round(v, 1) for k, v in self.ratings().items()},
            "games": [g.to_json() for g in self.games],
        }
        if len(self.bots) == 2:
            out["difference"] = _interval_json(self.difference())
        return out


def _interval_json(interval: Interval) -> dict[str, JSON]:
    return {
        "mean": round(interval.mean, 6),
        "low": round(interval.low, 6),
        "high": round(interval.high, 6),
        "n": interval.n,
    }


Task = tuple[
    str, tuple[tuple[str, Any], ...], tuple[str, ...], int, int, tuple[int, ...], tuple[str, ...]
]


def load_plugins(modules: Iterable[str]) -> None:
    """Import each module and call its ``register_bots()``: bots that live above this layer
    (a trained policy, OpenSpiel's ISMCTS) made known in this process, a worker's too.

    >>> load_plugins(["cardtable.no_such_module"])
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: cannot load the bots of cardtable.no_such_module: \
No module named 'cardtable.no_such_module'
    """
    for module in modules:
        try:
            importlib.import_module(module).register_bots()
        except ImportError as error:
            raise CardtableError(f"cannot load the bots of {module}: {error}") from None


def play_one(task: Task) -> GameResult:
    """Play one deal in one seating (a worker process runs this)."""
    game_name, options, specs, seed, deal, seating, plugins = task
    load_plugins(plugins)
    game = load(game_name, **dict(options))
    state = game.new_state(seed=seed + deal)
    players = game.num_players
    # Each seat's bot has its own generator, from the match seed, the deal and the seat.
    bots: list[Bot] = [
        make_bot(game_name, specs[seating[s]], seed=(seed * 1_000_003 + deal) * 16 + s)
        for s in range(players)
    ]
    moves = [0] * len(specs)
    seconds = [0.0] * len(specs)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        start = time.perf_counter()
        move = bots[seat].choose(SeatView(state, seat))
        seconds[seating[seat]] += time.perf_counter() - start
        moves[seating[seat]] += 1
        state.apply(move)
    sign = -1.0 if game.lower_wins else 1.0
    result = state.result or {}
    winners = result.get("winners", [])
    deals = sum(1 for e in state.events if e.type == "deal")
    return GameResult(
        deal=deal,
        seating=seating,
        scores=tuple(sign * s for s in state.scores),
        winners=tuple(int(w) for w in winners) if isinstance(winners, list) else (),
        deals=deals,
        moves=tuple(moves),
        seconds=tuple(seconds),
    )


def run_match(
    game: str,
    bots: Sequence[str],
    deals: int,
    duplicate: bool = False,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
    ray: bool | str = False,
    plugins: Sequence[str] = (),
) -> MatchResult:
    """Play ``deals`` deals between ``bots`` (names, levels or ``name:key=value`` specs) and
    gather the results; ``first`` is the index of the first deal, so a long match may be
    played in parts whose games, put together, are the whole match's.

    With ``ray`` the deals are played as Ray tasks: ``True`` on a local Ray of ``jobs`` CPUs,
    an address (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``) on that cluster; see
    :func:`ray_session`.

    ``plugins`` are modules whose ``register_bots()`` makes bots known that live above this
    layer (``cardtable.rl.policies``, ``cardtable.rl.openspiel``), here and in every worker.

    The same seed gives the same results, whatever ``jobs`` (worker processes) or ``ray`` is.
    """
    if len(bots) < 2:
        raise CardtableError("an arena match needs at least two bots")
    loaded = load(game, **dict(options or {}))
    load_plugins(plugins)
    for spec in bots:
        make_bot(game, spec)  # an unknown bot fails here, before any game is played
    players = loaded.num_players
    if len(bots) > players:
        raise CardtableError(
            f"{len(bots)} bots cannot share the {players} seats of {game}; at most {players}"
        )
    all_seatings = seatings(players, len(bots))
    tasks: list[Task] = []
    frozen = tuple(sorted(loaded.options.items()))
    for deal in range(first, first + deals):
        chosen = all_seatings if duplicate else [all_seatings[deal % len(all_seatings)]]
        for seating in chosen:
            tasks.append((game, frozen, tuple(bots), seed, deal, seating, tuple(plugins)))
    result = MatchResult(game, dict(loaded.options), list(bots), seed, duplicate)
    if ray:
        address = ray if isinstance(ray, str) else None
        result.games = _run_on_ray(tasks, jobs, address, progress)
    else:
        result.games = list(in_order(play_one, tasks, jobs, progress))
    return result


T = TypeVar("T")
R = TypeVar("R")


def in_order(
    function: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int,
    progress: Callable[[int], None] | None = None,
) -> Iterable[R]:
    """``function`` of every task, in the tasks' order, on ``jobs`` worker processes (here
    when ``jobs`` is 1), calling ``progress(1)`` after each; ``function`` and the tasks must
    pickle when ``jobs`` is more than 1.

    >>> list(in_order(abs, [-2, 3, -1], jobs=1))
    [2, 3, 1]
    """
    if jobs <= 1 or len(tasks) < 2:
        for task in tasks:
            yield function(task)
            if progress:
                progress(1)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # map keeps the order of the tasks, so the results do not depend on the workers.
        for value in pool.map(function, tasks, chunksize=max(1, len(tasks) // (jobs * 8))):
            yield value
            if progress:
                progress(1)


def _play_chunk(tasks: list[Task]) -> list[GameResult]:
    """Play several deals (a Ray task runs this)."""
    return [play_one(task) for task in tasks]


def _run_on_ray(
    tasks: list[Task], jobs: int, address: str | None, progress: Callable[[int], None] | None
) -> list[GameResult]:
    with ray_session(address, cpus=jobs):
        import ray

        # cluster_resources has no annotations.
        cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        # A few chunks a CPU, at most 64 games each: Ray's cost per task (about a millisecond)
        # is then small beside the games, the CPUs finish close together, and the progress
        # bar moves.
        size = max(1, min(64, math.ceil(len(tasks) / (cpus * 4))))
        chunks = [tasks[i : i + size] for i in range(0, len(tasks), size)]
        play = ray.remote(_play_chunk)
        refs = [play.remote(chunk) for chunk in chunks]
        if progress:
            sizes = {ref: len(chunk) for ref, chunk in zip(refs, chunks, strict=True)}
            pending = refs
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                progress(sizes[done[0]])
        # The chunks in the order of the tasks, whatever order they finished in.
        return [game for chunk in ray.get(refs) for game in chunk]


@contextmanager
def ray_session(address: str | None = None, cpus: int | None = None) -> Iterator[None]:
    """Ray, ready for tasks: the cluster at ``address``, or else a local Ray of ``cpus`` CPUs
    (one per core when None) started here and shut down on leaving.

    A Ray this process has already joined is used as it is, and left running. A bad address
    fails at once, by a :class:`CardtableError` naming it.
    """
    try:
        import ray
    except ImportError:
        raise CardtableError("Ray is not installed: pip install 'cardtable[ray]'") from None
    if address is not None:
        _check_reachable(address)
    if ray.is_initialized():
        yield
        return
    what = f"join the Ray cluster at {clip(address)!r}" if address else "start a local Ray"
    try:
        if address is None:
            # No dashboard and no worker logs on our terminal: it starts faster and quietly.
            ray.init(
                num_cpus=cpus or os.cpu_count() or 1,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
    # Ray fails in many ways (ConnectionError, RuntimeError, its own errors); each is told as
    # one line.
    except Exception as err:
        ray.shutdown()
        # Ray tells why (a missing token, say) only in the cause of its ConnectionError.
        hint = ""
        if "AuthenticationError" in repr(err.__cause__):
            hint = " (a cluster with token authentication wants RAY_AUTH_MODE=token)"
        raise CardtableError(f"cannot {what}: {err}{hint}") from None
    try:
        yield
    finally:
        ray.shutdown()


def _check_reachable(address: str) -> None:
    """Fail at once on an address nobody answers at: Ray itself retries for many minutes."""
    if address in ("auto", "local"):  # Ray's words for the running cluster, or a new one
        return
    host, _, port = address.removeprefix("ray://").rpartition(":")
    host = host.strip("[]")  # an IPv6 address is written [::1]:6379
    if not (host and port.isascii() and port.isdigit() and 0 < int(port[:6]) < 65536):
        raise CardtableError(f"not a Ray address: {clip(address)!r} (wanted HOST:PORT)")
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as err:
        raise CardtableError(
            f"cannot reach the Ray cluster at {clip(address)!r}: {err.strerror or err}"
        ) from None
