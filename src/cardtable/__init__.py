"""cardtable: exact rules, bots, analysis and records for four traditional card games.

>>> import cardtable
>>> game = cardtable.load("cribbage", target=61)
>>> state = game.new_state(seed=7)
>>> state.to_move, len(state.legal_moves())
(0, 15)
"""

# The games subpackage is imported before ``games`` (the function) is bound below: importing
# a subpackage sets it as an attribute of its parent, which would otherwise hide the function.
import cardtable.games  # noqa: F401
from cardtable.engine import Event, Game, Move, State
from cardtable.errors import (
    CardError,
    CardtableError,
    IllegalMoveError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from cardtable.records import from_record, read_record, write_record
from cardtable.registry import games, load, register

__version__ = "0.1.0"

__all__ = [
    "CardError",
    "CardtableError",
    "Event",
    "Game",
    "IllegalMoveError",
    "Move",
    "OptionError",
    "RecordError",
    "State",
    "UnknownGameError",
    "from_record",
    "games",
    "load",
    "read_record",
    "register",
    "write_record",
]
