"""Per-game evaluation for the search bots: where a playout stops, and what it was worth.

A search bot plays out a sampled world (its own object, so it may read the world's attributes
freely; the real state it never sees) only up to a **horizon**, and scores the playout with a
**reward per seat**. Both come from the world itself:

- ``marker(world)``: a value that changes exactly when the horizon is passed (the deal, hand or
  extra deal ends); a playout stops as soon as it differs from the marker at its start, or the
  game is over.
- ``standing(world)``: per seat, the points of the seat's side so far in "higher is better"
  units (provisional points of the unfinished deal included where a game scores only later).
- ``reward(before, after)``: per seat, what its side gained between two standings minus the
  best gain of any other side, so a reward is zero-sum-like and comparable across seats.

The choices per game:

- **Cribbage**: horizon the end of the deal (pegging, then the show); standing the pegs of the
  seat's side, plus a bonus of :data:`CRIBBAGE_WIN_BONUS` pegs once the side has reached the
  target, as winning the game matters more than the margin. Discards and claims are left to the
  exact advisor of the ``rules`` bot (:func:`delegated`).
- **Calypso**: horizon the end of the deal (13 tricks); standing the finished rounds' totals plus
  the round's provisional points (completed calypsos, calypso cards in progress, trick-pile
  cards) of the seat's partnership, the same figures ``observation()["points"]`` shows.
- **Kloepper**: horizon the end of the deal; standing the game points. Partnerships are hidden
  and change each deal, so the other side is read from the gains: the winners of a deal gain
  the award, the losers nothing, and a seat's reward is its gain minus the largest gain that
  differs from its own. Declarations and knocks are left to the ``rules`` bot
  (:data:`RULES_VERBS`): in open worlds a search overrates them.
- **Krypkasino**: horizon the next deal of cards within the hand (or the hand's end); standing
  the negated penalty points (lower wins) of the seat's team: its captured cards' points plus
  its tabbe penalties so far, so a 42-point hand scores as it goes. The cards left on the table
  at the hand's end (they go to the last capturer) are not foreseen.

Every reward is in the game's own points; :data:`Evaluation.scale` is a typical size of one
deal's reward, which the bots use to scale their exploration.

>>> import cardtable, random
>>> state = cardtable.load("kloepper").new_state(seed=3)
>>> ev = evaluation_for("kloepper")
>>> start, before = ev.marker(state), ev.standing(state)
>>> rng = random.Random(0)
>>> while ev.marker(state) == start and not state.is_over:
...     moves = state.legal_moves(); state.apply(moves[int(rng.random() * len(moves))])
>>> reward = ev.reward(before, ev.standing(state))
>>> sorted(reward)[0] < 0 < sorted(reward)[-1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine import State
from cardtable.games.calypso.game import calypso_points
from cardtable.games.krypkasino.captures import POINTS

__all__ = [
    "CRIBBAGE_WIN_BONUS",
    "RULES_VERBS",
    "Evaluation",
    "delegated",
    "evaluation_for",
    "side_reward",
]

#: Pegs a Cribbage side's standing gains on reaching the target (winning beats any margin).
CRIBBAGE_WIN_BONUS = 60


def side_reward(
    before: Sequence[float], after: Sequence[float], sides: Sequence[int]
) -> list[float]:
    """Per seat: its side's gain minus the best gain of another side (``sides[s]`` names the
    side of seat ``s``; teammates share a standing).

    >>> side_reward([0, 0, 0], [5, 2, 7], [0, 1, 2])
    [-2, -5, 2]
    >>> side_reward([0, 0, 0, 0], [4, 1, 4, 1], [0, 1, 0, 1])
    [3, -3, 3, -3]
    """
    gains = [a - b for a, b in zip(after, before, strict=True)]
    by_side: dict[int, float] = {}
    for seat, side in enumerate(sides):
        by_side[side] = gains[seat]
    out: list[float] = []
    for seat, side in enumerate(sides):
        rivals = [g for s, g in by_side.items() if s != side]
        out.append(gains[seat] - max(rivals) if rivals else gains[seat])
    return out


@dataclass(frozen=True)
class Evaluation:
    """How a game's playouts stop and are scored (see the module docs for each game)."""

    game: str
    #: A typical size of one deal's reward, in the game's points (scales the exploration).
    scale: float
    marker: Callable[[State], Hashable]
    standing: Callable[[State], list[float]]
    reward: Callable[[Sequence[float], Sequence[float]], list[float]]


# ----------------------------------------------------------------- Cribbage


def _cribbage_marker(world: Any) -> Hashable:
    return (world.game_no, world.deal_no)


