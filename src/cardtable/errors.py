"""Errors raised for a user's mistake: each message names the problem and what is allowed.

All derive from :class:`CardtableError` (itself a :class:`ValueError`), so a face can catch one
type and show its message as one clear line.
"""

from __future__ import annotations

import reprlib

__all__ = [
    "ECHO_LIMIT",
    "CardError",
    "CardtableError",
    "IllegalMoveError",
    "OptionError",
    "RecordError",
    "UnknownGameError",
    "clip",
]


class CardtableError(ValueError):
    """Base class of every error caused by bad input (a card, an option, a move, a record)."""


class CardError(CardtableError):
    """A card or a pack could not be read."""


class OptionError(CardtableError):
    """An unknown option, or a value the option does not allow."""


class UnknownGameError(CardtableError):
    """A game name that is not registered."""


class IllegalMoveError(CardtableError):
    """A move that is malformed or not legal in the current state; the state is unchanged."""


class RecordError(CardtableError):
    """A game record that is malformed or does not replay."""


#: How many characters of a user's text an error message repeats at most.
ECHO_LIMIT = 80


def clip(value: object, limit: int = ECHO_LIMIT) -> object:
    """``value`` as an error message may show it, however large: the argument to give a
    ``{field!r}`` (or ``{field}``) of a message that repeats what a user typed or sent.

    Text longer than ``limit`` characters is cut there and ends with "…" (its ``repr`` is then
    at most a few times ``limit``); a whole number too long to write is shown in hexadecimal,
    cut alike; any other object by a shortened ``repr``. Short values come back unchanged.

    >>> clip("play 5H"), clip(7)
    ('play 5H', 7)
    >>> "malformed move {text!r}".format(text=clip("x" * 10_000_000, 10))
    "malformed move 'xxxxxxxxxx…'"
    >>> "{seed!r}".format(seed=clip(10**5000, 10))
    '0x31e20801…'
    >>> "{move!r}".format(move=clip(list(range(10**6)), 20))
    '[0, 1, 2, 3, 4, 5, ...]'
    """
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + "…"
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value if value.bit_length() <= 3 * limit else _Shown(_long_int(value, limit))
    return _Shown(_short_repr(value, limit))


class _Shown(str):
    """Text that is shown as it is, by ``{field}`` and by ``{field!r}`` alike."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _long_int(value: int, limit: int) -> str:
    # repr() of an int of more than 4,300 digits raises; hex() never does.
    return hex(value)[:limit] + "…"


class _ShortRepr(reprlib.Repr):
    """:mod:`reprlib` with long whole numbers shown by :func:`clip` (never ``repr``)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = self.maxstring = self.maxother = self.maxlong = limit

    def repr_int(self, x: int, level: int) -> str:
        return str(clip(x, self.limit))


def _short_repr(value: object, limit: int) -> str:
    text = _ShortRepr(limit).repr(value)
    return text if len(text) <= 4 * limit else text[: 4 * limit] + "…"
