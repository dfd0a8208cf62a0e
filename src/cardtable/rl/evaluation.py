"""The evaluation protocol: an agent's points per deal against the ladder, on published deals.

Every deal of the run (:mod:`cardtable.rl.deals`: the quick set, the full set, or the first N
deals, under the options the set is published with) is played with the agent in each seat in
turn (or the seats asked for) and the opponent bot in every other seat, for each opponent. A
game's *points* are the agent's seat's margin at the end (its score less the mean of the other
seats', signed so that more is better: the environments' ``margin`` reward summed over the
game) divided by the deals the game took; a deal's points are the mean over the seats played.
The reference agents ``random`` and ``rules`` play the same deals and seats, with the same bot
seeds, so the cards cancel out of every comparison.

Each bot's seed comes from the deal's seed and its seat only, not from who sits there, so an
agent that is the ``rules`` bot plays exactly the reference's games: its normalised score is
1 and ``random``'s is 0, by construction.

Reported per opponent, with 95% intervals over deals (the arena's normal intervals,
:mod:`cardtable.bots.stats`): the agent's points per deal, the references', the agent less
``rules`` (paired by deal), and the *normalised score* (agent - random) / (rules - random), a
ratio of two means of paired per-deal differences, whose interval is the delta method's:
the ratio ± 1.96 times the standard error of the residuals (agent - random) - ratio ·
(rules - random), over the mean of (rules - random). None where rules and random score the
same.

>>> result = evaluate("rules", "kloepper", deals=4, opponents=["random"])
>>> line = result.lines[0]
>>> line.normalised.mean, line.normalised.half_width
(1.0, 0.0)
>>> evaluate("random", "kloepper", deals=4, opponents=["random"]).lines[0].normalised.mean
0.0
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, cast

from cardtable.bot_protocol import Bot
from cardtable.bots.arena import in_order, load_plugins
from cardtable.bots.levels import make_bot
from cardtable.bots.stats import Interval, mean_interval, paired_interval
from cardtable.engine import JSON, Game
from cardtable.errors import OptionError, clip
from cardtable.registry import load
from cardtable.rl.agents import AgentFunction, AgentSpec, CallableBot, make_agent, parse_agent
from cardtable.rl.deals import VERSION, deal_ids, deal_seed, published
from cardtable.seat_view import SeatView

__all__ = ["REFERENCES", "Evaluation", "Line", "bot_seed", "evaluate", "normalised_interval"]

#: The reference agents every evaluation plays on the same deals: the floor and the yardstick.
REFERENCES = ("random", "rules")
#: The opponents when none are asked for (``expert`` is far slower: ask for it by name).
DEFAULT_OPPONENTS = ("random", "rules")

#: An agent given to :func:`evaluate`: its text (a bot, a policy file, ``module:function``), a
#: bot object or a callable ``function(observation, legal_moves) -> move``.
Agent = str | Bot | AgentFunction


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the deal dealt from ``seed``: 63 bits of the SHA-256
    of ``"<seed>/<seat>"``, whoever sits there.

    >>> bot_seed(5, 0) != bot_seed(5, 1)
    True
    """
    return int.from_bytes(hashlib.sha256(f"{seed}/{seat}".encode()).digest()[:8], "big") >> 1


def normalised_interval(
    agent: Sequence[float], low: Sequence[float], high: Sequence[float]
) -> Interval | None:
    """(mean agent - mean low) / (mean high - mean low), paired by deal, with the delta
    method's 95% interval (see the module); None where ``high`` and ``low`` score the same.

    >>> normalised_interval([2.0, 4.0], [0.0, 0.0], [4.0, 8.0])
    Interval(mean=0.5, low=0.5, high=0.5, n=2)
    >>> normalised_interval([1.0], [1.0], [1.0]) is None
    True
    """
    x = [a - r for a, r in zip(agent, low, strict=True)]
    y = [h - r for h, r in zip(high, low, strict=True)]
    n = len(x)
    scale = sum(y) / n if n else 0.0
    if scale == 0.0:
        return None
    # + 0.0: a ratio of 0 over a negative scale is -0.0, which prints as "-0".
    ratio = sum(x) / n / scale + 0.0
    residual = mean_interval([a - ratio * b for a, b in zip(x, y, strict=True)])
    half = residual.half_width / abs(scale)
    return Interval(ratio, ratio - half, ratio + half, n)


