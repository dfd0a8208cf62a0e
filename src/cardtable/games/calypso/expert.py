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

from cardtable.engine import Move
from cardtable.games.calypso.horizon import value_at_end_of_deal
from cardtable.games.calypso.sim import Sim
from cardtable.random_bot import choice_setting, number_setting, whole_setting
from cardtable.seat_view import SeatView

__all__ = ["VALUES", "CalypsoSearchBot"]

#: How the end of a deal is valued: what the calypsos should become, or the points standing.
VALUES = ("future", "deal")
MAX_WORLDS = 10_000
#: What a report keeps: (move text, mean value in points, worlds), best first.
REPORT_SIZE = 8


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

    def choose(self, view: SeatView) -> Move:
        legal = view.legal_moves()
        if len(legal) == 1:
            self.last_report = [(legal[0].text, 0.0, 0)]
            return legal[0]
        faces = [m.cards[0] for m in legal]
        values = self._weigh(view, faces)
        means = [sum(v) / self.worlds for v in values]
        order = sorted(range(len(faces)), key=lambda i: (-means[i], i))
        self.last_report = [(legal[i].text, means[i], self.worlds) for i in order[:REPORT_SIZE]]
        return legal[order[0]]

    def _weigh(self, view: SeatView, faces: list[int]) -> list[list[float]]:
        """Per card, world by world: its side's points less the other side's at the end of the
        deal, less that margin now."""
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
                sim.play(face)
                draw = random.Random(seed).random if noise else None
                while not sim.over and sim.deal_no == deal:
                    if draw is not None and draw() < noise:
                        moves = sim.legal()
                        sim.play(moves[int(draw() * len(moves))])
                    else:
                        sim.play(sim.rules_card())
                if future:
                    points = value_at_end_of_deal(deal, sim.completed, sim.progress, sim.pile)
                else:
                    points = sim.points()
                ours = points[side] + points[side + 2]
                theirs = points[1 - side] + points[3 - side]
                values[i].append(ours - theirs - margin)
        return values
