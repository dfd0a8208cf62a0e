"""Search bots that never cheat: ``pimc`` and ``ismcts``, generic over the engine protocol.

Both see the game only through a :class:`~cardtable.seat_view.SeatView`: the worlds they search
are the view's :meth:`~cardtable.seat_view.SeatView.sample_world` determinizations (every card
hidden from the seat redealt at random), so two positions that differ only in hidden cards give
the same worlds, and the same choice for the same seed. Playouts stop at the game's horizon
(the end of the deal) and are scored per seat by :mod:`cardtable.bots.evaluation`, both from
the search hooks the game registered (its ``search.py``); a game without them cannot be
searched, and :func:`~cardtable.bots.levels.make_bot` refuses the search bots there by name.

- :class:`PimcBot` (perfect-information Monte Carlo): samples worlds, plays every legal move in
  each, evaluates it by playouts, and takes the best average over the worlds.
- :class:`IsmctsBot`: single-observer information-set MCTS (Cowling, Powley and Whitehouse
  2012): one determinization per iteration, one tree keyed by the acting seat and its move's
  text, UCB1 with availability counts, each node's value for the seat that moved into it.

Decisions a game leaves to its ``rules`` bot (Cribbage discards and claims, Kloepper's
declarations and knocks: the hooks' ``delegated`` and ``rules_verbs``) are not searched.

Both take a budget (``worlds``/``iterations`` or ``seconds``), a seed (the same seed and
iteration budget give the same moves), and a rollout policy (``random`` or the game's
``rules`` bot); every setting is checked, against the bounds below (``MAX_WORLDS`` ...), when
the bot is made, and a bad one raises :class:`~cardtable.errors.OptionError` naming it. After
each choice ``last_report`` holds the moves considered, best first, as (move, mean reward in
the game's points, visits), and ``last_stats`` the same moves as :class:`MoveStats`: with the
95% error bar of each mean, each move's difference to the best move with its own error bar
(paired in PIMC: both moves were played in the same worlds, so the luck of the deal, which
moves every move's value alike, cancels out; not paired in ISMCTS) and, where ``explain`` is
set (the hint sets it) and the game has reason hooks (:mod:`cardtable.reason_hooks`), the
game's counters summed over the same play-outs, for the hint's reasons
(:mod:`cardtable.bots.explain`).

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("kloepper").new_state(seed=5)
>>> bot = IsmctsBot(seed=1, iterations=60)
>>> move = bot.choose(SeatView(state, state.to_move))
>>> move in state.legal_moves(), move.text == bot.last_report[0][0]
(True, True)
>>> move is IsmctsBot(seed=1, iterations=60).choose(SeatView(state, state.to_move))
True
"""

from __future__ import annotations

import math
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from cardtable.bot_protocol import Bot
from cardtable.bots.evaluation import Evaluation, evaluation_for, hooks_for
from cardtable.engine import Move, State
from cardtable.errors import CardtableError
from cardtable.random_bot import RandomBot, choice_setting, number_setting, whole_setting
from cardtable.registry import entry
from cardtable.seat_view import SeatView

__all__ = [
    "ROLLOUTS",
    "IsmctsBot",
    "MoveStats",
    "PimcBot",
    "Report",
    "margin95",
    "paired_gap",
    "world_stats",
]

#: The rollout policies: ``random`` (fast) or each game's ``rules`` bot (slower, stronger).
ROLLOUTS = ("random", "rules")

#: What a bot considered: (move text, mean reward in the game's points, visits), best first.
Report = list[tuple[str, float, int]]

#: The bounds of the budgets, checked when a bot is made: worlds (PIMC), iterations (ISMCTS),
#: playouts per move and world, nodes of exact search per world, and seconds per decision.
MAX_WORLDS = 10_000
MAX_ITERATIONS = 1_000_000
MAX_PLAYOUTS = 1_000
MAX_EXACT = 1_000_000
MIN_SECONDS = 0.001
MAX_SECONDS = 3600
#: The largest UCB1 exploration constant (0: no exploration).
MAX_EXPLORATION = 10

