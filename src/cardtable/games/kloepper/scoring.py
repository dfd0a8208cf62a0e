"""Kloepper's scoring table as data: who scores what for each result of a deal.

The default is the reconstruction of RULES.md section 5 (the official table is lost; this one
agrees with every figure that survives). A club replaces any rows with the ``scoring`` option:
``default``, or ``row=points`` pairs separated by commas (the other rows keep their default).
A table must give points for at least one result a deal can have (see :data:`NEVER`):
otherwise no one ever reaches the target and the game would never end.

>>> table = scoring_table("knock=10, lone-knock=25")
>>> table["knock"], table["lone-knock"], table["win"]
(10, 25, 2)
>>> result_key(queens_points=70, queens_tricks=4, alone=False, knock=False, knock_off=False)
'win'
>>> result_key(queens_points=120, queens_tricks=6, alone=True, knock=True, knock_off=False)
'lone-knock'
"""

from __future__ import annotations

from cardtable.errors import OptionError, clip
from cardtable.i18n import _

__all__ = ["DEFAULT_TABLE", "NEVER", "QUEENS_WIN", "result_key", "scoring_table"]

#: Each row: the points every member of the winning side scores.
DEFAULT_TABLE: dict[str, int] = {
    "win": 2,  # queens team 61-90 card points
    "win-high": 4,  # 91-120 without every trick
    "win-all": 6,  # every trick
    "lose": 2,  # queens team 31-60: each opponent
    "lose-high": 4,  # queens team 0-30 with at least one trick
    "lose-all": 6,  # queens team took no trick
    "lone-win": 6,
    "lone-win-high": 12,
    "lone-win-all": 18,
    "lone-lose": 2,
    "lone-lose-high": 4,
    "lone-lose-all": 6,
    "knock": 12,
    "knock-failed": 6,
    "knock-off": 24,
    "knock-off-failed": 24,
    "lone-knock": 30,
    "lone-knock-failed": 30,
}

#: The results the queens team (or the lone player) wins; in every other one the opponents do.
QUEENS_WIN = frozenset(
    {
        "win",
        "win-high",
        "win-all",
        "lone-win",
        "lone-win-high",
        "lone-win-all",
        "knock",
        "knock-off-failed",
        "lone-knock",
    }
)


#: The rows no deal can score: the queens team (or the lone player) holds the queen of clubs,
#: the highest trump, and always takes the trick it falls to, so it never takes no trick.
NEVER = frozenset({"lose-all", "lone-lose-all", "knock-off"})


def scoring_table(spec: str) -> dict[str, int]:
    """The table an option value gives; a bad row or number raises naming what is allowed.

    >>> scoring_table("default") == DEFAULT_TABLE
    True
    >>> scoring_table("win=0, lose=0")["win"]
    0
    >>> scoring_table("knock=x")
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: option 'scoring': 'knock=x' is not row=points with points a \
whole number from 0 to 999
    """
    table = dict(DEFAULT_TABLE)
    text = spec.strip().lower()
    if text in ("", "default"):
        return table
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name, value = name.strip(), value.strip()
        if name not in table:
            raise OptionError(
                _("option 'scoring': unknown row {name!r}; rows: {rows}").format(
                    name=clip(name), rows=", ".join(DEFAULT_TABLE)
                )
            )
        # Digits 0-9 only: isdigit() holds for "²", which int() refuses, and int() reads "٣".
        if not sep or not (value.isascii() and value.isdigit() and len(value.lstrip("0")) <= 3):
            raise OptionError(
                _(
                    "option 'scoring': {item!r} is not row=points with points a whole number "
                    "from 0 to 999"
                ).format(item=clip(item))
            )
        table[name] = int(value)
    if not any(points for row, points in table.items() if row not in NEVER):
        possible = [row for row in DEFAULT_TABLE if row not in NEVER]
        raise OptionError(
            _(
                "option 'scoring': no deal can score any points with this table, so the game "
                "would never end; give points to at least one of {rows} ({never} cannot "
                "happen: the queens team always takes the trick with the queen of clubs)"
            ).format(
                rows=", ".join(possible),
                never=", ".join(row for row in DEFAULT_TABLE if row in NEVER),
            )
        )
    return table


def result_key(
    queens_points: int,
    queens_tricks: int,
    alone: bool,
    knock: bool,
    knock_off: bool,
    tricks: int = 6,
    thresholds: tuple[int, int, int] = (61, 91, 30),
) -> str:
    """The row of the table that a finished deal scores.

    A knock claims all six tricks; after a knock-off the opponents claim them all instead.
    Without a knock, 61 card points win for the queens team, 91 or more (or every trick) win
    higher; the opponents win higher when the queens team takes 30 or less, or no trick. A
    smaller pack (the tiny deck) gives its own ``tricks`` a deal and ``thresholds`` (win,
    win high, lose high; see ``Deck.thresholds``).

    >>> result_key(60, 3, False, False, False), result_key(91, 5, True, False, False)
    ('lose', 'lone-win-high')
    >>> result_key(120, 5, False, True, True), result_key(0, 0, False, True, True)
    ('knock-off-failed', 'knock-off')
    >>> result_key(31, 1, False, False, False, tricks=2, thresholds=(31, 46, 15))
    'win'
    """
    win, high, low = thresholds
    if knock:
        if alone:
            return "lone-knock" if queens_tricks == tricks else "lone-knock-failed"
        if knock_off:
            return "knock-off" if queens_tricks == 0 else "knock-off-failed"
        return "knock" if queens_tricks == tricks else "knock-failed"
    prefix = "lone-" if alone else ""
    if queens_tricks == tricks:
        return prefix + "win-all"
    if queens_points >= high:
        return prefix + "win-high"
    if queens_points >= win:
        return prefix + "win"
    if queens_tricks == 0:
        return prefix + "lose-all"
    if queens_points <= low:
        return prefix + "lose-high"
    return prefix + "lose"
