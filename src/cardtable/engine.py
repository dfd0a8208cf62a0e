"""The engine protocol every game implements: Game (rules + options), State (one position), Move.

The engine knows no game. A game subclasses :class:`Game` and :class:`State`, declares its
options, and registers itself with :func:`cardtable.registry.register`. Chance is explicit: every
shuffle comes from ``random.Random(seed)`` or from an explicit pack given to ``new_state``.
"""

from __future__ import annotations

import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from cardtable.cards import PACK_SIZE, card_str, cards_str, pack, parse_card, parse_deck, shuffle
from cardtable.errors import CardError, CardtableError, IllegalMoveError, OptionError, clip
from cardtable.i18n import _, cards_word, move_words, names_in_use, notation, seat_word
from cardtable.options import Option, OptionValue, validate_options

__all__ = [
    "MAX_SEED",
    "AdviceColumn",
    "Event",
    "Game",
    "LoggedState",
    "Move",
    "PackSource",
    "ReadOnlyDict",
    "ReadOnlyList",
    "State",
    "check_seat",
    "check_seed",
    "fresh_seed",
    "sides_by",
]

JSON = Any  # a JSON-safe value: dict, list, str, int, float, bool or None

#: Bits of a seed drawn rather than given: far too many to deal every seed and match a hand.
SEED_BITS = 64


def fresh_seed() -> int:
    """A new seed nobody can guess: 64 bits from :mod:`secrets` (never ``random``).

    >>> 0 <= fresh_seed() < 2**64, fresh_seed() != fresh_seed()
    (True, True)
    """
    return secrets.randbits(SEED_BITS)


#: The largest seed: a seed is a whole number from 0 to 2**64 - 1, as :func:`fresh_seed` draws.
MAX_SEED = 2**SEED_BITS - 1