#: How many moves a report keeps.
REPORT_SIZE = 8

Policy = Callable[[State], Move]
#: A game's counters of one play-out: (world before the move, world after the play-out, seat).
Count = Callable[[State, State, int], Mapping[str, float]]

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def margin95(total: float, squares: float, n: int) -> float | None:
    """The half-width of the 95% interval of a mean of ``n`` samples (their sum and sum of
    squares): 1.96 standard errors, from the sample variance; None under two samples.

    >>> margin95(6.0, 14.0, 3)  # samples 1, 2, 3: variance 1, standard error 1/sqrt(3)
    1.1316
    >>> margin95(5.0, 25.0, 1) is None, margin95(8.0, 16.0, 4)
    (True, 0.0)
    """
    if n < 2:
        return None
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return round(Z95 * math.sqrt(variance / n), 4)


def paired_gap(values: list[list[float]], move: int, best: int) -> tuple[float, float | None]:
    """The mean over worlds of ``move``'s value less ``best``'s (``values``: a row a world, a
    value a move, all moves in the same worlds) and the 95% margin of that mean, from the
    differences world by world (so what every move shares in a world cancels out).

    >>> values = [[1.0, 3.0], [2.0, 5.0], [0.0, 4.0]]  # differences -2, -3, -4
    >>> paired_gap(values, 0, 1), paired_gap(values, 1, 1)
    ((-3.0, 1.1316), (0.0, 0.0))
    """
    total = squares = 0.0
    for row in values:
        d = row[move] - row[best]
        total += d
        squares += d * d
    n = len(values)
    return total / n, margin95(total, squares, n)


def world_stats(
    texts: Sequence[str],
    by_move: Sequence[Sequence[float]],
    order: Sequence[int],
    counted: Sequence[Mapping[str, float]] | None = None,
    playouts: int = 0,
) -> list[MoveStats]:
    """The report of a search that played every move in the same worlds, as
    :class:`MoveStats` in ``order`` (the move made first): each move's mean over its worlds
    (``by_move[i]``: move ``i``'s value world by world) with its 95% margin, and its paired
    gap to the first. ``counted``: each move's reason counters summed over ``playouts``
    play-outs (none where the search did not count them).

    >>> stats = world_stats(["a", "b"], [[1.0, 2.0, 3.0], [3.0, 5.0, 4.0]], [1, 0])
    >>> [(s.move, s.mean, s.visits, s.margin, s.gap, s.gap_margin) for s in stats]
    [('b', 4.0, 3, 1.1316, 0.0, 0.0), ('a', 2.0, 3, 1.1316, -2.0, 1.1316)]
    """
    rows = [list(world) for world in zip(*by_move, strict=True)]
    first = order[0]
    out: list[MoveStats] = []
    for i in order:
        values = by_move[i]
        n = len(values)
        total = sum(values)
        margin = margin95(total, sum(v * v for v in values), n)
        gap, gap_margin = paired_gap(rows, i, first)
        counters = dict(counted[i]) if counted is not None else {}
        out.append(
            MoveStats(
                texts[i],
                total / n if n else 0.0,
                n,
                margin,
                playouts if counted is not None else 0,
                counters,
                gap,
                gap_margin,
                True,
            )
        )
    return out


