"""A Kloepper state made from one seat's view alone: what a bot playing over the wire has.

A world (:mod:`.sampling`) keeps the seat's own cards, every card played this deal and who
played it, the voids, the call and its caller, the knocker (and whether the knock is a lone
one), the knock-off, the hands' sizes and the public state (deal, dealer, scores, turn, tricks).
The observation holds every one of these: the seat's dealt hand is its hand and the cards it
played, the others' hidden cards are the rest of the pack, and whether a game without a call is
a lone one, which a world reads only after a knock, the knock announces. So the seat's events
add nothing here.

The twin lays those facts out as the real state does, deals the hidden cards anywhere and then
deals them again to fit the facts (a world of that raw twin), so ``sample_world(seat, rng)`` of
the twin gives the real state's world for the same ``rng``.

>>> import random, cardtable
>>> real = cardtable.load("kloepper").new_state(seed=3)
>>> for _ in range(9):
...     real.apply(real.legal_moves()[0])
>>> twin = kloepper_twin(real.game, 2, real.observation(2), real.events_for(2))
>>> twin.observation(2) == real.observation(2)
True
>>> a = twin.sample_world(2, random.Random(4)).observation(0)
>>> a == real.sample_world(2, random.Random(4)).observation(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.cards import parse_card
from cardtable.engine import JSON, Event, Game, State, check_seat
from cardtable.errors import CardtableError
from cardtable.games.kloepper.game import KloepperState
from cardtable.games.kloepper.sampling import sample_world
from cardtable.games.kloepper.tables import (
    KEY_NAMES,
    KNOCKOFF,
    PHASES,
    SEATS,
    hand_order,
)
from cardtable.i18n import _

__all__ = ["kloepper_twin"]


class _Cards:
    """Reads the view's cards, each card of the pack at most once."""

    def __init__(self, pack: Sequence[int]) -> None:
        self.pack = set(pack)
        self.seen: set[int] = set()

    def take(self, name: str) -> int:
        card = parse_card(name)
        if card not in self.pack:
            raise CardtableError(
                _("the view shows {card}, which is not in this game's pack").format(card=name)
            )
        if card in self.seen:
            raise CardtableError(_("the view shows {card} twice").format(card=name))
        self.seen.add(card)
        return card


def kloepper_twin(
    game: Game, seat: int, observation: Mapping[str, JSON], events: Sequence[Event]
) -> State:
    """A Kloepper state that ``seat`` cannot tell from the one whose ``observation`` it is
    (see the module); ``events`` are not needed, as the observation holds every fact a world
    keeps. A view that no state has is refused.

    >>> import cardtable
    >>> real = cardtable.load("kloepper").new_state(seed=1)
    >>> view = real.observation(0)
    >>> view["hand"] = ["9D", "9D", "AH", "10H", "QH", "AS"]
    >>> kloepper_twin(real.game, 0, view, [])
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: the view shows 9D twice
    """
    check_seat(seat, SEATS)
    obs = cast(dict[str, Any], observation)
    state = cast(KloepperState, game.new_state(seed=0))
    # The view replaces everything the deal above set; the twin has no history of its own.
    state.history, state.deal_start = [], 0
    state._log, state._events, state._mat = [], [], 0
    cards = _Cards(state.deck.pack)
    take = cards.take

    state.deal_no, state.dealer = int(obs["deal_number"]), int(obs["dealer"])
    state.points = [int(p) for p in obs["scores"]]
    state.phase = _index(PHASES, obs["phase"], "phase")
    state.is_over = obs["to_move"] is None
    state.leader = int(obs["leader"])
    state.turn = state.leader if state.is_over else int(obs["to_move"])
    state.call = parse_card(obs["call"]) if obs["call"] is not None else -1
    state.caller = _seat_or_none(obs["caller"])
    state.knocker = _seat_or_none(obs["knocker"])
    state.knock_off = _seat_or_none(obs["knock_off"])
    # Every seat after the knocker is asked in turn until one knocks off.
    state.asked = (state.turn - state.knocker) % SEATS if state.phase == KNOCKOFF else 0

    state.tricks = []
    state.won = [[] for _s in range(SEATS)]
    played: list[list[int]] = [[] for _s in range(SEATS)]
    for t in obs["tricks"]:
        lead, winner = int(t["leader"]), int(t["winner"])
        trick = tuple(take(c) for c in t["cards"])
        state.tricks.append((lead, trick, winner, int(t["points"])))
        state.won[winner].extend(trick)
        for i, c in enumerate(trick):
            played[(lead + i) % SEATS].append(c)
    state.trick_no = len(state.tricks)
    state.trick = [take(p["card"]) for p in obs["trick"]]
    for p in obs["trick"]:
        played[int(p["seat"])].append(parse_card(p["card"]))
    state.taken = [int(p) for p in obs["card_points"]]
    state.voids = [sum(1 << _index(KEY_NAMES, k, "voids") for k in keys) for keys in obs["voids"]]

    # A world reads ``alone`` only where a knock announced it; elsewhere it sets it itself.
    state.alone = bool(obs["lone_knock"])
    own = hand_order([take(c) for c in obs["hand"]])
    hidden = sorted(set(state.deck.pack) - cards.seen)
    sizes = [int(n) for n in obs["hand_sizes"]]
    if sum(sizes) - len(own) != len(hidden) or sizes[seat] != len(own):
        raise CardtableError(_("the view's hand sizes do not fit the cards it shows"))
    hands: list[list[int]] = []
    for s in range(SEATS):
        if s == seat:
            hands.append(own)
        else:
            hands.append(hand_order(hidden[: sizes[s]]))
            del hidden[: sizes[s]]
    state.hands = hands
    state.dealt = tuple(tuple(hand_order(hands[s] + played[s])) for s in range(SEATS))
    state.team = 0
    state._legal_cache = None
    # The other hands as dealt above may break a void, a call or a knock; a world of the raw
    # twin deals them again to fit, and sets the partnership (its own worlds are the raw
    # twin's, which are the real state's). A view that no deal fits is refused.
    try:
        return sample_world(state, seat, random.Random(0))
    except AssertionError:
        raise CardtableError(
            _("no deal of the hidden cards fits the view of seat {seat}").format(seat=seat)
        ) from None


def _index(names: Sequence[str], value: Any, field: str) -> int:
    """Where ``value`` is in ``names``: a view's phase or suit names are Kloepper's."""
    if value not in names:
        raise CardtableError(
            _("the view's {field} holds {value!r}; Kloepper's are {names}").format(
                field=field, value=value, names=", ".join(names)
            )
        )
    return names.index(value)


def _seat_or_none(value: Any) -> int:
    """A seat the view names, or -1 for None (as the state keeps it)."""
    if value is None:
        return -1
    check_seat(value, SEATS)
    return int(value)
