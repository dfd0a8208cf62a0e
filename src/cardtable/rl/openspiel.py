"""Every cardtable game as an OpenSpiel game, and OpenSpiel's Python ISMCTS as a cardtable bot.

Needs the ``openspiel`` extra (``pip install 'cardtable[openspiel]'``). :func:`register` makes
each game loadable as ``pyspiel.load_game("cardtable_<game>", {options})``:

- **Chance** (:mod:`cardtable.rl.openspiel_deal`): by default the deal's 64-bit seed, drawn as
  :data:`SEED_NODES` uniform chance nodes of 256 outcomes (most significant byte first), then
  ``game.new_state(seed=...)``; every later shuffle comes from that seed, so the chance actions
  replay the game (:func:`seed_actions`). With ``deal="cards"`` the first pack is dealt card by
  card (each outcome a card left in the pack), for exact solvers on small games.
- **Actions**: the game's codec (:mod:`cardtable.encoding`), played through
  :class:`~cardtable.rl.driver.Driver`; a move may take several actions (Krypkasino).
- **Returns** at the end: the margins (zero-sum, :func:`~cardtable.rl.driver.margins`), or
  with ``reward="win"`` +1 to the winners and -1 to the rest (general-sum).
- **Observation**: the codec's tensor of ``observation(seat)``; the string is that observation
  as sorted JSON (without ``legal_moves``). **Information state**: the codec's information
  tensor; the string adds every event the seat may see since the start of the game. Both add
  the actions chosen so far of the move in progress, for the seat making it. The game's type
  says it provides an information-state tensor only where that tensor has perfect recall
  (:meth:`~cardtable.encoding.Codec.perfect_recall`: one deal, exact); public and private-only
  observers are there too (:mod:`cardtable.rl.openspiel_observer`).
- ``resample_from_infostate`` is the engine's ``sample_world``; the adapter carries the seat's
  events into the world (a sampled world has no log of its own), so the information state is
  the same in the real state and in every world sampled for that seat.

Options are the game's, with their defaults; an option whose default the game derives from the
others (a first dealer, Krypkasino's deals) has the default -1, meaning "derived". The adapter
adds ``reward`` (``margin`` or ``win``) and ``deal`` (``seed`` or ``cards``).

Search with the Python ISMCTS (:class:`OpenSpielBot` wraps it as the cardtable bot
``openspiel-ismcts``). The C++ ``ISMCTSBot`` cannot resample a Python game (the process dies),
and OpenSpiel's MCTS on an imperfect-information state searches the real deal: it cheats.

>>> import pyspiel
>>> register(bots=False)
>>> game = pyspiel.load_game("cardtable_kloepper", {"target": 1})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 256)
>>> for action in seed_actions(3):
...     state.apply_action(action)
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['pass'])
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.bot_protocol import Bot
from cardtable.encoding import Codec, next_actions
from cardtable.engine import Event, Game, Move, State
from cardtable.errors import CardtableError
from cardtable.options import OptionValue
from cardtable.random_bot import number_setting, whole_setting
from cardtable.registry import codec as codec_of
from cardtable.registry import entry, game_class, games, load
from cardtable.rl.driver import Driver, reward_function
from cardtable.rl.openspiel_deal import SEED_NODES, Deal, make_deal, seed_actions
from cardtable.rl.openspiel_observer import CardtableObserver, private_entries
from cardtable.seat_view import SeatView

__all__ = [
    "DERIVED",
    "SEED_NODES",
    "CardtableGame",
    "CardtableObserver",
    "CardtableState",
    "OpenSpielBot",
    "game_type",
    "register",
    "register_bots",
    "seed_actions",
    "short_name",
    "state_at",
]

#: The parameter value of an option whose default the game derives from the other options.
DERIVED = -1
# Bounds of the ISMCTS bot's settings, as cardtable's own search bots bound theirs.
MAX_SIMULATIONS = 1_000_000
MAX_EXPLORATION = 10


def short_name(game: str) -> str:
    """The OpenSpiel name of cardtable game ``game``.

    >>> short_name("cribbage")
    'cardtable_cribbage'
    """
    return f"cardtable_{game}"


def _parameters(cls: type[Game]) -> dict[str, OptionValue]:
    """The game's options with their defaults, as OpenSpiel parameters (None is DERIVED)."""
    out: dict[str, OptionValue] = {
        spec.name: DERIVED if spec.default is None else spec.default for spec in cls.option_specs
    }
    for own in ("reward", "deal"):  # the adapter's own parameters would hide a game option
        if own in out:
            raise CardtableError(f"{cls.name} has an option {own!r}: the OpenSpiel adapter uses it")
    out["reward"] = "margin"
    out["deal"] = "seed"
    return out


