"""Errors raised for a user's mistake: each message names the problem and what is allowed.

All derive from :class:`CardtableError` (itself a :class:`ValueError`), so a face can catch one
type and show its message as one clear line.
"""

from __future__ import annotations

__all__ = [
    "CardError",
    "CardtableError",
    "IllegalMoveError",
    "OptionError",
    "RecordError",
    "UnknownGameError",
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