def check_seed(seed: object) -> None:
    """Refuse anything but a whole number from 0 to :data:`MAX_SEED` as a seed: Python's
    generator would play -5 as 5, and a seed of any size as some other seed's game.

    >>> check_seed(2**64)
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: seed must be a whole number from 0 to \
18446744073709551615, not 18446744073709551616
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise CardtableError(
            _("seed must be a whole number from 0 to {most}, not {seed!r}").format(
                most=MAX_SEED, seed=clip(seed)
            )
        )


def sides_by(labels: Sequence[int]) -> list[list[int]]:
    """The sides of :meth:`State.sides` from each seat's side label: seats with one label
    play together, the sides in order of their first seat.

    >>> sides_by([0, 1, 0, 1]), sides_by([2, 0, 1])
    ([[0, 2], [1, 3]], [[0], [1], [2]])
    """
    by_label: dict[int, list[int]] = {}
    for seat, label in enumerate(labels):
        by_label.setdefault(label, []).append(seat)
    return list(by_label.values())


def check_seat(
    seat: object,
    players: int,
    spectator_ok: bool = False,
    error: type[CardtableError] = CardtableError,
) -> None:
    """Refuse anything but a seat (a whole number from 0 to ``players - 1``; None too, a
    spectator, where ``spectator_ok``): every view of a state and every game checks a seat
    here, so all refuse alike.

    >>> check_seat(True, 2)
    Traceback (most recent call last):
    ...
    cardtable.errors.CardtableError: seat must be a whole number from 0 to 1, not True
    >>> check_seat(None, 2, spectator_ok=True)
    """
    if seat is None and spectator_ok:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        if spectator_ok:
            message = _(
                "seat must be a whole number from 0 to {last}, or None for a spectator, "
                "not {seat!r}"
            )
        else:
            message = _("seat must be a whole number from 0 to {last}, not {seat!r}")
        raise error(message.format(last=players - 1, seat=clip(seat)))


class Move:
    """One decision: a verb, the cards it names, and an optional number (e.g. a claim).

    The moves a game makes are interned (:meth:`intern`, in its move tables and its legal
    moves): the same verb, cards and number always give the same object, so moves compare
    (and hash) by identity at C speed, and a move from ``legal_moves()`` is the very object
    that parsing its notation returns. ``Move(...)`` never adds to that table: it gives the
    game's move when one was made, else a move of its own that is equal to no other (and so
    never legal), whose text fixes nothing. Parsing text that names no move a game has made
    (a refused move) keeps nothing either, so refused input never grows the table.

    >>> m = Move.intern("discard", (17, 18))  # as Cribbage's move table makes it
    >>> str(m), m is Move("discard", (17, 18)), m.cards
    ('discard 5D 5H', True, (17, 18))
    >>> odd = Move("discard", (17, 18, 19), text="lay away three")
    >>> odd is Move("discard", (17, 18, 19)), str(odd)
    (False, 'lay away three')
    """

    __slots__ = ("cards", "number", "text", "verb")
    #: The moves games made, by (verb, cards, number): only :meth:`intern` adds to it.
    _interned: ClassVar[dict[tuple[str, tuple[int, ...], int | None], Move]] = {}

    verb: str
    cards: tuple[int, ...]
    number: int | None
    text: str

    def __new__(
        cls,
        verb: str,
        cards: tuple[int, ...] = (),
        number: int | None = None,
        text: str | None = None,
    ) -> Move:
        key = _move_key(verb, cards, number, text)
        move = cls._interned.get(key)
        if move is None:
            move = cls._make(key, text)
        return move

    @classmethod
    def intern(
        cls,
        verb: str,
        cards: tuple[int, ...] = (),
        number: int | None = None,
        text: str | None = None,
    ) -> Move:
        """The game's one move object for ``verb``, ``cards`` and ``number``, made (with
        ``text``, its notation, by default the verb, the cards and the number) the first time.

        Only games call it, for the moves they make: their move tables and their legal moves.
        A game whose notation is more than the verb and its cards (Krypkasino's ``play 10H
        take AC 9S``) passes ``text``.

        >>> Move.intern("discard", (17, 18)) is Move("discard", (17, 18))
        True
        """
        key = _move_key(verb, cards, number, text)
        move = cls._interned.get(key)
        if move is None:
            move = cls._interned[key] = cls._make(key, text)
        return move

    @classmethod
    def _make(cls, key: tuple[str, tuple[int, ...], int | None], text: str | None) -> Move:
        move = super().__new__(cls)
        move.verb, move.cards, move.number = key
        if text is None:
            parts = [move.verb, *(card_str(c) for c in move.cards)]
            if move.number is not None:
                parts.append(str(move.number))
            text = " ".join(parts)
        move.text = text
        return move

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({clip(self.text)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Unpickling (e.g. in a worker process) goes through the intern table too; only a move
        # a game made is interned there.
        key = (self.verb, self.cards, self.number)
        made = Move.intern if Move._interned.get(key) is self else Move
        return (made, (self.verb, self.cards, self.number, self.text))


def _move_key(
    verb: object, cards: object, number: object, text: object
) -> tuple[str, tuple[int, ...], int | None]:
    """The intern key of a move, its parts checked: a move built from bad parts is a mistake
    of the program that built it, refused with a package error all the same."""
    if (
        isinstance(verb, str)
        and cards.__class__ is tuple
        and all(isinstance(c, int) and not isinstance(c, bool) for c in cards)
        and (number is None or (isinstance(number, int) and not isinstance(number, bool)))
        and (text is None or isinstance(text, str))
    ):
        return (verb, cards, number)
    raise IllegalMoveError(
        _(
            "a move is a verb (text), a tuple of card ids and an optional whole number, "
            "not {parts!r}"
        ).format(parts=clip((verb, cards, number)))
    )


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, and who may see it (``visible_to`` None = everyone).

    An event cannot change once made, so a state, its clones and every view of it share it
    safely: ``data`` is a :class:`ReadOnlyDict` whose lists and dicts are read-only too (made
    once, when the event is built; they still compare equal to plain lists and dicts).
    :meth:`to_dict` gives a plain copy of its own.

    >>> e = Event("deal", 1, {"cards": ["5H"]}, visible_to=(1,))
    >>> e.visible(0), e.visible(1), e.to_dict()["visible_to"], e.data["cards"] == ["5H"]
    (False, True, [1], True)
    >>> e.data["cards"].append("6H")
    Traceback (most recent call last):
    ...
    TypeError: ReadOnlyList cannot change: an event is shared, copy it first
    """

    type: str
    seat: int | None
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        data = self.data
        # A shallow read-only copy, then the lists and mappings in it made read-only too.
        frozen = ReadOnlyDict(data)
        for key, value in data.items():
            if value.__class__ not in _SCALARS:
                dict.__setitem__(frozen, key, _frozen(value))
        object.__setattr__(self, "data", frozen)
        seats = self.visible_to
        if seats is not None and seats.__class__ is not tuple:
            object.__setattr__(self, "visible_to", tuple(seats))

    def visible(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator who sees only public events) may see it."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, JSON]:
        """The event as a new JSON-safe dict (lists and dicts of its own)."""
        out: dict[str, JSON] = {"type": self.type, "seat": self.seat}
        out.update(_thawed(self.data))
        out["visible_to"] = "all" if self.visible_to is None else list(self.visible_to)
        return out


