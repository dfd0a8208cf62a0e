"""What the research API's tests play: each game's short options, and every option set."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.registry import game_class
from contract import option_sets

#: Options that keep a game short (one deal where the game has such an option; Cribbage to 61),
#: for the tests that play whole games.
SHORT: dict[str, dict[str, Any]] = {
    "calypso": {"rounds": 1},
    "cribbage": {"target": 61},
    "kloepper": {"target": 1},
    "krypkasino": {"deals": 1},
}

#: Every game with every option set the contract test plays, as pytest parameters.
CASES = [
    pytest.param(name, options, id=f"{name}-{'-'.join(f'{k}={v}' for k, v in options.items())}")
    for name in cardtable.games()
    for options in option_sets(game_class(name))
]
