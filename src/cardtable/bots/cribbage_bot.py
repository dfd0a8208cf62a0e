"""A simple Cribbage bot that sees only its own observation and the legal moves.

It lays away the discard with the best exact expected net points (two players; with three or four
players it discards at random), pegs greedily for the points the card makes at once, claims its
full count when muggins is played, and calls muggins whenever it may.

>>> import cardtable
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> hand = parse_cards(state.observation(0)["hand"])
>>> best = discard_advice(hand, dealer=False)[0]  # seat 0 is the pone
>>> sorted(CribbageBot(seed=0).choose(state, 0).cards) == sorted(best.discard)
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.bots.random_bot import RandomBot
from cardtable.cards import parse_card, parse_cards, rank_of
from cardtable.engine import Move, State
from cardtable.games.cribbage.analysis import discard_advice
from cardtable.games.cribbage.scoring import peg_score

__all__ = ["CribbageBot", "play_value"]


def play_value(count: int, count_cards: list[str], card: int) -> int:
    """How good laying ``card`` on the current count is: 4 per point it pegs at once, less 1 if
    it leaves a count of 5 or 21 (any of the sixteen ten-cards then makes 15 or 31).

    >>> play_value(10, ["10H"], parse_card("5S")), play_value(0, [], parse_card("5S"))
    (8, -1)
    """
    rank = rank_of(card)
    total = count + min(rank, 10)
    ranks = [rank_of(parse_card(c)) for c in count_cards]
    points = peg_score([*ranks, rank], total)
    return 4 * points - (1 if total in (5, 21) else 0)


class CribbageBot(RandomBot):
    """Exact discards, greedy pegging; random where it has no rule (ties included)."""

    name: ClassVar[str] = "cribbage"

    def choose(self, state: State, seat: int) -> Move:
        legal = self.legal_for(state, seat)
        obs = state.observation(seat)
        phase = obs.get("phase")
        if phase == "discard":
            move = self._discard(obs, seat, legal)
            if move is not None:
                return move
        elif phase == "play":
            return self._play(obs, legal)
        elif phase == "claim":
            claims = [m for m in legal if m.verb == "claim" and m.number is not None]
            if claims:
                return max(claims, key=lambda m: m.number or 0)
        elif phase == "muggins":
            for move in legal:
                if move.verb == "muggins":
                    return move
        return self.pick(legal)

    def _discard(self, obs: dict[str, Any], seat: int, legal: list[Move]) -> Move | None:
        hand = parse_cards(obs.get("hand", []))
        if obs.get("players") != 2 or len(hand) != 6:
            return None
        best = discard_advice(hand, dealer=obs.get("dealer") == seat)[0]
        wanted = sorted(best.discard)
        for move in legal:
            if move.verb == "discard" and sorted(move.cards) == wanted:
                return move
        return None

    def _play(self, obs: dict[str, Any], legal: list[Move]) -> Move:
        count = int(obs.get("count", 0))
        count_cards = list(obs.get("count_cards", []))
        plays = [m for m in legal if m.verb == "play" and m.cards]
        if not plays:
            return self.pick(legal)
        values = [play_value(count, count_cards, m.cards[0]) for m in plays]
        best = max(values)
        return self.pick([m for m, v in zip(plays, values, strict=True) if v == best])
