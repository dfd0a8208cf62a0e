"""The Calypso ``search`` bot: perfect-information Monte Carlo with ``rules`` play-outs on the
lean simulator, valuing the end of the deal by what the calypsos should become.

For each of ``worlds`` worlds (the hidden cards dealt again at random, keeping every void shown:
:meth:`~cardtable.seat_view.SeatView.sample_world`), every legal card is played and the deal is
played out by the ``rules`` bot's policy for all four seats
(:meth:`~cardtable.games.calypso.sim.Sim.rules_card`, a share ``noise`` of cards at random).
The end of the deal is scored by :func:`~cardtable.games.calypso.horizon.value_at_end_of_deal`
(``value="future"``: an unfinished calypso is worth what it is expected to become) or by the
points as they stand (``value="deal"``: 20 a card in progress). A card's value is its side's
points less the other side's, averaged over the worlds; the best card is played (ties: the first
legal card). Every card is tried in the same worlds, and a play-out's choices depend only on
the world and the card, so the worlds' luck cancels between the cards compared.

>>> import cardtable
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("calypso").new_state(seed=1)
>>> bot = CalypsoSearchBot(seed=2, worlds=4)
>>> move = bot.choose(SeatView(state, 0))
>>> move in state.legal_moves(), move.text == bot.last_report[0][0]
(True, True)
>>> move is CalypsoSearchBot(seed=2, worlds=4).choose(SeatView(state, 0))
True
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardtable.bots.search import MoveStats, world_stats
from cardtable.engine import Move
from cardtable.games.calypso.horizon import value_at_end_of_deal
from cardtable.games.calypso.sim import Sim
from cardtable.games.calypso.tricks import trick_winner
from cardtable.random_bot import choice_setting, number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["COUNTERS", "VALUES", "CalypsoSearchBot", "count_deal", "count_trick"]

#: How the end of a deal is valued: what the calypsos should become, or the points standing.
VALUES = ("future", "deal")
MAX_WORLDS = 10_000
#: What a report keeps: (move text, mean value in points, worlds), best first.
REPORT_SIZE = 8
#: The reason counters a hint's play-outs gather (:mod:`~cardtable.games.calypso.reasons`).
COUNTERS = ("tricks", "laid", "calypso", "lost", "their_calypso")
#: The cards a completed calypso holds.
CALYPSO_CARDS = 13


def count_trick(sim: Sim, face: int, side: int, tally: dict[str, float]) -> None:
    """Add to ``tally`` the trick that ``face`` completes (the fourth card, not yet played in
    ``sim``) as :mod:`~cardtable.games.calypso.reasons` counts it for ``side``: a trick won,
    or the cards of the side's trump suits the other side wins.

    >>> import cardtable
    >>> sim = Sim.of(cardtable.load("calypso").new_state(seed=1))
    >>> while len(sim.trick) < 3:
    ...     sim.play(sim.legal()[0])
    >>> tally = dict.fromkeys(COUNTERS, 0.0)
    >>> count_trick(sim, sim.legal()[0], 0, tally); tally["tricks"] + tally["lost"] >= 0
    True
    """
    cards = [*sim.trick, face]
    index, _ = trick_winner(cards, [*sim.seats, sim.turn], sim.trumps, sim.rule)
    winner = sim.seats[index] if index < len(sim.seats) else sim.turn
    if winner & 1 == side:
        tally["tricks"] += 1
    else:
        suits = (sim.trumps[side], sim.trumps[side + 2])
        tally["lost"] += sum(1 for c in cards if c & 3 in suits)


def count_deal(before: Sim, after: Sim, side: int, tally: dict[str, float]) -> None:
    """Add to ``tally`` the cards ``side`` laid on its calypsos between ``before`` and
    ``after`` (13 for each completed, and the cards in progress gained), and whether either
    side completed a calypso.

    >>> import cardtable
    >>> before = Sim.of(cardtable.load("calypso").new_state(seed=1))
    >>> tally = dict.fromkeys(COUNTERS, 0.0)
    >>> count_deal(before, before.copy(), 0, tally); tally["laid"], tally["calypso"]
    (0.0, 0.0)
    """
    for seat in range(4):
        done = after.completed[seat] - before.completed[seat]
        if seat & 1 == side:
            laid = CALYPSO_CARDS * done + after.progress[seat].bit_count()
            tally["laid"] += laid - before.progress[seat].bit_count()
            if done:
                tally["calypso"] = 1.0
        elif done:
            tally["their_calypso"] = 1.0


class CalypsoSearchBot:
    """Calypso by sampled worlds and ``rules`` play-outs (see the module docs); the same seed
    and settings give the same moves."""

    name: ClassVar[str] = "search"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 80,
        value: str = "future",
        noise: float = 0.1,
    ) -> None:
        self.worlds = whole_setting("worlds", worlds, 1, MAX_WORLDS)
        self.value = choice_setting("value", value, VALUES)
        self.noise = number_setting("noise", noise, 0, 1)
        self.rng = random.Random(seed)
        #: The cards considered at the last choice: (move, mean value, worlds), best first.
        self.last_report: list[tuple[str, float, int]] = []
        #: The same with error bars (and, set to ``explain``, the reason counters of the
        #: play-outs: a hint's).
        self.last_stats: list[MoveStats] = []
        self.explain = False

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves()
        self.last_stats = []
        if len(legal) == 1:
            self.last_report = [(legal[0].text, 0.0, 0)]
            return legal[0]
        faces = [m.cards[0] for m in legal]
        tallies = [dict.fromkeys(COUNTERS, 0.0) for _ in faces] if self.explain else None
        values = self._weigh(view, faces, tallies)
        means = [sum(v) / self.worlds for v in values]
        order = sorted(range(len(faces)), key=lambda i: (-means[i], i))[:REPORT_SIZE]
        texts = [m.text for m in legal]
        self.last_stats = world_stats(texts, values, order, tallies, self.worlds)
        self.last_report = [s.row for s in self.last_stats]
        return legal[order[0]]

    def _weigh(
        self, view: SeatView, faces: list[int], tallies: list[dict[str, float]] | None = None
    ) -> list[list[float]]:
        """Per card, world by world: its side's points less the other side's at the end of the
        deal, less that margin now (and each card's reason counters added to ``tallies``)."""
        side = view.seat & 1
        values: list[list[float]] = [[] for _ in faces]
        rng = self.rng
        play_rng = random.Random(int(rng.random() * 2**53))
        future = self.value == "future"
        noise = self.noise
        for _ in range(self.worlds):
            base = Sim.of(view.sample_world(rng))
            deal = base.deal_no
            now = base.points()
            margin = now[side] + now[side + 2] - now[1 - side] - now[3 - side]
            # Each card's play-out draws the same random numbers: its choices differ from
            # another card's only where the positions differ.
            seed = play_rng.random()
            for i, face in enumerate(faces):
                sim = base.copy()
                tally = None if tallies is None else tallies[i]
                if tally is not None and len(sim.trick) == 3:
                    count_trick(sim, face, side, tally)
                sim.play(face)
                draw = random.Random(seed).random if noise else None
                while not sim.over and sim.deal_no == deal:
                    if draw is not None and draw() < noise:
                        moves = sim.legal()
                        card = moves[int(draw() * len(moves))]
                    else:
                        card = sim.rules_card()
                    if tally is not None and len(sim.trick) == 3:
                        count_trick(sim, card, side, tally)
                    sim.play(card)
                if tally is not None:
                    count_deal(base, sim, side, tally)
                if future:
                    points = value_at_end_of_deal(deal, sim.completed, sim.progress, sim.pile)
                else:
                    points = sim.points()
                ours = points[side] + points[side + 2]
                theirs = points[1 - side] + points[3 - side]
                values[i].append(ours - theirs - margin)
        return values
