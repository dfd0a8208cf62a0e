"""The Textual application: the start menu, the table, the replay.

>>> import cardtable
>>> app = CardtableApp(game=cardtable.load("cribbage"), players=["human", "rules"], seed=1)
>>> app.start_game is not None
True
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from cardtable.engine import Game, State
from cardtable.i18n import set_language
from cardtable.play.session import Session
from cardtable.play.tui.menu import LanguageChanged, MenuScreen, ResumeGame, StartGame
from cardtable.play.tui.replay import ReplayScreen
from cardtable.play.tui.table import GoToMenu, OpenTable, TableScreen

__all__ = ["CardtableApp"]


class CardtableApp(App[None]):
    """Opens the menu, a table (``game`` given), or a replay (``replay`` given)."""

    TITLE = "cardtable"
    BINDINGS = [Binding("ctrl+q", "quit", show=False)]  # noqa: RUF012

    def __init__(
        self,
        game: Game | None = None,
        players: list[str] | None = None,
        seed: int | None = None,
        replay: State | None = None,
        replay_seat: int | None = None,
        replay_players: list[str] | None = None,
        four_colour: bool = False,
        bot_delay: float = 0.4,
        save: bool = True,
        session: Session | None = None,
        menu_game: str | None = None,
    ) -> None:
        super().__init__()
        self.four_colour = four_colour
        self.bot_delay = bot_delay
        self.save = save
        #: The game the first menu shows (None: the first in ``cardtable games``).
        self.menu_game = menu_game
        # A table to open at once: a game resumed from its record, or a new one.
        self.start_game: Session | None = session
        if game is not None:
            self.start_game = (
                Session(game, players or [], seed=seed)
                if players
                else Session(game, ["human"] + ["easy"] * (game.num_players - 1), seed=seed)
            )
        self.replay = replay
        self.replay_seat = replay_seat
        self.replay_players = replay_players
        #: The table now being played (for tests and the command line).
        self.table: TableScreen | None = None

    def on_mount(self) -> None:
        if self.replay is not None:
            self.push_screen(
                ReplayScreen(self.replay, self.replay_seat, self.replay_players, self.four_colour)
            )
        elif self.start_game is not None:
            self._open_table(self.start_game)
        else:
            self.push_screen(
                MenuScreen(self.menu_game, four_colour=self.four_colour, bot_delay=self.bot_delay)
            )

    def _open_table(self, session: Session) -> None:
        self.table = TableScreen(session, self.bot_delay, self.save, self.four_colour)
        if len(self.screen_stack) > 1:
            self.switch_screen(self.table)
        else:
            self.push_screen(self.table)

    def on_start_game(self, message: StartGame) -> None:
        self.four_colour = message.four_colour
        self.bot_delay = message.bot_delay
        self._open_table(Session(message.game, message.players))

    def on_resume_game(self, message: ResumeGame) -> None:
        self.four_colour = message.four_colour
        self.bot_delay = message.bot_delay
        self._open_table(message.session)

    def _menu(self) -> MenuScreen:
        """The menu, holding the choices of the last table."""
        if self.table is None:
            return MenuScreen(
                self.menu_game, four_colour=self.four_colour, bot_delay=self.bot_delay
            )
        session = self.table.session
        return MenuScreen(
            session.game.name,
            self.four_colour,
            dict(session.game.options),
            session.players,
            self.bot_delay,
        )

    def on_open_table(self, message: OpenTable) -> None:
        self._open_table(message.session)

    def on_go_to_menu(self, message: GoToMenu) -> None:
        menu = self._menu()
        if len(self.screen_stack) > 1:
            self.switch_screen(menu)
        else:
            self.push_screen(menu)

    def on_language_changed(self, message: LanguageChanged) -> None:
        # The whole process switches, so every widget draws in the new language.
        set_language(message.language)
        self.switch_screen(self._menu())
