"""What a seat sees of a table: the one builder of every client's view.

The websocket, the HTTP summary, replays and the terminal client all show what :func:`view`
builds. A seat gets ``observation(seat)`` and its own events; a spectator (``seat`` None) the
public view and public events. The seed, the undealt cards and other seats' hands never
appear, not even after the end (the record, fetched separately once the game is over, has
them). Every text is in the viewer's language and in words: players by name, cards with suit
symbols; a legal move's notation (``move``) is only there to be sent back.

>>> import cardtable
>>> from cardtable.table.core import NOW, Table
>>> table = Table.create("T1", cardtable.load("cribbage"), {"seed": 1}, "ann", "Ann",
...                      ["open", "rules"])
>>> table.start(NOW)
>>> message = view(table, 0, "en", user_id="ann")
>>> message["observation"]["hand"], message["legal"][0]["cards"], "seed" in str(message)
(['2H', '4C', '7S', '9S', 'JC', 'QD'], ['2H', '4C'], False)
>>> message["players"][1]["name"], message["legal"][0]["words"].startswith("Lay away 2♥ 4♣")
('rules bot', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cardtable.cards import card_str
from cardtable.engine import Event, Move, State
from cardtable.i18n import N_, NP_, _, game_title, pgettext, seat_word, using_language, using_names
from cardtable.registry import vocabulary
from cardtable.table.core import Table
from cardtable.table.result import headline_words, result_words
from cardtable.table.seats import SeatKind, Status

__all__ = [
    "BOT_ACCOUNT_MARK",
    "FORMER_PLAYER",
    "Cursor",
    "Presence",
    "bot_name",
    "level_word",
    "seat_accounts",
    "seat_names",
    "shown_name",
    "summary",
    "view",
]

#: What a bot account's name starts with: the server names bot accounts so and refuses it to
#: people and guests (``server.bot_accounts_store.BOT_MARK`` is the same), so the mark tells a
#: bot account's seat from a person's.
BOT_ACCOUNT_MARK = "BOT "

#: The name a deleted account's games keep (stored so, in English; shown translated).
FORMER_PLAYER = N_("Former player")


def shown_name(name: str) -> str:
    """A stored name as the reader sees it: a deleted account's translated, any other as it is.

    >>> from cardtable.i18n import using_language
    >>> with using_language("ja"):
    ...     shown_name("Former player"), shown_name("Ann")
    ('元プレイヤー', 'Ann')
    """
    return _(FORMER_PLAYER) if name == FORMER_PLAYER else name


#: Each bot level's word (marked here; translated where shown).
_LEVEL_WORDS = {
    "beginner": NP_("level", "beginner"),
    "easy": NP_("level", "easy"),
    "medium": NP_("level", "medium"),
    "hard": NP_("level", "hard"),
    "expert": NP_("level", "expert"),
}


def level_word(level: str) -> str:
    """A bot level in the current language (another name as it is).

    >>> with using_language("ja"):
    ...     level_word("medium")
    '中級'
    """
    word = _LEVEL_WORDS.get(level)
    return pgettext("level", word) if word else level


def bot_name(spec: str) -> str:
    """A bot's name at a table: its level's word, or its name with its settings.

    >>> bot_name("hard"), bot_name("pimc:worlds=50")
    ('hard bot', 'pimc:worlds=50 bot')
    """
    return _("{bot} bot").format(bot=level_word(spec))


# The members read on every view, looked up once (an enum member read through its class costs
# ten times a global in Python 3.11).
_PLAYING, _HUMAN, _BOT = Status.PLAYING, SeatKind.HUMAN, SeatKind.BOT


@dataclass
class Cursor:
    """How far one client has read a game's events: ``sent`` of its seat's events (their own
    numbering), found among the first ``scanned`` of the state's events. A view after a
    change then reads only the events that are new, not the whole game's again."""

    sent: int = 0
    scanned: int = 0


def _seat_events(
    state: State, seat: int | None, first_event: int, cursor: Cursor | None
) -> list[tuple[int, Event]]:
    """The seat's events from ``first_event`` on, numbered, moving ``cursor`` past them."""
    if cursor is not None and first_event and first_event == cursor.sent:
        fresh = state.events_since(cursor.scanned)
        cursor.scanned += len(fresh)
        shown = [e for e in fresh if e.visible(seat)]
    else:
        every = state.events_for(seat)
        shown = every[first_event:]
        if cursor is not None:
            cursor.scanned = len(state.events)
    start = first_event
    if cursor is not None:
        cursor.sent = first_event + len(shown)
    return list(enumerate(shown, start=start))


