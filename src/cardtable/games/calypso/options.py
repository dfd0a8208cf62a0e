"""Calypso's options: the typed names and values, with the words a menu shows for them.

>>> from cardtable.options import choice_label, option_label
>>> suits = OPTIONS[1]
>>> option_label(suits), choice_label("schd", suits)
('Trump suits', '♠ ♣ ♥ ♦')
"""

from __future__ import annotations

from cardtable.games.calypso.tricks import RULE_NAMES
from cardtable.i18n import N_, NP_
from cardtable.options import Option, first_dealer

__all__ = ["OPTIONS", "SUIT_CHOICES"]

#: Every allowed ``suits`` value: the suit letters of seats 0..3, ♠ always with ♥ and ♣ with ♦.
SUIT_CHOICES = ("schd", "sdhc", "hcsd", "hdsc", "csdh", "chds", "dsch", "dhcs")
_SYMBOL = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}

# The typed names' own menu words, for a menu that has only the name (the terminal's).
_OPTION_WORDS = (
    NP_("option", "trick_rule"),
    NP_("option", "suits"),
    NP_("option", "rounds"),
    NP_("option", "dealer"),
    NP_("option value", "standard"),
    NP_("option value", "lead-ranks"),
    NP_("option value", "last-trump"),
    NP_("option value", "all-fours"),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "trick_rule",
        "standard",
        N_(
            "who wins a trick with trumps: by the standard rule (as on Board Game Arena) any "
            "trump-in beats a led trump and the highest trump-in wins; or a led trump "
            "competes by rank; or the last trump-in wins; or, in all fours, a led trump "
            "competes by rank and you may trump in even when you can follow"
        ),
        choices=RULE_NAMES,
        label=NP_("option", "Trick rule"),
        words=(
            ("standard", NP_("option value", "Standard: the highest trump-in wins")),
            ("lead-ranks", NP_("option value", "A led trump competes by rank")),
            ("last-trump", NP_("option value", "The last trump-in wins")),
            ("all-fours", NP_("option value", "All fours: trump in at any time")),
        ),
    ),
    Option(
        "suits",
        "schd",
        N_(
            "each player's trump suit, from the first seat to the fourth; spades and hearts "
            "are always partners, as are clubs and diamonds"
        ),
        choices=SUIT_CHOICES,
        label=NP_("option", "Trump suits"),
        # Suit symbols read the same in every language: nothing to translate.
        words=tuple((s, " ".join(_SYMBOL[letter] for letter in s)) for s in SUIT_CHOICES),
    ),
    Option(
        "rounds",
        1,
        N_("rounds of four deals, each through one shuffle of the 208 cards"),
        low=1,
        high=4,
        label=NP_("option", "Rounds"),
    ),
    first_dealer(3, default=3),
)