def _frozen(value: Any) -> Any:
    """``value`` with every list (or tuple) and every mapping in it made read-only."""
    cls = value.__class__
    if cls in _SCALARS:
        return value
    if cls is list or cls is tuple or cls is ReadOnlyList:
        return ReadOnlyList([v if v.__class__ in _SCALARS else _frozen(v) for v in value])
    if isinstance(value, list | tuple):
        return ReadOnlyList([_frozen(v) for v in value])
    if isinstance(value, Mapping):
        return ReadOnlyDict({k: _frozen(v) for k, v in value.items()})
    return value


#: The types of values that nothing can change in place: no copy needed.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _thawed(value: Any) -> Any:
    """A plain copy of a frozen value: lists and dicts of its own, all the way down."""
    if isinstance(value, list | tuple):
        return [_thawed(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    return value


def _read_only(self: object, *args: object, **kwargs: object) -> None:
    raise TypeError(f"{type(self).__name__} cannot change: an event is shared, copy it first")


class ReadOnlyList(list[Any]):
    """A list that refuses every change: what an :class:`Event`'s data holds. It is still a
    list (equal to one, JSON-safe); ``list(x)`` or ``copy.copy(x)`` give a plain one.

    >>> cards = ReadOnlyList(["5H"])
    >>> cards == ["5H"], cards + ["6H"]
    (True, ['5H', '6H'])
    >>> cards.append("6H")
    Traceback (most recent call last):
    ...
    TypeError: ReadOnlyList cannot change: an event is shared, copy it first
    """

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))


class ReadOnlyDict(dict[str, Any]):
    """A dict that refuses every change: an :class:`Event`'s data and the mappings in it. It is
    still a dict (equal to one, JSON-safe); ``dict(x)`` or ``copy.copy(x)`` give a plain one.
    """

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _read_only  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self),))


