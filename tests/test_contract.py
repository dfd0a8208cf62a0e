"""The contract of ARCHITECTURE.md ("Invariants"), checked after every move of random games
of every registered game, and of a fifth game that exists only in the tests
(``tests/highcard.py``), under every option value the games declare.

After every move: the cards are conserved; legal moves exist exactly while the game goes on;
the outcome, the scores and the standing agree. On a sample of positions: every legal move
applies on a clone and leaves the original untouched; illegal moves (other verbs, cards not
held, garbage text, moves out of turn) are refused with a message and change nothing, and a
move out of turn is refused as such, naming no card its sender cannot see; observations are
JSON-safe for every seat and for a spectator; the leak test (``contract.twin``): a state that
differs only in what a seat cannot see gives that seat the same observation, events, legal
moves, refusals and sampled worlds, and a spectator the same view. At the end of a game the
record replays through JSON. Seeds play the same in processes with other string hashing.

The checks live in ``tests/contract.py``; the option sets come from each game's
``option_specs``, so a new game or a new option is covered without editing this file.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import cardtable
from cardtable.engine import Game
from cardtable.options import OptionValue
from cardtable.registry import game_class
from contract import SHORTER, assert_same_games_in_other_processes, check_contract, option_sets
from highcard import HighCardGame, registered

#: Every registered game, and the fifth (registered only while this module runs).
CLASSES: list[type[Game]] = [*(game_class(n) for n in cardtable.games()), HighCardGame]

#: Random games per option set: (all, of which thorough). Calypso and Krypkasino games are
#: long; a game not named here gets DEFAULT_GAMES.
GAMES: dict[str, tuple[int, int]] = {
    "calypso": (20, 3),
    "cribbage": (60, 4),
    "kloepper": (100, 6),
    "krypkasino": (24, 4),
    "highcard": (200, 20),
}
DEFAULT_GAMES = (40, 3)


def _case_id(name: str, options: dict[str, OptionValue]) -> str:
    shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    return f"{name}-{shown}"


CASES = [
    pytest.param(cls.name, options, id=_case_id(cls.name, options))
    for cls in CLASSES
    for options in option_sets(cls)
]


@pytest.fixture(scope="module", autouse=True)
def fifth_game() -> Iterator[None]:
    with registered():
        yield


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_games_keep_the_contract(name: str, options: dict[str, OptionValue]) -> None:
    games, thorough = GAMES.get(name, DEFAULT_GAMES)
    check_contract(name, options, games, thorough)


@pytest.mark.parametrize("cls", CLASSES, ids=[cls.name for cls in CLASSES])
def test_every_option_value_is_played(cls: type[Game]) -> None:
    """Each value an option lists is in some option set (its default in the defaults)."""
    sets = option_sets(cls)
    assert {} in sets
    for spec in cls.option_specs:
        for value in spec.choices or ():
            assert any(s.get(spec.name, spec.default) == value for s in sets), (spec.name, value)


def test_a_seed_plays_the_same_in_other_processes() -> None:
    """One short game per registered game: the same seed and the same seeded random bots give
    the same record whatever PYTHONHASHSEED is."""
    names = cardtable.games()
    assert "highcard" in names
    games = [(name, SHORTER.get(name, {}), 7) for name in names]
    assert_same_games_in_other_processes(games, modules=["highcard"])