@dataclass(frozen=True)
class Presence:
    """Who is connected: a flag per seat (a bot is always there), how many watch, and who
    (their names, each person once, sorted)."""

    online: Sequence[bool] = ()
    spectators: int = 0
    watchers: Sequence[str] = ()

    def here(self, seat: int) -> bool:
        return seat < len(self.online) and bool(self.online[seat])


def seat_names(table: Table) -> list[str]:
    """Each seat's name in the current language: a person's, a bot's, or "open seat"; seats
    that share a name (three "medium bot"s) are numbered among themselves, from 1.

    >>> import cardtable
    >>> table = Table.create("T", cardtable.load("kloepper"), {"seed": 1}, "a", "Ann",
    ...                      ["open", "easy", "easy", "hard"])
    >>> seat_names(table)
    ['Ann', 'easy bot 1', 'easy bot 2', 'hard bot']
    """
    out = []
    for s in table.seats:
        if s.kind is _HUMAN and s.user_id is not None:
            out.append(shown_name(table.names.get(s.user_id, "?")))
        elif s.kind is _BOT:
            out.append(bot_name(s.bot or "rules"))
        else:
            out.append(_("open seat"))
    counts, seen = Counter(out), Counter[str]()
    named = []
    for name in out:
        if counts[name] > 1:
            seen[name] += 1
            name = _("{name} {number}").format(name=name, number=seen[name])
        named.append(name)
    return named


def seat_accounts(table: Table) -> list[str | None]:
    """Who plays each seat, for clients that must not parse names: ``"bot"`` (a bot account),
    ``"person"`` (a person or a guest), None (an open seat, or a built-in bot).

    >>> import cardtable
    >>> table = Table.create("T", cardtable.load("kloepper"), {"seed": 1}, "a", "Ann",
    ...                      ["open", "open", "open", "hard"])
    >>> table.sit(1, "b", "BOT deepcrib")
    >>> seat_accounts(table)
    ['person', 'bot', None, None]
    """
    out: list[str | None] = []
    for s in table.seats:
        if s.kind is _HUMAN and s.user_id is not None:
            name = table.names.get(s.user_id, "")
            out.append("bot" if name.startswith(BOT_ACCOUNT_MARK) else "person")
        else:
            out.append(None)
    return out


def _players(
    table: Table, names: Sequence[str], presence: Presence, moment: datetime | None
) -> list[dict[str, Any]]:
    out = []
    accounts = seat_accounts(table)
    for s, name, account in zip(table.seats, names, accounts, strict=True):
        timed = moment is not None and table.clock
        left = table.clock_left(s.seat, moment) if timed and moment is not None else None
        out.append(
            {
                "seat": s.seat,
                "name": name,
                "kind": str(s.kind),
                # "bot" for a bot account's seat (its kind is "human": it sits as a person
                # does), "person", or None: clients need not read the name's BOT mark.
                "account": account,
                "online": presence.here(s.seat),
                "clock_ms": None if left is None else max(0, left),
                "out_of_time": bool(timed)
                and moment is not None
                and table.out_of_time(s.seat, moment),
            }
        )
    return out


def _legal(state: State, move: Move, hand: list[str]) -> dict[str, Any]:
    """A legal move as a face needs it: its words, the hand cards it uses, what it takes."""
    takes = [card_str(c) for c in state.move_takes(move)]
    named = [card_str(c) for c in move.cards]
    # The first card is played from the hand; those it takes are not from the hand.
    rest = named[1:]
    for card in takes:
        if card in rest:
            rest.remove(card)
    named = named[:1] + rest
    left, cards = list(hand), []
    for card in named:
        if card in left:
            left.remove(card)
            cards.append(card)
    return {
        "move": move.text,
        "words": state.describe_move(move),
        "cards": cards,
        "takes": takes,
        "warn": state.move_warning(move),
    }


def _status_text(table: Table, state: State | None, prompt: str, result_text: str) -> str:
    """One line saying where the table stands, for the viewer."""
    if table.status is Status.OPEN:
        free = len(table.free_seats())
        return (
            _("Waiting for players: {count} open seats").format(count=free)
            if free
            else _("Every seat is taken: the table's creator starts the game")
        )
    if table.status is Status.ABANDONED:
        return _("The game was abandoned.")
    if result_text or prompt or state is None or state.to_move is None:
        return result_text or prompt
    return _("Waiting for {player}").format(player=seat_word(state.to_move))


