"""Which bots play which game, by name, and the levels a player picks from.

A bot has a name and a factory taking a seed and its settings (a search bot's budget, a rules
bot's share of ``mistakes``). Every setting is checked when the bot is made, against a bounded
range or a list of words: a bad one is an :class:`~cardtable.errors.OptionError` naming the
setting, the value and what is allowed, before any game is played. The generic bots
(``random``, and the search bots ``pimc`` and ``ismcts`` for every game with search hooks) are
here; a game's own bots (its ``rules`` bot, Cribbage's ``solver``) and the rows it adds to the
level ladder come from what the game registered (:func:`cardtable.registry.register`). A level
names the bot and the settings that play at it in each game: ``beginner`` the random bot;
``easy``, ``medium`` and ``hard`` the game's rules bot, handicapped less at each level;
``expert`` the strongest bot measured. ``docs/strength.md`` gives what each step is measured
to gain. Asking for a level whose bot a game lacks gives the best lower level.

>>> bot_names("cribbage"), make_bot("cribbage", "easy").name
(['ismcts', 'pegger', 'pegger-fast', 'pimc', 'random', 'rules', 'solver'], 'rules')
>>> level_bot("calypso", "hard")
('pimc', {'worlds': 30})
"""

from __future__ import annotations

from typing import Any

from cardtable.bot_protocol import Bot, BotFactory
from cardtable.bots.search import IsmctsBot, PimcBot
from cardtable.errors import OptionError
from cardtable.i18n import _
from cardtable.random_bot import RandomBot
from cardtable.registry import entry

__all__ = [
    "DEFAULT_LEVELS",
    "HINT_LEVEL",
    "LEVELS",
    "SEARCH_BOTS",
    "bot_names",
    "build_bot",
    "describe_level",
    "hint_bot",
    "level_bot",
    "make_bot",
    "parse_budget",
    "register_bot",
    "unregister_bot",
]

#: The levels, weakest first.
LEVELS: tuple[str, ...] = ("beginner", "easy", "medium", "hard", "expert")
#: The level whose bot gives hints at the table: the strongest, as every level answers quickly.
HINT_LEVEL = "expert"

Budget = dict[str, Any]
#: What plays at each level in a game that has no row of its own: a bot's name and its budget.
#: Budgets are iterations or worlds, never seconds, so that a seed repeats a game.
DEFAULT_LEVELS: dict[str, tuple[str, Budget]] = {
    "beginner": ("random", {}),
    "hard": ("rules", {}),
}


def _search(make: BotFactory, default: Budget) -> BotFactory:
    def factory(seed: int | None = None, **budget: Any) -> Bot:
        return make(seed, **{**default, **budget})

    return factory


# The bots that play every game; a game's own bots come from its registry entry.
_GENERIC: dict[str, BotFactory] = {
    "random": RandomBot,
    "pimc": _search(PimcBot, {"worlds": 30}),
    "ismcts": _search(IsmctsBot, {"iterations": 1000}),
}
#: The generic bots that need the game's search hooks.
SEARCH_BOTS = frozenset({"pimc", "ismcts"})
# Bots added by name at run time (a test's, a script's): (name, game) -> factory; game None
# for every game.
_EXTRA: dict[tuple[str, str | None], BotFactory] = {}


def register_bot(name: str, factory: BotFactory, games: tuple[str, ...] | None = None) -> None:
    """Make ``factory(seed)`` available as bot ``name`` for ``games`` (None: every game),
    beside the bots the games registered themselves.

    >>> register_bot("doc-random", RandomBot, games=("cribbage",))
    >>> bot_names("cribbage")
    ['doc-random', 'ismcts', 'pegger', 'pegger-fast', 'pimc', 'random', 'rules', 'solver']
    >>> unregister_bot("doc-random", games=("cribbage",))
    """
    for game in games if games is not None else (None,):
        _EXTRA[(name, game)] = factory


def unregister_bot(name: str, games: tuple[str, ...] | None = None) -> None:
    """Forget bot ``name`` as :func:`register_bot` added it (a test's, a script's); unknown
    names pass.

    >>> register_bot("doc-random", RandomBot)
    >>> unregister_bot("doc-random")
    >>> "doc-random" in bot_names("cribbage")
    False
    """
    for game in games if games is not None else (None,):
        _EXTRA.pop((name, game), None)


def _factories(game: str) -> dict[str, BotFactory]:
    """Every bot that plays ``game``, by name (an unknown game raises naming the known)."""
    found = entry(game)
    out = {n: f for n, f in _GENERIC.items() if n not in SEARCH_BOTS or found.search is not None}
    out.update(found.bots)
    for (name, plays), factory in _EXTRA.items():
        if plays is None or plays == found.game.name:
            out[name] = factory
    return out


def _factory(game: str, name: str) -> BotFactory | None:
    return _factories(game).get(name)


