"""How cards look on screen: suit symbols in two or four colours.

>>> card_text("10H").plain, card_text("AC", four_colour=True).style
('10♥', 'bold green')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS

__all__ = ["card_text", "cards_text", "colour_line"]

# ASCII boundaries: a card next to kana ("席1がADを出す") is still a card.
_CARD = re.compile(r"(?<![A-Za-z0-9-])(10|[2-9AJQK])([CDHS])(?![A-Za-z0-9-])")

# Black suits in the terminal's own colour so they read on any background.
_TWO = {"C": "bold default", "D": "bold red", "H": "bold red", "S": "bold default"}
# The usual four-colour pack: clubs green, diamonds blue.
_FOUR = {"C": "bold green", "D": "bold blue", "H": "bold red", "S": "bold default"}


def card_text(name: str, four_colour: bool = False) -> Text:
    """One card (ASCII notation) with its suit symbol, coloured by suit."""
    rank, suit = name[:-1], name[-1]
    styles = _FOUR if four_colour else _TWO
    return Text(rank + SUIT_SYMBOLS[SUIT_LETTERS.index(suit)], style=styles[suit])


def cards_text(cards: Iterable[str], four_colour: bool = False) -> Text:
    """Cards separated by spaces, or a dash for none.

    >>> cards_text(["AS", "QD"]).plain, cards_text([]).plain
    ('A♠ Q♦', '–')
    """
    cards = list(cards)
    if not cards:
        return Text("–", style="dim")
    return Text(" ").join(card_text(c, four_colour) for c in cards)


def colour_line(line: str, four_colour: bool = False, style: str = "") -> Text:
    """A line of words with every card in notation shown with its coloured symbol.

    >>> colour_line("Seat 0 plays 5H, count 15").plain, colour_line("席1がADを出す").plain
    ('Seat 0 plays 5♥, count 15', '席1がA♦を出す')
    """
    text = Text(style=style)
    pos = 0
    for match in _CARD.finditer(line):
        text.append(line[pos : match.start()])
        text.append_text(card_text(match.group(0), four_colour))
        pos = match.end()
    text.append(line[pos:])
    return text