class PackSource:
    """Hands out one shuffled pack per shuffle: the explicit ones first, then from the seed.

    The pack is ``packs`` whole packs of 52, or the given ``cards`` (a short pack such as
    Kloepper's 24). ``need`` lets a game shuffle only the cards it will use (the order of the
    rest is then meaningless but still deterministic), which keeps simulations fast.

    >>> src = PackSource(seed=1, decks=[], packs=1)
    >>> a = src.next_pack(); b = PackSource(seed=1, decks=[], packs=1).next_pack()
    >>> a == b, sorted(a) == list(range(52))
    (True, True)
    >>> sorted(PackSource(seed=1, decks=[], cards=(36, 37, 38, 39)).next_pack())
    [36, 37, 38, 39]
    """

    __slots__ = ("cards", "decks", "packs", "rng", "used")

    def __init__(
        self,
        seed: int,
        decks: Sequence[Sequence[int]],
        packs: int = 1,
        cards: Sequence[int] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.decks = decks
        self.packs = packs
        self.cards = tuple(cards) if cards is not None else None
        self.used = 0

    def next_pack(self, need: int | None = None) -> list[int]:
        index = self.used
        self.used += 1
        if index < len(self.decks):
            return list(self.decks[index])
        cards = pack(self.packs) if self.cards is None else list(self.cards)
        shuffle(cards, self.rng, need)
        return cards

    def copy(self) -> PackSource:
        other = PackSource.__new__(PackSource)
        # Random() would seed itself from the OS first; the state is replaced anyway.
        other.rng = random.Random.__new__(random.Random)
        other.rng.setstate(self.rng.getstate())
        other.decks = self.decks
        other.packs = self.packs
        other.cards = self.cards
        other.used = self.used
        return other


#: A column of a game's advice table: the key of its value in each row, its heading (words),
#: and how a face shows the values: ``cards``, ``points``, ``signed`` or ``percent`` (a chance
#: from 0 to 1; a missing value, None, shows as a dash).
AdviceColumn = tuple[str, str, str]


class Game(ABC):
    """A game with its options fixed; makes states.

    Subclasses set ``name``, ``title``, ``summary``, ``option_specs`` and ``packs``; the title,
    the summary and each option's help are English marked ``N_()``, shown through
    :func:`cardtable.i18n.game_title`, :func:`~cardtable.i18n.game_summary` and
    :func:`~cardtable.i18n.option_help`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    option_specs: ClassVar[tuple[Option, ...]]
    packs: ClassVar[int] = 1
    #: Whether the lowest total wins (Krypkasino's penalty points); comparisons of scores
    #: (an arena, a learning agent's reward) turn the sign round when it does.
    lower_wins: ClassVar[bool] = False

    def __init__(self, **options: Any) -> None:
        values = validate_options(self.name, self.option_specs, options)
        self.options: dict[str, OptionValue] = self._resolve_options(values)

    def _resolve_options(self, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """Fill derived defaults and check options against each other (hook for games)."""
        return options

    @staticmethod
    def _first_dealer(options: dict[str, OptionValue], players: int) -> None:
        """Fill the ``dealer`` option (default: the last seat) and check it is a seat.

        >>> options: dict[str, OptionValue] = {"dealer": None}
        >>> Game._first_dealer(options, 3); options
        {'dealer': 2}
        >>> Game._first_dealer({"dealer": 4}, 3)
        Traceback (most recent call last):
        ...
        cardtable.errors.OptionError: option 'dealer' does not allow 4 with 3 players; \
allowed: a seat from 0 to 2
        """
        if options["dealer"] is None:
            options["dealer"] = players - 1
        dealer = options["dealer"]
        assert isinstance(dealer, int)
        if dealer >= players:
            raise OptionError(
                _(
                    "option 'dealer' does not allow {dealer} with {players} players; "
                    "allowed: a seat from 0 to {last}"
                ).format(dealer=dealer, players=players, last=players - 1)
            )

    @property
    def num_players(self) -> int:
        """The seats: the ``players`` option; a game without one says its number itself."""
        players = self.options["players"]
        assert isinstance(players, int)
        return players

    def new_state(
        self, seed: int | None = None, decks: Sequence[Sequence[int | str]] | None = None
    ) -> State:
        """A new game. ``decks``: explicit shuffled packs, top card first, one per shuffle.

        Without a seed, a fresh one is drawn (:func:`fresh_seed`, kept in the record); with
        explicit decks and no seed, further shuffles use seed 0. A seed is a whole number from
        0 to 2**64 - 1; a pack a list (or tuple) of card ids or of card notation.

        >>> import cardtable
        >>> cardtable.load("cribbage").new_state(seed=-5)
        Traceback (most recent call last):
        ...
        cardtable.errors.CardtableError: seed must be a whole number from 0 to \
18446744073709551615, not -5
        """
        packs = self._read_decks(decks if decks is not None else [])
        if seed is None:
            seed = 0 if packs else fresh_seed()
        check_seed(seed)
        return self._new_state(seed, packs)

    def _read_decks(self, decks: Sequence[Sequence[int | str]]) -> tuple[tuple[int, ...], ...]:
        """The explicit packs as card ids, each checked (a game with a short pack overrides
        it). A pack's cards are all card ids (a permutation of the pack's ids) or all card
        notation (with several packs the n-th occurrence of a face is copy n)."""
        out = []
        size = PACK_SIZE * self.packs
        for i, deck in enumerate(self._pack_list(decks)):
            items = self._pack_items(i, deck)
            numbers = [c for c in items if isinstance(c, int)]
            texts = [c for c in items if isinstance(c, str)]
            if len(numbers) == len(items):
                if sorted(numbers) != list(range(size)):
                    raise CardtableError(
                        _("pack {index}: card ids must be a permutation of 0..{last}").format(
                            index=i, last=size - 1
                        )
                    )
                ids = numbers
            elif len(texts) == len(items):
                try:
                    ids = parse_deck(texts, self.packs)
                except CardtableError as err:
                    raise type(err)(_("pack {index}: {error}").format(index=i, error=err)) from None
            else:
                raise CardError(
                    _("pack {index}: {error}").format(
                        index=i,
                        error=_("give a pack's cards all as card ids or all as notation"),
                    )
                )
            out.append(tuple(ids))
        return tuple(out)

    def _read_packs_of(
        self, decks: Sequence[Sequence[int | str]], cards: Sequence[int], needed: str
    ) -> tuple[tuple[int, ...], ...]:
        """Explicit packs of a game's own short pack: each a permutation of ``cards``, given as
        card ids or notation; ``needed`` says in words what a pack must be when one is not."""
        want = sorted(cards)
        out = []
        for i, deck in enumerate(self._pack_list(decks)):
            items = self._pack_items(i, deck)
            try:
                ids = [c if isinstance(c, int) else parse_card(c) for c in items]
            except CardError as err:
                raise CardError(_("pack {index}: {error}").format(index=i, error=err)) from None
            if sorted(ids) != want:
                raise CardtableError(_("pack {index}: {error}").format(index=i, error=needed))
            out.append(tuple(ids))
        return tuple(out)

    @staticmethod
    def _pack_list(decks: object) -> list[object]:
        """The packs given to :meth:`new_state`: a list (or tuple), else refused."""
        if not isinstance(decks, list | tuple):
            raise CardtableError(_("decks must be a list of packs, each a list of cards"))
        return list(decks)

    @staticmethod
    def _pack_items(index: int, deck: object) -> list[int | str]:
        """One explicit pack's cards, checked: a list (or tuple; never a set, whose order
        changes from one process to the next) of card ids (whole numbers) and card notation.

        >>> Game._pack_items(0, {"5H"})
        Traceback (most recent call last):
        ...
        cardtable.errors.CardError: pack 0: a pack is a list of cards (card ids or notation \
such as 5H), not {'5H'}
        """
        if not isinstance(deck, list | tuple):
            raise CardError(
                _("pack {index}: {error}").format(
                    index=index,
                    error=_(
                        "a pack is a list of cards (card ids or notation such as 5H), not {pack!r}"
                    ).format(pack=clip(deck)),
                )
            )
        for card in deck:
            if isinstance(card, bool) or not isinstance(card, int | str):
                raise CardError(
                    _("pack {index}: {error}").format(
                        index=index,
                        error=_(
                            "a card is a card id (a whole number) or its notation "
                            "(such as 5H), not {card!r}"
                        ).format(card=clip(card)),
                    )
                )
        return list(deck)

    @abstractmethod
    def _new_state(self, seed: int, decks: tuple[tuple[int, ...], ...]) -> State: ...

    @abstractmethod
    def parse_move(self, text: str) -> Move:
        """Read a move in this game's notation (any accepted card form); raises on bad text."""

    def read_move(self, text: str, legal: Sequence[Move] = ()) -> Move:
        """Typed text as a move: the notation, or the shorthand a person types when every
        move in ``legal`` shares one verb (a bare card ``5H`` for ``play 5H``, a bare pair
        ``5H 6D`` for ``discard 5H 6D``). The one place any face or client reads a move.

        >>> import cardtable
        >>> game = cardtable.load("cribbage")
        >>> state = game.new_state(seed=1)
        >>> game.read_move("2h 4c", state.legal_moves())
        Move('discard 2H 4C')
        >>> game.read_move("4C")
        Traceback (most recent call last):
        ...
        cardtable.errors.IllegalMoveError: malformed move '4C'; moves are: discard C [C], \
play C, claim N, muggins, pass (C a card such as 5H, N a number)
        """
        if not isinstance(text, str):
            raise IllegalMoveError(
                _("a move is a Move or its notation, not {move!r}").format(move=clip(text))
            )
        # The notation's verbs in another language (出す 5H) read as the notation (play 5H).
        text = notation(text)
        try:
            return self.parse_move(text)
        except CardtableError as err:
            verbs = {m.verb for m in legal}
            # Blank text is no shorthand: it would play the one verb's move unasked.
            if len(verbs) == 1 and text.strip():
                try:
                    return self.parse_move(f"{verbs.pop()} {text}")
                except CardtableError:
                    pass
            raise IllegalMoveError(str(err)) from None

    def describe(self, event: Event) -> str:
        """The event in words (the current language), for logs and the plain line mode."""
        return event.type

    def advice_columns(self) -> tuple[str, list[AdviceColumn]] | None:
        """What the rows of :meth:`State.advice` hold, for a face to draw them as a table: a
        caption and the columns (key in a row, heading, and how values show: ``cards``,
        ``points`` to two places, ``signed`` points with their sign, ``percent`` a chance),
        in the current language;
        None where the game gives no advice.

        >>> import cardtable
        >>> cardtable.load("kloepper").advice_columns() is None
        True
        """
        return None

    def prompt(self, observation: Mapping[str, JSON]) -> str:
        """One line telling the seat of ``observation`` what it must do now (games refine it).

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=1)
        >>> print(state.game.prompt(state.observation(0)))
        Your hand: 2H 4C 7S 9S JC QD. Lay away two cards to seat 1's crib (e.g. discard 2H 4C).

        Inside :func:`~cardtable.i18n.using_names` it shows players' names, no notation to type
        and not the hand, which a face shows itself (this default: ``Your move.``).
        """
        hand = observation.get("hand")
        head = ""
        if isinstance(hand, list) and not names_in_use():
            shown = cards_word(str(c) for c in hand) if hand else _("(none)")
            head = _("Your hand: {hand}. ").format(hand=shown)
        # Inside using_names a face lists the moves itself: nothing is typed there.
        return head + (
            _("Your move.") if names_in_use() else _("Your move (type moves to list them).")
        )

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"cardtable.load({self.name!r}{', ' if opts else ''}{opts})"


