"""Small modal screens: information, passing the keyboard (hotseat), and the match result."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Static

from cardtable.i18n import _

__all__ = ["ConfirmScreen", "InfoScreen", "PassScreen", "ResultScreen"]


class InfoScreen(ModalScreen[None]):
    """A titled box (rules, last play, a hand's scoring, the advisor); any key closes it."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical {
        width: 90%; max-width: 110; height: auto; max-height: 90%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    InfoScreen .title { text-style: bold; color: $accent; }
    InfoScreen .hint { color: $text-muted; }
    """

    def __init__(self, title: str, body: RenderableType) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, classes="title")
            with VerticalScroll():
                yield Static(self.body, id="info-body")
            yield Static(_("Press any key to go on."), classes="hint")

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A question answered by a key: ``y`` (or Enter) says yes, any other key no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static {
        width: 64; height: auto; border: thick $warning; background: $surface; padding: 1 2;
    }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(self.question + "\n\n" + _("y: yes · any other key: no"))

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss(event.key in ("y", "enter"))


class PassScreen(ModalScreen[None]):
    """Hides the table while the keyboard passes to the next person (hotseat)."""

    DEFAULT_CSS = """
    PassScreen { align: center middle; background: $background; }
    PassScreen > Static {
        width: 60; height: auto; border: thick $warning; padding: 1 2; text-align: center;
    }
    """

    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(
            _("Seat {seat}, your turn.\nThe other players look away.\n\nPress any key.").format(
                seat=self.seat
            )
        )

    def on_key(self, event: Key) -> None:
        event.stop()
        self.dismiss(None)


class ResultScreen(ModalScreen[str]):
    """The match result, with a rematch offered: returns ``rematch``, ``menu`` or ``quit``."""

    # The keys are told in the box itself, in the player's language.
    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        Binding("r", "choose('rematch')", "rematch", show=False),
        Binding("m", "choose('menu')", "menu", show=False),
        Binding("q", "choose('quit')", "quit", show=False),
    ]
    DEFAULT_CSS = """
    ResultScreen { align: center middle; }
    ResultScreen > Vertical {
        width: 80%; max-width: 100; height: auto; border: thick $success;
        background: $surface; padding: 1 2;
    }
    ResultScreen .title { text-style: bold; color: $success; }
    """

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("The game is over"), classes="title")
            yield Static(self.body, id="result-body")
            yield Static(_("r: rematch · m: menu · q: quit"))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)
