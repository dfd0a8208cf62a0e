"""The table screen: a game in progress between people and bots, drawn by the game's face."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from cardtable.cards import cards_str
from cardtable.engine import Event, Move
from cardtable.errors import CardtableError
from cardtable.i18n import _, game_summary, game_title, ngettext
from cardtable.play.look import card_text, colour_cards
from cardtable.play.prose import Prose, unwrap
from cardtable.play.session import Session, hint_lines, log_events
from cardtable.play.storage import save_record
from cardtable.play.tui.face import Seen, TableFace
from cardtable.play.tui.faces import face_for
from cardtable.play.tui.picking import (
    cards_of,
    move_of,
    no_move_reason,
    plays_at_once,
    unplayable,
    ways_to_play,
)
from cardtable.play.tui.screens import ConfirmScreen, InfoScreen, PassScreen, ResultScreen
from cardtable.table.result import state_result_words

__all__ = ["CardWidget", "TableScreen", "keys_line"]


class CardWidget(Static):
    """One card of the hand; a click picks it."""

    class Picked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    DEFAULT_CSS = """
    CardWidget {
        width: 6; height: 3; border: round $primary; content-align: center middle;
        margin: 0 1 0 0;
    }
    CardWidget.selected { border: heavy $warning; background: $warning 20%; }
    CardWidget.unplayable { opacity: 50%; border: round $panel; }
    CardWidget.cursor { border: double $accent; }
    """

    def __init__(self, index: int, name: str, four_colour: bool) -> None:
        super().__init__(card_text(name, four_colour))
        self.index = index
        self.card = name
        self.tooltip = f"{index + 1}: {name}"

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.index))


class TableScreen(Screen[None]):
    """Plays a session: bots move by themselves, people choose with the keys or the mouse."""

    BINDINGS = [  # noqa: RUF012 - Textual reads the class attribute
        *(Binding(str(k), f"pick({k - 1})", show=False) for k in range(1, 10)),
        Binding("0", "pick(9)", show=False),
        # Hands longer than ten cards (Calypso's 13): a cursor moves along the hand.
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("space", "pick_cursor", show=False),
        Binding("enter", "confirm", show=False, priority=True),
        Binding("escape", "clear", show=False),
        Binding("r", "rules", show=False),
        Binding("l", "last_play", show=False),
        Binding("h", "hint", show=False),
        Binding("s", "scores", show=False),
        Binding("a", "panel('a')", show=False),
        Binding("b", "panel('b')", show=False),
        Binding("q", "leave", show=False),
        Binding("g", "game_log", show=False),
    ]
    # Below SHORT lines the table scrolls and the move list keeps to four lines, so that the
    # status, the hand, the moves and the keys always show, down to 80x24. Below NARROW columns
    # the log beside the table is dropped (``g`` shows it in a box) and the cards lose their
    # frames.
    NARROW = 110
    DEFAULT_CSS = """
    TableScreen #main { width: 2fr; }
    TableScreen #log { width: 1fr; border-left: solid $panel; }
    TableScreen.-narrow #log { display: none; }
    TableScreen #board { height: auto; max-height: 10; border-bottom: solid $panel; }
    TableScreen #table-box { height: auto; max-height: 24; }
    TableScreen.-short #table-box { height: 1fr; min-height: 3; max-height: 100vh; }
    TableScreen #table { height: auto; padding: 0 1; }
    TableScreen #status { height: auto; padding: 0 1; color: $warning; text-style: bold; }
    TableScreen #hand { height: 3; padding: 0 1; }
    TableScreen.-narrow #hand { height: 1; }
    /* A narrow terminal: cards without frames, on one line, so that 13 fit in 80 columns. */
    TableScreen.-narrow CardWidget { width: 4; height: 1; border: none; margin: 0; }
    TableScreen.-narrow CardWidget.selected { background: $warning 50%; }
    TableScreen.-narrow CardWidget.cursor { text-style: reverse; }
    TableScreen #moves { height: 1fr; min-height: 3; }
    TableScreen.-short #moves { height: auto; max-height: 4; min-height: 2; border: none; }
    TableScreen #keys { height: auto; color: $text-muted; }
    """
    #: Below this many lines the move list keeps to four lines.
    SHORT = 32

    def __init__(
        self,
        session: Session,
        bot_delay: float = 0.4,
        save: bool = True,
        four_colour: bool = False,
    ) -> None:
        super().__init__()
        self.session = session
        self.face = face_for(session.game, four_colour)
        self.bot_delay = bot_delay
        self.save = save
        self.selected: list[int] = []
        self.cursor = -1  # the hand card under the cursor (-1: none yet)
        self.logged = 0
        self.summarised = 0
        self.deals_seen = 0
        self.viewer: int | None = self._first_viewer()
        self.hidden = False
        self.finished = False
        self.saved_path: Path | None = None
        self.hand_cards: list[str] = []
        self.move_list: list[Move] = []
        self.last_summary: RenderableType | None = None
        self.status_line = Text()

    def _first_viewer(self) -> int | None:
        humans = self.session.humans
        return humans[0] if humans else None

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Static(id="board")
        with Horizontal():
            with Vertical(id="main"):
                box = VerticalScroll(id="table-box")
                # The keys belong to the hand and the moves: the box scrolls with the mouse.
                box.can_focus = False
                with box:
                    yield Static(id="table")
                yield Static(id="status")
                yield Horizontal(id="hand")
                yield OptionList(id="moves")
                yield Static(keys_line(self.face), id="keys")
            log = RichLog(id="log", wrap=True, markup=False, min_width=20)
            # The log must not take the keys that move through the game.
            log.can_focus = False
            yield log

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < self.NARROW, "-narrow")
        self.set_class(event.size.height < self.SHORT, "-short")

    def on_mount(self) -> None:
        self.title = game_title(self.session.game)
        seed = self.session.shown_seed()
        if seed is not None:  # a drawn seed deals every hidden card: it is told at the end
            self.query_one("#log", RichLog).write(
                Text(_("{title}, seed {seed}").format(title=self.title, seed=seed))
            )
        self.after_move()

    # ------------------------------------------------------------------ drawing

    def _seat_events(self) -> list[Event]:
        state = self.session.state
        humans = self.session.humans
        if not humans:
            return state.events
        if len(humans) == 1:
            return state.events_for(humans[0])
        return state.events_for(None)

    def refresh_view(self) -> None:
        state = self.session.state
        players = self.session.players
        viewer = None if self.hidden else self.viewer
        # No viewer (hands hidden between people at one keyboard): the spectator's view.
        obs = state.observation(viewer)
        face = self.face
        self.query_one("#board", Static).update(face.board(obs, players, viewer))
        self.query_one("#table", Static).update(face.table(obs, players, viewer))
        if self.hidden:
            status = _("Waiting for the next player.")
        else:
            status = face.status(obs, players, viewer)
        self._status(colour_cards(status, four_colour=face.four_colour))
        # The moves first: they decide which cards of the hand are playable.
        self._draw_moves(viewer)
        self._draw_hand(list(obs.get("hand") or []))
        log = self.query_one("#log", RichLog)
        seat_events = self._seat_events()
        for event in log_events(seat_events[self.logged :], None, everything=True):
            if event.type == "deal":
                log.write(Text(""))
            log.write(face.event_line(event))
        self.logged = len(seat_events)

    def _draw_hand(self, cards: list[str]) -> None:
        hand = self.query_one("#hand", Horizontal)
        playable = {c for m in self.move_list for c in cards_str(m.cards)}
        if cards != self.hand_cards:
            self.hand_cards = cards
            self.selected = []
            self.cursor = min(self.cursor, len(cards) - 1)
            hand.remove_children()
            hand.mount(*(CardWidget(i, c, self.face.four_colour) for i, c in enumerate(cards)))
        for widget in hand.query(CardWidget):
            widget.set_class(widget.index in self.selected, "selected")
            widget.set_class(widget.index == self.cursor, "cursor")
            widget.set_class(bool(self.move_list) and widget.card not in playable, "unplayable")

    def _draw_moves(self, viewer: int | None) -> None:
        state = self.session.state
        moves = self.query_one("#moves", OptionList)
        mine = (
            not self.hidden
            and viewer is not None
            and state.to_move == viewer
            and self.session.is_human(viewer)
        )
        legal = state.legal_moves() if mine else []
        if legal != self.move_list:  # moves are interned: equal lists hold the same objects
            self.move_list = legal
            moves.clear_options()
            moves.add_options(
                [
                    Option(
                        colour_cards(state.describe_move(m), four_colour=self.face.four_colour),
                        id=str(i),
                    )
                    for i, m in enumerate(legal)
                ]
            )
            if legal:
                moves.highlighted = 0

    # ------------------------------------------------------------------ the flow

    def after_move(self) -> None:
        """Queue what follows a move: hand summaries, the pass screen, bots, the end."""
        self.refresh_view()
        self._summaries()
        session = self.session
        if session.state.is_over:
            self._finish()
            return
        to_move = session.state.to_move
        if session.is_human(to_move):
            assert to_move is not None
            if len(session.humans) > 1 and to_move != self.viewer:
                self.hidden = True
                self.refresh_view()
                self.app.push_screen(PassScreen(to_move), lambda _r: self._reveal(to_move))
            return
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, self._bot_step)
        else:
            self.call_later(self._bot_step)

    def _reveal(self, seat: int) -> None:
        self.viewer = seat
        self.hidden = False
        self.selected = []
        self.refresh_view()

    def _bot_step(self) -> None:
        session = self.session
        if session.state.is_over or session.human_to_move():
            return
        if self.app.screen is not self:
            # A box is open (help, rules, a hand's scoring): the bots wait until it is closed.
            self.set_timer(max(self.bot_delay, 0.05), self._bot_step)
            return
        session.step_bot()
        self.after_move()

    def _summaries(self) -> None:
        """After each hand, a summary of its scoring (from what this seat saw)."""
        seat_events = self._seat_events()
        start = self.summarised
        for i in range(start, len(seat_events)):
            event = seat_events[i]
            if event.type not in ("deal", "game over"):
                continue
            if event.type == "deal" and self.deals_seen == 0:
                self.deals_seen = 1
                self.summarised = i
                continue
            body = self.face.deal_summary(seat_events[self.summarised : i])
            self.summarised = i
            if body is None:
                continue
            if event.type == "game over" and self.session.state.is_over:
                # The last hand is told in the result box, not in a box beneath it.
                self.last_summary = body
                continue
            obs = self.session.state.observation(self.viewer)
            board = self.face.board(obs, self.session.players, self.viewer)
            title = _("The hand's scoring")
            # The board is already the next deal's (its sides, its empty tricks): say so, or
            # a side read under the hand's result seems to be that hand's.
            caption = Text(_("The table as the next deal begins:"), style="bold")
            self.app.push_screen(InfoScreen(title, Group(body, Text(""), caption, board)))

    def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        self._store()
        lines: list[RenderableType] = []
        if self.last_summary is not None:
            lines += [self.last_summary, Text("")]
        lines.append(Text(state_result_words(self.session.state), style="bold"))
        if not self.session.seed_given:
            lines.append(Text(_("The seed was {seed}.").format(seed=self.session.seed)))
        if self.saved_path is not None:
            lines.append(Text(_("Record saved to {path}").format(path=self.saved_path)))
        self.app.push_screen(ResultScreen(Group(*lines)), self._after_result)

    def _store(self) -> None:
        if not self.save or self.saved_path is not None or not self.session.state.history:
            return
        try:
            self.saved_path = save_record(self.session.record())
        except OSError as err:
            self.notify(_("The record could not be saved: {reason}").format(reason=err))

    def _after_result(self, choice: str | None) -> None:
        if choice == "rematch":
            self.app.post_message(OpenTable(self.session.rematch()))
        elif choice == "menu":
            self.app.post_message(GoToMenu())
        else:
            self.app.exit()

    # ------------------------------------------------------------------ people's choices

    def _status(self, line: Text) -> None:
        #: What the status line says now (for tests and screen readers: the plain text).
        self.status_line = line
        # Prose wraps Japanese between characters and never starts a line with 「。」.
        self.query_one("#status", Static).update(Prose(line))

    def _refuse(self, message: str) -> None:
        """Say why a key or a pick did nothing, in the status line (where the eye is: a toast
        would cover the moves on a small terminal), with a bell."""
        self._status(colour_cards(message, four_colour=self.face.four_colour))
        self.app.bell()

    def _play(self, move: Move | str) -> None:
        try:
            self.session.play(move)
        except CardtableError as err:
            self._refuse(str(err))
            return
        self.selected = []
        self.after_move()

    def _my_turn(self) -> bool:
        state = self.session.state
        return (
            not self.hidden
            and not state.is_over
            and state.to_move == self.viewer
            and self.session.is_human(self.viewer)
        )

    def action_cursor(self, step: int) -> None:
        if not self.hand_cards:
            return
        start = self.cursor if self.cursor >= 0 else (-1 if step > 0 else 0)
        self.cursor = (start + step) % len(self.hand_cards)
        self._draw_hand(self.hand_cards)

    def action_pick_cursor(self) -> None:
        if self.cursor >= 0:
            self.action_pick(self.cursor)

    def action_pick(self, index: int) -> None:
        if not self._my_turn():
            self._not_your_turn()
            return
        if index >= len(self.hand_cards):
            self._refuse(
                _("There is no card {number}: your hand holds {count}.").format(
                    number=index + 1, count=len(self.hand_cards)
                )
            )
            return
        card = self.hand_cards[index]
        session = self.session
        reason = unplayable(card, self.move_list, session.game, session.state)
        if reason is not None:
            self._refuse(reason)
            return
        if index in self.selected:
            self.selected.remove(index)
        else:
            self.selected.append(index)
        picked_cards = self._picked()
        chosen = move_of(picked_cards, self.move_list)
        if chosen is not None and plays_at_once(chosen, picked_cards, self.move_list):
            self._play(chosen)
            return
        self._draw_hand(self.hand_cards)
        picked = " ".join(picked_cards)
        ways = ways_to_play(picked_cards, self.move_list)
        if chosen is None and len(ways) > 1:
            # Several moves play this card (Krypkasino's capture families): the list holds
            # them, the first highlighted, and Enter plays the highlighted one.
            self.query_one("#moves", OptionList).highlighted = self.move_list.index(ways[0])
            self._status(
                colour_cards(
                    ngettext(
                        "{card} can be played {count} way: choose it in the list (↑ ↓, Enter).",
                        "{card} can be played {count} ways: choose in the list (↑ ↓, Enter).",
                        len(ways),
                    ).format(card=picked, count=len(ways))
                )
            )
        elif chosen is not None:
            self._status(
                colour_cards(
                    _("{move}: press Enter.").format(move=self.session.state.describe_move(chosen))
                )
            )
        elif picked:
            self._status(colour_cards(_("Picked {cards}.").format(cards=picked)))

    def _picked(self) -> list[str]:
        return [self.hand_cards[i] for i in self.selected]

    def _selected_move(self) -> Move | None:
        return move_of(self._picked(), self.move_list)

    def on_card_widget_picked(self, message: CardWidget.Picked) -> None:
        self.action_pick(message.index)

    def _not_your_turn(self) -> None:
        state = self.session.state
        if state.is_over or self.hidden:
            return
        self._refuse(_("Wait: it is not your turn."))

    def action_confirm(self) -> None:
        if not self._my_turn():
            self._not_your_turn()
            return
        if self.selected:
            move = self._selected_move()
            if move is None:
                # A card with several ways to play it: the one highlighted in the list.
                ways = ways_to_play(self._picked(), self.move_list)
                index = self.query_one("#moves", OptionList).highlighted
                if (
                    index is not None
                    and index < len(self.move_list)
                    and self.move_list[index] in ways
                ):
                    self._play(self.move_list[index])
                    return
                session = self.session
                self._refuse(
                    no_move_reason(self._picked(), self.move_list, session.game, session.state)
                )
                return
            self._play(move)
            return
        moves = self.query_one("#moves", OptionList)
        index = moves.highlighted
        if index is not None and index < len(self.move_list):
            self._play(self.move_list[index])

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        message.stop()
        if self._my_turn() and message.option_index < len(self.move_list):
            self._play(self.move_list[message.option_index])

    def action_clear(self) -> None:
        self.selected = []
        self.refresh_view()

    def action_rules(self) -> None:
        summary = game_summary(type(self.session.game))
        paragraphs = [Prose(colour_cards(unwrap(p))) for p in summary.split("\n\n")]
        body = Group(*(part for p in paragraphs for part in (p, Text(""))))
        self.app.push_screen(InfoScreen(_("Rules"), body))

    def action_last_play(self) -> None:
        obs = self.session.state.observation(self.viewer)
        body = self.face.last_play(obs, self._seat_events())
        self.app.push_screen(InfoScreen(_("The last play"), body))

    def action_scores(self) -> None:
        obs = self.session.state.observation(self.viewer)
        board = self.face.board(obs, self.session.players, self.viewer)
        self.app.push_screen(InfoScreen(_("Scores"), board))

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        assert self.viewer is not None
        move = self.session.hint(self.viewer)
        self.selected = cards_of(self.hand_cards, move)
        if self._selected_move() is not move:
            # The move names cards not in the hand (a capture): Enter plays the highlighted move.
            self.selected = []
        if move in self.move_list:
            self.query_one("#moves", OptionList).highlighted = self.move_list.index(move)
        self._draw_hand(self.hand_cards)
        line = _("Hint: {move} (Enter plays it)").format(
            move=self.session.state.describe_move(move)
        )
        # What the bot weighed: its best moves with their values, error bars and reasons.
        for row in hint_lines(self.session):
            line += "\n" + row
        self._status(colour_cards(line))

    def action_panel(self, key: str) -> None:
        for panel in self.face.panels():
            if panel.key == key:
                viewer = None if self.hidden else self.viewer
                if viewer is None:
                    return
                state = self.session.state
                # The game's advice is built from this seat's view only, like the observation.
                seen = Seen(state.observation(viewer), self._seat_events(), state.advice(viewer))
                self.app.push_screen(InfoScreen(panel.title, panel.draw(seen)))

    def on_key(self, event: events.Key) -> None:
        # A printable key that no binding takes would do nothing at all: say so, and where the
        # keys are. Bound keys reach here too (bindings are checked after the key bubbles).
        if not event.is_printable or event.character is None:
            return
        if event.key in self._known_keys():
            return
        self._refuse(
            _("The key {key} does nothing here; the keys are listed at the bottom.").format(
                key=event.character if event.character.isprintable() else repr(event.character)
            )
        )

    def _known_keys(self) -> set[str]:
        keys = {b.key for b in self.BINDINGS if isinstance(b, Binding)}
        keys |= {p.key for p in self.face.panels()}
        return keys

    def action_game_log(self) -> None:
        lines = [self.face.event_line(e) for e in log_events(self._seat_events(), None, True)]
        # The latest lines: a whole match's log would make the box slow to open.
        body = Group(*lines[-300:]) if lines else Text(_("Nothing has happened yet."))
        self.app.push_screen(InfoScreen(_("Game log"), body))

    def action_leave(self) -> None:
        """``q``: leave the table, after asking while the game goes on."""
        if self.session.state.is_over:
            self._leave(True)
            return
        question = _("Leave the table? The game so far is saved, and can be resumed later.")
        self.app.push_screen(ConfirmScreen(question), self._leave)

    def _leave(self, sure: bool | None) -> None:
        if not sure:
            return
        self._store()
        if self.saved_path is not None and not self.finished:
            self.notify(_("The game so far is saved to {path}").format(path=self.saved_path))
        self.app.post_message(GoToMenu())


def keys_line(face: TableFace) -> str:
    """The keys of the table, one line, with the face's panels.

    >>> from cardtable.play.tui.faces import face_for
    >>> import cardtable
    >>> keys_line(face_for(cardtable.load("cribbage"), False)).split(" · ")[-4:]
    ['a discard advisor', 'b counted hands', 'g log', 'q leave']
    """
    keys = [
        _("1-9 0 ←→ Space pick a card"),
        _("↑↓ the moves"),
        _("Enter play"),
        _("h hint"),
        _("l last play"),
        _("r rules"),
        _("s scores"),
    ]
    keys += [f"{p.key} {p.title.lower()}" for p in face.panels()]
    keys += [_("g log"), _("q leave")]
    return " · ".join(keys)


class GoToMenu(Message):
    """Asks the app for the start menu."""


class OpenTable(Message):
    """Asks the app for a table for ``session`` (a rematch)."""

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