@dataclass(frozen=True)
class MoveStats:
    """One move of a search's report: its mean reward over ``visits`` samples (worlds,
    play-outs or iterations) with the 95% ``margin`` of that mean (None under two samples), the
    game's reason counters summed over the ``counted`` play-outs that gathered them, and its
    ``gap`` to the best move of the report (its mean less the best's: 0 for the best, None where
    not known) with that gap's 95% ``gap_margin``. ``paired``: the gap is the mean of the
    differences world by world, both moves played in the same worlds (PIMC), its margin from
    those differences; else (ISMCTS) the two means come from different samples and the gap's
    margin combines their two margins.

    >>> stats = MoveStats("play 7S", 1.25, 40, 0.3, 40, {"pegs": 30.0}, -0.5, 0.2, True)
    >>> stats.rate("pegs"), stats.rate("fifteen"), stats.row, stats.gap
    (0.75, 0.0, ('play 7S', 1.25, 40), -0.5)
    """

    move: str
    mean: float
    visits: int
    margin: float | None = None
    counted: int = 0
    counters: Mapping[str, float] = field(default_factory=dict)
    gap: float | None = None
    gap_margin: float | None = None
    paired: bool = False

    def rate(self, key: str) -> float:
        """Counter ``key`` per counted play-out (0 where none was counted)."""
        return self.counters.get(key, 0.0) / self.counted if self.counted else 0.0

    @property
    def row(self) -> tuple[str, float, int]:
        """The move's row of ``last_report``: (move, mean, visits)."""
        return (self.move, self.mean, self.visits)


class _Tally:
    """Per move: the sum and sum of squares of its rewards, and its summed counters."""

    __slots__ = ("counted", "counters", "n", "squares", "total")

    def __init__(self) -> None:
        self.total = 0.0
        self.squares = 0.0
        self.n = 0
        self.counted = 0
        self.counters: dict[str, float] = {}

    def add(self, reward: float) -> None:
        self.total += reward
        self.squares += reward * reward
        self.n += 1

    def count(self, counters: Mapping[str, float]) -> None:
        self.counted += 1
        mine = self.counters
        for key, value in counters.items():
            mine[key] = mine.get(key, 0.0) + value

    def stats(
        self,
        move: str,
        mean: float,
        visits: int,
        gap: tuple[float, float | None] | None = None,
        paired: bool = False,
    ) -> MoveStats:
        margin = margin95(self.total, self.squares, self.n)
        diff, gap_margin = (None, None) if gap is None else gap
        return MoveStats(
            move, mean, visits, margin, self.counted, dict(self.counters), diff, gap_margin, paired
        )


def _rules_bot(game: str, seed: int) -> Bot:
    """The game's own ``rules`` bot at its best (for play-outs and delegated decisions)."""
    factory = entry(game).bots.get("rules")
    if factory is None:
        raise CardtableError(f"{game} has no rules bot to play out or decide with")
    return factory(seed)


