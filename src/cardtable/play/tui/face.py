"""A table face: how one game's position is drawn. :class:`TableFace` is the generic face,
which draws the observation as it is; a game's own face (``games/<name>/tui.py``, the terminal's
plug-in kept with the game) subclasses it and registers with :func:`register_face`;
:func:`cardtable.play.tui.faces.face_for` finds it by the game's name.

A face draws from what one seat may see (its observation, its events and the game's advice for
it, :meth:`~cardtable.engine.State.advice`), never from the state.

>>> import cardtable
>>> type(TableFace(cardtable.load("cribbage"))).__name__
'TableFace'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from cardtable.engine import JSON, Event, Game
from cardtable.i18n import _
from cardtable.play.look import card_text, cards_text, colour_cards
from cardtable.play.session import HUMAN, player_label

__all__ = ["Obs", "Panel", "Seen", "TableFace", "register_face", "registered_face"]

Obs = Mapping[str, Any]


@dataclass(frozen=True)
class Seen:
    """What a panel draws from: one seat's observation, the events it saw, and the game's
    advice for it (:meth:`~cardtable.engine.State.advice`: rows, or None where there is none).

    >>> Seen({"seat": 0}, [], None).advice is None
    True
    """

    obs: Obs
    events: Sequence[Event]
    advice: list[dict[str, JSON]] | None


class Panel:
    """An extra view a key opens (e.g. Cribbage's discard advisor)."""

    def __init__(self, key: str, title: str, draw: Callable[[Seen], RenderableType]) -> None:
        self.key = key
        self.title = title
        self.draw = draw


class TableFace:
    """The generic face: scores, the public part of the observation, the seat's hand."""

    game_name: ClassVar[str] = ""

    def __init__(self, game: Game, four_colour: bool = False) -> None:
        self.game = game
        self.four_colour = four_colour

    def card(self, card: str) -> Text:
        """One card in colour (``10H`` as ``10♥``)."""
        return card_text(card, self.four_colour)

    def cards(self, cards: Sequence[str]) -> Text:
        if not cards:
            return Text("–", style="dim")
        return cards_text(cards, self.four_colour)

    def line(self, text: str, style: str = "") -> Text:
        return colour_cards(text, style, four_colour=self.four_colour)

    def event_line(self, event: Event) -> Text:
        """An event in words for the log: scores stand out, private events are dim."""
        style = {"score": "bold yellow", "deal": "bold cyan"}.get(event.type, "")
        if event.visible_to is not None:
            style = "dim"
        return self.line(self.game.describe(event), style)

    def seat_name(self, seat: int, players: Sequence[str], viewer: int | None) -> str:
        name = _("Seat {seat}").format(seat=seat)
        if seat == viewer:
            return _("{name} (you)").format(name=name)
        player = players[seat] if seat < len(players) else ""
        if player and player != HUMAN:
            return _("{name} ({player})").format(name=name, player=player_label(player))
        return name

    def board(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        """The scores."""
        table = Table(_("Seat"), _("Score"), box=None, padding=(0, 1))
        for seat, score in enumerate(obs.get("scores", [])):
            table.add_row(self.seat_name(seat, players, viewer), str(score))
        return table

    def table(self, obs: Obs, players: Sequence[str], viewer: int | None) -> RenderableType:
        """What lies on the table: every public field of the observation."""
        lines = []
        for key, value in obs.items():
            if key in ("hand", "legal_moves", "scores", "seat", "game"):
                continue
            lines.append(self.line(f"{key}: {value}"))
        return Group(*lines)

    def status(self, obs: Obs, players: Sequence[str], viewer: int | None) -> str:
        """Whose turn it is and why: the game's prompt for the viewer to move, else
        :meth:`waiting` for the seat to move."""
        to_move = obs.get("to_move")
        if to_move is None:
            return _("The game is over.")
        if to_move == viewer and self.prompts_viewer:
            return self.game.prompt(obs)
        return self.waiting(obs, self.seat_name(to_move, players, viewer))

    #: Whether the viewer to move reads the game's prompt in the status line (a game's own
    #: face has one worth reading; the generic face names the seat to move).
    prompts_viewer = False

    def waiting(self, obs: Obs, name: str) -> str:
        """The status while the seat ``name`` (not the viewer) is to move (faces refine it)."""
        return _("{name} to move.").format(name=name)

    def last_play(self, obs: Obs, events: Sequence[Event]) -> RenderableType:
        """The last trick or play, for the key that shows it."""
        plays = [e for e in events if e.type == "play"][-4:]
        if not plays:
            return Text(_("Nothing has been played yet."))
        return Group(*(self.line(self.game.describe(e)) for e in plays))

    def deal_summary(self, events: Sequence[Event]) -> RenderableType | None:
        """The scoring of a finished hand (the events of that hand), or None."""
        return None

    def panels(self) -> list[Panel]:
        """Extra views with their keys."""
        return []


_FACES: dict[str, type[TableFace]] = {}


def register_face(cls: type[TableFace]) -> type[TableFace]:
    """Class decorator: the face of ``cls.game_name``."""
    _FACES[cls.game_name] = cls
    return cls


def registered_face(game: str) -> type[TableFace]:
    """The face registered for ``game``, else the generic one."""
    return _FACES.get(game, TableFace)