def _mover(seat: int | None) -> str:
    """The seat to move in words (its player's name where names are in use)."""
    return _("(none)") if seat is None else seat_word(seat)


class State(ABC):
    """One position of a game. Moves go through :meth:`apply`, which refuses illegal ones
    without changing anything."""

    game: Game
    seed: int
    decks: tuple[tuple[int, ...], ...]
    history: list[str]
    #: Whether the game has ended; a plain attribute (the hottest read of a simulation loop).
    is_over: bool
    #: The legal moves of the current position once computed; None after every move.
    _legal_cache: list[Move] | None

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must act now; None when the game is over."""

    @property
    @abstractmethod
    def scores(self) -> list[int]: ...

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, JSON]:
        """A JSON-safe view holding only what ``seat`` may know; ``None`` is a spectator, who
        sees only what every seat sees."""

    @abstractmethod
    def standing(self) -> list[int]:
        """Each seat's points as if the game ended now, in the units of :attr:`scores` (equal
        to them once the game is over): the running deal's points counted as far as they go.
        Search rewards, learning rewards and live score displays read it."""

    def outcome(self) -> list[int] | None:
        """The seats that won (all who share the win) once the game is over, else None: the
        best :attr:`scores`, the lowest where the game's lowest total wins.

        >>> import cardtable
        >>> state = cardtable.load("cribbage", target=61).new_state(seed=2)
        >>> state.outcome() is None
        True
        """
        if not self.is_over:
            return None
        scores = self.scores
        best = min(scores) if self.game.lower_wins else max(scores)
        return [s for s, points in enumerate(scores) if points == best]

    @property
    @abstractmethod
    def events(self) -> list[Event]: ...

    @property
    @abstractmethod
    def result(self) -> dict[str, JSON] | None:
        """The outcome once the game is over (JSON-safe), else None."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def card_places(self) -> dict[str, list[int]]:
        """Where every card of the pack(s) is now, by place name (``"stock"`` for the rest).

        For tests and debugging: each card id appears in exactly one place.
        """

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Carry out a move already known to be legal (already added to ``history``)."""

    def _why_illegal(self, move: Move) -> str:
        """A reason a move is refused; games refine it. Never names hidden cards' places."""
        return _("it is not legal now")

    def refusal(self, move: Move | str) -> str | None:
        """Why ``move`` (a move or its notation) would be refused now (the reason alone, for a
        face to show), or None if it is legal. The hint in brackets shows the notation to type;
        inside :func:`~cardtable.i18n.using_names` (a face) the reason names no notation.

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=1)
        >>> state.refusal(Move("play", (0,)))
        'it is time to lay away 2 cards to the crib (discard C C)'
        >>> state.refusal("play AC"), state.refusal("discard 2H 4C")
        ('it is time to lay away 2 cards to the crib (discard C C)', None)
        >>> from cardtable.i18n import using_names
        >>> with using_names(["Ann", "Bob"]):
        ...     state.refusal(Move("play", (0,)))
        'it is time to lay away 2 cards to the crib'
        """
        legal = self._legal()
        try:
            move = self._as_move(move, legal)
        except IllegalMoveError as err:
            return str(err)
        if move in legal:
            return None
        return self._why_illegal(move)

    def rematch_options(self) -> dict[str, OptionValue]:
        """The options of a rematch of this game: the same, with the next first dealer by the
        rules (here the seat after this game's first dealer; games refine it).

        >>> import cardtable
        >>> state = cardtable.load("calypso", dealer=1).new_state(seed=1)
        >>> state.rematch_options()["dealer"]
        2
        """
        options = dict(self.game.options)
        if "dealer" in options:
            first = next((e.seat for e in self.events if e.type == "deal"), None)
            if first is not None:
                options["dealer"] = (first + 1) % self.game.num_players
        return options

    def result_note(self) -> str:
        """What a finished game's result line adds to its winners, in words (the current
        language): the partnership that won, a skunk; empty if nothing (games refine it)."""
        return ""

    def sides(self) -> list[list[int]]:
        """The seats that play together and share one result, a list per side, in order of
        their first seat: partners, a team; every seat alone where the game has none (this
        default; games with partners refine it). Ratings rank these sides once the game is
        over, when any hidden partnership is known.

        >>> import cardtable
        >>> cardtable.load("cribbage").new_state(seed=1).sides()
        [[0], [1]]
        """
        return [[seat] for seat in range(self.game.num_players)]

    def move_warning(self, move: Move) -> str | None:
        """A warning a player should read before making this legal move, in words (the current
        language), or None: Krypkasino's "leaves a sweep". Games refine it; it may use public
        information and the mover's own hand only, as the warning goes to the mover's screen.

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=1)
        >>> state.move_warning(state.legal_moves()[0]) is None
        True
        """
        return None

    def move_takes(self, move: Move) -> tuple[int, ...]:
        """The cards a legal move takes from the table (Krypkasino's captures, which ``play
        C`` does not name), for a face to mark them; empty where a game takes none (games
        refine it). The cards it uses from the mover's hand are the others it names.

        >>> import cardtable
        >>> cardtable.load("cribbage").new_state(seed=1).move_takes(Move("play", (0,)))
        ()
        """
        return ()

    def advice(self, seat: int) -> list[dict[str, JSON]] | None:
        """Help for ``seat`` beyond the hint's one move, as rows of a table (Cribbage: the best
        ways to lay away two cards), from that seat's view only; None where the game has none.

        >>> import cardtable
        >>> cardtable.load("kloepper").new_state(seed=1).advice(0) is None
        True
        """
        return None

    def describe_move(self, move: Move) -> str:
        """A legal move as a list shows it: its notation, with what it does that the notation
        leaves out (games refine it: a Krypkasino card that must capture names what it takes).
        Inside :func:`~cardtable.i18n.using_names` (a face, where nobody types notation) every
        game gives a sentence with suit symbols and players' names instead.

        >>> import cardtable
        >>> state = cardtable.load("krypkasino").new_state(seed=3)
        >>> [state.describe_move(m) for m in state.legal_moves()][:3]
        ['play 2D (takes 2C 2H)', 'play 5S (takes 5H)', 'play 7C take 2C 5H']
        >>> from cardtable.i18n import using_language, using_names
        >>> with using_language("ja"):
        ...     state.describe_move(state.legal_moves()[2])
        '出す 7C 取る 2C 5H'
        >>> with using_names(["Ann", "Bob", "Cat", "Dan"]):
        ...     state.describe_move(state.legal_moves()[2])
        'Play 7♣, taking 2♣ 5♥'
        """
        return move_words(move.text)

    def _check_seat(self, seat: object, spectator_ok: bool = False) -> None:
        """Refuse anything but a seat of this game (None too, where ``spectator_ok``): see
        :func:`check_seat`. ``observation`` and ``sample_world`` of every game call it."""
        check_seat(seat, self.game.num_players, spectator_ok)

    @abstractmethod
    def sample_world(self, seat: int, rng: random.Random) -> State:
        """A complete state consistent with everything ``seat`` knows, with every card hidden
        from that seat redealt at random (a determinization, for search bots).

        It depends only on what the seat knows: two states that differ only in cards hidden
        from ``seat`` give identical worlds for the same ``rng`` state. The world holds no real
        seed, decks, history or log; its future shuffles come from a seed drawn from ``rng``.
        Every game provides it: search bots rely on it.

        >>> import cardtable
        >>> real = cardtable.load("cribbage").new_state(seed=4)
        >>> world = real.sample_world(0, random.Random(1))
        >>> world.observation(0)["hand"] == real.observation(0)["hand"], world.history
        (True, [])
        """

    def events_since(self, start: int) -> list[Event]:
        """The events from index ``start`` of :attr:`events` on (a face that has read the
        first ``start`` reads only what is new; LoggedState copies nothing older).

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=4)
        >>> state.events_since(0) == state.events, state.events_since(len(state.events))
        (True, [])
        """
        return self.events[start:]

    def events_for(self, seat: int | None) -> list[Event]:
        """The events ``seat`` may see (None: only public events)."""
        self._check_seat(seat, spectator_ok=True)
        return [e for e in self.events if e.visible(seat)]

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make (empty once the game is over)."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        return legal.copy()

    def _legal(self) -> list[Move]:
        """The cached legal moves (compute on first use); callers must not change the list."""
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        return legal

    @abstractmethod
    def _compute_legal(self) -> list[Move]:
        """The legal moves of this position; the list may be one the state keeps, as the cache
        is dropped before every move."""

    def apply(self, move: Move | str, seat: int | None = None) -> None:
        """Play a move (or its notation, shorthand allowed: see :meth:`Game.read_move`). An
        illegal move raises :class:`IllegalMoveError` and changes nothing.

        ``seat`` says who sends the move (a face with several people, a server): a move from a
        seat that is not to act is refused as out of turn. A refusal names only what its sender
        may see: the rule broken, its own cards, public cards; never the legal moves.

        >>> import cardtable
        >>> state = cardtable.load("cribbage").new_state(seed=4)
        >>> state.apply("play 2S", seat=1)
        Traceback (most recent call last):
        ...
        cardtable.errors.IllegalMoveError: seat 1 cannot move now: it is seat 0's turn
        """
        legal = self._legal_cache
        if legal is None:
            legal = self._legal_cache = self._compute_legal()
        # The common case (a move object from legal_moves) skips every other check.
        if move.__class__ is Move and move in legal and (seat is None or seat == self.to_move):
            self._legal_cache = None
            self.history.append(move.text)
            self._apply(move)
            return
        move = self._checked(move, seat, legal)
        self._legal_cache = None
        self.history.append(move.text)
        self._apply(move)

    def _checked(self, move: Move | str, seat: int | None, legal: list[Move]) -> Move:
        """The legal move ``move`` stands for, or the refusal."""
        if self.is_over:
            shown = move.text if isinstance(move, Move) else move
            raise IllegalMoveError(
                _("the game is over; {move!r} cannot be played").format(move=clip(shown))
            )
        if seat is not None:
            check_seat(seat, self.game.num_players, error=IllegalMoveError)
            if seat != self.to_move:
                raise IllegalMoveError(
                    _("{player} cannot move now: it is {to_move}'s turn").format(
                        player=seat_word(seat), to_move=_mover(self.to_move)
                    )
                )
        move = self._as_move(move, legal)
        if move not in legal:
            raise IllegalMoveError(
                _("illegal move {move!r} for {player}: {reason}").format(
                    move=clip(move.text),
                    player=_mover(self.to_move),
                    reason=self._why_illegal(move),
                )
            )
        return move

    def _as_move(self, move: Move | str, legal: list[Move]) -> Move:
        """The move that ``move`` (a move or its notation) stands for: the legal move object
        where it names one (a move built by hand equal in verb, cards and number, another
        spelling), else a move that is no legal one; refused if it is neither text nor a move.
        """
        if isinstance(move, str):
            move = self.game.read_move(move, legal)
        elif not isinstance(move, Move):
            raise IllegalMoveError(
                _("a move is a Move or its notation, not {move!r}").format(move=clip(move))
            )
        if move not in legal:
            # A move built by hand is not the game's object: find the legal move it names.
            verb, cards, number = move.verb, move.cards, move.number
            for other in legal:
                if other.cards == cards and other.verb == verb and other.number == number:
                    return other
        return self._normalize(move)

    def _normalize(self, move: Move) -> Move:
        """The legal move that ``move`` is another spelling of (Krypkasino: ``play C take ...``
        naming the only capture ``play C`` makes), else ``move`` itself."""
        return move

    def apply_all(self, moves: Iterable[Move | str]) -> None:
        for m in moves:
            self.apply(m)

    def to_record(self) -> dict[str, JSON]:
        """The JSON game record that replays this game exactly."""
        record: dict[str, JSON] = {
            "format": "cardtable-record/1",
            "game": self.game.name,
            "options": dict(self.game.options),
            "seed": self.seed,
        }
        if self.decks:
            record["decks"] = [cards_str(deck) for deck in self.decks]
        record["moves"] = list(self.history)
        record["result"] = self.result
        return record


