"""Which bots play which game, by name, and the levels a player picks from.

A bot is registered under a name with a factory taking a seed and its settings (a search
bot's budget, a rules bot's share of ``mistakes``), for every game or for a few. A level names
the bot and the settings that play at it in each game: ``beginner`` the random bot; ``easy``,
``medium`` and ``hard`` the game's rules bot, handicapped less at each level (a share of its
decisions made at random; in Cribbage also hand-only discards and greedy pegging); ``expert``
the strongest bot measured: a search bot where search beats the rules bot (Calypso,
Kloepper), else the rules bot itself. ``docs/strength.md`` gives what each step is measured to
gain. Asking for a level whose bot a game lacks gives the best lower level.

>>> bot_names("cribbage"), make_bot("cribbage", "easy").name
(['ismcts', 'pimc', 'random', 'rules', 'solver'], 'rules')
>>> make_bot("a-new-game", "easy").name  # no rules bot there: the best lower level
'random'
>>> level_bot("calypso", "expert")
('pimc', {'worlds': 30})
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.bot_protocol import Bot
from cardtable.bots.evaluation import RULES_VERBS
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.errors import OptionError
from cardtable.games.calypso.bot import CalypsoRulesBot
from cardtable.games.cribbage.bot import CribbageRulesBot
from cardtable.games.cribbage.solver import CribbageSolverBot
from cardtable.games.kloepper.bot import KloepperRulesBot
from cardtable.games.krypkasino.bot import KrypkasinoRulesBot
from cardtable.i18n import _
from cardtable.random_bot import Blundering, RandomBot

__all__ = [
    "HINT_LEVEL",
    "LEVELS",
    "LEVEL_BOTS",
    "bot_names",
    "describe_level",
    "hint_bot",
    "level_bot",
    "make_bot",
    "parse_budget",
    "register_bot",
]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert")
#: The level whose bot gives hints at the table: the strongest, as every level answers quickly.
HINT_LEVEL = "expert"

Budget = dict[str, Any]
#: What plays at each level: per game (``*``: any game without its own entry) a bot's name and
#: its budget. Budgets are iterations or worlds, never seconds, so that a seed repeats a game.
LEVEL_BOTS: dict[str, dict[str, tuple[str, Budget]]] = {
    "beginner": {"*": ("random", {})},
    "easy": {
        "calypso": ("rules", {"mistakes": 0.7}),
        "cribbage": ("rules", {"discards": "hand", "pegging": "greedy", "mistakes": 0.3}),
        "kloepper": ("rules", {"mistakes": 1}),
        "krypkasino": ("rules", {"mistakes": 0.6}),
    },
    "medium": {
        "calypso": ("rules", {"mistakes": 0.35}),
        "cribbage": ("rules", {"discards": "hand", "pegging": "greedy"}),
        "kloepper": ("rules", {"mistakes": 0.5}),
        "krypkasino": ("rules", {"mistakes": 0.3}),
    },
    "hard": {
        "*": ("rules", {}),
        "cribbage": ("rules", {"pegging": "greedy"}),
        "krypkasino": ("rules", {"mistakes": 0.1}),
    },
    "expert": {
        "calypso": ("pimc", {"worlds": 30}),
        "cribbage": ("rules", {}),
        "kloepper": ("pimc", {"worlds": 20, "rollout": "rules"}),
        "krypkasino": ("rules", {}),
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
    ('rules', {'mistakes': 0.5})
    """
    plays = LEVEL_BOTS[level]
    entry = plays.get(game) or plays.get("*")
    if entry is None or _factory(game, entry[0]) is None:
        return None
    return entry


def describe_level(game: str, level: str, sep: str = " ") -> str:
    """A level's bot and budget in a few words, for tables and help; with ``sep=":"`` the
    bot spec :func:`make_bot` takes.

    >>> describe_level("kloepper", "expert"), describe_level("calypso", "easy", sep=":")
    ('pimc worlds=20 rollout=rules', 'rules:mistakes=0.7')
    """
    entry = level_bot(game, level)
    if entry is None:
        return "-"
    name, budget = entry
    return sep.join([name, *(f"{k}={v}" for k, v in budget.items())])