class _Search(ABC):
    """What both search bots share: the seeded generator, the budget, the rollout policy and
    the report."""

    name: ClassVar[str]

    def __init__(self, seed: int | None, seconds: float | None, rollout: str) -> None:
        self.rollout = choice_setting("rollout", rollout, ROLLOUTS)
        self.seconds = number_setting("seconds", seconds, MIN_SECONDS, MAX_SECONDS, optional=True)
        self.rng = random.Random(seed)
        self.last_report: Report = []
        #: The moves of ``last_report`` with their error bars and counters.
        self.last_stats: list[MoveStats] = []
        #: Whether the play-outs gather the game's reason counters (for a hint); it changes no
        #: move, only the work done.
        self.explain = False

    @abstractmethod
    def choose(self, view: SeatView) -> Move:
        """A legal move for the view's seat, which must be the seat to act."""

    def _policy(self, game: str) -> Policy:
        """The rollout policy for this decision, seeded from the bot's own generator."""
        rng = random.Random(int(self.rng.random() * 2**53))
        if self.rollout == "random":
            draw = rng.random

            def random_move(world: State) -> Move:
                legal = world.legal_moves()
                return legal[int(draw() * len(legal))]

            return random_move
        bot = _rules_bot(game, int(rng.random() * 2**32))

        def rules_move(world: State) -> Move:
            seat = world.to_move
            assert seat is not None
            return bot.choose(SeatView(world, seat))

        return rules_move

    def _trivial(self, view: SeatView) -> tuple[list[Move], Move | None]:
        """The moves to search, and the move to make without searching (the only one, or the
        ``rules`` bot's where the game delegates the decision or its verb, see
        the hooks' ``rules_verbs``), with the report for it."""
        legal = RandomBot.legal_for(view)
        if len(legal) == 1:
            self._report([MoveStats(legal[0].text, 0.0, 0)])
            return legal, legal[0]
        game = view.game.name
        hooks = hooks_for(game)
        if hooks.delegated(view.observation()):
            move = _rules_bot(game, int(self.rng.random() * 2**32)).choose(view)
            self._report([MoveStats(move.text, 0.0, 0)])
            return legal, move
        verbs = hooks.rules_verbs
        if verbs and any(m.verb in verbs for m in legal):
            move = _rules_bot(game, int(self.rng.random() * 2**32)).choose(view)
            rest = [m for m in legal if m.verb not in verbs]
            if move.verb in verbs or len(rest) == 1:
                move = move if move.verb in verbs else rest[0]
                self._report([MoveStats(move.text, 0.0, 0)])
                return legal, move
            return rest, None
        return legal, None

    def _deadline(self) -> float | None:
        return None if self.seconds is None else time.perf_counter() + self.seconds

    def _report(self, stats: list[MoveStats]) -> None:
        """Keep the report of a choice: ``stats`` best first (at most :data:`REPORT_SIZE`)."""
        self.last_stats = stats[:REPORT_SIZE]
        self.last_report = [s.row for s in self.last_stats]

    def _counter(self, game: str) -> Count | None:
        """The game's play-out counters where this choice is explained, else None."""
        if not self.explain:
            return None
        reasons = hooks_for(game).reasons
        return None if reasons is None else reasons.count


def _play_out(world: State, ev: Evaluation, start: object, policy: Policy) -> None:
    """Play ``world`` on with ``policy`` until the horizon (the marker changes) or the end."""
    marker = ev.marker
    while not world.is_over and marker(world) == start:
        world.apply(policy(world))


class _OutOfNodes(Exception):
    """The exact search met its node budget: the caller falls back to playouts."""


def _solve(
    world: State, ev: Evaluation, start: object, before: list[float], nodes: list[int]
) -> list[float]:
    """The rewards of ``world`` (a perfect-information world, ours to change) under best play
    by every seat to the horizon: max^n, each seat maximizing its own reward (for two sides,
    the minimax value). ``nodes[0]`` is the budget left; :class:`_OutOfNodes` when spent."""
    marker = ev.marker
    while True:
        if world.is_over or marker(world) != start:
            return ev.reward(before, ev.standing(world))
        nodes[0] -= 1
        if nodes[0] < 0:
            raise _OutOfNodes
        legal = world.legal_moves()
        if len(legal) > 1:
            break
        world.apply(legal[0])  # a forced move needs no copy
    seat = world.to_move
    assert seat is not None
    best: list[float] | None = None
    for m in legal:
        child = world.clone()
        child.apply(m)
        value = _solve(child, ev, start, before, nodes)
        if best is None or value[seat] > best[seat]:
            best = value
    assert best is not None
    return best


