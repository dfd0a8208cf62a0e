"""How cards look on a terminal: suit symbols, in two colours or four, inside any line of words.

The command line and the full-screen table both draw cards with these.

>>> card_text("10H").plain, card_text("AC", four_colour=True).style
('10♥', 'bold green')
>>> cards_text(["AS", "QD"]).plain
'A♠ Q♦'
>>> colour_cards("Seat 0 plays 5H, count 15").plain, colour_cards("席1がADを出す").plain
('Seat 0 plays 5♥, count 15', '席1がA♦を出す')
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.text import Text

from cardtable.cards import SUIT_LETTERS, SUIT_SYMBOLS, card_str

__all__ = ["card_text", "cards_text", "colour_cards"]

# ASCII word characters only: in Japanese a card stands right beside kana ("5Hを出す").
_CARD = re.compile(r"(?<![\w-])(10|[2-9AJQK])([CDHS])(?![\w-])", re.ASCII)
# Red suits in red; black suits in the terminal's own colour (readable on any background),
# even inside a coloured line.
_TWO = {"C": "bold default", "D": "bold red", "H": "bold red", "S": "bold default"}
# The usual four-colour pack: clubs green, diamonds blue.
_FOUR = {"C": "bold green", "D": "bold blue", "H": "bold red", "S": "bold default"}


def card_text(card: int | str, four_colour: bool = False) -> Text:
    """One card (an id or its notation) with its suit symbol, coloured by suit."""
    name = card_str(card) if isinstance(card, int) else card
    rank, suit = name[:-1], name[-1]
    styles = _FOUR if four_colour else _TWO
    return Text(rank + SUIT_SYMBOLS[SUIT_LETTERS.index(suit)], style=styles[suit])


def cards_text(cards: Iterable[int | str], four_colour: bool = False) -> Text:
    """Cards separated by spaces, each coloured by suit."""
    return Text(" ").join(card_text(c, four_colour) for c in cards)


def colour_cards(line: str, style: str = "", four_colour: bool = False) -> Text:
    """``line`` with every card in ASCII notation shown with its coloured suit symbol."""
    text = Text(style=style)
    pos = 0
    for match in _CARD.finditer(line):
        text.append(line[pos : match.start()])
        text.append_text(card_text(match.group(0), four_colour))
        pos = match.end()
    text.append(line[pos:])
    return text
