"""The Krypkasino ``search`` bot: plays that dodge its own penalty points, found by play-outs.

For each decision it deals ``worlds`` worlds (the hidden cards dealt at random, see
:mod:`~cardtable.games.krypkasino.belief`): for each other player ``candidates`` hands are
drawn and weighed by how likely his plays of this packet were with them under the ``rules``
bot (a share ``doubt`` of them at random), and each world gives him one of them in proportion
to its weight. Each of its distinct plays is then made in every kept world and played out
by the ``rules`` bot in every seat, a share ``noise`` of the cards at random, for ``packets``
deals of cards (to the hand's end at most, and ``horizon`` cards at most when it is set); the
same world and the same play-out draws serve every play, so their differences are not luck. A
play is worth the penalty points its own team gains in the play-out (captured cards and
tabbes); where the play-out stops before the hand's end, the points still on the table count at
the team's share of the players. The play of least mean penalty is made if it beats the
``rules`` bot's own choice by more than ``margin`` standard errors (world by world); otherwise
the rules bot's choice stands, so the search's sampling noise never overrides a sound rule of
thumb.

Only its own team's points count, not a rival's: in a game of four, points that pass between
two opponents are no gain. Settings are whole numbers of worlds and deals, never seconds, so a
seed repeats its moves.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("krypkasino", players=4).new_state(seed=2)
>>> bot = KrypkasinoSearchBot(seed=1, worlds=4)
>>> move = bot.choose(SeatView(state, state.to_move))
>>> move in state.legal_moves(), move.text == bot.last_report[0][0]
(True, True)
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardtable.bots.search import MoveStats, world_stats
from cardtable.engine import Move
from cardtable.games.krypkasino.belief import Facts, distinct_plays, read, weighted_worlds
from cardtable.games.krypkasino.captures import HAND_VALUE, POINTS
from cardtable.games.krypkasino.lean import FACE_STEP, Lean, Option, costs_for
from cardtable.i18n import N_
from cardtable.random_bot import RandomBot, number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["KrypkasinoSearchBot"]

#: What the bot considered, the move made first: (move text, mean reward, worlds), where the
#: reward is the penalty points its team took in the play-outs, negated (as the generic
#: search's reports, higher is better, so hints and reviews read it alike).
Report = list[tuple[str, float, int]]
#: The reason counters a hint's play-outs gather (:mod:`~cardtable.games.krypkasino.reasons`).
COUNTERS = ("penalty", "swept", "given")


def play_out(
    world: Lean,
    seat: int,
    packets: int,
    rng: random.Random,
    noise: float,
    tally: dict[str, float] | None = None,
    horizon: int = 0,
) -> float:
    """Play ``world`` on with the ``rules`` bot in every seat for ``packets`` deals of cards
    (or to the hand's end; ``horizon`` cards at most, unless it is 0); the penalty points
    ``seat``'s team gained, with the points left on the table at its share of the players when
    the hand goes on. ``tally`` (a hint's): add the play-out's reason counters for ``seat``
    (:mod:`~cardtable.games.krypkasino.reasons`).

    >>> from cardtable.cards import parse_cards
    >>> hands = [parse_cards("7C"), parse_cards("7D")]
    >>> world = Lean(2, (0, 1), 1, 0, hands, parse_cards("2S"), [])
    >>> play_out(world, 1, 1, random.Random(0), 0.0)  # 7C creeps, 7D takes it; 2S is left
    2.0
    >>> world = Lean(2, (0, 1), 1, 0, [parse_cards("7C"), parse_cards("7C")], [], [])
    >>> play_out(world, 1, 1, random.Random(0), 0.0)  # 7C takes its twin alone: dubbeltabbe
    10.0
    """
    moves = 0
    while not world.over and world.packets < packets:
        if horizon and moves >= horizon:
            break
        moves += 1
        face, taken = world.rules_option(rng, noise)
        if tally is not None:
            count_play(world, face, taken, seat, tally)
        world.play(face, taken)
    team = world.team
    mine = team[seat]
    gained = float(sum(g for s, g in enumerate(world.gain) if team[s] == mine))
    if not world.over:
        gained += world.share[seat] * sum(POINTS[c] for c in world.table)
    return gained


def count_play(
    world: Lean, face: int, taken: tuple[int, ...], seat: int, tally: dict[str, float]
) -> None:
    """Add to ``tally`` what the play of ``face`` taking ``taken`` (not yet made in ``world``)
    counts for ``seat``: the penalty points it captures, a sweep it must make, a sweep the next
    player makes on the table it left (the counters of
    :mod:`~cardtable.games.krypkasino.reasons`, counted on the lean world).

    >>> from cardtable.cards import parse_cards
    >>> seven = parse_cards("7C")[0]
    >>> world = Lean(2, (0, 1), 1, 0, [[seven], [seven]], [], [])
    >>> mine, theirs = ({"penalty": 0.0, "swept": 0.0, "given": 0.0} for _ in range(2))
    >>> count_play(world, seven, (), 0, mine); world.play(seven, ())  # 7C creeps
    >>> count_play(world, seven, (seven,), 0, mine); count_play(world, seven, (seven,), 1, theirs)
    >>> mine, theirs  # the twin takes it alone: a sweep for seat 1, given by seat 0
    ({'penalty': 0.0, 'swept': 0.0, 'given': 1.0}, {'penalty': 0.0, 'swept': 1.0, 'given': 0.0})
    """
    who = world.turn
    sweep = bool(taken) and len(taken) == len(world.table)
    if who == seat and taken:
        tally["penalty"] += POINTS[face] + sum(POINTS[c] for c in taken)
        if sweep:
            tally["swept"] += 1
    elif sweep and world.prev == seat:
        tally["given"] += 1


class KrypkasinoSearchBot:
    """Plays the move of least expected penalty over weighted worlds (see the module)."""

    name: ClassVar[str] = "search"
    #: What its values are, in a hint's words: its own side's penalty, not the others' less it.
    value_unit: ClassVar[str] = N_("points (minus your side's penalty)")

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 24,
        candidates: int = 64,
        packets: int = 1,
        noise: float = 0.1,
        margin: float = 1.0,
        doubt: float = 0.1,
        horizon: int = 0,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = whole_setting("worlds", worlds, 1, 10_000)
        self.candidates = whole_setting("candidates", candidates, 0, 100_000)
        self.packets = whole_setting("packets", packets, 1, 30)
        self.noise = number_setting("noise", noise, 0, 1)
        self.margin = number_setting("margin", margin, 0, 10)
        self.doubt = number_setting("doubt", doubt, 0, 1)
        self.horizon = whole_setting("horizon", horizon, 0, 200)
        self.last_report: Report = []
        #: The moves of ``last_report`` with their error bars (and, set to ``explain``, the
        #: reason counters of their play-outs: a hint's).
        self.last_stats: list[MoveStats] = []
        self.explain = False

    def choose(self, view: SeatView) -> Move:
        """The move of least mean penalty for the view's seat, which must be the one to act."""
        legal = RandomBot.legal_for(view)
        self.last_stats = []
        if len(legal) == 1:
            self.last_report = [(legal[0].text, 0.0, 0)]
            return legal[0]
        chosen = [(move, taken) for move, (_, taken) in distinct_plays(view)]
        if len(chosen) == 1:
            self.last_report = [(chosen[0][0].text, 0.0, 0)]
            return chosen[0][0]
        facts = read(view)
        seat = facts.seat
        rng = self.rng
        kept = weighted_worlds(facts, rng, self.worlds, self.candidates, self.doubt)
        values: list[list[float]] = [[] for _ in chosen]
        tallies = [dict.fromkeys(COUNTERS, 0.0) for _ in chosen] if self.explain else None
        for world in kept:
            seed = rng.getrandbits(64)
            for k, (move, taken) in enumerate(chosen):
                trial = world.copy()
                tally = None if tallies is None else tallies[k]
                if tally is not None:
                    count_play(trial, move.cards[0], taken, seat, tally)
                trial.play(move.cards[0], taken)
                values[k].append(
                    play_out(
                        trial,
                        seat,
                        self.packets,
                        random.Random(seed),
                        self.noise,
                        tally,
                        self.horizon,
                    )
                )
        count = len(kept)
        means = [sum(v) / count for v in values]
        order = sorted(range(len(chosen)), key=lambda k: means[k])
        base = _rules_choice(facts, [(m.cards[0], t) for m, t in chosen])
        best = order[0]
        if best != base and not _surely_better(values[best], values[base], self.margin):
            best = base
        # The move made first, then the others by their mean.
        order = [best, *(k for k in order if k != best)]
        # Rewards, higher better, as the generic search's reports.
        rewards = [[-v for v in row] for row in values]
        texts = [m.text for m, _ in chosen]
        self.last_stats = world_stats(texts, rewards, order, tallies, count)
        self.last_report = [s.row for s in self.last_stats]
        return chosen[best][0]


def _surely_better(mine: list[float], theirs: list[float], margin: float) -> bool:
    """Whether ``mine`` costs less than ``theirs`` (paired, world by world) by more than
    ``margin`` standard errors of the mean difference.

    >>> _surely_better([1.0, 2.0, 3.0], [2.0, 3.0, 3.5], 1.0), _surely_better([1.0], [2.0], 1.0)
    (True, True)
    >>> _surely_better([1.0, 5.0], [2.0, 2.0], 1.0)
    False
    """
    count = len(mine)
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    mean = sum(diffs) / count
    if mean >= 0:
        return False
    if count < 2:
        return True
    spread = sum((d - mean) ** 2 for d in diffs) / (count - 1)
    return mean * mean * count > margin * margin * spread


def _rules_choice(facts: Facts, options: list[Option]) -> int:
    """Which of ``options`` the ``rules`` bot would play here (the first of its least cost)."""
    seat, n = facts.seat, facts.n
    hand, table = facts.hand, facts.table
    unseen = [0] * 15
    for f in facts.unseen:
        unseen[HAND_VALUE[f]] += 1
    nxt = (seat + 1) % n
    mates = facts.team.count(facts.team[seat])
    costs = costs_for(
        options,
        hand,
        table,
        sum(FACE_STEP[c] for c in table),
        mates / n,
        facts.sizes[nxt],
        facts.team[nxt] == facts.team[seat],
        unseen,
    )
    return min(range(len(options)), key=costs.__getitem__)