class PimcBot(_Search):
    """Perfect-information Monte Carlo: every legal move is tried in the same ``worlds`` sampled
    worlds, each by ``playouts`` playouts to the horizon; the best mean reward wins (ties: the
    first legal move). With ``seconds``, worlds are sampled until the time is up (at least one;
    ``worlds`` still caps them when given).

    With ``exact`` (a node budget per world), each world is first searched exactly to the
    horizon (max^n: every seat plays its best in the open world, e.g. the last tricks or
    pegging cards); where the tree is larger, that world and the later ones are played out.

    >>> import cardtable
    >>> state = cardtable.load("krypkasino", players=2).new_state(seed=2)
    >>> bot = PimcBot(seed=3, worlds=4)
    >>> move = bot.choose(SeatView(state, state.to_move))
    >>> move.text == bot.last_report[0][0], bot.last_report[0][2]
    (True, 4)
    """

    name: ClassVar[str] = "pimc"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int | None = None,
        playouts: int = 1,
        seconds: float | None = None,
        rollout: str = "random",
        exact: int = 0,
    ) -> None:
        super().__init__(seed, seconds, rollout)
        self.exact = whole_setting("exact", exact, 0, MAX_EXACT)
        #: Whether the last choice was searched exactly in every world.
        self.last_exact = False
        self.worlds = whole_setting("worlds", worlds, 1, MAX_WORLDS, optional=True)
        if self.worlds is None and self.seconds is None:
            self.worlds = 20
        self.playouts = whole_setting("playouts", playouts, 1, MAX_PLAYOUTS)

    def choose(self, view: SeatView) -> Move:
        """The move with the best mean reward over the sampled worlds."""
        legal, move = self._trivial(view)
        if move is not None:
            return move
        seat = view.seat
        policy = self._policy(view.game.name)
        count = self._counter(view.game.name)
        deadline = self._deadline()
        tallies = [_Tally() for _ in legal]
        # Each world's value of each move (its play-outs' mean there), for the paired gaps.
        values: list[list[float]] = []
        sampled = 0
        exact = self.exact > 0
        world = view.sample_world(self.rng)
        ev = evaluation_for(view.game, world)
        while True:
            if sampled:
                world = view.sample_world(self.rng)
            sampled += 1
            start, before = ev.marker(world), ev.standing(world)
            if exact:
                solved = self._solve_world(world, legal, ev, start, before, seat)
                if solved is not None:
                    for tally, value in zip(tallies, solved, strict=True):
                        tally.add(value)
                    values.append(solved)
                else:
                    exact = False  # too big here: the later worlds would not fit either
            if not exact:
                row = []
                for tally, m in zip(tallies, legal, strict=True):
                    here = 0.0
                    for _ in range(self.playouts):
                        w = world.clone()
                        w.apply(m)
                        _play_out(w, ev, start, policy)
                        reward = ev.reward(before, ev.standing(w))[seat]
                        tally.add(reward)
                        here += reward
                        if count is not None:
                            tally.count(count(world, w, seat))
                    row.append(here / self.playouts)
                values.append(row)
            if self.worlds is not None and sampled >= self.worlds:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        means = [t.total / t.n for t in tallies]
        self.last_exact = exact
        order = sorted(range(len(legal)), key=lambda i: (-means[i], i))
        best = order[0]
        self._report(
            [
                tallies[i].stats(
                    legal[i].text, means[i], tallies[i].n, paired_gap(values, i, best), True
                )
                for i in order
            ]
        )
        return legal[best]

    def _solve_world(
        self,
        world: State,
        legal: list[Move],
        ev: Evaluation,
        start: object,
        before: list[float],
        seat: int,
    ) -> list[float] | None:
        """Each move's exact reward in ``world`` (best play by all to the horizon), or None
        when the tree is larger than the node budget."""
        nodes = [self.exact]
        values = []
        try:
            for m in legal:
                child = world.clone()
                child.apply(m)
                values.append(_solve(child, ev, start, before, nodes)[seat])
        except _OutOfNodes:
            return None
        return values


def _unpaired_gap(tally: _Tally, best: _Tally) -> tuple[float, float | None] | None:
    """A move's gap to the ``best`` move's from two separate samples (ISMCTS): the difference of
    the means, its margin the two margins combined as independent (None where either has none);
    None for a move never visited, no gap for the best itself."""
    if not tally.n or not best.n:
        return None
    mine = margin95(tally.total, tally.squares, tally.n)
    theirs = margin95(best.total, best.squares, best.n)
    if tally is best:
        return 0.0, None if mine is None else 0.0
    gap = tally.total / tally.n - best.total / best.n
    return gap, None if mine is None or theirs is None else round(math.hypot(mine, theirs), 4)


