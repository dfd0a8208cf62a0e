"""One table: a game in progress, who sits where (people or bots), and the moves they make.

The session knows nothing of screens; the plain line mode and the full-screen table both drive
it. Bots see only their seat's view.

>>> import cardtable
>>> session = Session(cardtable.load("cribbage"), ["rules", "random"], seed=3)
>>> session.humans, session.run_bots() > 0, session.state.is_over
([], True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from cardtable.bots import Bot, bot_names, make_bot
from cardtable.bots.explain import Weighed, explaining, hint_rows, weighed
from cardtable.bots.latency import guarded
from cardtable.bots.levels import LEVELS, hint_bot
from cardtable.engine import JSON, Event, Game, Move, State, fresh_seed
from cardtable.errors import IllegalMoveError, OptionError, RecordError
from cardtable.i18n import _, ngettext
from cardtable.records import from_record
from cardtable.registry import load
from cardtable.table.core import Table
from cardtable.table.errors import Fault, TableError
from cardtable.table.seats import Seat, SeatKind, Status
from cardtable.table.thinking import Ask, InProcess, Thinker, hint_move

__all__ = ["HUMAN", "Session", "log_events", "parse_players", "player_choices", "player_label"]

HUMAN = "human"


def hint_lines(session: Session) -> list[str]:
    """The last hint explained, a line a move (:func:`~cardtable.bots.explain.hint_rows`): the
    best moves the hint bot searched with their values, error bars and reasons, or its one
    move's reason; nothing where it gave neither.

    >>> import cardtable
    >>> session = Session(cardtable.load("kloepper"), ["human", "rules", "rules", "rules"], 1)
    >>> hint_lines(session)
    []
    """
    if session.hint_weighed is None:
        return []
    rows = hint_rows(session.state, session.hint_weighed)
    if any(row["deals"] for row in rows) or rows[0]["reason"] is not None:
        return [str(row["line"]) for row in rows]
    return []


def log_events(
    events: Sequence[Event], viewer: int | None, everything: bool = False
) -> list[Event]:
    """The events a log shows ``viewer`` (None: only public ones; ``everything``: all), each
    told once: public news that the next event tells in detail to the same viewer (Cribbage's
    "lays away 2 cards" before "lays away 4C JD", an event ``X`` followed by ``X-cards`` of the
    same seat) is left out.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=4)
    >>> state.apply("discard 4C JD")
    >>> [e.type for e in state.events_for(0)][-2:]
    ['discard', 'discard-cards']
    >>> [e.type for e in log_events(state.events, 0)][-1:]
    ['discard-cards']
    >>> [e.type for e in log_events(state.events, 1)][-1:]
    ['discard']
    """
    shown = [e for e in events if everything or e.visible(viewer)]
    return [
        e
        for i, e in enumerate(shown)
        if not (
            i + 1 < len(shown)
            and shown[i + 1].type == f"{e.type}-cards"
            and shown[i + 1].seat == e.seat
        )
    ]


def player_choices(game: str) -> list[str]:
    """What may sit in a seat: a person, a level, or a bot by name.

    >>> player_choices("cribbage")[:6]
    ['human', 'beginner', 'easy', 'medium', 'hard', 'expert']
    >>> player_choices("cribbage")[6:]
    ['ismcts', 'pegger', 'pegger-fast', 'pimc', 'random', 'rules', 'solver']
    """
    return [HUMAN, *LEVELS, *bot_names(game)]


def player_label(player: str) -> str:
    """A seat's player in words: ``a person``, ``easy bot``, ``random bot``.

    >>> player_label("easy"), player_label("rules")
    ('easy bot', 'rules bot')
    """
    labels = {
        HUMAN: _("a person"),
        "beginner": _("beginner bot"),
        "easy": _("easy bot"),
        "medium": _("medium bot"),
        "hard": _("hard bot"),
        "expert": _("expert bot"),
    }
    return labels.get(player, _("{bot} bot").format(bot=player))


def parse_players(game: Game, text: str | Sequence[str] | None) -> list[str]:
    """The players of each seat from ``human,easy`` (default: a person at seat 0, ``easy`` bots).

    >>> import cardtable
    >>> parse_players(cardtable.load("cribbage"), "human, rules")
    ['human', 'rules']
    >>> parse_players(cardtable.load("cribbage", players=3), None)
    ['human', 'easy', 'easy']
    >>> parse_players(cardtable.load("calypso"), "human,pimc:worlds=50,rules,hard")
    ['human', 'pimc:worlds=50', 'rules', 'hard']
    """
    seats = game.num_players
    if text is None:
        return [HUMAN] + ["easy"] * (seats - 1)
    names = [p.strip().lower() for p in (text.split(",") if isinstance(text, str) else text)]
    allowed = player_choices(game.name)
    for name in names:
        if ":" in name and name.split(":")[0] in allowed:
            make_bot(game.name, name)  # a bot with settings: refused here if they are wrong
        elif name not in allowed:
            raise OptionError(
                _("unknown player {name!r}; allowed: {allowed}").format(
                    name=name, allowed=", ".join(allowed)
                )
            )
    if len(names) != seats:
        raise OptionError(
            ngettext(
                "{game} here has {seats} seats, but {count} player was given",
                "{game} here has {seats} seats, but {count} players were given",
                len(names),
            ).format(game=game.name, seats=seats, count=len(names))
        )
    return names


class Session:
    """A game with its players, driving a :class:`~cardtable.table.core.Table` in this
    process. ``players[i]`` is ``human`` or a bot name or level."""

    def __init__(self, game: Game, players: Sequence[str], seed: int | None = None) -> None:
        #: Whether the seed was chosen by whoever set the table (then it may be shown); a
        #: drawn seed is secret until the game is over, as it deals every hidden card.
        self.seed_given = seed is not None
        if seed is None:
            seed = fresh_seed()
        self.game = game
        self.players = list(parse_players(game, players))
        self.seed = seed
        seats = [
            Seat(i, SeatKind.HUMAN, user_id=_person(i))
            if p == HUMAN
            else Seat(i, SeatKind.BOT, bot=p)
            for i, p in enumerate(self.players)
        ]
        self.table = Table("local", game, {"seed": seed}, seats)
        self.table.start(_now())
        #: What the last hint's bot weighed: (move, mean value, visits), best first.
        self.hint_report: list[tuple[str, float, int]] = []
        #: The same with the error bars and reasons' counters (:mod:`cardtable.bots.explain`).
        self.hint_weighed: Weighed | None = None
        #: Each seat's bot as it plays on this machine: a level with the budget the latency
        #: guard leaves it (kept in the record, so the game can be played again elsewhere).
        self.budgets = [p if p == HUMAN else guarded(game.name, p) for p in self.players]
        # One generator per table, so the bots differ from seat to seat yet repeat run to run.
        seeder = random.Random(seed)
        #: Where the bots and the hint think: here, each seat's bot kept for the whole game.
        self.thinker: Thinker = InProcess(
            [
                None if p == HUMAN else make_bot(game.name, self.budgets[i], seeder.getrandbits(32))
                for i, p in enumerate(self.players)
            ]
        )

    @property
    def bots(self) -> list[Bot | None]:
        """Each seat's bot (None: a person's seat)."""
        return self.thinker.bots if isinstance(self.thinker, InProcess) else []

    @bots.setter
    def bots(self, bots: list[Bot | None]) -> None:
        self.thinker = InProcess(bots)

    @property
    def state(self) -> State:
        """The game's state now."""
        state = self.table.state
        assert state is not None, "a session's table starts with it"
        return state

    @state.setter
    def state(self, state: State) -> None:
        self.table.state = state
        self.table.status = Status.OVER if state.is_over else Status.PLAYING

    @classmethod
    def resume(cls, record: Mapping[str, JSON]) -> Session:
        """The table of an unfinished game's record, its moves replayed, the same players in
        the same seats (``meta.players``; else a person at seat 0 and ``easy`` bots), ready
        for the next move.

        >>> import cardtable
        >>> first = Session(cardtable.load("cribbage"), ["human", "rules"], seed=4)
        >>> first.play("discard 4C JD")
        >>> again = Session.resume(first.record())
        >>> again.state.history == first.state.history, again.players
        (True, ['human', 'rules'])
        >>> again.run_bots() > 0, again.human_to_move()
        (True, True)
        """
        meta = record.get("meta")
        return cls.resume_state(from_record(record), meta if isinstance(meta, Mapping) else {})

    @classmethod
    def resume_state(cls, state: State, meta: Mapping[str, JSON]) -> Session:
        """:meth:`resume` for a record already replayed: its final state and its ``meta``."""
        if state.is_over:
            raise RecordError(_("the game of this record is over: replay it instead"))
        named = meta.get("players")
        players = parse_players(state.game, named if isinstance(named, list) else None)
        session = cls(state.game, players, seed=state.seed)
        session.state = state
        # Its seed is in the record the player holds; still, the table tells it at the end.
        session.seed_given = False
        return session

    @property
    def humans(self) -> list[int]:
        """The seats people play."""
        return [s.seat for s in self.table.seats if s.kind is SeatKind.HUMAN]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.table.seats[seat].kind is SeatKind.HUMAN

    def human_to_move(self) -> bool:
        """Whether a person must act now (False once the game is over)."""
        return not self.state.is_over and self.is_human(self.state.to_move)

    def _make(self, seat: int, move: Move | str) -> Move:
        """A move through the table's one door: decided (an illegal one raises and changes
        nothing), then committed."""
        try:
            decided = self.table.decide(seat, move, self.table.ply)
        except TableError as err:
            if err.code is Fault.ILLEGAL_MOVE:
                # The engine's own words for it, naming the move and the seat: the plain mode,
                # where one types notation, shows them beside the legal moves.
                self.state._checked(move, seat, self.state.legal_moves())
                raise IllegalMoveError(str(err)) from None
            raise
        self.table.commit(decided, seat, _now())
        return decided

    def step_bot(self) -> Move:
        """Let the bot whose turn it is make its move."""
        turn = self.table.bot_to_move()
        if turn is None:
            raise RuntimeError("no bot is to move")
        seat, spec = turn
        ask = Ask(
            self.game.name,
            dict(self.game.options),
            dict(self.table.deal),
            (),
            seat,
            spec,
            position=self.state,
        )
        return self._make(seat, self.thinker.move(ask).result())

    def bots_to_move(self) -> bool:
        """Whether a bot must act now (False once the game is over)."""
        return not self.state.is_over and not self.is_human(self.state.to_move)

    def run_bots(self) -> int:
        """Play the bots' moves until a person must act or the game ends; how many were made."""
        made = 0
        while self.bots_to_move():
            self.step_bot()
            made += 1
        return made

    def play(self, move: Move | str) -> None:
        """A person's move (a Move or its notation, shorthand allowed: see
        :meth:`~cardtable.engine.Game.read_move`); an illegal one raises and changes nothing."""
        seat = self.state.to_move
        if seat is None or not self.is_human(seat):
            raise RuntimeError("no person is to move")
        self._make(seat, move)

    def shown_seed(self) -> int | None:
        """The seed, where it may be shown now: given by whoever set the table, or the game
        is over; else None."""
        return self.seed if self.seed_given or self.state.is_over else None

    def hint(self, seat: int) -> Move:
        """The move the hint bot (:func:`~cardtable.bots.levels.hint_bot`, the ``expert``
        level) would make for ``seat`` (which must be to move); what it weighed is left in
        :attr:`hint_report` and :attr:`hint_weighed`."""
        # Its seed is the table's, so a hint repeats.
        ask = Ask(
            self.game.name,
            dict(self.game.options),
            dict(self.table.deal),
            (),
            seat,
            seed=random.Random(self.seed).getrandbits(32),
            position=self.state,
        )
        # The hint bot counts its reasons as it searches (its move is the same either way).
        bot = explaining(hint_bot(self.game.name, ask.seed))
        hint = hint_move(ask, bot)
        self.hint_weighed = weighed(bot, hint.move)
        self.hint_report = list(hint.report)
        return self.game.read_move(hint.move, self.state.legal_moves())

    def record(self) -> dict[str, JSON]:
        """The game record, with the players in ``meta``."""
        record = self.state.to_record()
        record["meta"] = {
            "players": list(self.players),
            "bots": list(self.budgets),
            "source": "cardtable play",
        }
        return record

    def rematch(self) -> Session:
        """A new game with the same players from a fresh seed: once the game is over, with
        the options of :meth:`~cardtable.engine.State.rematch_options` (the deal passes on as
        the rules say), as a table of the server does.

        >>> import cardtable
        >>> session = Session(cardtable.load("kloepper", target=4), ["rules"] * 4, seed=0)
        >>> first = session.state.game.options["dealer"]
        >>> _ = session.run_bots()
        >>> session.rematch().game.options["dealer"] == (first + 1) % 4
        True
        """
        game = self.game
        if self.state.is_over:
            asker = next((s.user_id for s in self.table.seats if s.user_id), None)
            game = (
                self.table.check_rematch(asker)
                if asker is not None
                else load(game.name, **self.state.rematch_options())
            )
        return Session(game, self.players)


def _person(seat: int) -> str:
    """The id of the person at ``seat`` of a terminal table (people there have no accounts)."""
    return f"seat-{seat}"


def _now() -> datetime:
    return datetime.now(UTC)
