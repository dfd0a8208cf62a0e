"""Kloepper's options: the typed names and values, with the words a menu shows for them.

The scoring table is typed: ``default``, or ``row=points`` pairs separated by commas.

>>> import re
>>> bool(re.fullmatch(SCORING_PATTERN, "knock=10, lone-win=8"))
True
>>> bool(re.fullmatch(SCORING_PATTERN, "knock=ten"))
False
"""

from __future__ import annotations

from cardtable.games.kloepper.scoring import DEFAULT_TABLE
from cardtable.i18n import N_, NP_
from cardtable.options import Option, first_dealer

__all__ = ["OPTIONS", "SCORING_EXAMPLE", "SCORING_PATTERN"]

# The typed names' own menu words, for a menu that has only the name (the terminal's).
_OPTION_WORDS = (
    NP_("option", "target"),
    NP_("option", "scoring"),
    NP_("option", "dealer"),
    NP_("option", "deck"),
    NP_("option value", "standard"),
    NP_("option value", "tiny"),
)

_ROW = "(?:" + "|".join(sorted(DEFAULT_TABLE, key=len, reverse=True)) + r")\s*=\s*[0-9]{1,3}"
#: What a form may send for ``scoring`` (any letter case, spaces around the signs): the
#: ``default`` table or rows with points from 0 to 999. Hyphens in the rows are written
#: plainly: a browser reads a ``pattern`` in the ``v`` mode, where a class would need ``\-``.
SCORING_PATTERN = r"\s*(?:[Dd][Ee][Ff][Aa][Uu][Ll][Tt]|" + _ROW + r"(?:\s*,\s*" + _ROW + r")*)\s*"
#: A value that changes two rows, for a form's hint.
SCORING_EXAMPLE = "knock=10, lone-win=8"

OPTIONS: tuple[Option, ...] = (
    Option(
        "target",
        30,
        N_("game points that end the game"),
        low=1,
        high=999,
        label=NP_("option", "Target score"),
    ),
    Option(
        "scoring",
        "default",
        N_(
            "default for the table of the rules, or the rows to change, as row=points "
            "separated by commas (e.g. knock=10, lone-win=8); rows: win, win-high, win-all, "
            "lose, lose-high, lose-all, lone-win, lone-win-high, lone-win-all, lone-lose, "
            "lone-lose-high, lone-lose-all, knock, knock-failed, knock-off, knock-off-failed, "
            "lone-knock, lone-knock-failed; points are whole numbers from 0 to 999"
        ),
        label=NP_("option", "Scoring table"),
        example=SCORING_EXAMPLE,
        pattern=SCORING_PATTERN,
    ),
    Option(
        "deck",
        "standard",
        N_(
            "standard: the 24 cards, six each; tiny (for exact solvers): eight cards, QC QS "
            "JH AD as trumps (high to low) and AH 10H AS 10S as plain cards, two each dealt "
            "one at a time, two tricks a deal; only AH or AS may be called; the pack holds "
            "61 card points, so the queens team wins with 31, wins high with 46 and loses "
            "high with 15 or fewer; a knock claims both tricks and must come before the "
            "first lead; the last trick, one card each, plays itself (target=1 plays one deal)"
        ),
        choices=("standard", "tiny"),
        research=True,
        label=NP_("option", "Deck"),
        words=(
            ("standard", NP_("option value", "24 cards")),
            ("tiny", NP_("option value", "Tiny: 8 cards, 2 each")),
        ),
    ),
    first_dealer(3),
)