def _game(
    table: Table, state: State, seat: int | None, first_event: int, cursor: Cursor | None
) -> dict[str, Any]:
    """What a view holds of a dealt game (in the current language and names)."""
    game = table.game
    observation = state.observation(seat)
    events = [
        {"i": i, "type": e.type, "seat": e.seat, "data": dict(e.data), "text": game.describe(e)}
        for i, e in _seat_events(state, seat, first_event, cursor)
    ]
    mine = (
        seat is not None
        and table.status is _PLAYING
        and not state.is_over
        and state.to_move == seat
    )
    hand = observation.get("hand")
    hand_cards = [str(c) for c in hand] if mine and isinstance(hand, list) else []
    over = state.is_over
    note = state.result_note() if over else ""
    return {
        "ply": len(state.history),
        "to_move": state.to_move,
        "observation": observation,
        "events": events,
        "prompt": game.prompt(observation) if mine else "",
        "legal": [_legal(state, m, hand_cards) for m in state.legal_moves()] if mine else [],
        "result": state.result if over else None,
        "result_text": result_words(state.outcome() or [], state.scores, note) if over else "",
        "result_note": note,
        "headline": headline_words(state.outcome() or [], seat) if over else "",
    }


def _undealt() -> dict[str, Any]:
    """What a view holds of a game not dealt yet (a table whose seats are being taken)."""
    return {
        "ply": 0,
        "to_move": None,
        "observation": None,
        "events": [],
        "prompt": "",
        "legal": [],
        "result": None,
        "result_text": "",
        "result_note": "",
        "headline": "",
    }


def view(
    table: Table,
    seat: int | None,
    language: str,
    *,
    user_id: str | None = None,
    presence: Presence | None = None,
    moment: datetime | None = None,
    first_event: int = 0,
    state: State | None = None,
    names: Sequence[str] | None = None,
    cursor: Cursor | None = None,
) -> dict[str, Any]:
    """A ``view`` message for ``seat`` (None: a spectator) of user ``user_id``: the seat's
    events from ``first_event`` on, every text in ``language``, clocks at ``moment`` (None: no
    clock shown), ``state`` the position shown (default: the table's; a replay shows an
    earlier one), ``names`` the seats' names in ``language`` where the caller has them,
    ``cursor`` how far this client has read the events (moved past those sent).

    A full view (``first_event`` 0) also carries what never changes during a game (the game,
    its title and options, the clock's rules, the game's vocabulary); a view after a change
    carries only what may have changed, so that every push stays small."""
    game = table.game
    presence = presence if presence is not None else Presence()
    state = state if state is not None else table.state
    with using_language(language):
        names = list(names) if names is not None else seat_names(table)
        with using_names(names):
            part = _undealt() if state is None else _game(table, state, seat, first_event, cursor)
            status_text = _status_text(table, state, part["prompt"], part["result_text"])
            if table.status is Status.ABANDONED:
                part["headline"] = _("The game was abandoned")
        message: dict[str, Any] = {
            "type": "view",
            "table": table.id,
            "status": str(table.status),
            "seat": seat,
            "first_event": first_event,
            **part,
            "status_text": status_text,
            "players": _players(table, names, presence, moment),
            "spectators": presence.spectators,
            "watchers": list(presence.watchers),
            "you_created": user_id is not None and table.created_by == user_id,
            "held_for_you": table.held_for(user_id) if user_id is not None else None,
            "marked": table.marked,
        }
        if table.finished_at is not None and table.started_at is not None:
            # The end screen says how long the game took.
            message["started_at"] = table.started_at.isoformat()
            message["finished_at"] = table.finished_at.isoformat()
        if first_event == 0:
            message["game"] = game.name
            message["title"] = game_title(game)
            message["options"] = dict(game.options)
            message["clock"] = table.clock
            message["turn_based"] = table.turn_based
            message["vocabulary"] = vocabulary(game.name)
    return message


def summary(
    table: Table,
    user_id: str,
    language: str,
    presence: Presence | None = None,
    moment: datetime | None = None,
) -> dict[str, Any]:
    """A table as the HTTP API lists it (no game data: that is the view's), from the same
    pieces as :func:`view`.

    >>> import cardtable
    >>> table = Table.create("T", cardtable.load("cribbage"), {"seed": 1}, "a", "Ann",
    ...                      ["open", "easy"])
    >>> s = summary(table, "a", "ja")
    >>> s["title"], [p["name"] for p in s["seats"]], s["your_seat"]
    ('クリベッジ', ['Ann', '易しいボット'], 0)
    """
    presence = presence if presence is not None else Presence()
    state = table.state
    with using_language(language):
        title = game_title(table.game)
        seats = _players(table, seat_names(table), presence, moment)
    return {
        "id": table.id,
        "game": table.game.name,
        "title": title,
        "options": dict(table.game.options),
        "status": str(table.status),
        "seats": seats,
        "clock": table.clock,
        "turn_based": table.turn_based,
        "to_move": state.to_move if state is not None else None,
        "ply": len(state.history) if state is not None else 0,
        "created_by": table.created_by,
        "your_seat": table.seat_of(user_id),
        "held_for_you": table.held_for(user_id),
        "marked": table.marked,
    }