def _cribbage_standing(world: Any) -> list[float]:
    pegs, target = world.pegs, world.target
    # Within one game of a match pegs only grow; the horizon stops at the game's end anyway.
    return [
        pegs[side] + (CRIBBAGE_WIN_BONUS if pegs[side] >= target else 0)
        for side in world.side[: world.n]
    ]


def _cribbage(world: State) -> Evaluation:
    sides = list(world.side[: world.n])  # type: ignore[attr-defined]
    return Evaluation(
        "cribbage",
        8.0,
        _cribbage_marker,
        _cribbage_standing,
        lambda before, after: side_reward(before, after, sides),
    )


# ----------------------------------------------------------------- Calypso


def _calypso_marker(world: Any) -> Hashable:
    return (world.round_no, world.deal_no)


def _calypso_standing(world: Any) -> list[float]:
    points = [
        calypso_points(len(world.completed[s]) // 13, len(world.progress_cards[s]), len(pile))
        for s, pile in enumerate(world.piles)
    ]
    t = world.totals
    if world.is_over:  # the round's points are in the totals already
        return [t[0], t[1], t[0], t[1]]
    side = [points[0] + points[2], points[1] + points[3]]
    return [t[0] + side[0], t[1] + side[1], t[0] + side[0], t[1] + side[1]]


def _calypso(world: State) -> Evaluation:
    return Evaluation(
        "calypso",
        300.0,
        _calypso_marker,
        _calypso_standing,
        lambda before, after: side_reward(before, after, [0, 1, 0, 1]),
    )


# ----------------------------------------------------------------- Kloepper


def _kloepper_marker(world: Any) -> Hashable:
    deal: int = world.deal_no
    return deal


def _kloepper_standing(world: Any) -> list[float]:
    return [float(p) for p in world.points]


def _kloepper_reward(before: Sequence[float], after: Sequence[float]) -> list[float]:
    gains = [a - b for a, b in zip(after, before, strict=True)]
    out: list[float] = []
    for g in gains:
        others = [o for o in gains if o != g]
        out.append(g - max(others) if others else 0.0)
    return out


def _kloepper(world: State) -> Evaluation:
    return Evaluation("kloepper", 2.0, _kloepper_marker, _kloepper_standing, _kloepper_reward)


# ----------------------------------------------------------------- Krypkasino


def _krypkasino_marker(world: Any) -> Hashable:
    return (world.hand_no, world.extra_left)


def _krypkasino_standing(world: Any) -> list[float]:
    team = world.team
    penalty: dict[int, int] = {}
    for s in range(world.n):
        t = team[s]
        penalty[t] = penalty.get(t, 0) + world.totals[s]
        if not world.is_over:
            # The unfinished hand: captured cards and tabbes so far (piles of finished hands
            # are in the totals and the piles are emptied for the next hand).
            penalty[t] += sum(POINTS[c] for c in world.piles[s]) + world.tabbe[s]
    return [-float(penalty[team[s]]) for s in range(world.n)]


def _krypkasino(world: State) -> Evaluation:
    team = list(world.team)  # type: ignore[attr-defined]
    return Evaluation(
        "krypkasino",
        6.0,
        _krypkasino_marker,
        _krypkasino_standing,
        lambda before, after: side_reward(before, after, team),
    )


_MAKERS: dict[str, Callable[[State], Evaluation]] = {
    "cribbage": _cribbage,
    "calypso": _calypso,
    "kloepper": _kloepper,
    "krypkasino": _krypkasino,
}


def evaluation_for(game: str, world: State | None = None) -> Evaluation:
    """The evaluation of ``game``, for worlds like ``world`` (a sampled world, or any state of
    that game with the same options; a fresh one is made when None).

    >>> evaluation_for("cribbage").scale
    8.0
    """
    if world is None:
        import cardtable

        world = cardtable.load(game).new_state(seed=0)
    maker = _MAKERS.get(game)
    if maker is None:
        raise KeyError(f"no search evaluation for {game!r}; games: {', '.join(sorted(_MAKERS))}")
    return maker(world)


#: Per game, the verbs whose moves are the ``rules`` bot's to make: where one is legal, the bot
#: makes it if the rules bot would, and the search chooses among the other moves otherwise.
#: Kloepper's declarations and knocks: in sampled worlds every card is known, so a search
#: knocks or goes alone far too often (it never sees the risk it would take on the real deal).
RULES_VERBS: dict[str, frozenset[str]] = {
    "kloepper": frozenset({"call", "alone", "knock", "knock-off"}),
}


def delegated(game: str, observation: dict[str, Any]) -> bool:
    """Whether the search leaves this decision to the game's ``rules`` bot: Cribbage discards
    (the exact advisor), claims and muggins.

    >>> delegated("cribbage", {"phase": "discard"}), delegated("cribbage", {"phase": "play"})
    (True, False)
    """
    return game == "cribbage" and observation.get("phase") != "play"