def bot_names(game: str) -> list[str]:
    """The names of the bots that play ``game``, sorted (the search bots only where the game
    has search hooks).

    >>> bot_names("calypso")
    ['ismcts', 'pimc', 'random', 'rules', 'search', 'valued']
    """
    return sorted(_factories(game))


def level_bot(game: str, level: str) -> tuple[str, Budget] | None:
    """The bot and budget that play ``level`` in ``game``, or None if the game lacks that bot.

    >>> level_bot("kloepper", "easy")
    ('rules', {'mistakes': 1})
    """
    if level not in LEVELS:
        raise OptionError(
            _("unknown level {level!r}; levels: {levels}").format(
                level=level, levels=", ".join(LEVELS)
            )
        )
    row = entry(game).levels.get(level) or DEFAULT_LEVELS.get(level)
    if row is None or _factory(game, row[0]) is None:
        return None
    return row[0], dict(row[1])


def describe_level(game: str, level: str, sep: str = " ") -> str:
    """A level's bot and budget in a few words, for tables and help; with ``sep=":"`` the
    bot spec :func:`make_bot` takes.

    >>> describe_level("kloepper", "hard"), describe_level("calypso", "easy", sep=":")
    ('pimc worlds=20 rollout=rules', 'rules:mistakes=0.7')
    """
    row = level_bot(game, level)
    if row is None:
        return "-"
    name, budget = row
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

    >>> type(hint_bot("calypso")).__name__, type(hint_bot("kloepper", seed=1)).__name__
    ('CalypsoSearchBot', 'KloepperExpertBot')
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
        # An unknown setting (the checks of the known ones raise OptionError).
        shown = ", ".join(f"{k}={v}" for k, v in budget.items())
        raise OptionError(
            _("bad settings for bot {name!r}: {settings}").format(name=name, settings=shown)
        ) from None


def _check_search(game: str, name: str, budget: Budget) -> None:
    """Refuse a search bot, before any play, where the game lacks what it needs."""
    if name not in SEARCH_BOTS:
        return
    found = entry(game)
    if found.search is None:
        raise OptionError(
            _("bot {name!r} cannot play {game}: the game has no search hooks").format(
                name=name, game=found.game.name
            )
        )
    if budget.get("rollout") == "rules" and "rules" not in found.bots:
        raise OptionError(
            _(
                "bot {name!r} cannot play out with rules in {game}: the game has no rules bot"
            ).format(name=name, game=found.game.name)
        )


def build_bot(game: str, name: str, settings: Budget | None = None, seed: int | None = None) -> Bot:
    """Bot ``name`` of ``game`` with ``settings`` given as values (not text), checked as
    :func:`make_bot` checks a spec's.

    >>> build_bot("kloepper", "ismcts", {"iterations": 50}, seed=2).iterations
    50
    >>> build_bot("kloepper", "ismcts", {"exploration": float("inf")})
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bot setting 'exploration' must be a number from 0 to 10, not inf
    """
    budget = dict(settings or {})
    _check_search(game, name, budget)
    bot = _build(game, name, budget, seed)
    if bot is None:
        raise _no_bot(game, name)
    return bot


def _no_bot(game: str, spec: str) -> OptionError:
    names = bot_names(game)
    return OptionError(
        f"no bot {spec!r} for {game}; bots: {', '.join(names) or 'none'}; "
        f"levels: {', '.join(LEVELS)}"
    )


def make_bot(game: str, spec: str = "rules", seed: int | None = None) -> Bot:
    """A bot for ``game`` by name or by level (see :data:`LEVELS`), with its own seeded
    generator; a level whose bot the game lacks falls back to the best lower level. A name
    may carry its budget: ``pimc:worlds=10:rollout=rules``; every setting is checked here,
    before any play.

    >>> make_bot("cribbage", "beginner", seed=1).name
    'random'
    >>> make_bot("calypso", "pimc:worlds=5", seed=1).worlds
    5
    >>> make_bot("calypso", "pimc:planets=5")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bad settings for bot 'pimc': planets=5
    >>> make_bot("calypso", "pimc:worlds=100000000")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: bot setting 'worlds' must be a whole number from 1 to 10000, \
not 100000000
    >>> make_bot("cribbage", "wizard")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: no bot 'wizard' for cribbage; bots: ismcts, pegger, \
pegger-fast, pimc, random, rules, solver; levels: beginner, easy, medium, hard, expert
    """
    if spec in LEVELS:
        for level in reversed(LEVELS[: LEVELS.index(spec) + 1]):
            row = level_bot(game, level)
            if row is not None:
                bot = _build(game, *row, seed)
                assert bot is not None
                return bot
    else:
        name, budget = parse_budget(spec)
        _check_search(game, name, budget)
        bot = _build(game, name, budget, seed)
        if bot is not None:
            return bot
    raise _no_bot(game, spec)
