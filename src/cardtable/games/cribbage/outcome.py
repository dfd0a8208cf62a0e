"""How a game of cribbage ends: its kind and game points (RULES.md 4.7, section 5's ``skunk``),
the summary the state keeps of it, the next game's first dealer, and the result line's words.

>>> game_kind("acc", target=121, best_loser=75)
('skunk', 2)
>>> summary(3, [0], [121, 60], "skunk", 2)
{'game': 3, 'winners': [0], 'pegs': [121, 60], 'kind': 'skunk', 'points': 2}
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine import JSON
from cardtable.games.cribbage.text import game_kind_name
from cardtable.i18n import _

__all__ = ["game_kind", "loser_deals", "result_note", "summary"]

#: A winner's margin over the best loser that makes a skunk and a double skunk (ACC rules).
SKUNK, DOUBLE_SKUNK = 31, 61


def game_kind(skunk: str, target: int, best_loser: int) -> tuple[str, int]:
    """A won game's kind and game points under the ``skunk`` option: ``acc`` counts a skunk
    (2) when the best loser is 31 or more short of the target and a double skunk (3) at 61;
    ``hoyle`` a lurch (2) when he has not reached half of it; ``none`` only wins (1). RULES.md
    4.11's vector 34: 121-90 is a skunk, 121-91 is not, 121-60 is a double skunk.

    >>> game_kind("acc", 121, 90), game_kind("acc", 121, 91), game_kind("acc", 121, 60)
    (('skunk', 2), ('win', 1), ('double skunk', 3))
    >>> game_kind("hoyle", 61, 30), game_kind("hoyle", 61, 31), game_kind("none", 121, 0)
    (('lurch', 2), ('win', 1), ('win', 1))
    """
    if skunk == "acc":
        margin = target - best_loser
        if margin >= DOUBLE_SKUNK:
            return "double skunk", 3
        if margin >= SKUNK:
            return "skunk", 2
    elif skunk == "hoyle" and best_loser < (target + 1) // 2:
        return "lurch", 2
    return "win", 1


def summary(
    game_no: int, winners: list[int], pegs: list[int], kind: str, points: int
) -> dict[str, JSON]:
    """What the state keeps of a finished game (its ``result``'s ``games`` lists these): the
    winning seats, each seat's pegs, the kind (``win``, a skunk, ``draw`` in the tiny deck's
    game) and the game points it scored."""
    return {"game": game_no, "winners": winners, "pegs": pegs, "kind": kind, "points": points}


def loser_deals(pegs: Sequence[int], side: Sequence[int], first_dealer: int, n: int) -> int:
    """The next game's first dealer (RULES.md 5: the loser deals): the first seat after this
    game's first dealer whose side has the fewest pegs.

    >>> loser_deals([121, 98], [0, 1], first_dealer=0, n=2)
    1
    >>> loser_deals([80, 121], [0, 1, 0, 1], first_dealer=1, n=4)
    2
    """
    low = min(pegs)
    return next(
        (first_dealer + k) % n for k in range(1, n + 1) if pegs[side[(first_dealer + k) % n]] == low
    )


def result_note(last: dict[str, JSON], partners: bool) -> str:
    """What the result line adds to its winners for the last game (the current language):
    the partnership, and a skunk or lurch with its game points.

    >>> result_note(summary(1, [0], [121, 80], "win", 1), partners=False)
    ''
    >>> result_note(summary(1, [0, 2], [121, 50, 121, 50], "skunk", 2), partners=True)
    'as partners, with a skunk (2 game points)'
    """
    kind = str(last["kind"])
    if kind == "win":
        return _("as partners") if partners else ""
    if partners:
        line = _("as partners, with a {kind} ({points} game points)")
    else:
        line = _("with a {kind} ({points} game points)")
    return line.format(kind=game_kind_name(kind), points=last["points"])
