"""A game's review (:mod:`cardtable.bots.review`) in words a player reads, in the current
language: a summary, and a line for each decision where the expert would have chosen
otherwise by more than a trifle, with the moves worded as the table words them
(:meth:`~cardtable.engine.State.describe_move`; with players' names and suit symbols inside
:func:`~cardtable.i18n.using_names`).

>>> from cardtable.bots.review import Decision, Review
>>> import cardtable
>>> state = cardtable.load("cribbage", target=61).new_state(seed=1)
>>> state.apply("discard 2H 4C")
>>> review = Review("cribbage", 0, "expert", 1, (Decision(0, "discard 2H 4C", "discard 7S QD"),))
>>> words = review_words(review, state.to_record())
>>> print(words["summary"])
The expert weighed 1 decision of seat 0 and would have chosen otherwise at 1.
>>> print(words["lines"][0]["text"])
Move 1: played “discard 2H 4C”; the expert would choose “discard 7S QD”.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.bots.review import Decision, Record, Review, negligible_loss
from cardtable.i18n import _, get_language, ngettext, seat_word, using_names
from cardtable.registry import load

__all__ = ["points_word", "review_words"]


def points_word(value: float) -> str:
    """A number of points as a review shows it: two decimals below 1, one below 100.

    >>> points_word(0.1234), points_word(12.345), points_word(250.4)
    ('0.12', '12.3', '250')
    """
    size = abs(value)
    digits = 2 if size < 1 else 1 if size < 100 else 0
    return f"{value:.{digits}f}"


def _noteworthy(decision: Decision, trifle: float) -> bool:
    """Whether a decision is worth a line: the expert chose otherwise, by more than a trifle
    and by more than twice the figure's standard error (else the simulations may have decided
    between equals), or without a figure."""
    if not decision.differs:
        return False
    loss, error = decision.loss, decision.error
    return loss is None or (loss >= trifle and (error is None or loss >= 2 * error))


def _line_text(number: int, played: str, expert: str, decision: Decision) -> str:
    if decision.loss is None:
        return _("Move {number}: played “{played}”; the expert would choose “{expert}”.").format(
            number=number, played=played, expert=expert
        )
    if decision.error is None:
        line = ngettext(
            "Move {number}: played “{played}”; the expert would choose “{expert}”, {loss} "
            "points better on average over {count} simulation.",
            "Move {number}: played “{played}”; the expert would choose “{expert}”, {loss} "
            "points better on average over {count} simulations.",
            decision.weighed,
        )
    else:
        line = ngettext(
            "Move {number}: played “{played}”; the expert would choose “{expert}”, {loss} "
            "points better on average (±{error}) over {count} simulation.",
            "Move {number}: played “{played}”; the expert would choose “{expert}”, {loss} "
            "points better on average (±{error}) over {count} simulations.",
            decision.weighed,
        )
    # One set of fields for both wordings (str.format ignores the error where it is unsaid).
    return line.format(
        number=number,
        played=played,
        expert=expert,
        loss=points_word(decision.loss),
        error=points_word(decision.error) if decision.error is not None else "",
        count=decision.weighed,
    )


def _summary(review: Review, listed: list[Decision], minor: int, trifle: float) -> str:
    done = len(review.decisions)
    out = [
        ngettext(
            "The expert weighed {count} decision of {seat} and would have chosen otherwise "
            "at {listed}.",
            "The expert weighed {count} decisions of {seat} and would have chosen otherwise "
            "at {listed}.",
            done,
        ).format(count=done, seat=seat_word(review.seat), listed=len(listed))
    ]
    # Every difference's figure, the small and the negative too: summing only the large ones
    # would add the noise of the simulations that happened to fall one way.
    losses = [d.loss for d in review.decisions if d.differs and d.loss is not None]
    if losses:
        out.append(
            _("On its reckoning the moves that differed cost {loss} points in all.").format(
                loss=points_word(sum(losses))
            )
        )
    if minor:
        out.append(
            _(
                "At {count} more its choice was better by less than {loss} points, or by less "
                "than the simulations can tell: about as good."
            ).format(count=minor, loss=points_word(trifle))
        )
    if not review.complete:
        out.append(
            _("The review stopped after {done} of {total} decisions, at its bound.").format(
                done=done, total=review.total
            )
        )
    # Japanese sentences follow one another with no space between them.
    return ("" if get_language() == "ja" else " ").join(out)


def review_words(
    review: Review, record: Record, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The review in words (JSON-safe): ``summary``, ``lines`` (one for each decision where the
    expert would have chosen otherwise by at least ``trifle`` points, or without a figure,
    each with its move number ``ply`` from 0, the moves' notation and words, the ``loss`` and
    the ``text``), and the counts behind them. ``names`` (the players' names) words seats by
    name and cards with suit symbols."""
    trifle = negligible_loss(review.game)
    listed = [d for d in review.decisions if _noteworthy(d, trifle)]
    minor = sum(d.differs for d in review.decisions) - len(listed)
    game = load(str(record["game"]), **dict(record.get("options") or {}))
    state = game.new_state(seed=record.get("seed"), decks=record.get("decks"))
    moves = [str(m) for m in record.get("moves") or []]
    lines: list[dict[str, Any]] = []
    wanted = {d.ply: d for d in listed}
    with using_names(names):
        for ply, text in enumerate(moves[: max(wanted) + 1] if wanted else []):
            legal = state.legal_moves()
            decision = wanted.get(ply)
            if decision is not None:
                played = state.describe_move(game.read_move(decision.played, legal))
                expert = state.describe_move(game.read_move(decision.expert, legal))
                lines.append(
                    {
                        "ply": ply,
                        "move": decision.played,
                        "words": played,
                        "expert": decision.expert,
                        "expert_words": expert,
                        "loss": decision.loss,
                        "weighed": decision.weighed,
                        "error": decision.error,
                        "text": _line_text(ply + 1, played, expert, decision),
                    }
                )
            state.apply(text)
        summary = _summary(review, listed, minor, trifle)
    return {
        "seat": review.seat,
        "spec": review.spec,
        "total": review.total,
        "done": len(review.decisions),
        "complete": review.complete,
        "differ": len(listed) + minor,
        "minor": minor,
        "trifle": trifle,
        "summary": summary,
        "lines": lines,
    }
