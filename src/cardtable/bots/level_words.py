"""What each bot level does, in sentences a player reads in a menu (never its settings).

A level's sentences are made from the bot and settings that play it
(:func:`cardtable.bots.levels.level_bot`), so they stay true when a row changes; the settings
themselves, for the command line and research, are :func:`~cardtable.bots.levels.describe_level`.

>>> level_sentence("calypso", "easy")
'Plays by rules of thumb, and picks 70% of its moves at random.'
>>> level_sentence("cribbage", "easy")
'Plays by rules of thumb, and picks 30% of its moves at random. Keeps the cards worth most on \
their own, with no thought for the crib. Pegs the most points it can at once, without weighing \
the reply.'
>>> level_sentence("kloepper", "hard")
'Before each card, imagines 20 ways the hidden cards may lie, plays each out by rules of thumb \
and picks the move that does best across them.'
>>> level_sentence("kloepper", "expert").endswith("Works out the last 3 tricks of each imagined \
deal exactly.")
True
"""

from __future__ import annotations

from typing import Any

from cardtable.bots.levels import LEVELS, level_bot
from cardtable.i18n import _, get_language

__all__ = ["level_sentence"]


def _rules(budget: dict[str, Any]) -> list[str]:
    rate = float(budget.get("mistakes", 0))
    if rate >= 1:
        # Blundering keeps the stakes-raising decisions (Kloepper's calls, knocks) its own.
        out = [_("Picks its moves at random, except those that raise the stakes.")]
    elif rate > 0:
        out = [
            _("Plays by rules of thumb, and picks {percent}% of its moves at random.").format(
                percent=round(rate * 100)
            )
        ]
    else:
        out = [_("Plays by rules of thumb.")]
    if budget.get("discards") == "hand":
        out.append(_("Keeps the cards worth most on their own, with no thought for the crib."))
    if budget.get("pegging") == "greedy":
        out.append(_("Pegs the most points it can at once, without weighing the reply."))
    return out


def _sentences(name: str, budget: dict[str, Any]) -> list[str]:
    if name == "random":
        return [_("Picks any legal move at random.")]
    if name == "rules":
        return _rules(budget)
    if name in ("pimc", "search"):
        # A game's own `search` plays its worlds out by its rules bot, as pimc's rules rollout.
        if budget.get("rollout") == "rules" or name == "search":
            text = _(
                "Before each card, imagines {worlds} ways the hidden cards may lie, plays each "
                "out by rules of thumb and picks the move that does best across them."
            )
        else:
            text = _(
                "Before each card, imagines {worlds} ways the hidden cards may lie and picks "
                "the move that does best across them."
            )
        return [text.format(worlds=budget.get("worlds", 30))]
    if name == "pegger":
        return [
            _(
                "Lays away by the exact odds of hand and crib; before each card, weighs the "
                "hands the opponent may hold, trusting most those that fit what they laid away "
                "and played, and works the pegging out exactly against their best replies."
            )
        ]
    if name == "pimc-risk":
        out = [
            _(
                "Before each card, imagines {worlds} ways the hidden cards may lie, trusting "
                "most those that fit how the others have played, plays each out by rules of "
                "thumb and picks the move that does best; it calls and knocks only when those "
                "deals show it pays with room to spare."
            ).format(worlds=budget.get("worlds", 20))
        ]
        if budget.get("endgame"):
            out.append(
                _("Works out the last {tricks} tricks of each imagined deal exactly.").format(
                    tricks=budget["endgame"]
                )
            )
        return out
    if name == "ismcts":
        return [
            _("Before each card, plays {iterations} imagined games out to choose.").format(
                iterations=budget.get("iterations", 1000)
            )
        ]
    if name == "solver":
        return [_("Works out the best play exactly where it can.")]
    return [_("Plays as the bot {name}.").format(name=name)]


def level_sentence(game: str, level: str) -> str:
    """What ``level`` does in ``game``, in the current language; a level whose bot the game
    lacks is played by the best lower level, as :func:`~cardtable.bots.levels.make_bot` does.

    >>> from cardtable.i18n import using_language
    >>> with using_language("ja"):
    ...     level_sentence("krypkasino", "beginner")
    '出せる手からでたらめに選びます。'
    """
    row = None
    for lower in reversed(LEVELS[: LEVELS.index(level) + 1] if level in LEVELS else ()):
        row = level_bot(game, lower)
        if row is not None:
            break
    if row is None:
        level_bot(game, level)  # an unknown level: refused naming the levels
        return ""
    # Japanese sentences end in 。 and are not separated by spaces.
    return ("" if get_language() == "ja" else " ").join(_sentences(*row))
