"""Which bots play which game, by name, and the levels a player picks from.

A bot is registered under a name with a factory taking a seed, for every game or for a few; a
level names the bot that plays at it (``beginner``: random, ``easy``: rules). Asking for a level
whose bot a game lacks gives the best bot of a lower level instead.

>>> bot_names("cribbage"), make_bot("cribbage", "easy").name
(['random', 'rules'], 'rules')
>>> make_bot("kloepper", "easy").name  # no rules bot there: the best lower level
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.bots.cribbage_rules import CribbageRulesBot
from cardtable.bots.protocol import Bot
from cardtable.bots.random_bot import RandomBot
from cardtable.errors import OptionError

__all__ = ["LEVELS", "LEVEL_BOTS", "bot_names", "make_bot", "register_bot"]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "easy")
#: The bot that plays at each level.
LEVEL_BOTS: dict[str, str] = {"beginner": "random", "easy": "rules"}

BotFactory = Callable[[int | None], Bot]

# name -> (factory, the games it plays; None for every game)
_BOTS: dict[str, tuple[BotFactory, tuple[str, ...] | None]] = {}


def register_bot(name: str, factory: BotFactory, games: tuple[str, ...] | None = None) -> None:
    """Make ``factory(seed)`` available as bot ``name`` for ``games`` (None: every game).

    >>> register_bot("doc-random", RandomBot, games=("doc-game",))
    >>> bot_names("doc-game")
    ['doc-random', 'random']
    """
    _BOTS[name] = (factory, games)


def bot_names(game: str) -> list[str]:
    """The names of the bots that play ``game``, sorted.

    >>> bot_names("calypso")
    ['random']
    """
    return sorted(name for name, (_, games) in _BOTS.items() if games is None or game in games)


def make_bot(game: str, spec: str = "rules", seed: int | None = None) -> Bot:
    """A bot for ``game`` by name or by level (see :data:`LEVELS`), with its own seeded
    generator; a level whose bot the game lacks falls back to the best lower level.

    >>> make_bot("cribbage", "beginner", seed=1).name
    'random'
    >>> make_bot("cribbage", "expert")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: no bot 'expert' for cribbage; bots: random, rules; \
levels: beginner, easy
    """
    names = bot_names(game)
    if spec in LEVEL_BOTS:
        for level in reversed(LEVELS[: LEVELS.index(spec) + 1]):
            if LEVEL_BOTS[level] in names:
                return _BOTS[LEVEL_BOTS[level]][0](seed)
    elif spec in names:
        return _BOTS[spec][0](seed)
    raise OptionError(
        f"no bot {spec!r} for {game}; bots: {', '.join(names) or 'none'}; "
        f"levels: {', '.join(LEVELS)}"
    )


register_bot("random", RandomBot)
register_bot("rules", CribbageRulesBot, games=("cribbage",))
