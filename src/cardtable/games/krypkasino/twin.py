"""A Krypkasino state made from one seat's view alone: what a bot playing over the wire has.

The observation holds every place a sampled world keeps (:mod:`.sampling`): the seat's hand,
the table in its order, the set-aside court cards, every captured pile, the other hands' and
the stock's sizes, the tabbe points, the dealer, the turn and the totals. What it lacks is the
running hand's log, from which a world learns which values a player cannot hold (a player who
could sweep must sweep); the twin writes that log again from the seat's events (the deal, each
play with its captures and tabbe, the courts, the extra deals), as it writes the finished
hands' points. Card ids go to faces in the order the view shows them: no player can tell two
copies of a face apart.

>>> import random, cardtable
>>> real = cardtable.load("krypkasino", players=3).new_state(seed=3)
>>> for _ in range(7):
...     real.apply(real.legal_moves()[0])
>>> twin = krypkasino_twin(real.game, 1, real.observation(1), real.events_for(1))
>>> twin.observation(1) == real.observation(1), twin.events_for(1) == real.events_for(1)
(True, True)
>>> a = twin.sample_world(1, random.Random(4)).observation(2)
>>> a == real.sample_world(1, random.Random(4)).observation(2)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from cardtable.cards import Copies, parse_card
from cardtable.engine import JSON, Event, Game, State, check_seat
from cardtable.errors import CardtableError, clip
from cardtable.games.krypkasino.captures import CARD_STEP, FACE_KEY
from cardtable.games.krypkasino.game import KrypkasinoState
from cardtable.i18n import _

__all__ = ["krypkasino_twin"]

#: Copies of each face (two packs).
COPIES = 2


def krypkasino_twin(
    game: Game, seat: int, observation: Mapping[str, JSON], events: Sequence[Event]
) -> State:
    """A Krypkasino state that ``seat`` cannot tell from the one whose ``observation`` it
    is (see the module); ``events`` are the seat's events since the game began. A view that
    is not a Krypkasino seat's raises, saying what is wrong.

    >>> import cardtable
    >>> krypkasino_twin(cardtable.load("krypkasino"), 0, {"to_move": 0}, [])
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: the view is not a Krypkasino seat's view: 'dealer' is \
missing
    """
    check_seat(seat, game.num_players)
    try:
        return _twin(game, seat, cast(dict[str, Any], observation), events)
    except CardtableError:
        raise
    except KeyError as err:
        problem = _("{key!r} is missing").format(key=clip(err.args[0]))
    except (TypeError, ValueError, IndexError, AttributeError) as err:
        problem = str(clip(str(err) or type(err).__name__, 200))
    raise CardtableError(
        _("the view is not a Krypkasino seat's view: {problem}").format(problem=problem)
    )


def _twin(game: Game, seat: int, obs: dict[str, Any], events: Sequence[Event]) -> State:
    state = cast(KrypkasinoState, game.new_state(seed=0))
    n = state.n
    copies = Copies(COPIES)
    take = copies.take

    to_move = obs["to_move"]
    state.is_over = to_move is None
    state.turn = -1 if to_move is None else int(to_move)
    state.prev = (state.turn - 1) % n
    state.dealer = int(obs["dealer"])
    state.hand_no = int(obs["hand_number"])
    state.totals = [int(t) for t in obs["totals"]]
    state.tabbe = [int(t) for t in obs["tabbe_points"]]
    state.tabbes = [int(t) for t in obs["tabbes"]]
    last = obs["last_capturer"]
    state.last_capturer = -1 if last is None else int(last)
    state.extra_left = int(obs["extra_deals_left"])

    state.table = [take(c) for c in obs["table"]]
    state.code = sum(CARD_STEP[c] for c in state.table)
    state.aside = [take(c) for c in obs["set_aside"]]
    state.piles = [[take(c) for c in pile] for pile in obs["captured"]]
    own = [take(c) for c in obs["hand"]]
    hidden = sorted(copies.rest(), key=FACE_KEY.__getitem__)
    sizes = obs["hand_sizes"]
    hands: list[list[int]] = []
    for s in range(n):
        if s == seat:
            hands.append(own)
        else:
            hands.append(hidden[: sizes[s]])
            del hidden[: sizes[s]]
    state.hands = hands
    if len(hidden) != int(obs["stock"]):
        raise CardtableError(
            _("the view's stock of {stock} cards does not hold the {n} cards unseen").format(
                stock=obs["stock"], n=len(hidden)
            )
        )
    state.stock = hidden

    state._log = _log_of(events, seat, n)
    state._events = []
    state._mat = 0
    state.hand_points = [list(entry[2]) for entry in state._log if entry[0] == "hand over"]
    state.deal_start = 0
    state._legal_cache = None
    return state


def _log_of(events: Sequence[Event], seat: int, n: int) -> list[tuple[Any, ...]]:
    """The game's log as the seat's ``events`` tell it, in the real log's shape (see
    :mod:`.game`): cards by face (the first copy), the other seats' hands empty. Each play's
    assistant, the seat before the player, is the last player since the deal or the dealer."""
    log: list[tuple[Any, ...]] = []
    prev = -1
    for event in events:
        kind, data = event.type, event.data
        if kind == "deal" or kind == "extra deal":
            prev = int(cast(int, event.seat))
            if kind == "deal":
                entry: tuple[Any, ...] = (
                    "deal",
                    int(data["hand"]),
                    prev,
                    [[] for _ in range(n)],
                    tuple(_faces(data["table"])),
                    tuple(_faces(data["set_aside"])),
                    int(data["stock"]),
                    int(data["extra_deals"]),
                )
            else:
                left = int(data["extra_deals_left"])
                entry = ("extra", prev, [[] for _ in range(n)], int(data["stock"]), left)
            log.append(entry)
        elif kind == "hand" and event.seat == seat and log:
            # The hands of the deal (its fourth field) or of the extra deal (its third).
            log[-1][3 if log[-1][0] == "deal" else 2][seat] = _faces(data["cards"])
        elif kind == "play":
            player = int(cast(int, event.seat))
            card = parse_card(str(data["card"]))
            log.append(("play", player, card, tuple(_faces(data["captured"])), 0, prev))
            prev = player
        elif kind == "tabbe" and log and log[-1][0] == "play":
            log[-1] = (*log[-1][:4], int(data["points"]), int(data["assistant"]))
        elif kind == "courts":
            to = data["to"]
            log.append(("courts", -1 if to is None else int(to), tuple(_faces(data["cards"]))))
        elif kind == "leftover":
            cards = (tuple(_faces(data["cards"])), tuple(_faces(data["set_aside"])))
            log.append(("leftover", int(cast(int, event.seat)), *cards))
        elif kind == "hand over":
            points, totals = [int(p) for p in data["points"]], [int(t) for t in data["totals"]]
            log.append(("hand over", int(data["hand"]), points, totals))
        elif kind == "game over":
            log.append(("game over", dict(data)))
    return log


def _faces(names: Sequence[str]) -> list[int]:
    return [parse_card(name) for name in names]