class LoggedState(State):
    """A state that notes what happens as a compact log of small tuples and builds the
    :class:`Event` objects from it only when ``events`` is read, so simulations never pay for
    them. Every game here is one.

    A subclass keeps ``_log``, ``_events``, ``_mat`` (how much of the log is built) and ``_src``
    (its :class:`PackSource`), turns one log entry into events in :meth:`_materialize`, and
    copies its position in :meth:`_copy_position` (usually :meth:`_copy_slots` and fresh copies
    of the lists a move changes in place).
    """

    _log: list[tuple[Any, ...]]
    _events: list[Event]
    _mat: int
    _src: PackSource

    @property
    def events(self) -> list[Event]:
        return list(self._materialized())

    def events_since(self, start: int) -> list[Event]:
        return self._materialized()[start:]

    def _materialized(self) -> list[Event]:
        """The state's own list of events, built from the log as far as it goes (not a copy:
        callers copy what they hand out)."""
        log, events = self._log, self._events
        if self._mat < len(log):
            for entry in log[self._mat :]:
                events.extend(self._materialize(entry))
            self._mat = len(log)
        return events

    @abstractmethod
    def _materialize(self, entry: tuple[Any, ...]) -> list[Event]:
        """The public and private events of one log entry."""

    def clone(self) -> Self:
        other = self._copy_position()
        other.history = list(self.history)
        other._src = self._src.copy()
        other._log = list(self._log)
        other._events = list(self._events)
        return other

    @abstractmethod
    def _copy_position(self) -> Self:
        """A copy of the position with lists of its own; the history, log, events and pack
        source are still this state's, for the caller (clone, or a sampled world) to replace."""

    def _blank_world(self, seed: int) -> Self:
        """A copy of the position to make a sampled world of: no real seed, decks, history or
        log; its future shuffles come from ``seed`` (drawn by the caller from the bot's
        generator). ``sample_world`` then redeals the hidden cards in it.

        >>> import cardtable
        >>> real = cardtable.load("cribbage").new_state(seed=4)
        >>> world = real._blank_world(9)
        >>> world.seed, world.history, world.decks, world.events
        (9, [], (), [])
        """
        world = self._copy_position()
        world.seed = seed
        world.decks = ()
        world.history = []
        world._src = PackSource(seed, (), self._src.packs, self._src.cards)
        world._log = []
        world._events = []
        world._mat = 0
        return world

    def _copy_slots(self) -> Self:
        """A shallow copy of every attribute in the class's ``__slots__``, the cache dropped."""
        cls = type(self)
        other = cls.__new__(cls)
        name: str
        for name in cls.__slots__:
            if hasattr(self, name):
                object.__setattr__(other, name, getattr(self, name))
        other._legal_cache = None
        return other
