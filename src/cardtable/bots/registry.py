"""Which bots play which game, by name, and the levels a player picks from.

A bot is registered under a name with a factory taking a seed, for every game or for a few; a
level names the bot that plays at it (``beginner``: random, ``easy``: rules). Asking for a level
whose bot a game lacks gives the best bot of a lower level instead.

>>> bot_names("cribbage"), make_bot("cribbage", "easy").name
(['random', 'rules'], 'rules')
>>> make_bot("a-new-game", "easy").name  # no rules bot there: the best lower level
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.bots.calypso_rules import CalypsoRulesBot
from cardtable.bots.cribbage_rules import CribbageRulesBot
from cardtable.bots.kloepper_rules import KloepperRulesBot
from cardtable.bots.krypkasino_rules import KrypkasinoRulesBot
from cardtable.bots.protocol import Bot
from cardtable.bots.random_bot import RandomBot
from cardtable.errors import OptionError

__all__ = ["LEVELS", "LEVEL_BOTS", "bot_names", "make_bot", "register_bot"]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "easy")
#: The bot that plays at each level.
LEVEL_BOTS: dict[str, str] = {"beginner": "random", "easy": "rules"}

BotFactory = Callable[[int | None], Bot]

# (name, game) -> factory; the game None for a bot that plays every game. Several games may
# each have their own bot under one name (every game's ``rules`` bot is its own).
_BOTS: dict[tuple[str, str | None], BotFactory] = {}


def register_bot(name: str, factory: BotFactory, games: tuple[str, ...] | None = None) -> None:
    """Make ``factory(seed)`` available as bot ``name`` for ``games`` (None: every game).

    >>> register_bot("doc-random", RandomBot, games=("doc-game",))
    >>> bot_names("doc-game")
    ['doc-random', 'random']
    """
    for game in games if games is not None else (None,):
        _BOTS[(name, game)] = factory


def _factory(game: str, name: str) -> BotFactory | None:
    return _BOTS.get((name, game)) or _BOTS.get((name, None))


def bot_names(game: str) -> list[str]:
    """The names of the bots that play ``game``, sorted.

    >>> bot_names("calypso")
    ['random', 'rules']
    """
    return sorted({name for name, plays in _BOTS if plays is None or plays == game})


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
            factory = _factory(game, LEVEL_BOTS[level])
            if factory is not None:
                return factory(seed)
    else:
        factory = _factory(game, spec)
        if factory is not None:
            return factory(seed)
    raise OptionError(
        f"no bot {spec!r} for {game}; bots: {', '.join(names) or 'none'}; "
        f"levels: {', '.join(LEVELS)}"
    )


register_bot("random", RandomBot)
register_bot("rules", CribbageRulesBot, games=("cribbage",))
register_bot("rules", CalypsoRulesBot, games=("calypso",))
register_bot("rules", KloepperRulesBot, games=("kloepper",))
register_bot("rules", KrypkasinoRulesBot, games=("krypkasino",))