class _Node:
    """A tree node: the seat that moved into it, and that seat's statistics."""

    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[tuple[int, str], _Node] = {}


class IsmctsBot(_Search):
    """Single-observer ISMCTS: each iteration samples one world, descends the tree by UCB1
    over the moves legal in that world (each such child's availability counted), expands one
    untried move, plays out to the horizon and backs up each node's reward for the seat that
    moved into it. The root's most visited move is played (ties: the better mean, then the
    first legal move).

    ``exploration`` is UCB1's constant on rewards divided by the game's scale.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> state.apply(state.legal_moves()[0]); state.apply(state.legal_moves()[0])
    >>> bot = IsmctsBot(seed=2, iterations=200)
    >>> move = bot.choose(SeatView(state, state.to_move))
    >>> sum(visits for _, _, visits in bot.last_report) <= 200, move.verb
    (True, 'play')
    """

    name: ClassVar[str] = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str = "random",
        exploration: float = 0.7,
    ) -> None:
        super().__init__(seed, seconds, rollout)
        self.iterations = whole_setting("iterations", iterations, 1, MAX_ITERATIONS, optional=True)
        if self.iterations is None and self.seconds is None:
            self.iterations = 1000
        self.exploration = number_setting("exploration", exploration, 0, MAX_EXPLORATION)

    def choose(self, view: SeatView) -> Move:
        """The root's most visited move after the budget's iterations."""
        legal, move = self._trivial(view)
        if move is not None:
            return move
        game = view.game.name
        policy = self._policy(game)
        count = self._counter(game)
        deadline = self._deadline()
        root = _Node(view.seat)
        # Per root move (its child node): the rewards' squares and counters, for the report.
        tallies: dict[_Node, _Tally] = {}
        rng = self.rng
        world = view.sample_world(rng)
        ev = evaluation_for(view.game, world)
        # UCB1 on rewards divided by the scale: the exploration term is scaled up instead.
        c = self.exploration * ev.scale
        done = 0
        while True:
            if done:
                world = view.sample_world(rng)
            marker = ev.marker
            start, before = marker(world), ev.standing(world)
            # The world is changed in place: its start is kept only where counters want it.
            first = world.clone() if count is not None else None
            node = root
            path: list[_Node] = []
            while not world.is_over and marker(world) == start:
                seat = world.to_move
                assert seat is not None
                children = node.children
                untried: list[Move] = []
                best: _Node | None = None
                best_move = None
                best_score = -math.inf
                for m in world.legal_moves():
                    child = children.get((seat, m.text))
                    if child is None:
                        untried.append(m)
                        continue
                    child.avail += 1
                    score = child.total / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if score > best_score:
                        best, best_move, best_score = child, m, score
                if untried:
                    m = untried[int(rng.random() * len(untried))]
                    child = children[(seat, m.text)] = _Node(seat)
                    world.apply(m)
                    path.append(child)
                    break
                assert best is not None and best_move is not None
                world.apply(best_move)
                path.append(best)
                node = best
            _play_out(world, ev, start, policy)
            reward = ev.reward(before, ev.standing(world))
            for n in path:
                n.visits += 1
                n.total += reward[n.seat]
            tally = tallies.get(path[0])
            if tally is None:
                tally = tallies[path[0]] = _Tally()
            tally.add(reward[view.seat])
            if first is not None and count is not None:
                tally.count(count(first, world, view.seat))
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        stats = []
        for i, m in enumerate(legal):
            child = root.children.get((view.seat, m.text))
            if child is not None and child.visits:
                stats.append((m, child.total / child.visits, child.visits, i, tallies[child]))
            else:
                stats.append((m, 0.0, 0, i, _Tally()))
        stats.sort(key=lambda s: (-s[2], -s[1], s[3]))
        top = stats[0][4]
        self._report(
            [
                tally.stats(m.text, mean, visits, _unpaired_gap(tally, top))
                for m, mean, visits, _, tally in stats
            ]
        )
        return stats[0][0]