@dataclass(frozen=True)
class Line:
    """The results against one opponent: points per deal of the agent and the references,
    the agent less ``rules`` (paired by deal), and the normalised score."""

    opponent: str
    agent: Interval
    random: Interval
    rules: Interval
    versus_rules: Interval
    normalised: Interval | None


@dataclass
class Evaluation:
    """What :func:`evaluate` found (see the module)."""

    game: str
    options: dict[str, Any]
    agent: str
    deals: range
    seats: tuple[int, ...]
    published: bool
    version: str = VERSION
    lines: list[Line] = field(default_factory=list)
    seconds: float = 0.0

    def to_json(self) -> dict[str, JSON]:
        """The evaluation as JSON-safe data (``format`` ``cardtable-eval/1``)."""
        return {
            "format": "cardtable-eval/1",
            "game": self.game,
            "options": dict(self.options),
            "agent": self.agent,
            "deal_set": {
                "version": self.version,
                "first": self.deals.start,
                "deals": len(self.deals),
                "published": self.published,
            },
            "seats": list(self.seats),
            "references": list(REFERENCES),
            "opponents": {
                line.opponent: {
                    "agent": _interval_json(line.agent),
                    "random": _interval_json(line.random),
                    "rules": _interval_json(line.rules),
                    "agent_minus_rules": _interval_json(line.versus_rules),
                    "normalised": _interval_json(line.normalised),
                }
                for line in self.lines
            },
            "seconds": round(self.seconds, 3),
        }


def _interval_json(interval: Interval | None) -> JSON:
    if interval is None:
        return None
    # An interval of one deal is unbounded: JSON has no infinity, so null.
    bound = [round(v, 6) if abs(v) != float("inf") else None for v in (interval.low, interval.high)]
    return {"mean": round(interval.mean, 6), "low": bound[0], "high": bound[1], "n": interval.n}


#: One game to play: the game and its options, the player's spec, the opponent, the deal's
#: seed, the player's seat and the modules whose bots the players need.
Task = tuple[str, tuple[tuple[str, Any], ...], AgentSpec, str, int, int, tuple[str, ...]]


