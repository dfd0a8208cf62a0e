"""Which face draws a game: its own, else the generic one. Nothing here names a game: a game's
terminal face lives in its own folder, ``cardtable/games/<name>/tui.py`` (a plug-in of the
terminal kept with the game), which is imported by the game's name, for registered games only,
and registers its face (:func:`~cardtable.play.tui.face.register_face`).

>>> import cardtable
>>> type(face_for(cardtable.load("cribbage"))).__name__
'CribbageFace'
"""

from __future__ import annotations

import importlib
import importlib.util

from cardtable.engine import Game
from cardtable.play.tui.face import TableFace, registered_face
from cardtable.registry import games

__all__ = ["face_for"]

#: Where the games' folders are; a game registered from elsewhere (a test's) has no face there.
_GAMES = "cardtable.games"


def _face_module(name: str) -> str | None:
    """The module of game ``name``'s own terminal face, or None where it has none."""
    if name not in games() or not name.isidentifier():
        return None
    if importlib.util.find_spec(f"{_GAMES}.{name}") is None:
        return None
    module = f"{_GAMES}.{name}.tui"
    return module if importlib.util.find_spec(module) is not None else None


def face_for(game: Game, four_colour: bool = False) -> TableFace:
    """The face of ``game`` (its own where it has one)."""
    module = _face_module(game.name)
    if module is not None:
        importlib.import_module(module)  # registers the game's face
    return registered_face(game.name)(game, four_colour)
