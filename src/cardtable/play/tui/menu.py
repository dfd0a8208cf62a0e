"""The start menu: the game, each of its options (with its default), who sits in each seat,
the language and the card colours."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static, Switch

from cardtable.engine import Game
from cardtable.errors import CardtableError
from cardtable.i18n import LANGUAGE_NAMES, LANGUAGES, _, game_title, get_language, option_help
from cardtable.options import Option, OptionValue, choice_label, option_label
from cardtable.play.session import HUMAN, Session, player_choices, player_label
from cardtable.play.storage import last_unfinished
from cardtable.registry import game_class, load
from cardtable.registry import games as game_names

__all__ = ["BOT_DELAYS", "MenuScreen", "ResumeGame", "StartGame", "delay_label"]


#: The bots' pause before each move, in seconds, as the menu offers it.
BOT_DELAYS: tuple[float, ...] = (0.0, 0.2, 0.4, 0.8, 1.5)


def delay_label(seconds: float) -> str:
    """A bot delay as the menu shows it."""
    if seconds <= 0:
        return _("no pause")
    return _("{seconds} s").format(seconds=f"{seconds:g}")


class StartGame(Message):
    """The menu's choice: a game with its options and its players."""

    def __init__(
        self, game: Game, players: list[str], four_colour: bool, bot_delay: float = 0.4
    ) -> None:
        super().__init__()
        self.game = game
        self.players = players
        self.four_colour = four_colour
        self.bot_delay = bot_delay


class ResumeGame(Message):
    """The menu's choice: go on with a saved unfinished game."""

    def __init__(self, session: Session, four_colour: bool, bot_delay: float) -> None:
        super().__init__()
        self.session = session
        self.four_colour = four_colour
        self.bot_delay = bot_delay