@cache
def _game(name: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return load(name, **dict(options))


def play_points(game: Game, player: Bot, opponent: str, seed: int, seat: int) -> Fraction:
    """Play the deal dealt from ``seed`` with ``player`` in ``seat`` and the bot ``opponent``
    in every other seat: the player's margin at the end (as the environments' ``margin``
    reward sums it) per deal the game took, exact, so that seats' margins cancel exactly.

    >>> import cardtable
    >>> game = cardtable.load("kloepper", target=1)
    >>> rules = make_bot("kloepper", "rules", seed=bot_seed(7, 0))
    >>> play_points(game, rules, "rules", 7, 0)
    Fraction(-4, 3)
    """
    state = game.new_state(seed=seed)
    bots = [
        player if s == seat else make_bot(game.name, opponent, seed=bot_seed(seed, s))
        for s in range(game.num_players)
    ]
    while not state.is_over:
        to_move = state.to_move
        assert to_move is not None
        state.apply(bots[to_move].choose(SeatView(state, to_move)))
    deals = max(1, sum(1 for e in state.events if e.type == "deal"))
    standing = state.standing()
    others = len(standing) - 1
    mine = standing[seat] * others - (sum(standing) - standing[seat])
    return Fraction(-mine if game.lower_wins else mine, others * deals)


def play_task(task: Task) -> Fraction:
    """Play one task (a worker process runs this)."""
    name, options, spec, opponent, seed, seat, plugins = task
    load_plugins(plugins)
    game = _game(name, options)
    return play_points(game, make_agent(game, spec, bot_seed(seed, seat)), opponent, seed, seat)


def evaluate(
    agent: Agent,
    game: str,
    deals: int | str = "quick",
    opponents: Sequence[str] = DEFAULT_OPPONENTS,
    seats: Sequence[int] | int | None = None,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    plugins: Sequence[str] = (),
    progress: Callable[[int], None] | None = None,
) -> Evaluation:
    """Evaluate ``agent`` at ``game`` by the protocol (see the module).

    ``agent``: a bot (name, level or spec), a policy file, ``module:function``
    (:mod:`cardtable.rl.agents`), or an object: a bot, or a callable
    ``function(observation, legal_moves) -> move``; an object plays in this process only.
    ``deals``: ``"quick"`` (200), ``"full"`` (10,000) or the first N of the set.
    ``opponents``: bot specs, one line each. ``seats``: the agent's seats (default every one).
    ``jobs``: worker processes (the results do not depend on it). ``options``: the game's
    options instead of the set's published ones (then no longer the published protocol).
    ``plugins``: modules whose ``register_bots()`` makes bots known (as the arena's).
    """
    start = time.perf_counter()
    entry = published(game) if isinstance(game, str) else None
    if options is None:
        options = entry["options"] if entry is not None else {}
    loaded = load(game, **dict(options))
    # The published protocol: a published set, played under the options it is published with.
    protocol = entry is not None and loaded.options == load(game, **entry["options"]).options
    frozen = tuple(sorted(loaded.options.items()))
    plugins = tuple(plugins)
    load_plugins(plugins)
    ids = deal_ids(deals)
    chosen = _seats(seats, loaded.num_players)
    rivals = _opponents(loaded, opponents)
    spec, object_bot = _agent(loaded, agent)
    references = [AgentSpec("bot", name, name) for name in REFERENCES]
    players = [spec, *[r for r in references if r != spec]]
    seeds = {deal: deal_seed(loaded.name, deal) for deal in ids}
    keys = [
        (player, rival, deal, seat)
        for player in players
        for rival in rivals
        for deal in ids
        for seat in chosen
    ]
    points: dict[tuple[AgentSpec, str, int, int], Fraction] = {}
    if object_bot is not None:
        own = [k for k in keys if k[0] == spec]
        for player, rival, deal, seat in own:
            points[(player, rival, deal, seat)] = play_points(
                loaded, object_bot, rival, seeds[deal], seat
            )
            if progress:
                progress(1)
        keys = [k for k in keys if k[0] != spec]
    tasks: list[Task] = [
        (loaded.name, frozen, player, rival, seeds[deal], seat, plugins)
        for player, rival, deal, seat in keys
    ]
    for key, value in zip(keys, in_order(play_task, tasks, jobs, progress), strict=True):
        points[key] = value
    result = Evaluation(loaded.name, dict(loaded.options), spec.label, ids, chosen, protocol)
    for rival in rivals:

        def per_deal(player: AgentSpec, rival: str = rival) -> list[float]:
            return [
                float(sum(points[(player, rival, d, s)] for s in chosen) / len(chosen)) for d in ids
            ]

        mine, low, high = per_deal(spec), per_deal(references[0]), per_deal(references[1])
        result.lines.append(
            Line(
                rival,
                mean_interval(mine),
                mean_interval(low),
                mean_interval(high),
                paired_interval(mine, high),
                normalised_interval(mine, low, high),
            )
        )
    result.seconds = time.perf_counter() - start
    return result


def _agent(game: Game, agent: Agent) -> tuple[AgentSpec, Bot | None]:
    """The agent's spec, and the bot itself where it is an object (played in this process)."""
    if isinstance(agent, str):
        return parse_agent(game, agent), None
    if callable(getattr(agent, "choose", None)):  # a bot, by its protocol
        bot = cast(Bot, agent)
        return AgentSpec("bot", f"object:{id(agent)}", str(getattr(bot, "name", "agent"))), bot
    if callable(agent):
        name = str(getattr(agent, "__qualname__", "agent"))
        return AgentSpec("callable", f"object:{id(agent)}", name), CallableBot(agent, name)
    raise OptionError(
        f"an agent is a bot, a policy file, module:function or a callable, not {clip(agent)!r}"
    )


def _seats(seats: Sequence[int] | int | None, players: int) -> tuple[int, ...]:
    if seats is None:
        return tuple(range(players))
    wanted = [seats] if isinstance(seats, int) else list(seats)
    for seat in wanted:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"seat must be a whole number from 0 to {players - 1}, not {seat!r}")
    if not wanted:
        raise OptionError("no seat to evaluate the agent in")
    return tuple(sorted(set(wanted)))


def _opponents(game: Game, opponents: Sequence[str]) -> list[str]:
    names = [opponents] if isinstance(opponents, str) else list(opponents)
    if not names:
        raise OptionError("no opponent: name at least one bot, e.g. rules")
    for name in names:
        make_bot(game.name, name)  # an unknown bot fails here, before any deal is played
    return list(dict.fromkeys(names))
