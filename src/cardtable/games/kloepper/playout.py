"""The ``rules`` bot read straight off a Kloepper state, for the search's play-outs.

:class:`~cardtable.games.kloepper.bot.KloepperRulesBot` decides from a seat's observation: a
dict of some 30 entries with every card as text, which it parses back. Built and read some
twenty times a play-out, that is most of the expert's time. :class:`LeanRules` takes the same
decisions from the state's own fields (card ids, the seat's hand, the played cards, the sides
the seat knows), drawing its ties from its generator exactly as the rules bot does: with the
same generator state it makes the same move and leaves the generator in the same state
(``tests/test_kloepper_playout.py`` checks this move for move). It reads only what the seat may
know, as the rules bot does. :func:`play_out` plays a world to the end of its deal with it.

>>> import random, cardtable
>>> from cardtable.seat_view import SeatView
>>> from cardtable.games.kloepper.bot import KloepperRulesBot
>>> state = cardtable.load("kloepper").new_state(seed=4)
>>> lean, bot = LeanRules(random.Random(9)), KloepperRulesBot(seed=9)
>>> while state.deal_no == 1:
...     move = lean.choose(state)
...     assert move is bot.choose(SeatView(state, state.to_move))
...     state.apply(move)
>>> state.points
[2, 0, 2, 0]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.cards import parse_cards
from cardtable.engine import Move
from cardtable.games.kloepper.bot import sure_sweep
from cardtable.games.kloepper.endgame import finish, solvable, solve
from cardtable.games.kloepper.moves import KNOCK, KNOCK_OFF, PASS
from cardtable.games.kloepper.tables import (
    CALLABLE,
    DECLARE,
    KEY,
    KNOCKOFF,
    POINTS,
    POWER,
    QC,
    QS,
    SEATS,
    TRUMP,
)

__all__ = ["LeanRules", "play_out"]

_JACKS = frozenset(parse_cards("JC JS JH JD"))
# A seat's side as the rules bot compares them (its role words, as numbers).
_NONE, _QUEENS, _ALONE, _OPPONENTS = range(4)


def _roles(state: Any, seat: int) -> list[int]:
    """Each seat's side as ``seat`` knows it (the state's ``roles``, as the codes above), from
    the plays that showed a side: the black queens and the called ace."""
    shown = 0
    queen_seats: list[int] = []  # in any order: only whether both are one seat counts
    call = state.call
    specials = (QC, QS, call) if call >= 0 else (QC, QS)
    tricks = [(leader, cards) for leader, cards, _w, _p in state.tricks]
    tricks.append((state.leader, state.trick))
    for leader, cards in tricks:
        for c in specials:
            if c in cards:
                s = (leader + cards.index(c)) % SEATS
                shown |= 1 << s
                if c != call:
                    queen_seats.append(s)
    q, o, lone = state.knowledge_from(shown, queen_seats, seat)
    out = []
    for s in range(SEATS):
        if q >> s & 1:
            out.append(_ALONE if lone else _QUEENS)
        elif o >> s & 1:
            out.append(_OPPONENTS)
        else:
            out.append(_NONE)
    return out


class LeanRules:
    """The ``rules`` bot's decisions taken from a state's fields; ``rng`` breaks its ties
    (see the module docs). :meth:`_pick` is where a tie is drawn: a subclass may record it."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def _pick(self, moves: list[Move]) -> Move:
        return moves[int(self.rng.random() * len(moves))]

    def _best(self, scored: list[tuple[Any, Move]]) -> Move:
        """The move with the highest score, ties drawn as the rules bot draws them."""
        top = max(s for s, _m in scored)
        return self._pick([m for s, m in scored if s == top])

    def choose(self, state: Any) -> Move:
        """The rules bot's move for the seat to act in ``state`` (a Kloepper state)."""
        legal = state._legal()
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        phase = state.phase
        if phase == DECLARE:
            return self._declare(state.hands[state.turn], legal)
        if phase == KNOCKOFF:
            return self._answer_knock(state, legal)
        return self._play(state, legal)

    # ----------------------------------------------------------------- decisions

    def _declare(self, hand: Sequence[int], legal: list[Move]) -> Move:
        trumps = sum(1 for c in hand if KEY[c] == TRUMP)
        calls = [m for m in legal if m.verb == "call"]
        alone = next(m for m in legal if m.verb == "alone")
        jacks = sum(1 for c in hand if c in _JACKS)
        if not calls or trumps >= 5 or (trumps == 4 and jacks >= 2):
            return alone
        scored = []
        for m in calls:
            suit = m.cards[0] % 4
            held = [c for c in hand if KEY[c] == suit]
            scored.append(((len(held), -sum(POINTS[c] for c in held)), m))
        return self._best(scored)

    @staticmethod
    def _seen(state: Any, hand: Sequence[int]) -> set[int]:
        seen = set(hand)
        for _leader, cards, _w, _p in state.tricks:
            seen.update(cards)
        seen.update(state.trick)
        return seen

    def _answer_knock(self, state: Any, legal: list[Move]) -> Move:
        seat = state.turn
        hand = state.hands[seat]
        if KNOCK_OFF in legal:
            roles = _roles(state, seat)
            queens_took = any(roles[t[2]] in (_QUEENS, _ALONE) for t in state.tricks)
            if not queens_took and sure_sweep(hand, self._seen(state, hand), pack=state.deck.pack):
                return KNOCK_OFF
        return PASS

    def _play(self, state: Any, legal: list[Move]) -> Move:
        seat = state.turn
        hand = state.hands[seat]
        pack = state.deck.pack
        seen = self._seen(state, hand)
        trick = state.trick
        if legal[-1] is KNOCK:
            swept = all(t[2] == seat for t in state.tricks)
            if swept and sure_sweep(hand, seen, not trick, pack):
                return KNOCK
            plays = legal[:-1]
        else:
            plays = legal
        if len(plays) == 1:
            return plays[0]
        roles = _roles(state, seat)
        mine = roles[seat]
        if not trick:
            return self._lead(state, plays, mine)
        unseen = [c for c in pack if c not in seen]
        led = KEY[trick[0]]

        def power(card: int) -> int:
            k = KEY[card]
            return POWER[card] if k in (led, TRUMP) else 0

        leader = state.leader
        best_seat, best_power = leader, -1
        for i, c in enumerate(trick):
            p = power(c)
            if p > best_power:
                best_seat, best_power = (leader + i) % SEATS, p
        points = sum(POINTS[c] for c in trick)
        last = len(trick) == 3
        on_my_side = mine in (_QUEENS, _OPPONENTS) and roles[best_seat] == mine
        threat = not last and any(power(c) > best_power for c in unseen)
        if on_my_side and not threat:
            # Schmear: the most points, 10s and kings before aces.
            return self._best([((POINTS[m.cards[0]] % 11, -POWER[m.cards[0]]), m) for m in plays])
        winners = [m for m in plays if power(m.cards[0]) > best_power]
        if winners and not on_my_side:
            claimer = state.knock_off if state.knock_off >= 0 else state.knocker
            if claimer >= 0 and roles[claimer] != mine:
                # Against a claim of every trick one trick wins the deal: take it, cheaply.
                return self._best([(-power(m.cards[0]), m) for m in winners])
            if last or points >= 10 or all(KEY[m.cards[0]] != TRUMP for m in winners):
                top = max((power(c) for c in unseen), default=-1)
                sure = [m for m in winners if power(m.cards[0]) > top]
                if not last and sure and points >= 10:
                    return self._best([(-POWER[m.cards[0]], m) for m in sure])
                return self._best([(-power(m.cards[0]), m) for m in winners])
            if mine in (_QUEENS, _ALONE):
                return self._best([(-power(m.cards[0]), m) for m in winners])
        # Nothing to win: throw the least valuable card, keeping aces and trumps.
        scored = []
        for m in plays:
            c = m.cards[0]
            pts = POINTS[c]
            scored.append(((-pts - (20 if pts == 11 else 0), -(KEY[c] == TRUMP), -POWER[c]), m))
        return self._best(scored)

    def _lead(self, state: Any, plays: list[Move], mine: int) -> Move:
        trumps = [m for m in plays if KEY[m.cards[0]] == TRUMP]
        plain = [m for m in plays if KEY[m.cards[0]] != TRUMP]
        strong = len(trumps) >= 3 or any(m.cards[0] in (QC, QS) for m in trumps)
        if mine in (_QUEENS, _ALONE) and trumps and (strong or not plain):
            return self._best([(POWER[m.cards[0]], m) for m in trumps])
        if state.call >= 0 and state.caller == state.turn:
            suit = state.call % 4
            into = [m for m in plain if KEY[m.cards[0]] == suit]
            if into:
                return self._best([(-POINTS[m.cards[0]], m) for m in into])
        aces = [m for m in plain if m.cards[0] in CALLABLE]
        if aces:
            return self._pick(aces)
        if plain:
            return self._best([((-POINTS[m.cards[0]], -POWER[m.cards[0]]), m) for m in plain])
        return self._best([(-POWER[m.cards[0]], m) for m in trumps])


def play_out(world: Any, policy: LeanRules, first: Move | None = None, endgame: int = 0) -> None:
    """Make ``first`` (if given) in ``world`` (a Kloepper state, changed in place: a search's
    world), then play the deal to its end by ``policy`` at every seat. The game ends with the
    deal (its target is set to 0 before ``first``), as a search needs no next deal and dealing
    one is a tenth of a play-out's time. With ``endgame`` above 0, once no knock can come and
    at most that many tricks are left (the one being played counts), both sides play them
    perfectly instead (:mod:`cardtable.games.kloepper.endgame`).

    >>> import random, cardtable
    >>> state = cardtable.load("kloepper").new_state(seed=4)
    >>> play_out(state, LeanRules(random.Random(9)))
    >>> state.deal_no, state.is_over, state.points
    (1, True, [2, 0, 2, 0])
    """
    world.target = 0
    if first is not None:
        world.apply(first)
    while not world.is_over:
        if endgame and world.deck.tricks - world.trick_no <= endgame and solvable(world):
            finish(world, solve(world)[1], policy)
            return
        world.apply(policy.choose(world))
