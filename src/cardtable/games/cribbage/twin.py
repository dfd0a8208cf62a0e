"""A Cribbage state made from one seat's view alone: what a bot playing over the wire has.

A world (:mod:`.sampling`) keeps the seat's own cards, the table, the shown hands and every go,
and reads two things the observation does not hold: the order of the deal's plays across the
seats (the observation gives each seat's plays apart) and the goes in the deal's log. Both come
from the seat's events since the deal's ``deal`` event, as do the goes said since the count last
started again, the last player and the finished games' results. Cards the seat cannot see are
filled in from the cards it has not seen, which no world reads, so ``sample_world(seat, rng)``
of the twin gives the real state's world for the same ``rng``.

>>> import random, cardtable
>>> real = cardtable.load("cribbage", players=3).new_state(seed=3)
>>> for _ in range(9):
...     real.apply(real.legal_moves()[0])
>>> twin = cribbage_twin(real.game, 1, real.observation(1), real.events_for(1))
>>> twin.observation(1) == real.observation(1)
True
>>> a = twin.sample_world(1, random.Random(4)).observation(0)
>>> a == real.sample_world(1, random.Random(4)).observation(0)
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.cards import parse_card, parse_cards
from cardtable.engine import JSON, Event, Game, State, check_seat
from cardtable.errors import CardtableError
from cardtable.games.cribbage.game import CribbageState
from cardtable.games.cribbage.moves import PLAY
from cardtable.games.cribbage.tables import CLAIMING, MUGGING, OVER, PHASES, RANK
from cardtable.i18n import _

__all__ = ["cribbage_twin"]


def cribbage_twin(
    game: Game, seat: int, observation: Mapping[str, JSON], events: Sequence[Event]
) -> State:
    """A Cribbage state that ``seat`` cannot tell from the one whose ``observation`` it is
    (see the module); ``events`` are the seat's events of the game so far, oldest first.

    What the events tell is kept as the real state keeps it, through a match of two games:

    >>> import random, cardtable
    >>> game = cardtable.load("cribbage", players=3, muggins=True, games=2, target=61)
    >>> real, rng, differ = game.new_state(seed=0), random.Random(0), 0
    >>> told = ("first_dealer", "game_results", "seq", "count_start", "said_go", "last",
    ...         "claims", "pending", "last_claim")
    >>> while not real.is_over:
    ...     seat = len(real.history) % 3
    ...     twin = cribbage_twin(game, seat, real.observation(seat), real.events_for(seat))
    ...     differ += any(getattr(twin, name) != getattr(real, name) for name in told)
    ...     real.apply(rng.choice(real.legal_moves()))
    >>> differ, real.game_no, len(real.history) > 200
    (0, 2, True)

    Without the deal's events the order of its plays is unknown:

    >>> cribbage_twin(game, 0, real.observation(0), [])
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: the view's events do not say when this deal was dealt
    """
    state = cast(CribbageState, game.new_state(seed=0))
    n = state.n
    check_seat(seat, n)
    obs = cast(dict[str, Any], observation)
    deal = _this_deal(events)
    plays = [
        (int(e.seat or 0), parse_card(str(e.data["card"])), int(e.data["count"]))
        for e in deal
        if e.type == "play"
    ]
    seq = [card for _seat, card, _count in plays]
    played = [parse_cards(cards) for cards in obs["played"]]
    count_cards = parse_cards(obs["count_cards"])
    in_order = [[c for s, c, _count in plays if s == owner] for owner in range(n)]
    if in_order != played or seq[len(seq) - len(count_cards) :] != count_cards:
        raise CardtableError(_("the view's events do not hold every card played in this deal"))

    phase = PHASES.index(str(obs["phase"]))
    to_move = obs["to_move"]
    dealer, deal_no = int(obs["dealer"]), int(obs["deal_number"])
    state.phase, state.is_over = phase, phase == OVER
    # Once the game is over nothing reads the turn; the real state keeps the last one there.
    state.turn = dealer if to_move is None else int(to_move)
    state.game_no, state.deal_no, state.dealer = int(obs["game_number"]), deal_no, dealer
    # Each deal passes the deal to the left, so the game's first dealer is known from these.
    state.first_dealer = (dealer - deal_no + 1) % n
    for s in range(n):
        state.pegs[state.side[s]] = int(obs["scores"][s])
        state.match_points[state.side[s]] = int(obs["match_points"][s])
    state.game_results = [_thawed(e.data) for e in events if e.type == "game over"]
    claims = [int(e.data["points"]) for e in events if e.type == "claim"]
    state.last_claim = claims[-1] if claims else 0

    state.seq = seq
    state.count = int(obs["count"])
    state.count_start = len(seq) - len(count_cards)
    state.run_ranks = [RANK[c] for c in count_cards]
    state.last = plays[-1][0] if plays else -1
    state.said_go = _said_go(deal, n, state.limit)
    state.shows = len(obs["shown"])
    show_order = state.show_order()
    state.claims = show_order[state.shows - 1 :] if phase in (CLAIMING, MUGGING) else []
    state.deal_start = 0  # an index into the history, which the twin starts empty
    _lay_out_cards(state, seat, obs)

    # The log of this deal as far as the worlds read it (its plays and goes); the events the
    # twin shows are the seat's own, so its log is never turned into events.
    state._log = [("deal", state.game_no, deal_no, dealer, [])]
    for e in deal:
        if e.type == "play":
            state._log.append(("play", e.seat, parse_card(str(e.data["card"])), e.data["count"]))
        elif e.type == "go":
            state._log.append(("go", e.seat))
        elif e.type == "score" and e.data.get("reason") == "go":
            points, total = e.data["points"], e.data["total"]
            state._log.append(("score", e.seat, points, "go", (), total))
    state._events = list(events)
    state._mat = len(state._log)
    state.history, state.decks = [], ()
    state._legal_cache = None
    return state


def _this_deal(events: Sequence[Event]) -> list[Event]:
    """The events since the current deal was dealt."""
    start = max((i for i, e in enumerate(events) if e.type == "deal"), default=-1)
    if start < 0:
        raise CardtableError(_("the view's events do not say when this deal was dealt"))
    return list(events[start + 1 :])


def _said_go(deal: Sequence[Event], n: int, limit: int) -> int:
    """The seats that said go since the count last started again, as the state keeps them
    (two players: 1 once anyone has)."""
    said = 0
    for e in deal:
        if e.type == "reset" or (e.type == "play" and e.data["count"] == limit):
            said = 0  # the count starts again (at the limit with or without a reset event)
        elif e.type == "score" and e.data.get("reason") == "go":
            said = 0  # a go's point is always followed by the count starting again
        elif e.type == "go" and e.seat is not None:
            said = 1 if n == 2 else said | 1 << int(e.seat)
    return said


def _lay_out_cards(state: CribbageState, seat: int, obs: dict[str, Any]) -> None:
    """The hands, lay-aways, crib and starter: the seat's own and every shown card as they
    are, the rest filled from the cards the seat has not seen (no world reads them)."""
    n = state.n
    own_hand = parse_cards(obs["hand"])
    own_away = tuple(parse_cards(obs["laid_away"]))
    starter = parse_card(obs["starter"]) if obs["starter"] is not None else -1
    shown_crib = [parse_cards(s["cards"]) for s in obs["shown"] if s["what"] == "crib"]
    known = {*own_hand, *own_away, *state.seq, starter, *(c for cs in shown_crib for c in cs)}
    unseen = [c for c in state.deck.pack if c not in known]

    def take(k: int) -> list[int]:
        if k > len(unseen):
            raise CardtableError(_("the view holds more cards than the pack"))
        out = unseen[:k]
        del unseen[:k]
        return sorted(out)

    sizes = [int(k) for k in obs["hand_sizes"]]
    state.hands = [sorted(own_hand) if s == seat else take(sizes[s]) for s in range(n)]
    cut = starter >= 0
    first = (state.dealer + 1) % n
    # Lay-aways go round from the dealer's left; in the lay-away the seat to move is the next.
    laid = n if cut else (state.turn - first) % n
    state.pending = 0 if cut else n - laid
    per = state.deck.lay_away if n == 2 else 1
    layers = [(first + k) % n for k in range(laid)]
    crib_cards = shown_crib[0] if shown_crib else []
    others = [c for c in crib_cards if c not in own_away]
    discards: list[tuple[int, ...]] = [()] * n
    for s in layers:
        if s == seat:
            discards[s] = own_away
        elif crib_cards:
            discards[s], others = tuple(others[:per]), others[per:]
        else:
            discards[s] = tuple(take(per))
    state.discards = discards
    pack_card = (take(1) if not crib_cards else []) if n == 3 else []
    if crib_cards:
        state.crib = list(crib_cards)
    else:
        state.crib = pack_card + [c for s in layers for c in discards[s]]
        if cut:
            state.crib.sort()
    if len(state.crib) != int(obs["crib_size"]):
        raise CardtableError(_("the view's crib does not hold the cards laid away"))
    state.starter = starter
    state.starter_card = starter if cut else take(1)[0]
    if cut:
        played = [parse_cards(cards) for cards in obs["played"]]
        state.kept = [sorted(state.hands[s] + played[s]) for s in range(n)]
        state.hand_moves = [[PLAY[c] for c in h] for h in state.hands]
    else:
        state.kept = [[]] * n
        state.hand_moves = [[]] * n


def _thawed(data: Mapping[str, Any]) -> dict[str, JSON]:
    """An event's data as plain JSON (lists and dicts of its own)."""
    return cast(dict[str, JSON], json.loads(json.dumps(data)))