def parse_budget(spec: str) -> tuple[str, Budget]:
    """Split a bot spec ``NAME[:KEY=VALUE...]`` into the name and its budget; values that
    read as numbers become numbers.

    >>> parse_budget("pimc:worlds=10:rollout=rules")
    ('pimc', {'worlds': 10, 'rollout': 'rules'})
    >>> parse_budget("ismcts:seconds=0.5")
    ('ismcts', {'seconds': 0.5})
    """
    name, *items = spec.split(":")
    budget: Budget = {}
    for item in items:
        key, eq, text = item.partition("=")
        if not eq or not key.isidentifier():
            raise OptionError(
                _("bad bot setting {item!r} in {spec!r}: write KEY=VALUE").format(
                    item=item, spec=spec
                )
            )
        value: Any = text
        for number in (int, float):
            try:
                value = number(text)
                break
            except ValueError:
                continue
        budget[key] = value
    return name, budget


#: The settings that make a level's bot play below its best on purpose.
HANDICAPS = ("mistakes", "discards", "pegging")


def hint_bot(game: str, seed: int | None = None) -> Bot:
    """The bot that gives hints at the table: the :data:`HINT_LEVEL` bot at its best, without
    the handicaps (:data:`HANDICAPS`) a level may play with.

    >>> type(hint_bot("calypso")).__name__, type(hint_bot("cribbage")).__name__
    ('PimcBot', 'CribbageRulesBot')
    """
    name, budget = level_bot(game, HINT_LEVEL) or ("random", {})
    bot = _build(game, name, {k: v for k, v in budget.items() if k not in HANDICAPS}, seed)
    assert bot is not None  # level_bot names only bots the game has
    return bot


def _build(game: str, name: str, budget: Budget, seed: int | None) -> Bot | None:
    """Bot ``name`` of ``game`` with its settings, or None when the game has no such bot."""
    factory = _factory(game, name)
    if factory is None:
        return None
    try:
        return factory(seed, **budget)
    except TypeError:
        shown = ", ".join(f"{k}={v}" for k, v in budget.items())
        raise OptionError(
            _("bad settings for bot {name!r}: {settings}").format(name=name, settings=shown)
        ) from None


def make_bot(game: str, spec: str = "rules", seed: int | None = None) -> Bot:
    """A bot for ``game`` by name or by level (see :data:`LEVELS`), with its own seeded
    generator; a level whose bot the game lacks falls back to the best lower level. A name
    may carry its budget: ``pimc:worlds=10:rollout=rules``.

    >>> make_bot("cribbage", "beginner", seed=1).name
    'random'
    >>> make_bot("calypso", "pimc:worlds=5", seed=1).worlds
    5
    >>> make_bot("calypso", "pimc:planets=5")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bad settings for bot 'pimc': planets=5
    >>> make_bot("cribbage", "wizard")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: no bot 'wizard' for cribbage; bots: ismcts, pimc, random, \
rules, solver; levels: beginner, easy, medium, hard, expert
    """
    if spec in LEVEL_BOTS:
        for level in reversed(LEVELS[: LEVELS.index(spec) + 1]):
            entry = level_bot(game, level)
            if entry is not None:
                bot = _build(game, *entry, seed)
                assert bot is not None
                return bot
    else:
        bot = _build(game, *parse_budget(spec), seed)
        if bot is not None:
            return bot
    names = bot_names(game)
    raise OptionError(
        f"no bot {spec!r} for {game}; bots: {', '.join(names) or 'none'}; "
        f"levels: {', '.join(LEVELS)}"
    )


def _may_blunder(make: BotFactory, careful: frozenset[str] = frozenset()) -> BotFactory:
    """The factory, taking also ``mistakes``: the share of decisions played at random (never
    those offering a ``careful`` verb)."""

    def factory(seed: int | None = None, mistakes: float = 0.0, **settings: Any) -> Bot:
        bot = make(seed, **settings)
        if not mistakes:
            return bot
        return Blundering(bot, mistakes, None if seed is None else seed + 7919, careful)

    return factory


register_bot("random", RandomBot)
register_bot("rules", _may_blunder(CribbageRulesBot), games=("cribbage",))
register_bot("rules", _may_blunder(CalypsoRulesBot), games=("calypso",))
register_bot("rules", _may_blunder(KloepperRulesBot, RULES_VERBS["kloepper"]), games=("kloepper",))
register_bot("rules", _may_blunder(KrypkasinoRulesBot), games=("krypkasino",))
register_bot("solver", CribbageSolverBot, games=("cribbage",))
register_bot("pimc", lambda seed, **budget: PimcBot(seed, **{"worlds": 30, **budget}))
register_bot("ismcts", lambda seed, **budget: IsmctsBot(seed, **{"iterations": 1000, **budget}))