class LanguageChanged(Message):
    """The player picked another language: the menu is drawn again."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language


class MenuScreen(Screen[None]):
    """Choose a game and its options, seat the players, start."""

    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        Binding("ctrl+s", "start", show=False),
        Binding("q", "quit", show=False),
    ]
    DEFAULT_CSS = """
    MenuScreen { align: center top; }
    MenuScreen #menu { width: 100; max-width: 100%; height: 1fr; padding: 0 1; }
    MenuScreen .heading { text-style: bold; color: $accent; margin-top: 1; }
    MenuScreen .row { height: auto; }
    MenuScreen .row Label { width: 28; padding-top: 1; }
    MenuScreen .row Select, MenuScreen .row Input { width: 30; }
    MenuScreen .help { color: $text-muted; padding-left: 28; }
    MenuScreen #buttons { height: auto; margin-top: 1; }
    MenuScreen #error { color: $error; }
    MenuScreen .note { color: $text-muted; }
    MenuScreen #seats { height: auto; }
    """

    def __init__(
        self,
        game: str | None = None,
        four_colour: bool = False,
        values: dict[str, OptionValue] | None = None,
        players: list[str] | None = None,
        bot_delay: float = 0.4,
    ) -> None:
        super().__init__()
        # No game named: the first in `cardtable games` (the menu lists them in that order).
        self.game_name = game or game_names()[0]
        self.four_colour = four_colour
        self.bot_delay = bot_delay
        # The newest unfinished game saved, offered to go on with (read once per menu).
        self.unfinished = last_unfinished()
        # The last table's choices, so that coming back to the menu keeps them.
        self.values: dict[str, OptionValue] = dict(values or {})
        self.players = list(players or [])

    def compose(self) -> ComposeResult:
        cls = game_class(self.game_name)
        with VerticalScroll(id="menu"):
            yield Static(
                _("cardtable: choose a game, its options and the players"), classes="heading"
            )
            yield Static(
                _("Tab and Shift+Tab move between the fields; Ctrl+S starts; q quits."),
                classes="note",
            )
            with Horizontal(classes="row"):
                yield Label(_("Game"))
                yield Select(
                    [(game_title(game_class(n)), n) for n in game_names()],
                    value=self.game_name,
                    allow_blank=False,
                    id="game",
                )
            with Horizontal(classes="row"):
                yield Label(_("Language"))
                yield Select(
                    [(LANGUAGE_NAMES[code], code) for code in LANGUAGES],
                    value=get_language(),
                    allow_blank=False,
                    id="language",
                )
            yield Static(_("Players"), classes="heading")
            yield Vertical(id="seats")
            yield Static("", id="error")
            with Horizontal(id="buttons"):
                yield Button(_("Start"), id="start", variant="primary")
                yield Button(_("Quit"), id="quit")
            if self.unfinished is not None:
                path, state, _meta = self.unfinished
                yield Static(
                    _("Unfinished: {title} after {moves} moves ({file})").format(
                        title=game_title(state.game), moves=len(state.history), file=path.name
                    ),
                    classes="note",
                    markup=False,
                )
                yield Button(_("Resume the unfinished game"), id="resume")
            yield Static(_("Options"), classes="heading")
            for spec in cls.option_specs:
                if not spec.research:  # a research variant is not a player's choice
                    yield from self._option_row(spec)
            with Horizontal(classes="row"):
                yield Label(_("Four-colour cards"))
                yield Switch(value=self.four_colour, id="four-colour")
            with Horizontal(classes="row"):
                yield Label(_("Bots' pause per move"))
                delays = sorted({*BOT_DELAYS, self.bot_delay})
                yield Select(
                    [(delay_label(d), d) for d in delays],
                    value=self.bot_delay,
                    allow_blank=False,
                    id="delay",
                )

    def _option_row(self, spec: Option) -> ComposeResult:
        # An option whose default is worked out from others (the dealer) starts on auto again.
        value = spec.default if spec.default is None else self.values.get(spec.name, spec.default)
        with Horizontal(classes="row"):
            yield Label(option_label(spec))
            if spec.choices is not None:
                yield Select(
                    [(choice_label(c, spec), i) for i, c in enumerate(spec.choices)],
                    value=spec.choices.index(value) if value in spec.choices else 0,
                    allow_blank=False,
                    id=f"opt-{spec.name}",
                )
            elif spec.default is None and spec.low is not None and spec.high is not None:
                yield Select(
                    [(choice_label(None), -1)]
                    + [(str(k), k) for k in range(spec.low, spec.high + 1)],
                    value=-1 if value is None else int(value),
                    allow_blank=False,
                    id=f"opt-{spec.name}",
                )
            else:
                # A free-text option (Kloepper's scoring table) is typed as text.
                if spec.kind is str:
                    yield Input(str(value), type="text", id=f"opt-{spec.name}")
                else:
                    yield Input(str(value), type="integer", id=f"opt-{spec.name}")
        # An option without a fixed default says in its help what it falls back to.
        text = option_help(spec)
        if spec.default is not None:
            text = _("{help} (default {default})").format(
                help=text, default=choice_label(spec.default, spec)
            )
        yield Static(text, classes="help")

    async def on_mount(self) -> None:
        await self._seat_rows()

    def _read_options(self) -> dict[str, OptionValue]:
        values: dict[str, OptionValue] = {}
        for spec in game_class(self.game_name).option_specs:
            if spec.research:
                continue
            widget = self.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Select):
                raw = widget.value
                if not isinstance(raw, int):
                    continue  # no blank is allowed, so this cannot happen
                if spec.choices is not None:
                    values[spec.name] = spec.choices[raw]
                else:
                    values[spec.name] = None if raw == -1 else raw
            elif isinstance(widget, Input):
                values[spec.name] = spec.coerce(widget.value.strip())
        return values

    def _game(self) -> Game:
        return load(self.game_name, **self._read_options())

    async def _seat_rows(self) -> None:
        seats = self.query_one("#seats", Vertical)
        try:
            count = self._game().num_players
        except CardtableError:
            return
        old = [w.value for w in seats.query(Select)]
        if len(old) == count:
            return
        await seats.remove_children()
        choices = player_choices(self.game_name)
        rows = []
        for seat in range(count):
            if seat < len(old):
                default = old[seat]
            elif seat < len(self.players):
                default = self.players[seat]
            else:
                default = HUMAN if seat == 0 else "easy"
            names = [(player_label(c), c) for c in choices]
            rows.append(
                Horizontal(
                    Label(_("Seat {seat}").format(seat=seat)),
                    Select(names, value=default, allow_blank=False, classes="seat"),
                    classes="row",
                )
            )
        await seats.mount(*rows)

    async def on_select_changed(self, message: Select.Changed) -> None:
        ident = message.select.id or ""
        if ident == "game" and message.value != self.game_name:
            self.game_name = str(message.value)
            self.values = {}
            self.app.call_later(self.recompose_all)
        elif ident == "language" and message.value != get_language():
            self.post_message(LanguageChanged(str(message.value)))
        elif ident == "opt-players":
            await self._seat_rows()

    async def recompose_all(self) -> None:
        await self.recompose()
        await self._seat_rows()

    def on_button_pressed(self, message: Button.Pressed) -> None:
        if message.button.id == "start":
            self.action_start()
        elif message.button.id == "resume":
            self.action_resume()
        elif message.button.id == "quit":
            self.app.exit()

    def _delay(self) -> float:
        value = self.query_one("#delay", Select).value
        return float(value) if isinstance(value, int | float) else self.bot_delay

    def action_resume(self) -> None:
        if self.unfinished is None:
            return
        _path, state, meta = self.unfinished
        try:
            session = Session.resume_state(state, meta)
        except CardtableError as err:
            self.query_one("#error", Static).update(str(err))
            return
        four = self.query_one("#four-colour", Switch).value
        self.post_message(ResumeGame(session, four, self._delay()))

    def action_start(self) -> None:
        try:
            game = self._game()
        except CardtableError as err:
            self.query_one("#error", Static).update(str(err))
            return
        players = [str(w.value) for w in self.query_one("#seats", Vertical).query(Select)][
            : game.num_players
        ]
        four = self.query_one("#four-colour", Switch).value
        self.post_message(StartGame(game, players, four, self._delay()))

    def action_quit(self) -> None:
        self.app.exit()
