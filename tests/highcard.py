"""High card: a fifth game that lives only in the tests, to show the contract covers any game.

Two players, one 52-card pack; each is dealt ``tricks`` cards (3 or 5, the option), seat 0
leads the first trick and the winner of a trick leads the next. The second card must follow
suit when it can; the higher card of the suit led wins (ace high), one point per trick, and
the game ends when the hands are empty. Notation: ``play 5H``.

It registers only while a test asks (:func:`registered`), so that nothing else that lists
``cardtable.games()`` sees it; ``highcard-plain`` is the same game without search hooks.

>>> import cardtable
>>> with registered():
...     state = cardtable.load("highcard", tricks=5).new_state(seed=1)
...     len(state.observation(0)["hand"]), state.to_move
(5, 0)
>>> "highcard" in cardtable.games()
False
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

from cardtable.cards import card_str, parse_card, rank_of, shuffle, suit_of
from cardtable.engine import JSON, Event, Game, LoggedState, Move, PackSource
from cardtable.errors import CardError, IllegalMoveError
from cardtable.options import Option, OptionValue
from cardtable.registry import register, unregister
from cardtable.search_hooks import SearchHooks

__all__ = ["HighCardGame", "HighCardState", "PlainHighCardGame", "registered"]

SEATS = 2
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
PLAY = tuple(Move("play", (c,)) for c in range(52))


def strength(card: int) -> int:
    """Rank with the ace high: 2 is 2, king 13, ace 14."""
    rank = rank_of(card)
    return 14 if rank == 1 else rank


def parse_move(text: str) -> Move:
    """``play C`` in any accepted card form."""
    if not isinstance(text, str):
        raise IllegalMoveError(f"a move is text such as 'play 5H', not {text!r}")
    words = text.split()
    if len(words) == 2 and words[0].lower() == "play":
        try:
            return PLAY[parse_card(words[1])]
        except CardError as err:
            raise IllegalMoveError(f"malformed move {text!r}: {err}") from None
    raise IllegalMoveError(f"malformed move {text!r}; the only move is play C (C a card)")


class HighCardGame(Game):
    """The rules and the option ``tricks`` (3 or 5)."""

    name: ClassVar[str] = "highcard"
    title: ClassVar[str] = "High card"
    summary: ClassVar[str] = "Two players; follow suit; the higher card of the suit led wins."
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("tricks", 3, "cards dealt to each player, one trick each", choices=(3, 5)),
    )

    @property
    def num_players(self) -> int:
        return SEATS

    def _resolve_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        return options

    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> HighCardState:
        return HighCardState(self, seed, decks)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def describe(self, event: Event) -> str:
        data = event.data
        if event.type == "deal":
            return f"Deal: {data['cards']} cards each"
        if event.type == "hand":
            return f"Seat {event.seat} holds {' '.join(data['cards'])}"
        if event.type == "play":
            return f"Seat {event.seat} plays {data['card']}"
        if event.type == "trick":
            return f"Seat {event.seat} wins the trick ({data['total']})"
        if event.type == "game over":
            return f"Game over: {data['scores'][0]}-{data['scores'][1]}"
        return event.type


class PlainHighCardGame(HighCardGame):
    """The same game under another name, registered without search hooks."""

    name: ClassVar[str] = "highcard-plain"


class HighCardState(LoggedState):
    """A game of high card in progress."""

    __slots__ = (
        "_events",
        "_legal_cache",
        "_log",
        "_mat",
        "_src",
        "decks",
        "game",
        "hands",
        "history",
        "is_over",
        "leader",
        "points",
        "seed",
        "stock",
        "trick",
        "turn",
        "voids",
        "won",
    )

    hands: list[list[int]]
    stock: list[int]
    trick: list[tuple[int, int]]
    won: list[list[int]]
    points: list[int]
    voids: list[int]
    leader: int
    turn: int

    def __init__(self, game: HighCardGame, seed: int, decks: tuple[tuple[int, ...], ...]) -> None:
        self.game = game
        self.seed = seed
        self.decks = decks
        self.history = []
        self._src = PackSource(seed, decks)
        self._log = []
        self._events = []
        self._mat = 0
        self._legal_cache = None
        self.is_over = False
        tricks = game.options["tricks"]
        assert isinstance(tricks, int)
        pack = self._src.next_pack()
        self.hands = [sorted(pack[s : 2 * tricks : 2]) for s in range(SEATS)]
        self.stock = pack[2 * tricks :]
        self.trick = []
        self.won = [[], []]
        self.points = [0, 0]
        self.voids = [0, 0]  # bit s: the seat showed it holds no card of suit s
        self.leader = self.turn = 0
        self._log.append(("deal", tuple(tuple(h) for h in self.hands)))

    # ------------------------------------------------------------------ the rules

    @property
    def to_move(self) -> int | None:
        return None if self.is_over else self.turn

    @property
    def scores(self) -> list[int]:
        return list(self.points)

    def standing(self) -> list[int]:
        return list(self.points)

    def _compute_legal(self) -> list[Move]:
        if self.is_over:
            return []
        hand = self.hands[self.turn]
        if self.trick:
            led = suit_of(self.trick[0][1])
            follow = [c for c in hand if suit_of(c) == led]
            if follow:
                return [PLAY[c] for c in follow]
        return [PLAY[c] for c in hand]

    def _why_illegal(self, move: Move) -> str:
        if move.verb != "play" or len(move.cards) != 1:
            return "the only move is to play a card (play C)"
        card = move.cards[0]
        if card not in self.hands[self.turn]:
            return f"{card_str(card)} is not in your hand"
        led = suit_of(self.trick[0][1])
        return f"you must follow suit: {SUIT_NAMES[led]} were led"

    def _apply(self, move: Move) -> None:
        card = move.cards[0]
        seat = self.turn
        self.hands[seat].remove(card)
        if self.trick and suit_of(card) != suit_of(self.trick[0][1]):
            self.voids[seat] |= 1 << suit_of(self.trick[0][1])
        self.trick.append((seat, card))
        self._log.append(("play", seat, card))
        if len(self.trick) < SEATS:
            self.turn = 1 - seat
            return
        (first, a), (second, b) = self.trick
        winner = second if suit_of(b) == suit_of(a) and strength(b) > strength(a) else first
        self.won[winner].extend((a, b))
        self.points[winner] += 1
        self.trick = []
        self._log.append(("trick", winner, self.points[winner]))
        self.leader = self.turn = winner
        if not self.hands[0] and not self.hands[1]:
            self.is_over = True
            self._log.append(("over",))

    @property
    def result(self) -> dict[str, JSON] | None:
        if not self.is_over:
            return None
        return {"winners": self.outcome(), "scores": list(self.points)}

    # ------------------------------------------------------------------ what is seen

    def observation(self, seat: int | None) -> dict[str, JSON]:
        self._check_seat(seat, spectator_ok=True)
        obs: dict[str, JSON] = {
            "game": self.game.name,
            "seat": seat,
            "to_move": self.to_move,
            "tricks": self.game.options["tricks"],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"seat": s, "card": card_str(c)} for s, c in self.trick],
            "won": [[card_str(c) for c in w] for w in self.won],
            "voids": [[SUIT_NAMES[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "scores": list(self.points),
        }
        if seat is not None:
            obs["hand"] = [card_str(c) for c in self.hands[seat]]
            mine = seat == self.to_move
            obs["legal_moves"] = [m.text for m in self._legal()] if mine else []
        return obs

    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        kind = entry[0]
        if kind == "deal":
            hands = entry[1]
            deal = [Event("deal", None, {"cards": len(hands[0])})]
            return deal + [
                Event("hand", s, {"cards": [card_str(c) for c in h]}, visible_to=(s,))
                for s, h in enumerate(hands)
            ]
        if kind == "play":
            return [Event("play", entry[1], {"card": card_str(entry[2])})]
        if kind == "trick":
            return [Event("trick", entry[1], {"total": entry[2]})]
        return [Event("game over", None, {"scores": list(self.points)})]

    def card_places(self) -> dict[str, list[int]]:
        places = {f"hand {s}": list(h) for s, h in enumerate(self.hands)}
        places["trick"] = [c for _s, c in self.trick]
        for s in range(SEATS):
            places[f"won {s}"] = list(self.won[s])
        places["stock"] = list(self.stock)
        return places

    # ------------------------------------------------------------------ copies and worlds

    def _copy_position(self) -> HighCardState:
        other = self._copy_slots()
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.won = [list(w) for w in self.won]
        other.points = list(self.points)
        other.voids = list(self.voids)
        return other

    def sample_world(self, seat: int, rng: random.Random) -> HighCardState:
        """Redeal the cards ``seat`` has not seen (the other hand and the stock) at random,
        keeping the other seat out of the suits it showed it lacks."""
        self._check_seat(seat)
        other = 1 - seat
        unseen = sorted(self.hands[other] + self.stock)
        order = unseen[:]
        shuffle(order, rng)
        fits = [c for c in order if not self.voids[other] >> suit_of(c) & 1]
        hand = fits[: len(self.hands[other])]
        world = self._copy_position()
        world.hands[other] = sorted(hand)
        world.stock = [c for c in order if c not in hand]
        world.seed = int(rng.random() * 2**32)
        world.decks = ()
        world.history = []
        world._src = PackSource(world.seed, ())
        world._log = []
        world._events = []
        world._mat = 0
        return world


def _horizon(world: Any) -> int:
    """A playout runs to the end of the game (one deal)."""
    return 0


SEARCH = SearchHooks(scale=1.0, horizon=_horizon)


@contextmanager
def registered() -> Iterator[None]:
    """``highcard`` (with search hooks) and ``highcard-plain`` (without) registered while the
    block runs, and forgotten after it."""
    register(HighCardGame, search=SEARCH)
    register(PlainHighCardGame)
    try:
        yield
    finally:
        unregister(HighCardGame.name)
        unregister(PlainHighCardGame.name)
