"""Cribbage worlds: one seat's view completed by redealing every card hidden from it.

A world is what a search bot plays out (determinization): a full ``CribbageState`` that
agrees with everything the seat knows (its own cards, the table, the shown hands, who said go at
which count) and deals the rest of the pack at random. It is built from public facts and the
seat's own cards only, so two states that look the same to the seat give the same world.

>>> import random, cardtable
>>> real = cardtable.load("cribbage").new_state(seed=3)
>>> real.apply(real.legal_moves()[0])
>>> world = sample_world(real, 1, random.Random(7))
>>> world.observation(1) == real.observation(1), world.history, world.decks
(True, [], ())
>>> sorted(c for cards in world.card_places().values() for c in cards) == list(range(52))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar

from cardtable.cards import shuffle
from cardtable.engine import Move, check_seat
from cardtable.games.cribbage.moves import PLAY
from cardtable.games.cribbage.tables import PLAYING, VALUE, Deck

__all__ = ["Position", "go_limits", "sample_world"]


class Position(Protocol):
    """What a world is made from: the parts of a Cribbage state that this module reads and
    sets (the game's state is one; naming it here would import the game)."""

    decks: tuple[tuple[int, ...], ...]
    history: list[str]
    _log: list[tuple[Any, ...]]
    n: int
    phase: int
    turn: int
    dealer: int
    deal_start: int
    count: int
    limit: int
    deck: Deck
    shows: int
    starter: int
    starter_card: int
    hands: list[list[int]]
    kept: list[list[int]]
    hand_moves: list[list[Move]]
    discards: list[tuple[int, ...]]
    crib: list[int]
    seq: list[int]

    def show_order(self) -> list[tuple[int, str]]: ...

    def shown_cards(self, seat: int, what: str) -> list[int]: ...

    def _blank_world(self, seed: int) -> Self: ...


P = TypeVar("P", bound=Position)

# Draws of the hidden hands before the seat to move is given a card that fits on purpose; the
# retries keep the worlds uniform in all but contrived positions.
_TRIES = 100


def go_limits(
    n: int,
    plays: Sequence[tuple[int, int]],
    sizes: Sequence[int],
    count: int,
    turn: int | None,
    limit: int = 31,
) -> list[int]:
    """For each seat, the largest room (31 less the count; ``limit``: the tiny deck's 10) at
    which it is known to have had no card that fits, or -1: every card it still holds is worth
    more than that.

    ``plays`` are the (seat, card) plays of the deal (or of the current count) in order,
    ``sizes`` the hands' sizes now, ``count`` the count now and ``turn`` the seat to play now
    (None: not in the play). This is all public: a seat is passed over only when nothing it
    holds fits, and the count starts again only when nobody can play, so the first card of a
    count never fitted the count before.

    >>> from cardtable.cards import parse_cards
    >>> ten, king, seven = parse_cards("10H KS 7C")
    >>> go_limits(2, [(0, ten), (1, king), (0, seven)], [3, 3], 27, 0)  # seat 1 passed at 27
    [-1, 4]
    """
    limits = [-1] * n
    held = list(sizes)
    for seat, _ in plays:
        held[seat] += 1

    def passed_over(after: int, before: int, room: int) -> None:
        # The seats strictly between two turns (all the others when both are one seat).
        for k in range(1, n):
            s = (after + k) % n
            if s == before:
                return
            if held[s] and room > limits[s]:
                limits[s] = room

    def nobody_could(last: int, room: int) -> None:
        passed_over(last, last, room)
        if held[last] and room > limits[last]:
            limits[last] = room

    total = 0
    last: int | None = None
    for seat, card in plays:
        value = VALUE[card]
        if last is not None and (total == limit or total + value > limit):
            if total != limit:
                nobody_could(last, limit - total)
            total, last = 0, None
        if last is not None:
            passed_over(last, seat, limit - total)
        total += value
        held[seat] -= 1
        last = seat
    if last is not None:
        if total != count:
            # The count started again after the last card.
            if total != limit:
                nobody_could(last, limit - total)
        elif turn is not None:
            passed_over(last, turn, limit - total)
    return limits


def _logged_limits(state: Position, limits: list[int]) -> None:
    """Raise ``limits`` by the goes in the log of the current deal: the log knows the goes
    said as a game was won, which the order of play cannot show (a world's log is shorter, but
    what it holds is just as true)."""
    log = state._log
    start = len(log) - 1
    while start > 0 and log[start][0] != "deal":
        start -= 1
    count = 0
    for entry in log[max(start, 0) :]:
        kind = entry[0]
        if kind == "play":
            count = entry[3]
        elif kind == "go" or (kind == "score" and entry[3] == "go"):
            limits[entry[1]] = max(limits[entry[1]], state.limit - count)


def _pick(pool: list[int], need: int, above: int, rng: random.Random) -> list[int]:
    """``need`` cards drawn uniformly from those in ``pool`` worth more than ``above``."""
    eligible = [c for c in pool if VALUE[c] > above]
    shuffle(eligible, rng, need)
    return eligible[:need]


def _hidden_hands(
    unseen: list[int],
    sizes: dict[int, int],
    limits: list[int],
    mover: int | None,
    room: int,
    rng: random.Random,
) -> tuple[dict[int, list[int]], list[int]]:
    """Hands for the other seats from ``unseen`` that respect every go, and the cards left.

    The limits nest (each says "worth more than r"), so drawing the strictest seat first never
    strands a later one. The seat to move must also hold a card that fits the count: draws that
    miss are redrawn, and after ``_TRIES`` the lowest such card is given to it first, which keeps
    a consistent deal possible because the real one is.
    """
    order = sorted(sizes, key=lambda s: -limits[s])
    for attempt in range(_TRIES + 1):
        pool = set(unseen)
        hands: dict[int, list[int]] = {}
        reserved: list[int] = []
        if attempt == _TRIES and mover is not None:
            fitting = [c for c in unseen if limits[mover] < VALUE[c] <= room]
            low = min(VALUE[c] for c in fitting)
            reserved = _pick([c for c in fitting if VALUE[c] == low], 1, -1, rng)
            pool.difference_update(reserved)
        for s in order:
            mine = reserved if s == mover else []
            drawn = _pick([c for c in unseen if c in pool], sizes[s] - len(mine), limits[s], rng)
            pool.difference_update(drawn)
            hands[s] = sorted(mine + drawn)
        if mover is None or any(VALUE[c] <= room for c in hands[mover]):
            return hands, [c for c in unseen if c in pool]
    raise AssertionError("unreachable: the last try always gives the mover a card that fits")


def sample_world(state: P, seat: int, rng: random.Random) -> P:
    """A complete state that ``seat`` cannot tell from ``state``, its hidden cards redealt.

    See :meth:`cardtable.engine.State.sample_world`. The world keeps the public state and the
    seat's own cards, has no history, log, decks or real seed, and shuffles later deals from a
    seed drawn from ``rng``.

    >>> import random, cardtable
    >>> real = cardtable.load("cribbage", players=3).new_state(seed=5)
    >>> world = sample_world(real, 0, random.Random(1))
    >>> world.hands[0] == real.hands[0], [len(h) for h in world.hands], len(world.crib)
    (True, [5, 5, 5], 1)
    """
    n = state.n
    check_seat(seat, n)
    cut = state.starter >= 0
    # Who played which card is public (the observation's "played"); so is the order of play.
    kept_sets = [set(k) for k in state.kept]
    owner_of = {c: s for s in range(n) for c in state.kept[s]}
    plays = [(owner_of[c], c) for c in state.seq]
    played = [[c for c in state.seq if c in kept_sets[s]] for s in range(n)]
    in_play = state.phase == PLAYING
    sizes_now = [len(h) for h in state.hands]
    limits = go_limits(
        n, plays, sizes_now, state.count, state.turn if in_play else None, state.limit
    )
    _logged_limits(state, limits)

    known = {*state.hands[seat], *state.discards[seat], *state.seq}
    if cut:
        known.add(state.starter)
    crib_shown = False
    for owner, what in state.show_order()[: state.shows]:
        crib_shown = crib_shown or what == "crib"
        known.update(state.shown_cards(owner, what))
    # Sorted first, so the world depends on which cards are unseen, never on where they are.
    unseen = [c for c in state.deck.pack if c not in known]

    sizes = {s: len(state.hands[s]) for s in range(n) if s != seat}
    mover = state.turn if in_play and state.turn != seat else None
    dealt, rest = _hidden_hands(unseen, sizes, limits, mover, state.limit - state.count, rng)
    shuffle(rest, rng)
    hands = [list(state.hands[seat]) if s == seat else dealt[s] for s in range(n)]

    # The crib: the seat's own discards are known; the other seats' (and with three players the
    # pack's card) are hidden until the crib is shown, when only who laid which is unknown.
    own = state.discards[seat]
    per = state.deck.lay_away if n == 2 else 1
    first = (state.dealer + 1) % n
    layers = [s for s in ((first + k) % n for k in range(n)) if s != seat and state.discards[s]]
    if crib_shown:
        others = sorted(c for c in state.crib if c not in own)
        shuffle(others, rng)
    else:
        hidden = len(state.crib) - len(own)
        others, rest = rest[:hidden], rest[hidden:]
    discards = list(state.discards)
    for i, s in enumerate(layers):
        discards[s] = tuple(sorted(others[i * per : (i + 1) * per]))
    extra = others[len(layers) * per :]
    if crib_shown:
        crib = list(state.crib)
    else:
        # In dealing order: the pack's card, then the discards in the order they were laid.
        crib = extra + [c for s in ((first + k) % n for k in range(n)) for c in discards[s]]
        if cut:
            crib.sort()
    starter_card = state.starter_card if cut else rest[0]

    world = state._blank_world(int(rng.random() * 2**32))
    world.deal_start = 0  # an index into the history, which the world starts empty
    world.crib = crib
    world.starter_card = starter_card
    world.hands = hands
    if cut:
        world.kept = [
            list(state.kept[seat]) if s == seat else sorted(hands[s] + played[s]) for s in range(n)
        ]
        world.hand_moves = [[PLAY[c] for c in h] for h in hands]
    world.discards = discards
    return world
