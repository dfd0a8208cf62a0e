"""Games of two-player Cribbage to 121 between a cardtable bot and the outside simulator.

A cardtable ``CribbageState`` is the referee: every move of both sides goes through its
``apply``. The cardtable bot sees only its ``SeatView``; the simulator's player is told only
what its own game loop would tell it (see :class:`outside.opponents.Turn`), taken from its
seat's observation. Game ``deal`` is dealt from seed ``seed + deal``; with the seatings
``(0, 1)`` and ``(1, 0)`` each deal's cards go once to each side (duplicate deals).

Bot index 0 is the cardtable bot, 1 the outside one, as in an arena match, so the results are
arena :class:`~cardtable.bots.arena.GameResult` rows and the arena's figures apply.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cardtable
from cardtable.bot_protocol import Bot
from cardtable.bots.arena import GameResult
from cardtable.bots.levels import make_bot
from cardtable.cards import card_str, cards_str, parse_card, parse_cards
from cardtable.engine import Game, Move
from cardtable.seat_view import SeatView
from outside.actions import Play
from outside.opponents import Opponent, Turn, make_opponent
from outside.simulator import load_simulator

__all__ = [
    "OPTIONS",
    "SEATINGS",
    "Outcome",
    "Task",
    "cards_str_joined",
    "play_game",
    "run_games",
    "tasks_for",
]

#: The game measured: six-card two-player Cribbage to 121, ACC skunks, no muggins (the
#: simulator counts every hand in full), the last seat dealing first.
OPTIONS: dict[str, Any] = {"players": 2, "target": 121, "skunk": "acc", "muggins": False}
SEATINGS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0))


@dataclass(frozen=True)
class Task:
    """One game: the deal, who sits where, the two players and the match seed."""

    deal: int
    seating: tuple[int, int]  # the player (0 cardtable, 1 outside) in each seat
    bot: str
    opponent: str
    seed: int
    simulator: str


@dataclass(frozen=True)
class Outcome:
    """A game's arena row, and how it was won (``win``, ``skunk``, ``double skunk``)."""

    result: GameResult
    kind: str


def tasks_for(
    games: int, bot: str, opponent: str, seed: int, simulator: Path, first: int = 0
) -> list[Task]:
    """The games of a match: each deal twice, seats swapped (an odd count plays one more).

    >>> [(t.deal, t.seating) for t in tasks_for(3, "hard", "static", 0, Path("."))]
    [(0, (0, 1)), (0, (1, 0)), (1, (0, 1)), (1, (1, 0))]
    """
    deals = (games + 1) // 2
    return [
        Task(deal, seating, bot, opponent, seed, str(simulator))
        for deal in range(first, first + deals)
        for seating in SEATINGS
    ]


class _OutsideSeat:
    """The simulator's player at one seat: its memory of the deal (six cards, kept order)."""

    def __init__(
        self,
        opponent: Opponent,
        seat: int,
        seed: int,
        arrange: Callable[[list[int]], list[int]] | None = None,
    ) -> None:
        self.opponent = opponent
        self.seat = seat
        self.seed = seed
        # The simulator's hands are in the order dealt, and that order breaks the ties of its
        # rules (the first card that makes a count of 16 to 20, the first of the highest): so
        # they are dealt to it shuffled, as its own deals are, by a generator of this seat's.
        rng = random.Random(seed)
        self.arrange = arrange or (lambda cards: rng.sample(cards, len(cards)))
        self.decisions = 0
        self.dealt: tuple[int, ...] = ()
        self.kept: tuple[int, ...] = ()

    def choose(self, game: Game, obs: Mapping[str, Any], plays: list[Play]) -> Move:
        self.decisions += 1
        seed = self.seed * 1_000 + self.decisions
        dealer = obs["dealer"] == self.seat
        scores = (obs["scores"][1 - obs["dealer"]], obs["scores"][obs["dealer"]])
        if obs["phase"] == "discard":
            self.dealt = tuple(self.arrange(parse_cards(obs["hand"])))
            self.kept = tuple(self.opponent.keep(self.dealt, dealer, scores, seed))
            away = [c for c in self.dealt if c not in self.kept]
            return game.parse_move("discard " + cards_str_joined(away))
        legal = {parse_card(m.split()[1]) for m in obs["legal_moves"]}
        role = 1 if dealer else 0
        laid = {card for r, card, _ in plays if r == role}
        hand = [c for c in self.kept if c not in laid]
        turn = Turn(
            role=role,
            dealt=self.dealt,
            kept=self.kept,
            legal=tuple(c for c in hand if c in legal),
            count=obs["count"],
            count_cards=tuple(parse_cards(obs["count_cards"])),
            starter=parse_card(obs["starter"]),
            plays=tuple(plays),
            scores=scores,
            seed=seed,
        )
        return game.parse_move("play " + card_str(self.opponent.play(turn)))


def cards_str_joined(cards: Iterable[int]) -> str:
    """Cards in the game's notation, spaced.

    >>> cards_str_joined([0, 51])
    'AC KS'
    """
    return " ".join(cards_str(cards))


def play_game(task: Task) -> Outcome:
    """Play one game to its end (a worker process runs this)."""
    sim = load_simulator(Path(task.simulator))
    opponent = make_opponent(sim, Path(task.simulator), task.opponent)
    game = cardtable.load("cribbage", **OPTIONS)
    state = game.new_state(seed=task.seed + task.deal)
    seats: list[Bot | _OutsideSeat] = []
    for place, side in enumerate(task.seating):
        # The arena's seeds: from the match seed, the deal and the seat.
        seed = (task.seed * 1_000_003 + task.deal) * 16 + place
        seats.append(
            make_bot("cribbage", task.bot, seed=seed)
            if side == 0
            else _OutsideSeat(opponent, place, seed)
        )
    moves, seconds = [0, 0], [0.0, 0.0]
    plays: list[Play] = []  # the cards laid this deal: (role, card, count restarted before)
    while not state.is_over:
        to_move = state.to_move
        assert to_move is not None
        seat: int = to_move
        obs = state.observation(seat)
        if obs["phase"] == "discard":
            plays = []
        player = seats[seat]
        start = time.perf_counter()
        if isinstance(player, _OutsideSeat):
            move = player.choose(game, obs, plays)
        else:
            move = player.choose(SeatView(state, seat))
        seconds[task.seating[seat]] += time.perf_counter() - start
        moves[task.seating[seat]] += 1
        if obs["phase"] == "play":
            role = 1 if obs["dealer"] == seat else 0
            plays.append((role, move.cards[0], obs["count"] == 0 and bool(plays)))
        state.apply(move)
    result: dict[str, Any] = dict(state.result or {})
    final = state.observation(None)
    return Outcome(
        GameResult(
            deal=task.deal,
            seating=task.seating,
            scores=tuple(float(s) for s in state.scores),
            winners=tuple(int(w) for w in result["winners"]),
            deals=int(str(final["deal_number"])),
            moves=tuple(moves),
            seconds=tuple(seconds),
        ),
        str(result["games"][-1]["kind"]),
    )


def run_games(
    tasks: list[Task], jobs: int, progress: Callable[[int], None] | None = None
) -> Iterable[Outcome]:
    """The games of ``tasks`` in their order, over ``jobs`` worker processes (the same
    results whatever ``jobs`` is: every game has its own seeds)."""
    if jobs <= 1:
        for task in tasks:
            yield play_game(task)
            if progress:
                progress(1)
        return
    # The workers are forked: they share the simulator already loaded and its warm caches.
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for outcome in pool.map(play_game, tasks, chunksize=1):
            yield outcome
            if progress:
                progress(1)