def _players(cls: type[Game]) -> tuple[int, int]:
    """The fewest and most seats the game allows."""
    for spec in cls.option_specs:
        if spec.name == "players":
            if spec.choices is not None:
                counts = [int(c) for c in spec.choices if isinstance(c, int)]
                return min(counts), max(counts)
            if spec.low is not None and spec.high is not None:
                return spec.low, spec.high
    players = cls().num_players
    return players, players


def game_type(name: str, reward: str = "margin", game: Game | None = None) -> Any:
    """The OpenSpiel ``GameType`` of cardtable game ``name`` (its parameters: the options), for
    ``game`` with its options (the defaults where None): it provides an information-state
    tensor only where that tensor has perfect recall.

    >>> game_type("cribbage").parameter_specification["target"]
    121
    >>> import cardtable
    >>> one_deal = cardtable.load("kloepper", target=1)
    >>> game_type("kloepper", game=one_deal).provides_information_state_tensor
    True
    >>> game_type("kloepper").provides_information_state_tensor  # 30 points: many deals
    False
    """
    cls = game_class(name)
    recall = codec_of(game if game is not None else load(name)).perfect_recall()
    low, high = _players(cls)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(cls.name),
        long_name=f"cardtable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if reward == "margin" else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=recall,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


class _Shared:
    """What every state of one OpenSpiel game shares (never copied by ``Clone``)."""

    __slots__ = ("codec", "deal", "extra", "game", "reward")

    def __init__(self, game: Game, reward: Callable[[State], list[float]], deal: str) -> None:
        self.game = game
        self.codec: Codec = codec_of(game)
        self.reward = reward
        self.deal: Deal = make_deal(deal, game, self.codec)
        # Cells of the move in progress, where a move may take several actions.
        self.extra = self.codec.num_actions if self.codec.multi_action else 0

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


def _event_text(event: Event) -> str:
    return json.dumps([event.type, event.seat, event.data], sort_keys=True, separators=(",", ":"))


class _Log:
    """The events before the engine state's own log (a sampled world starts with none): they
    never change, so copies share them and their text."""

    __slots__ = ("events", "texts")

    def __init__(self, events: Sequence[Event] = (), texts: Sequence[str] | None = None) -> None:
        self.events = tuple(events)
        self.texts = tuple(texts) if texts is not None else tuple(map(_event_text, events))

    def __deepcopy__(self, memo: dict[int, Any]) -> _Log:
        return self


_NO_LOG = _Log()


