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

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from cardtable.bot_protocol import Bot
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import Interval, elo, mean_interval, paired_interval, win_rate
from cardtable.engine import JSON
from cardtable.errors import CardtableError
from cardtable.registry import load
from cardtable.seat_view import SeatView

__all__ = ["GameResult", "MatchResult", "run_match", "seatings"]


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


Task = tuple[str, tuple[tuple[str, Any], ...], tuple[str, ...], int, int, tuple[int, ...]]


def play_one(task: Task) -> GameResult:
    """Play one deal in one seating (a worker process runs this)."""
    game_name, options, specs, seed, deal, seating = task
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
) -> MatchResult:
    """Play ``deals`` deals between ``bots`` (names, levels or ``name:key=value`` specs) and
    gather the results; ``first`` is the index of the first deal, so a long match may be
    played in parts whose games, put together, are the whole match's.

    The same seed gives the same results, whatever ``jobs`` (worker processes) is.
    """
    if len(bots) < 2:
        raise CardtableError("an arena match needs at least two bots")
    loaded = load(game, **dict(options or {}))
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
            tasks.append((game, frozen, tuple(bots), seed, deal, seating))
    result = MatchResult(game, dict(loaded.options), list(bots), seed, duplicate)
    result.games = list(_run(tasks, jobs, progress))
    return result


def _run(
    tasks: list[Task], jobs: int, progress: Callable[[int], None] | None
) -> Iterable[GameResult]:
    if jobs <= 1:
        for task in tasks:
            yield play_one(task)
            if progress:
                progress(1)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        # map keeps the order of the tasks, so the results do not depend on the workers.
        for game_result in pool.map(play_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8))):
            yield game_result
            if progress:
                progress(1)
