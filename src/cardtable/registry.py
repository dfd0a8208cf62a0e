"""Where games register themselves; ``games()`` and ``load()`` find them by name.

The registry imports every subpackage of :mod:`cardtable.games` once, so adding a game is
adding a package that calls :func:`register`; nothing here names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, TypeVar

from cardtable.engine import Game
from cardtable.errors import UnknownGameError
from cardtable.i18n import _

__all__ = ["game_class", "games", "load", "register"]

_GAMES: dict[str, type[Game]] = {}
_discovered = False

G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator that makes a game available to :func:`load` under ``cls.name``."""
    _GAMES[cls.name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    # By module name, not attribute: ``cardtable.games`` as an attribute is the function below.
    package = importlib.import_module("cardtable.games")

    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")
    _discovered = True


def games() -> list[str]:
    """Names of every registered game, sorted.

    >>> "cribbage" in games()
    True
    """
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class of a registered game; an unknown name raises naming the known ones."""
    _discover()
    key = name.strip().lower() if isinstance(name, str) else name
    cls = _GAMES.get(key)
    if cls is None:
        raise UnknownGameError(
            _("unknown game {name!r}; games: {games}").format(name=name, games=", ".join(games()))
        )
    return cls


def load(name: str, **options: Any) -> Game:
    """A game with its options validated.

    >>> load("cribbage", target=61).options["target"]
    61
    """
    return game_class(name)(**options)
