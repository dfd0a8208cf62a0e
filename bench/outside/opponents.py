"""The outside simulator's strategies, asked for their decisions.

``static`` is the simulator's strongest static strategy: its ``BEST_STATIC`` discards (keep the
four cards with the most expected hand points after the cut, with suits, plus or minus the
expected crib given a random toss from the opponent: minus as pone, plus as dealer) and its
default pegging rule (``DEFAULT_SELECT_PLAY``: lead a card under 5, else pair royal, run, 15,
pair, 31, a count of 16 to 20, else the highest card). ``simulation`` is its simulation-based
strategy: each discard chosen by simulating the hand ``discard`` times (default 160) per way to
lay away, each play by simulating ``play`` times (default 900) per card, with the static
strategies playing the simulated hands, scored by game points then points; the defaults are
the simulator's own (its coach's, and its README's examples).

Each is given what the simulator's own game loop gives it: its six cards, its kept hand (in
its own order, which breaks its ties), the cards it may play, the count and the cards on it,
the starter, the play so far, its role and the scores.

>>> parse_opponent("simulation:discard=10")
('simulation', {'discard': 10, 'play': 900})
>>> parse_opponent("simulation:play=0")
Traceback (most recent call last):
...
cardtable.errors.OptionError: bot setting 'play' must be a whole number from 1 to 100000, not 0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from cardtable.bots.levels import parse_budget
from cardtable.errors import OptionError
from outside.actions import GO, Play, simulator_actions
from outside.simulator import cache_folder, from_sim, quietly, to_sim

__all__ = ["OPPONENTS", "Opponent", "Turn", "make_opponent", "parse_opponent"]

#: The opponents and their settings with defaults.
OPPONENTS: dict[str, dict[str, int]] = {
    "static": {},
    "simulation": {"discard": 160, "play": 900},
}
_MOST = 100_000


def parse_opponent(spec: str) -> tuple[str, dict[str, int]]:
    """The opponent's name and its settings (defaults filled in), every setting checked.

    >>> parse_opponent("static")
    ('static', {})
    >>> parse_opponent("wizard")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: no outside opponent 'wizard'; opponents: static, simulation
    """
    name, budget = parse_budget(spec)
    if name not in OPPONENTS:
        raise OptionError(f"no outside opponent {name!r}; opponents: {', '.join(OPPONENTS)}")
    settings = dict(OPPONENTS[name])
    for key, value in budget.items():
        if key not in settings:
            raise OptionError(f"bad settings for outside opponent {name!r}: {key}={value}")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= _MOST:
            raise OptionError(
                f"bot setting {key!r} must be a whole number from 1 to {_MOST}, not {value}"
            )
        settings[key] = value
    return name, settings


@dataclass(frozen=True)
class Turn:
    """What the simulator's player knows when it is to lay a card."""

    role: int  # 0 the pone, 1 the dealer
    dealt: tuple[int, ...]  # its six cards
    kept: tuple[int, ...]  # its four kept cards, in its own order
    legal: tuple[int, ...]  # the cards it may lay now, in the order of its hand
    count: int
    count_cards: tuple[int, ...]  # the cards on the count, in the order laid
    starter: int
    plays: tuple[Play, ...]  # the cards laid so far this deal (see outside.actions)
    scores: tuple[int, int]  # the pone's and the dealer's
    seed: int  # for the simulation's own random draws


class Opponent:
    """One of the simulator's strategies (see the module's text)."""

    def __init__(self, sim: ModuleType, simulator: Path, name: str, settings: dict[str, int]):
        self.sim = sim
        self.folder = cache_folder(simulator)
        self.name = name
        self.settings = settings

    def keep(
        self, dealt: Sequence[int], dealer: bool, scores: tuple[int, int], seed: int
    ) -> list[int]:
        """The four cards it keeps of ``dealt``, in its own order."""
        sim = self.sim
        cards = [to_sim(sim, c) for c in dealt]
        with quietly(self.folder):
            if self.name == "static":
                select = (
                    sim.BEST_STATIC_SELECT_DEALER_KEPT_CARDS
                    if dealer
                    else sim.BEST_STATIC_SELECT_PONE_KEPT_CARDS
                )
                kept = select(cards)
            else:
                random.seed(seed)  # the simulator draws from the module random
                kept = sim.player_select_kept_cards_based_on_simulation(
                    self.settings["discard"],
                    True,  # hide the hand
                    self._score(scores),
                    cards,
                    sim.DEALER if dealer else sim.PONE,
                    False,  # no tallies of start-of-hand positions
                    False,  # nor estimates from them (that needs a database built for it)
                    False,
                    True,
                    {},
                )
        return [from_sim(c) for c in kept]

    def play(self, turn: Turn) -> int:
        """The card it lays."""
        if len(turn.legal) == 1:
            return turn.legal[0]  # the simulator asks no strategy when only one card fits
        sim = self.sim
        with quietly(self.folder):
            if self.name == "static":
                index = sim.DEFAULT_SELECT_PLAY(
                    [to_sim(sim, c) for c in turn.legal],
                    turn.count,
                    [to_sim(sim, c) for c in turn.count_cards],
                )
                return turn.legal[int(index)]
            actions = [
                sim.Go() if a is GO else to_sim(sim, a)
                for a in simulator_actions([*turn.plays, (turn.role, None, _reset(turn))])
            ]
            random.seed(turn.seed)
            card = sim.play_based_on_simulation(
                self.settings["play"],
                True,  # hide the hand
                self._score(turn.scores),
                turn.role == sim.PONE,  # the game's first pone is this deal's pone
                [to_sim(sim, c) for c in turn.dealt],
                [to_sim(sim, c) for c in turn.kept],
                to_sim(sim, turn.starter),
                actions,
                turn.role,
                True,
                False,
                False,
                False,
                True,
                {},
            )
        return from_sim(card)

    def _score(self, scores: tuple[int, int]) -> Any:
        # The simulator's score is by "first pone" and "first dealer"; its searches start a
        # game at this deal, whose pone is the first pone.
        pone, dealer = scores
        return self.sim.GameScore(pone, 0, 0, 0, dealer, 0, 0, 0)


def _reset(turn: Turn) -> bool:
    return turn.count == 0 and bool(turn.plays)


def make_opponent(sim: ModuleType, simulator: Path, spec: str) -> Opponent:
    """The opponent ``spec`` names (``static``, ``simulation[:discard=N][:play=N]``)."""
    name, settings = parse_opponent(spec)
    return Opponent(sim, simulator, name, settings)