class _Core:
    """One adapter state's data: the chance outcomes drawn, then the driver (the engine state and
    the move in progress) and the carried log. ``Clone`` deep-copies it by cloning the engine
    state, which is fast; the texts of the engine's events are kept as they are first asked."""

    __slots__ = ("drawn", "driver", "keys", "log", "seeded", "shared", "texts")

    def __init__(self, shared: _Shared) -> None:
        self.shared = shared
        self.drawn: tuple[int, ...] = ()
        self.driver: Driver | None = None
        self.seeded = False  # whether the engine state was dealt from the drawn seed
        self.log = _NO_LOG
        self.texts: list[str] = []  # of the engine state's own events, as far as asked
        # Strings asked since the last action, by (seat, recall, private only).
        self.keys: dict[tuple[int | None, bool, bool], str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        other = _Core(self.shared)
        other.drawn = self.drawn
        other.seeded = self.seeded
        other.log = self.log
        other.texts = list(self.texts)
        other.keys = dict(self.keys)
        if self.driver is not None:
            # A shallow copy shares the driver's lists, which it replaces and never changes.
            driver = other.driver = Driver.__new__(Driver)
            driver.__dict__.update(self.driver.__dict__)
            driver.state = self.driver.state.clone()
        return other

    def load(self, state: State, log: _Log, prefix: Sequence[int] = ()) -> None:
        """Play on from ``state`` after the carried ``log``, with the move ``prefix`` begun."""
        self.drawn = (0,) * self.shared.deal.nodes
        driver = self.driver = Driver(self.shared.game, self.shared.codec, state)
        for action in prefix:
            driver.step(action)
        self.log = log
        self.texts = []
        self.keys = {}

    def events(self, seat: int | None) -> list[Event]:
        """The events ``seat`` (None: the public) may see since the start of the game."""
        assert self.driver is not None
        carried = [e for e in self.log.events if e.visible(seat)]
        return carried + self.driver.state.events_for(seat)

    def text(self, seat: int | None, recall: bool, private: bool = False) -> str:
        """The observation (``recall``: information-state) string of ``seat`` (None: the
        public's); ``private``: only what ``seat`` knows beyond the public."""
        key = (seat, recall, private)
        found = self.keys.get(key)
        if found is not None:
            return found
        driver = self.driver
        if driver is None:
            return self.shared.deal.describe(self.drawn)
        state = driver.state
        if private:
            assert seat is not None
            obs = private_entries(state, seat)
        else:
            obs = {k: v for k, v in state.observation(seat).items() if k != "legal_moves"}
        lines = [json.dumps(obs, sort_keys=True, separators=(",", ":"))]
        if recall:
            own = state.events
            texts = self.texts
            texts.extend(map(_event_text, own[len(texts) :]))
            for events, strings in ((self.log.events, self.log.texts), (own, texts)):
                lines.extend(t for e, t in zip(events, strings, strict=True) if e.visible(seat))
        if driver.prefix and seat is not None and seat == state.to_move:
            codec = self.shared.codec
            lines.append("move: " + " ".join(codec.action_name(a) for a in driver.prefix))
        text = self.keys[key] = "\n".join(lines)
        return text


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """A cardtable game as an OpenSpiel state: the deal's chance nodes, then the codec's
    actions (see the module's docs)."""

    def __init__(self, game: CardtableGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self._core = core if core is not None else _Core(game.shared)

    @property
    def engine(self) -> State | None:
        """The cardtable state (None while the seed is being drawn); do not change it."""
        driver = self._core.driver
        return None if driver is None else driver.state

    @property
    def prefix(self) -> tuple[int, ...]:
        """The actions chosen so far of the move in progress."""
        driver = self._core.driver
        return () if driver is None else driver.prefix

    def seat_events(self, seat: int | None) -> list[Event]:
        """The events ``seat`` (None: the public) may see since the start of the game (none
        at the chance nodes)."""
        return [] if self._core.driver is None else self._core.events(seat)

    def text(self, seat: int | None, recall: bool, private: bool = False) -> str:
        """The observation string of ``seat`` (None: the public), the information-state string
        with ``recall``, or with ``private`` only what the seat knows beyond the public."""
        return self._core.text(seat, recall, private)

    def current_player(self) -> int:
        driver = self._core.driver
        if driver is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = driver.state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        driver = self._core.driver
        if driver is None or driver.state.to_move != player:
            return []
        return driver.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        core = self._core
        return core.shared.deal.outcomes(core.drawn) if core.driver is None else []

    def _apply_action(self, action: int) -> None:
        core = self._core
        core.keys = {}
        if core.driver is not None:
            core.driver.step(action)
            return
        core.drawn = (*core.drawn, int(action))
        shared = core.shared
        if len(core.drawn) == shared.deal.nodes:
            dealt = shared.deal.deal(shared.game, core.drawn)
            core.driver = Driver(shared.game, shared.codec, dealt)
            core.seeded = True

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._core
        if player == pyspiel.PlayerId.CHANCE:
            # A chance outcome's meaning depends on the node: the outcomes drawn before it.
            drawn = core.drawn if core.driver is None else core.drawn[: core.shared.deal.nodes - 1]
            return core.shared.deal.action_name(drawn, action)
        return core.shared.codec.action_name(action)

    def is_terminal(self) -> bool:
        driver = self._core.driver
        return driver is not None and driver.state.is_over

    def returns(self) -> list[float]:
        core = self._core
        driver = core.driver
        if driver is None or not driver.state.is_over:
            return [0.0] * core.shared.game.num_players
        return core.shared.reward(driver.state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state ``player_id`` cannot tell from this one (the engine's ``sample_world``),
        its generator seeded from ``probability_sampler``; its ``history()`` is empty."""
        seed = int(probability_sampler() * 2**53)
        return self.resample(player_id, random.Random(seed))

    def resample(self, seat: int, rng: random.Random) -> CardtableState:
        """A world for ``seat`` from ``rng``, carrying the events the seat has seen and, where
        the seat is making a move, the actions it chose so far."""
        core = self._core
        other = _Core(core.shared)
        driver = core.driver
        if driver is None:  # nobody has seen a chance outcome
            other.drawn = core.shared.deal.sample(len(core.drawn), rng)
            return CardtableState(self.get_game(), other)
        state = driver.state
        own = state.events
        core.texts.extend(map(_event_text, own[len(core.texts) :]))
        pairs = zip((*core.log.events, *own), (*core.log.texts, *core.texts), strict=True)
        seen = [(e, t) for e, t in pairs if e.visible(seat)]
        log = _Log([e for e, _ in seen], [t for _, t in seen])
        prefix = driver.prefix if state.to_move == seat else ()
        other.load(state.sample_world(seat, rng), log, prefix)
        return CardtableState(self.get_game(), other)

    def __str__(self) -> str:
        core = self._core
        driver = core.driver
        if driver is None:
            return core.text(0, False)
        state = driver.state
        if not core.seeded:
            seed = "from a given position"
        elif core.shared.deal.name == "cards":
            seed = "dealt card by card"
        else:
            seed = f"seed {state.seed}"
        names = [core.shared.codec.action_name(a) for a in driver.prefix]
        return f"{state.game.name} ({seed}): " + " ".join([*state.history, *names])


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One cardtable game as an OpenSpiel game; :func:`register` makes a subclass per game."""

    game_name: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        values = dict(params or {})
        reward = str(values.pop("reward", "margin"))
        deal = str(values.pop("deal", "seed"))
        pay = reward_function(reward)
        cls = game_class(self.game_name)
        derived = {s.name for s in cls.option_specs if s.default is None}
        options = {k: v for k, v in values.items() if not (k in derived and v == DERIVED)}
        game = load(self.game_name, **options)
        self.shared = _Shared(game, pay, deal)
        # The game declares its bounds through its codec (safe, not tight).
        codec = self.shared.codec
        margin, length = codec.utility_bound(), codec.max_game_length()
        utility = margin if reward == "margin" else 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_actions,
            max_chance_outcomes=self.shared.deal.max_outcomes,
            num_players=game.num_players,
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0 if reward == "margin" else None,
            max_game_length=length,
        )
        kind = game_type(self.game_name, reward, game)
        super().__init__(kind, info, {**values, "reward": reward, "deal": deal})

    @property
    def cardtable_game(self) -> Game:
        """The cardtable game with its options."""
        return self.shared.game

    def new_initial_state(self) -> CardtableState:
        """The start: the first chance node of the deal."""
        return CardtableState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> CardtableObserver:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        shared = self.shared
        return CardtableObserver(shared.codec, shared.extra, kind, params)


def state_at(
    game: CardtableGame, state: State, events: Sequence[Event] = (), prefix: Sequence[int] = ()
) -> CardtableState:
    """An OpenSpiel state playing on from cardtable ``state`` (a sampled world, a record's
    position), after ``events`` (those before its own log: a seat's view's events for a sampled
    world), with the actions ``prefix`` of the move in progress chosen.

    >>> import cardtable, pyspiel
    >>> register(bots=False)
    >>> game = pyspiel.load_game("cardtable_cribbage", {"target": 61})
    >>> position = cardtable.load("cribbage", target=61).new_state(seed=5)
    >>> state_at(game, position).current_player()
    0
    """
    core = _Core(game.shared)
    core.load(state, _Log(events) if events else _NO_LOG, prefix)
    return CardtableState(game, core)


def register(bots: bool = True) -> None:
    """Register ``cardtable_<game>`` with OpenSpiel for every game that has a codec and, unless
    ``bots`` is False, the ``openspiel-ismcts`` bot with cardtable (:func:`register_bots`).
    Calling it again does nothing more.

    >>> register(bots=False)
    >>> "cardtable_kloepper" in pyspiel.registered_names()
    True
    """
    known = set(pyspiel.registered_names())
    for name in games():
        if entry(name).codec is None or short_name(name) in known:
            continue
        cls = type(f"Cardtable{name.title()}Game", (CardtableGame,), {"game_name": name})
        pyspiel.register_game(game_type(name), cls)
    if bots:
        register_bots()


_GAMES: dict[tuple[str, tuple[tuple[str, Any], ...]], CardtableGame] = {}


def _openspiel_game(game: Game) -> CardtableGame:
    """The OpenSpiel game of cardtable ``game`` with its options (made once)."""
    key = (game.name, tuple(sorted(game.options.items())))
    found = _GAMES.get(key)
    if found is None:
        register(bots=False)
        params = {k: DERIVED if v is None else v for k, v in game.options.items()}
        found = _GAMES[key] = pyspiel.load_game(short_name(game.name), params)
    return found


class OpenSpielBot:
    """OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``, random rollouts to
    the end of the game) as a cardtable bot. It sees only its :class:`SeatView`: the search
    starts from a world the view samples, carrying the view's events, and resamples worlds for
    its seat; each action of a move is one search of ``simulations`` simulations.

    ``exploration`` is UCT's constant on margins divided by the game's reward scale (its search
    hooks' ``scale``, else 1).

    >>> import cardtable
    >>> state = cardtable.load("kloepper", target=1).new_state(seed=5)
    >>> bot = OpenSpielBot(seed=1, simulations=20)
    >>> move = bot.choose(SeatView(state, state.to_move))
    >>> move in state.legal_moves()
    True
    """

    name: ClassVar[str] = "openspiel-ismcts"

    def __init__(
        self, seed: int | None = None, simulations: int = 100, exploration: float = 0.7
    ) -> None:
        self.simulations = whole_setting("simulations", simulations, 1, MAX_SIMULATIONS)
        self.exploration = number_setting("exploration", exploration, 0, MAX_EXPLORATION)
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Move:
        """The move the searches choose, one action after another."""
        legal = view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        if not legal:
            raise CardtableError(f"seat {view.seat} is not to act")
        game = _openspiel_game(view.game)
        codec = game.shared.codec
        rng = self.rng
        state = state_at(game, view.sample_world(rng), view.events())
        search = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.getrandbits(32))),
            self.exploration * _scale(view.game),
            self.simulations,
            random_state=np.random.RandomState(rng.getrandbits(32)),
        )
        search.set_resampler(lambda s, seat: s.resample(seat, rng))
        actions: list[int] = []
        while True:
            action = int(search.step(state))
            actions.append(action)
            _, nxt = next_actions(codec, legal, actions)
            if not nxt:
                return codec.decode(legal, actions)
            state.apply_action(action)


def _scale(game: Game) -> float:
    search = entry(game.name).search
    return 1.0 if search is None else float(search.scale)


def _factory(seed: int | None = None, **settings: Any) -> Bot:
    return OpenSpielBot(seed, **settings)


def register_bots() -> None:
    """Make ``openspiel-ismcts`` a cardtable bot of every game (settings: ``simulations``,
    ``exploration``), e.g. ``openspiel-ismcts:simulations=100`` in an arena match.

    >>> from cardtable.bots.levels import bot_names, unregister_bot
    >>> register_bots()
    >>> "openspiel-ismcts" in bot_names("kloepper")
    True
    >>> unregister_bot("openspiel-ismcts")  # the doctests after this one list bots
    """
    from cardtable.bots.levels import register_bot

    register(bots=False)  # the bot plays the games as OpenSpiel loads them
    register_bot(OpenSpielBot.name, _factory)
