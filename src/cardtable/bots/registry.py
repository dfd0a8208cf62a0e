"""Which bots play which game, by name, and the levels a player picks from.

A bot is registered under a name with a factory taking a seed (and, for the search bots, a
budget), for every game or for a few. A level names the bot and the budget that play at it in
each game: ``beginner`` the random bot, ``easy`` the game's rules bot, ``medium``, ``hard`` and
``expert`` a search bot with a growing budget (see ``docs/strength.md`` for what each step is
measured to gain). Asking for a level whose bot a game lacks gives the best lower level.

>>> bot_names("cribbage"), make_bot("cribbage", "easy").name
(['ismcts', 'pimc', 'random', 'rules'], 'rules')
>>> make_bot("a-new-game", "easy").name  # no rules bot there: the best lower level
'random'
>>> level_bot("calypso", "hard")
('ismcts', {'iterations': 1000})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bots.calypso_rules import CalypsoRulesBot
from cardtable.bots.cribbage_rules import CribbageRulesBot
from cardtable.bots.kloepper_rules import KloepperRulesBot
from cardtable.bots.krypkasino_rules import KrypkasinoRulesBot
from cardtable.bots.protocol import Bot
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.errors import OptionError

__all__ = [
    "HINT_LEVEL",
    "LEVELS",
    "LEVEL_BOTS",
    "bot_names",
    "describe_level",
    "level_bot",
    "make_bot",
    "register_bot",
]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert")
#: The level whose bot gives hints at the table (quick enough to wait for).
HINT_LEVEL = "hard"

Budget = dict[str, Any]
#: What plays at each level: per game (``*``: any game without its own entry) a bot's name and
#: its budget. Budgets are iterations or worlds, never seconds, so that a seed repeats a game.
LEVEL_BOTS: dict[str, dict[str, tuple[str, Budget]]] = {
    "beginner": {"*": ("random", {})},
    "easy": {"*": ("rules", {})},
    "medium": {
        "calypso": ("pimc", {"worlds": 30}),
        "cribbage": ("ismcts", {"iterations": 300}),
        "kloepper": ("pimc", {"worlds": 20, "rollout": "rules"}),
        "krypkasino": ("pimc", {"worlds": 10}),
    },
    "hard": {
        "calypso": ("ismcts", {"iterations": 1000}),
        "cribbage": ("ismcts", {"iterations": 1000}),
        "kloepper": ("pimc", {"worlds": 80, "rollout": "rules"}),
        "krypkasino": ("pimc", {"worlds": 30}),
    },
    "expert": {
        "calypso": ("ismcts", {"iterations": 3000}),
        "cribbage": ("ismcts", {"iterations": 3000}),
        "kloepper": ("pimc", {"worlds": 200, "rollout": "rules"}),
        "krypkasino": ("pimc", {"worlds": 80}),
    },
}

BotFactory = Callable[..., Bot]

# (name, game) -> factory; the game None for a bot that plays every game. Several games may
# each have their own bot under one name (every game's ``rules`` bot is its own).
_BOTS: dict[tuple[str, str | None], BotFactory] = {}


def register_bot(name: str, factory: BotFactory, games: tuple[str, ...] | None = None) -> None:
    """Make ``factory(seed)`` available as bot ``name`` for ``games`` (None: every game).

    >>> register_bot("doc-random", RandomBot, games=("doc-game",))
    >>> bot_names("doc-game")
    ['doc-random', 'ismcts', 'pimc', 'random']
    """
    for game in games if games is not None else (None,):
        _BOTS[(name, game)] = factory


def _factory(game: str, name: str) -> BotFactory | None:
    return _BOTS.get((name, game)) or _BOTS.get((name, None))


def bot_names(game: str) -> list[str]:
    """The names of the bots that play ``game``, sorted.

    >>> bot_names("calypso")
    ['ismcts', 'pimc', 'random', 'rules']
    """
    return sorted({name for name, plays in _BOTS if plays is None or plays == game})


def level_bot(game: str, level: str) -> tuple[str, Budget] | None:
    """The bot and budget that play ``level`` in ``game``, or None if the game lacks that bot.

    >>> level_bot("kloepper", "medium")
    ('pimc', {'worlds': 20, 'rollout': 'rules'})
    """
    plays = LEVEL_BOTS[level]
    entry = plays.get(game) or plays.get("*")
    if entry is None or _factory(game, entry[0]) is None:
        return None
    return entry


def describe_level(game: str, level: str) -> str:
    """A level's bot and budget in a few words, for tables and help.

    >>> describe_level("krypkasino", "expert"), describe_level("cribbage", "easy")
    ('pimc worlds=80', 'rules')
    """
    entry = level_bot(game, level)
    if entry is None:
        return "-"
    name, budget = entry
    return " ".join([name, *(f"{k}={v}" for k, v in budget.items())])


def make_bot(game: str, spec: str = "rules", seed: int | None = None) -> Bot:
    """A bot for ``game`` by name or by level (see :data:`LEVELS`), with its own seeded
    generator; a level whose bot the game lacks falls back to the best lower level.

    >>> make_bot("cribbage", "beginner", seed=1).name
    'random'
    >>> make_bot("cribbage", "wizard")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: no bot 'wizard' for cribbage; bots: ismcts, pimc, random, \
rules; levels: beginner, easy, medium, hard, expert
    """
    if spec in LEVEL_BOTS:
        for level in reversed(LEVELS[: LEVELS.index(spec) + 1]):
            entry = level_bot(game, level)
            if entry is not None:
                name, budget = entry
                factory = _factory(game, name)
                assert factory is not None
                return factory(seed, **budget)
    else:
        factory = _factory(game, spec)
        if factory is not None:
            return factory(seed)
    names = bot_names(game)
    raise OptionError(
        f"no bot {spec!r} for {game}; bots: {', '.join(names) or 'none'}; "
        f"levels: {', '.join(LEVELS)}"
    )


register_bot("random", RandomBot)
register_bot("rules", CribbageRulesBot, games=("cribbage",))
register_bot("rules", CalypsoRulesBot, games=("calypso",))
register_bot("rules", KloepperRulesBot, games=("kloepper",))
register_bot("rules", KrypkasinoRulesBot, games=("krypkasino",))
register_bot("pimc", lambda seed, **budget: PimcBot(seed, **{"worlds": 30, **budget}))
register_bot("ismcts", lambda seed, **budget: IsmctsBot(seed, **{"iterations": 1000, **budget}))
