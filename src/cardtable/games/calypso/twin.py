"""A Calypso state made from one seat's view alone: what a bot playing over the wire has.

The observation holds every fact a sampled world keeps (:mod:`.sampling`): the seat's hand,
the other hands' sizes and voids, every card played this round (on calypsos, in piles, in the
trick), the deal, the dealer, the totals. The twin lays those out as the real state does and
deals the unseen cards anywhere that fits the voids, so ``sample_world(seat, rng)`` of the twin
gives the real state's world for the same ``rng``: the same faces everywhere (copies of a face
may carry other card ids, which no player can tell apart).

>>> import random, cardtable
>>> real = cardtable.load("calypso").new_state(seed=3)
>>> for _ in range(30):
...     real.apply(real.legal_moves()[0])
>>> twin = calypso_twin(real.game, 2, real.observation(2), real.events_for(2))
>>> twin.observation(2) == real.observation(2)
True
>>> a = twin.sample_world(2, random.Random(4)).observation(0)
>>> a == real.sample_world(2, random.Random(4)).observation(0)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.cards import PACK_SIZE, SUIT_LETTERS, Copies, card_str, parse_card
from cardtable.engine import JSON, Event, Game, State, check_seat
from cardtable.errors import CardtableError
from cardtable.games.calypso.game import RANK_BIT, CalypsoState
from cardtable.games.calypso.sampling import sample_world
from cardtable.games.calypso.tables import CARDS, PACKS, SORT_KEY
from cardtable.i18n import _

__all__ = ["calypso_twin"]


def calypso_twin(
    game: Game, seat: int, observation: Mapping[str, JSON], events: Sequence[Event]
) -> State:
    """A Calypso state that ``seat`` cannot tell from the one whose ``observation`` it is
    (see the module); ``events`` add the finished rounds' summaries."""
    check_seat(seat, 4)
    obs = cast(dict[str, Any], observation)
    state = cast(CalypsoState, game.new_state(seed=0))
    copies = Copies(PACKS)
    take = copies.take

    state.round_no, state.deal_no, state.dealer = obs["round"], obs["deal"], obs["dealer"]
    to_move = obs["to_move"]
    state.is_over = to_move is None
    state.turn = -1 if to_move is None else int(to_move)
    scores = obs["scores"]
    state.totals = [int(scores[0]), int(scores[1])]
    state.round_results = [_thawed(e.data) for e in events if e.type == "round over"]

    own = [take(c) for c in obs["hand"]]
    state.trick = [take(t["card"]) for t in obs["trick"]]
    state.trick_seats = [int(t["seat"]) for t in obs["trick"]]
    led = obs["led"]
    state.led = SUIT_LETTERS.index(led) if led is not None else -1
    last = obs["last_trick"]
    # The last trick's cards are on calypsos or in piles now: copies of their own are not
    # needed, as nothing reads their ids.
    state.last_trick = (
        None
        if last is None
        else (
            tuple(parse_card(c["card"]) for c in last["cards"]),
            tuple(int(c["seat"]) for c in last["cards"]),
            int(last["winner"]),
            str(last["reason"]),
        )
    )
    # Played this round: the calypsos in progress, the completed ones, the piles, the trick.
    played = dict(obs["played"])
    for card in obs["trick"]:
        played[card["card"]] -= 1
    state.progress_cards = [[take(c) for c in cards] for cards in obs["calypsos"]]
    state.progress = [_mask(cards) for cards in state.progress_cards]
    for cards in obs["calypsos"]:
        for c in cards:
            played[c] -= 1
    completed: list[list[int]] = []
    for s, done in enumerate(obs["completed"]):
        suit = state.trumps[s]
        names = [n for n in _suit_names(suit) for _ in range(done)]
        for n in names:
            played[n] -= 1
        completed.append(sorted((take(n) for n in names), key=SORT_KEY.__getitem__))
    state.completed = completed
    pile_cards = [take(n) for n in sorted(played) for _ in range(played[n])]
    state.piles = []
    for size in obs["pile_sizes"]:
        state.piles.append(pile_cards[:size])
        del pile_cards[:size]
    if pile_cards:
        raise CardtableError(_("the view's piles do not hold every card played"))
    state.voids = [
        sum(1 << SUIT_LETTERS.index(letter) for letter in letters) for letters in obs["voids"]
    ]

    hidden = copies.rest()
    sizes = obs["hand_sizes"]
    hands: list[list[int]] = []
    for s in range(4):
        if s == seat:
            hands.append(sorted(own, key=SORT_KEY.__getitem__))
        else:
            hands.append(hidden[: sizes[s]])
            del hidden[: sizes[s]]
    state.hands = hands
    dealt = 52 * state.deal_no
    seen = sorted(set(range(CARDS)) - set(hidden))
    state.pack = seen[:dealt] + hidden
    state._legal_cache = None
    if state.is_over:
        return state
    # The other hands as dealt above may break a void; a world of the raw twin deals them
    # again to fit (its own worlds are the raw twin's, which are the real state's).
    return sample_world(state, seat, random.Random(0))


def _mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= RANK_BIT[card]
    return mask


def _suit_names(suit: int) -> list[str]:
    """The 13 faces of a suit, by notation."""
    return [card_str(f) for f in range(PACK_SIZE) if f & 3 == suit]


def _thawed(data: Mapping[str, Any]) -> dict[str, JSON]:
    """An event's data as plain JSON (lists and dicts of its own)."""
    return cast(dict[str, JSON], json.loads(json.dumps(data)))
