"""The plain line mode: a game as text prompts on stdin/stdout, one line per event.

For screen readers, pipes and scripts. Moves are typed in notation (``play 5H``; a bare ``5H``
when every legal move has the same verb); ``help``, ``moves``, ``hand``, ``rules``, ``hint``,
``score`` and ``quit`` are commands. A mistake is answered with one ``error:`` line and the
same question again; the game goes on.

>>> import io, cardtable
>>> session = Session(cardtable.load("cribbage", target=61), ["random", "rules"], seed=2)
>>> out = io.StringIO()
>>> PlainTable(session, io.StringIO(""), out, save=False).run()
>>> for line in out.getvalue().splitlines()[-3:]:
...     print(line)
Game 1 over: Seat 1 wins (win, 1), 33-61
Result: seat 1 wins (seat 0 33, seat 1 61)
Play again? (y/n)
"""

from __future__ import annotations

from typing import TextIO

from cardtable.engine import State
from cardtable.errors import CardtableError, clip
from cardtable.i18n import _, game_summary, game_title
from cardtable.options import options_line
from cardtable.play.session import HUMAN, Session, hint_lines, log_events, player_label
from cardtable.play.storage import save_record
from cardtable.table.result import state_result_words

__all__ = ["PlainTable", "result_line", "scores_line"]

COMMANDS = ("help", "moves", "hand", "rules", "hint", "score", "quit")
#: The longest line read: a move is a few words; anything longer is refused unread.
MAX_LINE = 10_000


def scores_line(state: State) -> str:
    """``Scores: seat 0 45, seat 1 38 (game to 121)``: the standing, so a game that scores
    only at the end of a round or hand (Calypso, Krypkasino) shows the points so far.

    >>> import cardtable
    >>> state = cardtable.load("calypso").new_state(seed=1)
    >>> while not state.observation(0)["points"][0] and not state.observation(0)["points"][1]:
    ...     state.apply(state.legal_moves()[0])
    >>> state.scores, scores_line(state) != "Scores: seat 0 0, seat 1 0, seat 2 0, seat 3 0"
    ([0, 0, 0, 0], True)
    """
    seats = ", ".join(
        _("seat {seat} {score}").format(seat=s, score=v) for s, v in enumerate(state.standing())
    )
    games = state.game.options.get("games")
    if isinstance(games, int) and not isinstance(games, bool) and games > 1:
        # In a match the scores are the games' points, not the pegs of the game in play.
        return _("Match points: {seats} (a match of {games} games)").format(
            seats=seats, games=games
        )
    target = state.game.options.get("target")
    if isinstance(target, int) and not isinstance(target, bool):
        return _("Scores: {seats} (game to {target})").format(seats=seats, target=target)
    return _("Scores: {seats}").format(seats=seats)


def result_line(state: State) -> str:
    """The outcome in one line, e.g. ``Result: seat 1 wins (seat 0 98, seat 1 121)``: the one
    result line of every face (:func:`cardtable.table.result.state_result_words`)."""
    return state_result_words(state)


