"""Soft inference of the hidden hands from what the other seats did: a weight per sampled world.

A sampled world (:func:`cardtable.games.kloepper.sampling.sample_world`) agrees with the hard
facts (cards played, voids, the call, the knocks); it does not say how *likely* each world is.
Here the deal so far is replayed in the world from its start, and each declaration and card of
another seat is scored by how likely the ``rules`` bot would have chosen it holding the world's
cards: ``(1 - noise) * [its choice, ties shared] + noise / legal moves``. The product over the
deal is the world's weight. It carries what a player reads from play without naming it: the
seat that trumped or led trumps holds them and is likely on the queens team, the seat that fed
points onto a trick thinks its winner a partner, the caller called the ace of his longest suit,
a holder of both queens who made no call is strong in trumps. ``noise`` keeps every world
possible, since the real opponents need not play like the ``rules`` bot.

>>> import random, cardtable
>>> from cardtable.seat_view import SeatView
>>> from cardtable.games.kloepper.bot import KloepperRulesBot
>>> state = cardtable.load("kloepper").new_state(seed=3)
>>> while state.trick_no < 2:
...     state.apply(KloepperRulesBot(1).choose(SeatView(state, state.to_move)))
>>> view = SeatView(state, 0)
>>> moves = public_moves(view.observation())
>>> worlds = [view.sample_world(random.Random(i)) for i in range(4)]
>>> [round(world_weight(w, moves, 0, 0.25), 6) for w in worlds]
[0.002813, 0.00324, 5.6e-05, 0.000123]
>>> world_weight(worlds[0], moves, 0, 1.0)
1.0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.cards import parse_card
from cardtable.engine import Move, State
from cardtable.games.kloepper.moves import ALONE, CALL, KNOCK, KNOCK_OFF, PASS, PLAY
from cardtable.games.kloepper.playout import LeanRules
from cardtable.games.kloepper.tables import DECLARE, KNOCKOFF, QC, QS, SEATS

__all__ = ["PublicMove", "public_moves", "world_weight"]

#: One public move of the deal: (seat, verb, card id or -1). Verbs: ``call``, ``no call``,
#: ``knock``, ``knock-off``, ``play``.
PublicMove = tuple[int, str, int]


class _Choices(LeanRules):
    """The rules bot (its lean copy), telling which moves it would choose among (its tie)
    instead of drawing."""

    __slots__ = ("ties",)

    def __init__(self) -> None:
        super().__init__(random.Random(0))
        self.ties: list[Move] = []

    def _pick(self, moves: list[Move]) -> Move:
        self.ties = moves
        return moves[0]

    def choices(self, state: Any) -> list[Move]:
        """The moves the rules bot would choose from at random in ``state``, for its seat to
        act."""
        self.ties = []
        move = self.choose(state)
        return self.ties if move in self.ties else [move]


def public_moves(obs: Mapping[str, Any]) -> list[PublicMove]:
    """The deal's public moves so far, in order, from an observation: the declarations, then the
    cards. A knock is put just before the knocker's first card of the deal, and the knock-off
    (if any) right after it: the observation does not say when in the first trick they came.

    >>> import cardtable
    >>> state = cardtable.load("kloepper").new_state(seed=1)
    >>> for _ in range(5):
    ...     state.apply(state.legal_moves()[0])
    >>> public_moves(state.observation(2))[3:]
    [(3, 'no call', -1), (0, 'play', 33)]
    """
    out: list[PublicMove] = []
    first = (int(obs["dealer"]) + 1) % SEATS
    declared = obs["declared"]
    for k in range(SEATS):
        seat = (first + k) % SEATS
        said = declared[seat]
        if said is None:
            break
        if said.startswith("call"):
            out.append((seat, "call", parse_card(said.split()[1])))
        else:
            out.append((seat, "no call", -1))
    knocker = obs.get("knocker")
    plays: list[tuple[int, int]] = []
    for trick in obs["tricks"]:
        lead = trick["leader"]
        plays += [((lead + i) % SEATS, parse_card(c)) for i, c in enumerate(trick["cards"])]
    plays += [(p["seat"], parse_card(p["card"])) for p in obs["trick"]]
    knocked = knocker is None
    for seat, card in plays:
        if not knocked and seat == knocker:
            out.append((seat, "knock", -1))
            if obs.get("knock_off") is not None:
                out.append((int(obs["knock_off"]), "knock-off", -1))
            knocked = True
        out.append((seat, "play", card))
    if knocker is not None and not knocked:  # the knocker has not played: it knocked just now
        out.append((int(knocker), "knock", -1))
        if obs.get("knock_off") is not None:
            out.append((int(obs["knock_off"]), "knock-off", -1))
    return out


def _deal_start(world: Any) -> Any:
    """``world`` (a sampled Kloepper world) as it was when its deal was dealt."""
    start = world.clone()
    start.hands = [list(world.dealt[s]) for s in range(SEATS)]
    start.call = start.caller = start.knocker = start.knock_off = -1
    start.team = start.asked = start.trick_no = 0
    start.alone = False
    start.trick, start.tricks = [], []
    start.taken, start.voids = [0] * SEATS, [0] * SEATS
    start.won = [[] for _ in range(SEATS)]
    start.leader = start.turn = (world.dealer + 1) % SEATS
    start.phase = DECLARE
    return start


def _the_move(state: Any, seat: int, verb: str, card: int) -> Move:
    if verb == "play":
        return PLAY[card]
    if verb == "call":
        return CALL[card]
    if verb == "no call":
        hand = state.hands[seat]
        return ALONE if QC in hand and QS in hand else PASS
    return KNOCK if verb == "knock" else KNOCK_OFF


def world_weight(world: State, moves: Sequence[PublicMove], me: int, noise: float) -> float:
    """How likely the other seats' declarations and cards (``moves``, from
    :func:`public_moves`) were in ``world`` under the ``rules`` bot, each mixed with ``noise``
    of a uniform choice; ``noise`` 1 gives every world the weight 1. Knocks and the answers to
    them are taken as given (the sampler already made them consistent).
    """
    if noise >= 1.0:
        return 1.0
    state = _deal_start(world)
    bot = _Choices()
    weight = 1.0
    for seat, verb, card in moves:
        if verb == "knock-off":
            # Every seat from the knocker's left was asked in turn until one knocked off.
            while state.turn != seat:
                state.apply(PASS)
            state.apply(KNOCK_OFF)
            continue
        while state.phase == KNOCKOFF:  # nobody knocked off
            state.apply(PASS)
        move = _the_move(state, seat, verb, card)
        if seat != me and verb != "knock":
            legal = state.legal_moves()
            if len(legal) > 1:
                ties = bot.choices(state)
                liked = 1.0 / len(ties) if move in ties else 0.0
                weight *= (1.0 - noise) * liked + noise / len(legal)
        state.apply(move)
    return weight
