"""The replay screen: a recorded game in the table view, move by move, forwards and backwards."""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import RichLog, Static

from cardtable.engine import State
from cardtable.i18n import _, game_title
from cardtable.play.look import colour_cards
from cardtable.play.tui.faces import face_for
from cardtable.table.result import state_result_words

__all__ = ["ReplayScreen", "shown_name"]

#: The most characters of a player's name from a record that the screen shows.
NAME_LIMIT = 40


def shown_name(name: str) -> str:
    r"""A player's name from a record (any text: records are shared) as the faces may show it,
    in markup or as plain text alike: characters a terminal acts on written as visible escapes,
    markup escaped, at most :data:`NAME_LIMIT` characters.

    >>> shown_name("rules"), shown_name("\x1b]0;pwned\x07[link=http://x]y[/link]")
    ('rules', '\\x1b]0;pwned\\x07\\[link=http://x]y\\[/link]')
    """
    if len(name) > NAME_LIMIT:
        name = name[:NAME_LIMIT] + "…"
    return escape("".join(c if c.isprintable() else repr(c)[1:-1] for c in name))


class ReplayScreen(Screen[None]):
    """Steps through ``final``'s moves; ``seat`` None shows every hand, else what it saw."""

    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        Binding("right,n,space", "step(1)", show=False),
        Binding("left,p", "step(-1)", show=False),
        Binding("pagedown", "step(10)", show=False),
        Binding("pageup", "step(-10)", show=False),
        Binding("home", "go(0)", show=False),
        Binding("end", "go(-1)", show=False),
        Binding("q,escape", "leave", show=False),
    ]
    DEFAULT_CSS = """
    ReplayScreen #main { width: 2fr; }
    ReplayScreen #log { width: 1fr; border-left: solid $panel; }
    ReplayScreen #board { height: auto; border-bottom: solid $panel; }
    ReplayScreen #table, ReplayScreen #hands { height: auto; padding: 0 1; }
    ReplayScreen #status { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    ReplayScreen #keys { dock: bottom; height: auto; color: $text-muted; }
    """

    def __init__(
        self,
        final: State,
        seat: int | None = None,
        players: list[str] | None = None,
        four_colour: bool = False,
    ) -> None:
        super().__init__()
        self.final = final
        self.seat = seat
        # The names come from the record's meta: shown inert, never as markup or controls.
        self.players = [shown_name(p) for p in players or []]
        self.face = face_for(final.game, four_colour)
        self.moves = list(final.history)
        self.index = len(self.moves)
        self.state = final

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        with Horizontal():
            with Vertical(id="main"):
                yield Static(id="table")
                yield Static(id="hands")
                yield Static(id="status")
                yield Static(
                    _("→ next · ← back · PgDn/PgUp ten moves · Home/End · q leave"), id="keys"
                )
            log = RichLog(id="log", wrap=True, markup=False, min_width=20)
            # The log must not take the keys that move through the game.
            log.can_focus = False
            yield log

    def on_mount(self) -> None:
        self.title = game_title(self.final.game)
        self.action_go(0)

    def state_at(self, index: int) -> State:
        """The game after its first ``index`` moves (replayed: records are small)."""
        state = self.final.game.new_state(seed=self.final.seed, decks=self.final.decks)
        for move in self.moves[:index]:
            state.apply(move)
        return state

    def action_go(self, index: int) -> None:
        self.index = len(self.moves) if index < 0 else min(index, len(self.moves))
        self.state = self.state_at(self.index)
        self.draw()

    def action_step(self, delta: int) -> None:
        self.action_go(max(0, min(len(self.moves), self.index + delta)))

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

    def draw(self) -> None:
        state, seat, face = self.state, self.seat, self.face
        obs = state.observation(seat if seat is not None else 0)
        self.query_one("#board", Static).update(face.board(obs, self.players, seat))
        self.query_one("#table", Static).update(face.table(obs, self.players, seat))
        hands = []
        seats = range(state.game.num_players) if seat is None else [seat]
        for s in seats:
            line = Text(_("Seat {seat}: ").format(seat=s), style="bold")
            line.append_text(face.cards(state.observation(s).get("hand") or []))
            hands.append(line)
        self.query_one("#hands", Static).update(Group(*hands))
        if self.index == 0:
            status = _("Start of the game: {count} moves recorded.").format(count=len(self.moves))
        elif seat is None:
            status = _("Move {index} of {count}: {move}").format(
                index=self.index, count=len(self.moves), move=self.moves[self.index - 1]
            )
        else:
            # A seat's view must not show the others' moves, which may name hidden cards.
            status = _("Move {index} of {count}").format(index=self.index, count=len(self.moves))
        if state.is_over:
            status += "  " + state_result_words(state)
        self.query_one("#status", Static).update(colour_cards(status, four_colour=face.four_colour))
        log = self.query_one("#log", RichLog)
        log.clear()
        events = state.events if seat is None else state.events_for(seat)
        for event in events:
            log.write(face.event_line(event))
