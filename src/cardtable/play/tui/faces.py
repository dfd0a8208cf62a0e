"""Which face draws a game: its own (``play/tui/<game>.py``, found by discovery), else the
generic one. Nothing here names a game: a module of this package named after a registered
game is imported, and registers its face (:func:`~cardtable.play.tui.face.register_face`).

>>> import cardtable
>>> type(face_for(cardtable.load("cribbage"))).__name__
'CribbageFace'
"""

from __future__ import annotations

import importlib
import importlib.util

from cardtable.engine import Game
from cardtable.play.tui.face import TableFace, registered_face

__all__ = ["face_for"]


def face_for(game: Game, four_colour: bool = False) -> TableFace:
    """The face of ``game`` (its own where it has one)."""
    module = f"{__package__}.{game.name}"
    if game.name.isidentifier() and importlib.util.find_spec(module) is not None:
        importlib.import_module(module)  # registers the game's face
    return registered_face(game.name)(game, four_colour)
