"""Where games register themselves; ``games()`` and ``load()`` find them by name.

The registry imports every subpackage of :mod:`cardtable.games` once, so adding a game is
adding a package that calls :func:`register`; nothing here names a game. A game registers its
rules (the :class:`~cardtable.engine.Game` class) with what else it brings: its own bots by
name, the rows it adds to the level ladder, and the hooks the search bots need.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, overload

from cardtable.bot_protocol import BotFactory
from cardtable.encoding import Codec
from cardtable.engine import JSON, Event, Game, State
from cardtable.errors import CardtableError, UnknownGameError, clip
from cardtable.i18n import _
from cardtable.search_hooks import SearchHooks, never

__all__ = [
    "Entry",
    "LevelRow",
    "codec",
    "entry",
    "game_class",
    "games",
    "load",
    "register",
    "twin_from_view",
    "unregister",
    "vocabulary",
]

#: A level's bot in one game: the bot's name and its settings.
LevelRow = tuple[str, dict[str, Any]]

#: A state made from one seat's view alone (its observation and its events, as the wire
#: carries them), a twin of the real one for that seat: ``twin(game, seat, observation,
#: events)``. Its ``sample_world(seat, rng)`` gives the real state's world for the same ``rng``.
TwinHook = Callable[[Game, int, Mapping[str, JSON], Sequence[Event]], State]


@dataclass(frozen=True)
class Entry:
    """Everything a game registered: its class, its bots, its level rows, its search hooks."""

    game: type[Game]
    #: The game's own bots by name (its ``rules`` bot, ...): ``factory(seed, **settings)``.
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    #: Per level (``easy``, ...), the bot that plays it in this game.
    levels: Mapping[str, LevelRow] = field(default_factory=dict)
    #: What the search bots need; None: the game cannot be searched.
    search: SearchHooks | None = None
    #: Its fixed action numbering and tensors (the research API): ``codec(game)``.
    codec: Callable[[Game], Codec] | None = None
    #: The words its faces show beyond events and moves (role names, result names, panel
    #: headings), by key, in the current language: ``vocabulary()``.
    vocabulary: Callable[[], Mapping[str, str]] | None = None
    #: A state built from a seat's view (see :data:`TwinHook`); None: a seat over the wire
    #: cannot draw worlds in this game.
    twin: TwinHook | None = None


_ENTRIES: dict[str, Entry] = {}
#: Codecs made, by game name and options: a codec holds tables worth building once.
_CODECS: dict[tuple[str, tuple[tuple[str, Any], ...]], Codec] = {}
_discovered = False

G = TypeVar("G", bound=type[Game])


@overload
def register(cls: G) -> G: ...


@overload
def register(
    cls: G,
    *,
    bots: Mapping[str, BotFactory] | None = None,
    levels: Mapping[str, LevelRow] | None = None,
    search: SearchHooks | None = None,
    codec: Callable[[Game], Codec] | None = None,
    vocabulary: Callable[[], Mapping[str, str]] | None = None,
    twin: TwinHook | None = None,
) -> G: ...


def register(
    cls: G,
    *,
    bots: Mapping[str, BotFactory] | None = None,
    levels: Mapping[str, LevelRow] | None = None,
    search: SearchHooks | None = None,
    codec: Callable[[Game], Codec] | None = None,
    vocabulary: Callable[[], Mapping[str, str]] | None = None,
    twin: TwinHook | None = None,
) -> G:
    """Make a game available to :func:`load` under ``cls.name``, with its own bots, its level
    rows, its search hooks, its codec, its faces' vocabulary and its twin from a seat's view
    (a game's ``__init__.py``
    calls it once; see ``docs/engine.md``).

    Registering a name again replaces the entry (a test's game, a game reloaded). Search
    hooks that leave decisions to the rules bot need one.
    """
    delegates = search is not None and (search.rules_verbs or search.delegated is not never)
    if delegates and "rules" not in (bots or {}):
        raise CardtableError(
            f"{cls.name}: its search hooks leave decisions to a rules bot it does not have"
        )
    _ENTRIES[cls.name] = Entry(
        cls, dict(bots or {}), dict(levels or {}), search, codec, vocabulary, twin
    )
    _CODECS.clear()
    return cls


def unregister(name: str) -> None:
    """Forget game ``name`` (a game a test registered for its own run); unknown names pass."""
    _ENTRIES.pop(name, None)


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
    return sorted(_ENTRIES)


def entry(name: str) -> Entry:
    """What game ``name`` registered; an unknown name raises naming the known ones.

    >>> sorted(entry("cribbage").bots)
    ['pegger', 'pegger-fast', 'rules', 'solver']
    """
    _discover()
    found = _ENTRIES.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise UnknownGameError(
            _("unknown game {name!r}; games: {games}").format(
                name=clip(name), games=", ".join(games())
            )
        )
    return found


def game_class(name: str) -> type[Game]:
    """The class of a registered game; an unknown name raises naming the known ones."""
    return entry(name).game


def load(name: str, **options: Any) -> Game:
    """A game with its options validated.

    >>> load("cribbage", target=61).options["target"]
    61
    """
    return game_class(name)(**options)


def vocabulary(name: str) -> dict[str, str]:
    """The words game ``name``'s faces show beyond events and moves, by key, in the current
    language (empty for a game that declares none).

    >>> isinstance(vocabulary("cribbage"), dict)
    True
    """
    make = entry(name).vocabulary
    return dict(make()) if make is not None else {}


def codec(game: Game) -> Codec:
    """The codec of ``game`` with its options (made once, then shared): its fixed action
    numbering and its tensors; a game without one raises.

    >>> c = codec(load("kloepper"))
    >>> c.num_actions, c is codec(load("kloepper"))
    (31, True)
    """
    key = (game.name, tuple(sorted(game.options.items())))
    found = _CODECS.get(key)
    if found is None:
        make = entry(game.name).codec
        if make is None:
            raise CardtableError(f"{game.name} has no codec: it cannot be played as actions")
        found = _CODECS[key] = make(game)
    return found


def twin_from_view(
    game: Game, seat: int, observation: Mapping[str, JSON], events: Sequence[Event]
) -> State:
    """A state of ``game`` made from ``seat``'s observation and events alone (what a seat
    over the wire has), a twin of the real one for that seat: the same observation, and the
    same worlds from ``sample_world(seat, rng)``. A game without the hook raises.

    >>> import random
    >>> real = load("calypso").new_state(seed=3)
    >>> twin = twin_from_view(real.game, 1, real.observation(1), real.events_for(1))
    >>> rng_a, rng_b = random.Random(5), random.Random(5)
    >>> twin.sample_world(1, rng_a).observation(2) == real.sample_world(1, rng_b).observation(2)
    True
    """
    make = entry(game.name).twin
    if make is None:
        raise CardtableError(
            _("{game} cannot make a state from one seat's view").format(game=game.name)
        )
    return make(game, seat, observation, events)
