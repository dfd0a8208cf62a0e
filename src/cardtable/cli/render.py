"""Rich text for cards, events, scores and results: suits in colour, points highlighted.

>>> colour_cards("Seat 0 plays 10H, count 10").plain
'Seat 0 plays 10♥, count 10'
>>> cards_text(["AS", "QD"]).plain
'A♠ Q♦'
"""

from __future__ import annotations

import string
from collections.abc import Iterable

from rich.text import Text

from cardtable.engine import Event, Game, State
from cardtable.i18n import _, ngettext
from cardtable.play.look import card_text, cards_text, colour_cards
from cardtable.table.result import state_result_words

__all__ = [
    "board_text",
    "card_text",
    "cards_text",
    "colour_cards",
    "event_text",
    "result_text",
    "rich_format",
    "seats_text",
    "winners_of",
]

_EVENT_STYLE = {
    "deal": "bold cyan",
    "starter": "cyan",
    "score": "bold yellow",
    "show": "green",
    "game over": "bold magenta",
}


def rich_format(template: str, style: str = "", **fields: str | Text) -> Text:
    """``template.format(**fields)`` as rich text: a translated sentence whose named fields keep
    their own styles (a field used with a conversion or format spec is not supported).

    >>> rich_format("{who} wins ({score})", who=Text("seat 1", style="bold"), score="121").plain
    'seat 1 wins (121)'
    """
    text = Text(style=style)
    for literal, name, _spec, _conversion in string.Formatter().parse(template):
        text.append(literal)
        if name is not None:
            value = fields[name]
            if isinstance(value, Text):
                text.append_text(value)
            else:
                text.append(value)
    return text


def event_text(game: Game, event: Event) -> Text:
    """An event in words: a deal starts a paragraph, scores stand out, private events are dim.

    >>> import cardtable
    >>> game = cardtable.load("cribbage")
    >>> event_text(game, Event("play", 0, {"card": "5H", "count": 15})).plain
    '  Seat 0 plays 5♥, count 15'
    """
    style = _EVENT_STYLE.get(event.type, "")
    if event.visible_to is not None:
        style = "dim"
    indent = "" if event.type in ("deal", "game over") else "  "
    return colour_cards(indent + game.describe(event), style)


def seats_text(values: Iterable[int]) -> Text:
    """``seat 0 45 · seat 1 52`` with the numbers in bold.

    >>> seats_text([45, 52]).plain
    'seat 0 45 · seat 1 52'
    """
    text = Text()
    for seat, value in enumerate(values):
        if seat:
            text.append(" · ")
        text.append(_("seat {seat}").format(seat=seat) + " ")
        text.append(str(value), style="bold")
    return text


def board_text(state: State) -> Text:
    """The scores so far (and the target, where the game has one), for between deals."""
    text = Text("  " + _("Scores:") + " ", style="bold")
    text.append_text(seats_text(state.scores))
    target = state.game.options.get("target")
    if isinstance(target, int) and not isinstance(target, bool):
        text.append("  " + _("(game to {target})").format(target=target), style="dim")
    return text


def winners_of(state: State) -> list[int]:
    """The winning seats of a finished game (:meth:`~cardtable.engine.State.outcome`)."""
    return state.outcome() or []


def result_text(state: State) -> Text:
    """The outcome of a finished game in one line (or that it is still going on).

    >>> import cardtable
    >>> state = cardtable.load("cribbage", target=61).new_state(seed=0)
    >>> while not state.is_over:
    ...     state.apply(state.legal_moves()[0])
    >>> result_text(state).plain
    'Result: seat 1 wins (seat 0 38, seat 1 61) after 59 moves'
    """
    moves = len(state.history)
    if not state.is_over:
        return Text(
            ngettext(
                "The game is not over ({moves} move so far).",
                "The game is not over ({moves} moves so far).",
                moves,
            ).format(moves=moves),
            style="bold",
        )
    # The one result line of every face, then how long the game took.
    template = ngettext("{result} after {moves} move", "{result} after {moves} moves", moves)
    return rich_format(
        template, result=Text(state_result_words(state), style="bold green"), moves=str(moves)
    )
