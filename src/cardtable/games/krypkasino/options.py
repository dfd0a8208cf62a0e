"""Krypkasino's options: the typed names and values, with the words a menu shows for them.

>>> from cardtable.options import choice_label, option_label
>>> teams = OPTIONS[1]
>>> option_label(teams), choice_label("pairs", teams)
('Teams', 'Partners sitting opposite')
"""

from __future__ import annotations

from cardtable.i18n import N_, NP_
from cardtable.options import Option, first_dealer

__all__ = ["OPTIONS", "TEAM_MODES"]

TEAM_MODES = ("none", "pairs", "threes")

# The typed names' own menu words, for a menu that has only the name (the terminal's).
_OPTION_WORDS = (
    NP_("option", "players"),
    NP_("option", "teams"),
    NP_("option", "capture"),
    NP_("option", "deals"),
    NP_("option", "dealer"),
    NP_("option value", "none"),
    NP_("option value", "pairs"),
    NP_("option value", "threes"),
    NP_("option value", "any-maximal"),
    NP_("option value", "most-cards"),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        4,
        N_("number of players, 2 to 6"),
        low=2,
        high=6,
        label=NP_("option", "Players"),
    ),
    Option(
        "teams",
        "none",
        N_(
            "everyone for themselves; partners sitting opposite (4 players: the first and "
            "third seats against the second and fourth; 6 players: three pairs, each two seats "
            "opposite); or, with 6 players, every other seat in two teams of three"
        ),
        choices=TEAM_MODES,
        label=NP_("option", "Teams"),
        words=(
            ("none", NP_("option value", "Everyone for themselves")),
            ("pairs", NP_("option value", "Partners sitting opposite")),
            ("threes", NP_("option value", "Two teams of three")),
        ),
    ),
    Option(
        "capture",
        "any-maximal",
        N_(
            "which captures a card may make: any largest set of groups it can take, or only "
            "the largest sets that take the most cards"
        ),
        choices=("any-maximal", "most-cards"),
        label=NP_("option", "Captures"),
        words=(
            ("any-maximal", NP_("option value", "Any largest set of groups")),
            ("most-cards", NP_("option value", "Only those taking the most cards")),
        ),
    ),
    Option(
        "deals",
        None,
        N_("hands in a game (default: one deal by each player)"),
        low=1,
        high=99,
        label=NP_("option", "Hands in a game"),
    ),
    first_dealer(5),
)