class PlainTable:
    """Runs a session on text streams until the game ends, the input ends, or ``quit``."""

    def __init__(self, session: Session, inp: TextIO, out: TextIO, save: bool = True) -> None:
        self.session = session
        self.inp = inp
        self.out = out
        self.save = save
        self.shown = 0
        self.deals = 0
        self.saved: list[str] = []

    # ------------------------------------------------------------------ output

    def say(self, line: str = "") -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def _viewer(self) -> int | None:
        humans = self.session.humans
        # One person sees their own cards; several at one keyboard see only public events (each
        # sees their hand at their own prompt); with no person at all, everything is shown.
        return humans[0] if len(humans) == 1 else None

    def flush_events(self) -> None:
        state = self.session.state
        events = state.events
        viewer = self._viewer()
        for event in log_events(events[self.shown :], viewer, not self.session.humans):
            if event.type == "deal":
                if self.deals:
                    self.say("  " + scores_line(state))
                self.deals += 1
            indent = "" if event.type in ("deal", "game over") else "  "
            self.say(indent + state.game.describe(event))
        self.shown = len(events)

    def header(self) -> None:
        s = self.session
        players = ", ".join(
            _("seat {seat}: {player}").format(seat=i, player=_player_name(p, len(s.humans)))
            for i, p in enumerate(s.players)
        )
        title, options, seed = (
            game_title(s.game),
            options_line(s.game.options, type(s.game).option_specs),
            s.shown_seed(),
        )
        if seed is None:  # a drawn seed deals every hidden card: it is told at the end
            self.say(_("{title} ({options})").format(title=title, options=options))
        else:
            self.say(
                _("{title} ({options}), seed {seed}").format(
                    title=title, options=options, seed=seed
                )
            )
        self.say(players)
        self.say(_("Type a move, or help for the commands."))

    # ------------------------------------------------------------------ input

    def read(self, seat: int) -> str | None:
        self.out.write(_("seat {seat}> ").format(seat=seat))
        self.out.flush()
        line = self.inp.readline(MAX_LINE + 1)
        if not line:
            self.say()
            return None
        long_line = len(line) > MAX_LINE
        while long_line and line and not line.endswith("\n"):
            line = self.inp.readline(MAX_LINE)  # the rest of an endless line is dropped
        if not _interactive(self.inp):
            # Typed input is echoed by the terminal; a script's is not, so say it here, which
            # keeps a piped transcript one line per question and answer.
            self.say(str(clip(line.rstrip("\n"))) if not long_line else "…")
        if long_line:
            self.say(
                _("error: {message}").format(
                    message=_("a line is at most {limit} characters").format(limit=MAX_LINE)
                )
            )
            return ""
        return line.strip()

    def command(self, word: str, seat: int) -> bool:
        """Carry out a command; False when the player quits."""
        state = self.session.state
        if word == "help":
            self.say(_("Commands: {commands}.").format(commands=", ".join(COMMANDS)))
            self.say(
                _(
                    "Type a move in notation, e.g. {example}; a bare card list is enough when "
                    "every move has the same verb."
                ).format(example=state.describe_move(state.legal_moves()[0]))
            )
        elif word == "moves":
            self.say(
                _("Legal moves: {moves}").format(
                    moves=", ".join(state.describe_move(m) for m in state.legal_moves())
                )
            )
        elif word == "hand":
            self.say(state.game.prompt(state.observation(seat)))
        elif word == "rules":
            for paragraph in game_summary(type(state.game)).split("\n\n"):
                self.say(" ".join(paragraph.split()))
        elif word == "hint":
            hint = self.session.hint(seat)
            self.say(_("Hint: {move}").format(move=state.describe_move(hint)))
            for line in hint_lines(self.session):
                self.say(line)
        elif word == "score":
            self.say(scores_line(state))
        elif word == "quit":
            return False
        return True

    # ------------------------------------------------------------------ the loop

    def run(self) -> None:
        """Play until the game is over (offering a rematch), the input ends, or ``quit``."""
        self.header()
        while True:
            if not self.play_game():
                return
            self.say(_("Play again? (y/n)"))
            line = self.inp.readline()
            if line.strip().lower() not in ("y", "yes", "はい"):
                return
            self.session = self.session.rematch()
            self.shown = self.deals = 0
            self.header()

    def play_game(self) -> bool:
        """One game; False if it was left unfinished (quit or end of input)."""
        session = self.session
        last_human: int | None = None
        while True:
            # One bot move at a time, so the scores printed between deals are those of then.
            while session.bots_to_move():
                session.step_bot()
                self.flush_events()
            self.flush_events()
            state = session.state
            if state.is_over:
                self.say(result_line(state))
                if not session.seed_given:
                    self.say(_("The seed was {seed}.").format(seed=session.seed))
                self.store()
                return True
            seat = state.to_move
            assert seat is not None
            if len(session.humans) > 1 and seat != last_human:
                self.say(_("Seat {seat}, your turn.").format(seat=seat))
            last_human = seat
            self.say(state.game.prompt(state.observation(seat)))
            while True:
                line = self.read(seat)
                if line is None or line.lower() == "quit":
                    self.store(unfinished=True)
                    return False
                if not line:
                    continue
                if line.lower() in COMMANDS:
                    self.command(line.lower(), seat)
                    continue
                try:
                    session.play(line)
                except CardtableError as err:
                    # The person is the seat to move: its own legal moves are its to see.
                    moves = ", ".join(state.describe_move(m) for m in state.legal_moves())
                    message = _("{error}; legal moves: {moves}").format(error=err, moves=moves)
                    self.say(_("error: {message}").format(message=message))
                    continue
                break

    def store(self, unfinished: bool = False) -> None:
        if not self.save or not self.session.state.history:
            return
        try:
            path = save_record(self.session.record())
        except OSError as err:
            self.say(_("error: the record could not be saved: {reason}").format(reason=err))
            return
        self.saved.append(str(path))
        if unfinished:
            self.say(_("The game so far is saved to {path}").format(path=path))
        else:
            self.say(_("Record saved to {path}").format(path=path))


def _interactive(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _player_name(player: str, people: int) -> str:
    if player == HUMAN and people == 1:
        return _("you")
    return player_label(player)
