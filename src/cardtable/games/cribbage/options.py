"""Cribbage's options: the typed names and values, with the words a menu shows for them.

>>> from cardtable.options import choice_label, option_label
>>> skunk = OPTIONS[2]
>>> option_label(skunk), choice_label("acc", skunk)
('Skunk rule', 'ACC: a skunk at 31 points ahead, a double at 61')
"""

from __future__ import annotations

from cardtable.i18n import N_, NP_
from cardtable.options import Option, first_dealer

__all__ = ["OPTIONS"]

# The typed names' own menu words, for a menu that has only the name (the terminal's).
_OPTION_WORDS = (
    NP_("option", "players"),
    NP_("option", "target"),
    NP_("option", "skunk"),
    NP_("option", "muggins"),
    NP_("option", "games"),
    NP_("option", "dealer"),
    NP_("option", "deck"),
    NP_("option value", "acc"),
    NP_("option value", "hoyle"),
    NP_("option value", "none"),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        2,
        N_(
            "2 players with six cards; 3 with five (one pack card to the crib); 4 in two "
            "partnerships, the first and third seats against the second and fourth"
        ),
        choices=(2, 3, 4),
        label=NP_("option", "Players"),
    ),
    Option(
        "target",
        121,
        N_("points that win a game"),
        choices=(121, 61),
        label=NP_("option", "Target score"),
        words=((121, NP_("option value", "121 points")), (61, NP_("option value", "61 points"))),
    ),
    Option(
        "skunk",
        "acc",
        N_(
            "how a big win counts: ACC makes a win by 31 points or more a skunk (2 game "
            "points) and by 61 or more a double skunk (3); Hoyle makes it a lurch (2) when the "
            "loser has under half the target; or every win counts 1"
        ),
        choices=("acc", "hoyle", "none"),
        label=NP_("option", "Skunk rule"),
        words=(
            ("acc", NP_("option value", "ACC: a skunk at 31 points ahead, a double at 61")),
            ("hoyle", NP_("option value", "Hoyle: a lurch when the loser has under half")),
            ("none", NP_("option value", "No skunks")),
        ),
    ),
    Option(
        "muggins",
        False,
        N_("players claim their own hand and crib totals; an opponent may take missed points"),
        choices=(False, True),
        label=NP_("option", "Muggins"),
    ),
    Option(
        "games",
        1,
        N_("games in a match (each win 1, skunk 2, double skunk 3); the loser deals next"),
        low=1,
        high=99,
        label=NP_("option", "Games in the match"),
    ),
    Option(
        "deck",
        "standard",
        N_(
            "standard: the 52 cards; tiny (for exact solvers, two players, one game): the six "
            "cards 4 5 6 of hearts and spades, two each dealt one at a time, one laid away to "
            "the crib, the next card the starter; the count may not pass 10 (not 31) and "
            "reaching 10 scores 2; a flush needs the starter too and scores one point a card; "
            "the game is one deal: after the show the most points win, equal points share"
        ),
        choices=("standard", "tiny"),
        research=True,
        label=NP_("option", "Deck"),
        words=(
            ("standard", NP_("option value", "52 cards")),
            ("tiny", NP_("option value", "Tiny: 6 cards, one deal")),
        ),
    ),
    first_dealer(3),
)
