"""A hint that explains itself: the hint bot's best moves with their values, error bars and a
reason in words, from what its search counted in its own play-outs.

A search bot set to explain (:func:`explaining`) keeps, for each move it weighed, its mean
reward with the 95% error bar and the game's reason counters summed over the same play-outs
(:class:`~cardtable.bots.search.MoveStats`). :func:`weighed` takes them from the bot (any bot
with ``last_stats``, or ``last_report`` rows, or none) as a :class:`Weighed`: plain data, no
words, so a worker process can hand it back. :func:`hint_rows` then says each of the best
moves (up to :data:`SHOWN`) in the current language: the move in words; for the best move its
value with its error bar over the sampled deals and its lead over the next move; for another,
how much worse than the best it is (the search's paired gap where it played both moves in the
same deals, so the luck of a deal, which every move of it shares, drops out of the comparison);
and the counter that sets it apart: for the best move, what it does better than the next; for
another, what it does worse than the best. A bot that does
not search (a rules bot) gives one row: its move, and its reason where it offers one
(``last_reason``: an untranslated message and its fields).

Everything here comes from the seat's own sampled worlds, never the real deal: two deals that
differ only in cards hidden from the seat give the same rows for the same seed
(:func:`view_seed` draws the seed from the seat's view alone).

>>> import cardtable
>>> from cardtable.bots.search import PimcBot
>>> from cardtable.i18n import using_names
>>> from cardtable.seat_view import SeatView
>>> state = cardtable.load("cribbage").new_state(seed=1)
>>> state.apply_all(["discard 2H 4C", "discard 3H 4S"])
>>> bot = explaining(PimcBot(seed=view_seed(state, 0), worlds=40))
>>> move = bot.choose(SeatView(state, 0))
>>> with using_names(["Ann", "Bob"]):
...     rows = hint_rows(state, weighed(bot))
>>> [row["words"] for row in rows]
['Play Q♦ (count 10)', 'Play 7♠ (count 7)', 'Play 9♠ (count 9)']
>>> for row in rows[:2]:
...     print(row["line"].replace("; ", "\\n").replace("), ", "),\\n"))
Play Q♦ (count 10): -10.6 points against theirs on average over 40 deals (±1.7),
0.3 points better than 7♠ over the same deals (±0.9)
they peg 2.6 points on average (3.0 after 7♠)
Play 7♠ (count 7): 0.3 points worse than Q♦ over the same deals (±0.9)
they peg 3.0 points on average (2.6 after Q♦)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from cardtable.bot_protocol import Bot
from cardtable.bots.search import IsmctsBot, MoveStats, PimcBot
from cardtable.engine import JSON, State
from cardtable.i18n import _, cards_word
from cardtable.reason_hooks import Counter, ReasonHooks
from cardtable.registry import entry

__all__ = ["SHOWN", "Weighed", "explaining", "hint_rows", "view_seed", "weighed"]

#: How many of the best moves a hint says.
SHOWN = 3

B = TypeVar("B", bound=Bot)

#: A reason a bot gives in its own terms: an untranslated message (marked with ``N_``) and the
#: fields it names; a field that is a tuple of card ids is said as those cards, in the asker's
#: words (the bot decides where no names are in use, perhaps in a worker process).
Reason = tuple[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Weighed:
    """What the hint bot weighed, as plain data: its move, the moves it searched (best first,
    empty for a bot that does not search), its own reason, if it gives one, and the words of
    its values where they are not the game's usual ones (an untranslated message: a game's own
    search may value moves its own way, see ``value_unit``)."""

    move: str
    stats: list[MoveStats] = field(default_factory=list)
    reason: Reason | None = None
    unit: str | None = None


def explaining(bot: B) -> B:
    """``bot``, set to count the game's reasons in its play-outs where it is a search bot
    (the generic ones, or a game's own that has an ``explain`` flag); it changes no move, only
    the work done.

    >>> explaining(PimcBot(seed=1)).explain
    True
    """
    if isinstance(bot, PimcBot | IsmctsBot) or isinstance(getattr(bot, "explain", None), bool):
        bot.explain = True  # type: ignore[attr-defined]
    return bot


def view_seed(state: State, seat: int) -> int:
    """A seed drawn from what ``seat`` sees (its observation) and nothing else: the same for two
    deals that differ only in cards hidden from it, so the same hint.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=1)
    >>> view_seed(state, 0) == view_seed(state.clone(), 0), view_seed(state, 0) < 2**32
    (True, True)
    """
    seen = json.dumps([state.game.name, state.observation(seat)], sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(seen.encode()).digest()[:4], "big")


def weighed(bot: Bot, move: str | None = None) -> Weighed:
    """What ``bot`` weighed for its last choice (``move``, else the best of its report).

    >>> weighed(PimcBot(seed=1), "play 7S")
    Weighed(move='play 7S', stats=[], reason=None, unit=None)
    """
    stats: list[MoveStats] = list(getattr(bot, "last_stats", None) or [])
    if not stats:
        report = getattr(bot, "last_report", None) or []
        stats = [MoveStats(str(m), float(v), int(n)) for m, v, n in report]
    reason = getattr(bot, "last_reason", None)
    unit = getattr(bot, "value_unit", None)
    best = move if move is not None else (stats[0].move if stats else "")
    return Weighed(
        best,
        stats,
        reason if _is_reason(reason) else None,
        unit if isinstance(unit, str) else None,
    )


def _is_reason(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], Mapping)
    )


def hint_rows(state: State, weighed: Weighed) -> list[dict[str, JSON]]:
    """The hint's rows in the current language (inside :func:`~cardtable.i18n.using_names`,
    cards by name): each of the best searched moves with its ``value``, ``margin`` (the 95%
    error bar, None under two deals), ``deals``, its ``gap`` to the best move (0 for the best)
    with that gap's ``gap_margin`` and whether it is ``paired`` (see
    :class:`~cardtable.bots.search.MoveStats`; from the two means, without a margin, for a bot
    that reports only its means), ``reason`` and the whole ``line``; or the one move of a bot
    that did not search, with its own reason (and no gap).

    >>> import cardtable
    >>> state = cardtable.load("kloepper").new_state(seed=1)
    >>> row = hint_rows(state, Weighed("pass", reason=("it holds {n} trumps", {"n": 2})))[0]
    >>> row["value"], row["margin"], row["deals"], row["gap"], row["reason"], row["line"]
    (None, None, 0, None, 'it holds 2 trumps', 'pass; it holds 2 trumps')
    >>> from cardtable.i18n import using_names
    >>> keeps = Weighed("pass", reason=("it keeps {cards}", {"cards": (0, 51)}))
    >>> with using_names([]):
    ...     hint_rows(state, keeps)[0]["reason"]
    'it keeps A♣ K♠'
    """
    searched = [s for s in weighed.stats if s.visits > 0][:SHOWN]
    if not searched:
        reason = None
        if weighed.reason is not None:
            message, fields = weighed.reason
            said = {k: cards_word(v) if isinstance(v, tuple) else v for k, v in fields.items()}
            reason = _(message).format(**said)
        words = _words(state, weighed.move)
        line = words if reason is None else _("{line}; {reason}").format(line=words, reason=reason)
        return [_row(weighed.move, words, None, None, 0, reason, line)]
    hooks = _reasons(state)
    best = searched[0]
    rows = []
    for i, stats in enumerate(searched):
        other = searched[1 if i == 0 else 0] if len(searched) > 1 else None
        reason = _reason(state, hooks, stats, other, best=i == 0) if hooks is not None else None
        words = _words(state, stats.move)
        gap = _gap(stats, best)
        if i == 0:
            # The best move: its own value over the deals, then its lead over the next.
            if weighed.unit is not None:
                unit = _(weighed.unit)
            else:
                unit = hooks.unit() if hooks is not None else _("points")
            line = _value_line(words, stats, unit)
            if other is not None:
                lead = _gap(other, best)
                versus = _versus(-lead[0], _cards(state, other.move), lead[1], lead[2])
                line = _("{line}, {comparison}").format(line=line, comparison=versus)
        else:
            versus = _versus(gap[0], _cards(state, best.move), gap[1], gap[2])
            line = _("{move}: {comparison}").format(move=words, comparison=versus)
        if reason is not None:
            line = _("{line}; {reason}").format(line=line, reason=reason)
        rows.append(
            _row(stats.move, words, stats.mean, stats.margin, stats.visits, reason, line, gap)
        )
    return rows


def _value_line(words: str, stats: MoveStats, unit: str) -> str:
    """The move with its own mean value over the deals and its error bar."""
    fields = {
        "move": words,
        "value": f"{stats.mean:+.1f}",
        "unit": unit,
        "deals": stats.visits,
        "margin": "" if stats.margin is None else f"{stats.margin:.1f}",
    }
    if stats.margin is None:
        return _("{move}: {value} {unit} on average over {deals} deals").format(**fields)
    return _("{move}: {value} {unit} on average over {deals} deals (±{margin})").format(**fields)


def _gap(stats: MoveStats, best: MoveStats) -> tuple[float, float | None, bool]:
    """The move's gap to the best, its 95% margin and whether it is paired: the search's own
    where it gave one, else the difference of the two means, without a margin."""
    if stats.gap is not None:
        return stats.gap, stats.gap_margin, stats.paired
    return stats.mean - best.mean, None, False


def _versus(diff: float, other: str, margin: float | None, paired: bool) -> str:
    """A move ``diff`` points from ``other`` in words: worse, better or as good, over the same
    deals where the gap is paired, with its error bar where it has one."""
    amount = f"{abs(diff):.1f}"
    if amount == "0.0":
        text = (
            _("as good as {other} over the same deals")
            if paired
            else _("as good as {other} on average")
        )
    elif diff < 0:
        text = (
            _("{amount} points worse than {other} over the same deals")
            if paired
            else _("{amount} points worse than {other} on average")
        )
    else:
        text = (
            _("{amount} points better than {other} over the same deals")
            if paired
            else _("{amount} points better than {other} on average")
        )
    text = text.format(amount=amount, other=other)
    if margin is None:
        return text
    return _("{comparison} (±{margin})").format(comparison=text, margin=f"{margin:.1f}")


def _row(
    move: str,
    words: str,
    value: float | None,
    margin: float | None,
    deals: int,
    reason: str | None,
    line: str,
    gap: tuple[float, float | None, bool] | None = None,
) -> dict[str, JSON]:
    return {
        "move": move,
        "words": words,
        "value": None if value is None else round(value, 3),
        "margin": margin,
        "deals": deals,
        "gap": None if gap is None else round(gap[0], 3),
        "gap_margin": None if gap is None else gap[1],
        "paired": False if gap is None else gap[2],
        "reason": reason,
        "line": line,
    }


def _words(state: State, move: str) -> str:
    """The move in words (its notation where it is not legal here: a hint for a past move)."""
    legal = {m.text: m for m in state.legal_moves()}
    return state.describe_move(legal[move]) if move in legal else move


def _reasons(state: State) -> ReasonHooks | None:
    search = entry(state.game.name).search
    return None if search is None else search.reasons


def _reason(
    state: State, hooks: ReasonHooks, stats: MoveStats, other: MoveStats | None, best: bool
) -> str | None:
    """The counter that sets ``stats`` apart from ``other`` (the next move for the best one,
    the best for the rest), in words with the other's figure: the largest gain for the best
    move, the largest loss for another; without such a difference, its own weightiest counter
    alone."""
    if not stats.counted:
        return None
    counters = [c for c in hooks.counters if c.key in stats.counters]
    if not counters:
        return None
    if other is not None and other.counted:
        against = other

        def gap(c: Counter) -> float:
            return (stats.rate(c.key) - against.rate(c.key)) * c.worth

        # Only a difference a player can read: figures that differ once written.
        apart = [
            c
            for c in counters
            if _amount(c, stats.rate(c.key)) != _amount(c, other.rate(c.key))
            and (gap(c) > 0) == best
        ]
        if apart:
            chosen = max(apart, key=lambda c: abs(gap(c)))
            return _("{reason} ({amount} after {move})").format(
                reason=_say(chosen, stats.rate(chosen.key)),
                amount=_amount(chosen, other.rate(chosen.key)),
                move=_cards(state, other.move),
            )
    chosen = max(counters, key=lambda c: abs(stats.rate(c.key) * c.worth))
    return None if stats.rate(chosen.key) == 0 else _say(chosen, stats.rate(chosen.key))


def _amount(counter: Counter, rate: float) -> str:
    return f"{round(rate * 100)}%" if counter.share else f"{rate:.1f}"


def _cards(state: State, move: str) -> str:
    """The cards a move plays, as a player reads them (the move in words if it plays none)."""
    legal = {m.text: m for m in state.legal_moves()}
    found = legal.get(move)
    if found is None:
        return move
    return cards_word(found.cards[:1]) if found.cards else state.describe_move(found)


def _say(counter: Counter, rate: float) -> str:
    return counter.words().format(amount=_amount(counter, rate))
