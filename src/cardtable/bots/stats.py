"""The statistics of the arena: means with 95% intervals, win rates, and Elo ratings fitted on
all results at once.

>>> m = mean_interval([1.0, 2.0, 3.0, 4.0])
>>> round(m.mean, 2), round(m.low, 2), round(m.high, 2)
(2.5, 1.23, 3.77)
>>> ratings = elo([("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
>>> round(ratings["a"] - ratings["b"], 1)  # a scores 75%: 400 log10(3)
190.8
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Interval", "elo", "mean_interval", "paired_interval", "win_rate"]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval and the number of observations."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or below zero (a significant difference)."""
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half_width:.3f}"


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean with a normal-approximation 95% interval (fine for the hundreds of deals an
    arena plays; with fewer than two values the interval is unbounded).

    >>> mean_interval([5.0]).high
    inf
    """
    n = len(values)
    if n == 0:
        return Interval(0.0, -math.inf, math.inf, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, -math.inf, math.inf, n)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half, n)


def paired_interval(a: Sequence[float], b: Sequence[float]) -> Interval:
    """The mean of ``a[i] - b[i]`` with its interval: for duplicate deals, where the pairing
    cancels the luck of the cards.

    >>> str(paired_interval([3.0, 5.0, 4.0], [1.0, 3.0, 2.0]))
    '+2.000 ± 0.000'
    """
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    return mean_interval([x - y for x, y in zip(a, b, strict=True)])


def win_rate(wins: float, games: int) -> Interval:
    """A share of wins (a draw counts a half) with its Wilson 95% interval.

    >>> r = win_rate(54, 100)
    >>> round(r.mean, 2), round(r.low, 3), round(r.high, 3)
    (0.54, 0.443, 0.634)
    """
    if games == 0:
        return Interval(0.0, 0.0, 1.0, 0)
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), games)


def elo(
    results: Iterable[tuple[str, str, float]], prior: float = 0.0, iterations: int = 5000
) -> dict[str, float]:
    """Elo ratings fitted on every result at once (Bradley-Terry by minorization-maximization),
    centred on 1500. Each result is ``(a, b, score of a)`` with the score 1, 0.5 or 0.

    ``prior`` adds that many drawn games against a virtual player of average strength to
    everyone, which keeps a player who always wins (or always loses) finite.

    >>> ratings = elo([("a", "b", 1.0)] * 4, prior=1.0)  # finite, though a never lost
    >>> round(ratings["a"] - ratings["b"])
    447
    """
    wins: dict[str, float] = {}
    games: dict[tuple[str, str], float] = {}
    for a, b, score in results:
        for name in (a, b):
            wins.setdefault(name, 0.0)
        wins[a] += score
        wins[b] += 1.0 - score
        key = (a, b) if a < b else (b, a)
        games[key] = games.get(key, 0.0) + 1.0
    names = sorted(wins)
    if not names:
        return {}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for name in names:
            denominator = prior / (strength[name] + 1.0)  # the prior games against strength 1
            for (a, b), count in games.items():
                if name in (a, b):
                    other = b if name == a else a
                    denominator += count / (strength[name] + strength[other])
            new[name] = (wins[name] + prior / 2) / denominator
        # Ratings are relative: rescale to a geometric mean of 1.
        scale = math.exp(math.fsum(math.log(v) for v in new.values()) / len(new))
        done = all(abs(new[n] / scale - strength[n]) < 1e-12 for n in names)
        strength = {n: v / scale for n, v in new.items()}
        if done:
            break
    return {n: 1500.0 + 400.0 * math.log10(strength[n]) for n in names}
