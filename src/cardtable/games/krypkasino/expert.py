"""The Krypkasino ``search`` bot: plays that dodge its own penalty points, found by play-outs.

For each decision it deals ``worlds`` worlds (the hidden cards dealt at random, see
:mod:`~cardtable.games.krypkasino.belief`): for each other player ``candidates`` hands are
drawn and weighed by how likely his plays of this packet were with them under the ``rules``
bot (a share ``doubt`` of them at random), and each world gives him one of them in proportion
to its weight. Each of its distinct plays is then made in every kept world and played out
by the ``rules`` bot in every seat, a share ``noise`` of the cards at random, for ``packets``
deals of cards (to the hand's end at most); the same world and the same play-out draws serve
every play, so their differences are not luck. A play is worth the penalty points its own
team gains in the play-out (captured cards and tabbes); where the play-out stops before the
hand's end, the points still on the table count at the team's share of the players. The play
of least mean penalty is made if it beats the ``rules`` bot's own choice by more than
``margin`` standard errors (world by world); otherwise the rules bot's choice stands, so the
search's sampling noise never overrides a sound rule of thumb.

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

from cardtable.cards import parse_card
from cardtable.engine import Move
from cardtable.games.krypkasino.belief import Facts, read, weighted_worlds
from cardtable.games.krypkasino.captures import HAND_VALUE, POINTS
from cardtable.games.krypkasino.lean import FACE_STEP, Lean, Option, costs_for
from cardtable.random_bot import RandomBot, number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["KrypkasinoSearchBot"]

#: What the bot considered, the move made first: (move text, mean reward, worlds), where the
#: reward is the penalty points its team took in the play-outs, negated (as the generic
#: search's reports, higher is better, so hints and reviews read it alike).
Report = list[tuple[str, float, int]]


def play_out(world: Lean, seat: int, packets: int, rng: random.Random, noise: float) -> float:
    """Play ``world`` on with the ``rules`` bot in every seat for ``packets`` deals of cards
    (or to the hand's end); the penalty points ``seat``'s team gained, with the points left on
    the table at its share of the players when the hand goes on.

    >>> from cardtable.cards import parse_cards
    >>> hands = [parse_cards("7C"), parse_cards("7D")]
    >>> world = Lean(2, (0, 1), 1, 0, hands, parse_cards("2S"), [])
    >>> play_out(world, 1, 1, random.Random(0), 0.0)  # 7C creeps, 7D takes it; 2S is left
    2.0
    >>> world = Lean(2, (0, 1), 1, 0, [parse_cards("7C"), parse_cards("7C")], [], [])
    >>> play_out(world, 1, 1, random.Random(0), 0.0)  # 7C takes its twin alone: dubbeltabbe
    10.0
    """
    while not world.over and world.packets < packets:
        world.play(*world.rules_option(rng, noise))
    team = world.team
    mine = team[seat]
    gained = float(sum(g for s, g in enumerate(world.gain) if team[s] == mine))
    if not world.over:
        gained += world.share[seat] * sum(POINTS[c] for c in world.table)
    return gained


class KrypkasinoSearchBot:
    """Plays the move of least expected penalty over weighted worlds (see the module)."""

    name: ClassVar[str] = "search"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 24,
        candidates: int = 64,
        packets: int = 1,
        noise: float = 0.1,
        margin: float = 1.0,
        doubt: float = 0.1,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = whole_setting("worlds", worlds, 1, 10_000)
        self.candidates = whole_setting("candidates", candidates, 1, 100_000)
        self.packets = whole_setting("packets", packets, 1, 30)
        self.noise = number_setting("noise", noise, 0, 1)
        self.margin = number_setting("margin", margin, 0, 10)
        self.doubt = number_setting("doubt", doubt, 0, 1)
        self.last_report: Report = []

    def choose(self, view: SeatView) -> Move:
        """The move of least mean penalty for the view's seat, which must be the one to act."""
        legal = RandomBot.legal_for(view)
        if len(legal) == 1:
            self.last_report = [(legal[0].text, 0.0, 0)]
            return legal[0]
        obs = view.observation()
        takes = {
            t: tuple(parse_card(c) for c in k)
            for t, k in zip(obs["legal_moves"], obs["takes"], strict=True)
        }
        # Of the moves that play one card and take the same ranks, the one taking the fewest
        # points: the table left is the same but for points that may not be one's own.
        plays: dict[tuple[int, tuple[int, ...]], tuple[Move, tuple[int, ...]]] = {}
        for move in legal:
            taken = takes[move.text]
            key = (move.cards[0], tuple(sorted(c // 4 for c in taken)))
            known = plays.get(key)
            if known is None or sum(POINTS[c] for c in taken) < sum(POINTS[c] for c in known[1]):
                plays[key] = (move, taken)
        chosen = list(plays.values())
        if len(chosen) == 1:
            self.last_report = [(chosen[0][0].text, 0.0, 0)]
            return chosen[0][0]
        facts = read(view)
        seat = facts.seat
        rng = self.rng
        kept = weighted_worlds(facts, rng, self.worlds, self.candidates, self.doubt)
        values: list[list[float]] = [[] for _ in chosen]
        for world in kept:
            seed = rng.getrandbits(64)
            for k, (move, taken) in enumerate(chosen):
                trial = world.copy()
                trial.play(move.cards[0], taken)
                values[k].append(
                    play_out(trial, seat, self.packets, random.Random(seed), self.noise)
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
        self.last_report = [(chosen[k][0].text, -means[k], count) for k in order]
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
