"""The reward schemes of the research environments, and what an illegal action costs.

A scheme is a payoff of the state for every seat; the environments pay, after each move, the
change in it, so a seat's rewards over an episode sum to its payoff at the end:

- ``margin`` (the default): :func:`margins`, in the game's own points;
- ``normalised``: the margin divided by :func:`reward_scale`, the mean absolute final margin
  of random play, so that games of very different scoring give rewards of one size;
- ``win``: :func:`wins`, +1 to the winners and -1 to the rest at the end.

An action the mask forbids ends the episode as a *forfeit* (:meth:`Reward.forfeit`): the
offender's total for the episode becomes the scheme's worst outcome, no better than any end
the game can reach, so no agent gains by breaking a rule.

>>> import cardtable
>>> reward = Reward("margin", cardtable.load("kloepper", target=1))
>>> reward.worst, reward.forfeit(0)
(-30.0, [-30.0, 10.0, 10.0, 10.0])
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardtable.engine import Game, State
from cardtable.errors import OptionError, clip
from cardtable.options import OptionValue
from cardtable.registry import codec as codec_of

__all__ = [
    "CALIBRATION_DEALS",
    "SCHEMES",
    "Reward",
    "margins",
    "reward_scale",
    "wins",
]

#: The deals (seeds ``0`` to ``CALIBRATION_DEALS - 1``) whose random play sets
#: :func:`reward_scale`.
CALIBRATION_DEALS = 64


def margins(state: State) -> list[float]:
    """Each seat's standing less the mean of the other seats' (signed so that more is better):
    zero-sum, and at the end of a two-seat game the final margin.

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
    >>> margins(state)
    [0.0, 0.0]
    """
    standing = state.standing()
    n = len(standing)
    total = sum(standing)
    sign = -1.0 if state.game.lower_wins else 1.0
    return [sign * (s - (total - s) / (n - 1)) for s in standing]


def wins(state: State) -> list[float]:
    """+1 for each winning seat (partners share the win), -1 for the rest, once the game is
    over; zeros before, and for everyone when every seat shares the win.

    >>> import cardtable
    >>> wins(cardtable.load("cribbage", target=61).new_state(seed=2))
    [0.0, 0.0]
    """
    winners = state.outcome()
    n = state.game.num_players
    if winners is None or len(winners) == n:
        return [0.0] * n
    return [1.0 if s in winners else -1.0 for s in range(n)]


_SCALES: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], float] = {}


def reward_scale(game: Game) -> float:
    """The divisor of the ``normalised`` reward for ``game`` with its options: the mean
    absolute final margin (:func:`margins`, every seat) of uniformly random legal play over
    the deals seeded ``0`` to ``CALIBRATION_DEALS - 1`` (the move at each turn drawn from
    ``random.Random(seed)``), rounded to three decimals, or 1 where that is 0. Computed once per
    game and options in a process, the same on every machine.

    >>> import cardtable
    >>> reward_scale(cardtable.load("kloepper", target=1))
    7.083
    """
    key = (game.name, tuple(sorted(game.options.items())))
    found = _SCALES.get(key)
    if found is None:
        total = 0.0
        for seed in range(CALIBRATION_DEALS):
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_moves()
                state.apply(legal[int(rng.random() * len(legal))])
            total += sum(abs(m) for m in margins(state))
        mean = round(total / (CALIBRATION_DEALS * game.num_players), 3)
        found = _SCALES[key] = mean if mean > 0 else 1.0
    return found


#: The schemes by name, each its payoff as a function of the game (see the module).
SCHEMES: dict[str, Callable[[Game], Callable[[State], list[float]]]] = {
    "margin": lambda game: margins,
    "normalised": lambda game: _divided(margins, reward_scale(game)),
    "win": lambda game: wins,
}


def _divided(pay: Callable[[State], list[float]], scale: float) -> Callable[[State], list[float]]:
    return lambda state: [value / scale for value in pay(state)]


class Reward:
    """Reward scheme ``name`` (see :data:`SCHEMES`) for ``game``: its payoff (:attr:`pay`),
    the worst total a seat can end an episode with (:attr:`worst`) and the totals of a forfeit.

    The worst outcome: ``win`` -1; ``margin`` minus the game's bound on a margin (the codec's
    ``utility_bound()``, stated from the rules and options, which OpenSpiel declares as the
    least utility); ``normalised`` that bound divided by :func:`reward_scale`.

    >>> import cardtable
    >>> Reward("score", cardtable.load("kloepper"))
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: unknown reward 'score'; rewards: margin, normalised, win
    """

    def __init__(self, name: str, game: Game) -> None:
        make = SCHEMES.get(name) if isinstance(name, str) else None
        if make is None:
            raise OptionError(f"unknown reward {clip(name)!r}; rewards: {', '.join(SCHEMES)}")
        self.name = name
        self.players = game.num_players
        self.pay: Callable[[State], list[float]] = make(game)
        if name == "win":
            self.worst = -1.0
        else:
            bound = codec_of(game).utility_bound()
            self.worst = -bound / (reward_scale(game) if name == "normalised" else 1.0)

    def forfeit(self, offender: int) -> list[float]:
        """Every seat's total for an episode that ``offender`` ended with an illegal action:
        the worst outcome for it; for the others, ``win`` +1 each, and in the zero-sum
        ``margin`` and ``normalised`` schemes an equal share of what the offender loses."""
        others = 1.0 if self.name == "win" else -self.worst / (self.players - 1)
        return [self.worst if seat == offender else others for seat in range(self.players)]
