r"""``cardtable play --connect URL``: a seat (or a spectator's chair) at a ``cardtable serve``
table, in plain text lines.

Usage::

    cardtable play --connect http://127.0.0.1:8000/join/INVITE --name Ann
    cardtable play --connect http://127.0.0.1:8000/tables/TABLE_ID

A ``/join/INVITE`` address is the one the table's creator shares: the client becomes a guest
(``POST /api/guest`` with ``--name`` and the language of ``--lang`` or the locale), opens the
invitation, takes the first free seat and plays. A ``/tables/TABLE_ID`` address sits at that
table too if a seat is free and the game has not started; otherwise it watches as a spectator.

The server is authoritative (``docs/protocol.md``): this client runs no game code. It prints the
text of each new event the server sends, the prompt when it is this seat's turn, and sends the
line typed as the move (``play 5H``, a bare ``5H``, or the Japanese words: the server reads
them; or a legal move's words as ``moves`` lists them, sent as that move). What it sends and
reads are the protocol's models (:mod:`cardtable.server.protocol`), and a line that does not fit
one is said so before anything is sent. A refused move is answered with one ``error:`` line and
the question again. Commands:
``moves`` (the legal moves), ``chat TEXT``, ``help``, ``quit``; the end of the input leaves like
``quit``. At the end of the game it prints the result line and exits with code 0.

Everything the server sends (names, chat, event text) is printed as plain text, with every
character a terminal would act on written as a visible escape (``\x1b``). A server that cannot
be reached, a bad address or a refused connection is one ``error:`` line and exit code 2.
"""

from __future__ import annotations

import getpass
import json
import queue
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO, TypeVar
from urllib.parse import quote, unquote, urlsplit

import httpx
from pydantic import BaseModel, ValidationError
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from cardtable.cli.common import error_line, fail, inert
from cardtable.errors import CardtableError, clip
from cardtable.i18n import _, get_language
from cardtable.options import options_line
from cardtable.registry import game_class, games
from cardtable.server.protocol import (
    MAX_NAME,
    ChatOut,
    ErrorOut,
    GuestIn,
    HTTPErrorOut,
    JoinedOut,
    PresenceOut,
    ProtocolError,
    SitIn,
    TableOut,
    TakenSeatOut,
    ViewOut,
    check_client,
)
from cardtable.server.validation import describe, where

__all__ = [
    "Address",
    "Chat",
    "Terminal",
    "View",
    "connect",
    "default_name",
    "open_socket",
    "parse_address",
]

#: The cookie that says who this client is (``docs/protocol.md``: "Who you are").
COOKIE = "cardtable_user"
COMMANDS = ("moves", "chat", "help", "quit")
#: The longest line read: a move is a few words; anything longer is refused unread.
MAX_LINE = 10_000
#: Seconds an HTTP request or the websocket's opening may take.
TIMEOUT = 15.0
#: The largest message taken from the server (a full view of a long game is big).
MAX_MESSAGE = 2**22
#: Statuses after which nothing more happens at a table.
FINISHED = ("over", "abandoned")

# What the server sends is read with the protocol's own models (``cardtable.server.protocol``):
# they take fields a newer server adds, so that its additions do not stop this client.
View = ViewOut
Chat = ChatOut
Answer = TypeVar("Answer", bound=BaseModel)


class ConnectError(CardtableError):
    """The server could not be reached, refused us, or answered something else than the
    protocol: one line for the user."""


@dataclass(frozen=True)
class Address:
    """Where to go: the server's base URL and an invitation or a table id."""

    base: str
    invite: str | None = None
    table: str | None = None

    @property
    def socket_base(self) -> str:
        """The base of the websocket's URL (``ws://`` for ``http://``, ``wss://`` for TLS)."""
        scheme, rest = self.base.split("://", 1)
        return ("wss" if scheme == "https" else "ws") + "://" + rest


def parse_address(url: str) -> Address:
    """The server and the table of a ``--connect`` address.

    >>> parse_address("http://127.0.0.1:8000/join/kD1c")
    Address(base='http://127.0.0.1:8000', invite='kD1c', table=None)
    >>> parse_address("https://cards.example.org/tables/Xy12/").socket_base
    'wss://cards.example.org'
    >>> parse_address("ftp://x/join/1")
    Traceback (most recent call last):
    ...
    cardtable.cli.connect.ConnectError: 'ftp://x/join/1' is not a table's address; give \
http://HOST:PORT/join/INVITE or http://HOST:PORT/tables/TABLE
    """
    wrong = ConnectError(
        _(
            "{url} is not a table's address; give http://HOST:PORT/join/INVITE or "
            "http://HOST:PORT/tables/TABLE"
        ).format(url=clip(repr(url)))
    )
    try:
        parts = urlsplit(url.strip())
        port = parts.port  # a port that is not a number raises here
    except ValueError:
        raise wrong from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise wrong
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    base = f"{parts.scheme}://{host}"
    if port is not None:
        base += f":{port}"
    pieces = [unquote(p) for p in parts.path.split("/") if p]
    if pieces[:1] == ["api"]:  # the API's own path says the same
        pieces = pieces[1:]
    if len(pieces) != 2 or pieces[0] not in ("join", "tables"):
        raise wrong
    if pieces[0] == "join":
        return Address(base, invite=pieces[1])
    return Address(base, table=pieces[1])


def default_name() -> str:
    """The login name, else ``guest``: the name the other players see unless ``--name``."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "guest"
    name = "".join(ch for ch in name if ch.isprintable()).strip()
    return name[:MAX_NAME] or "guest"


def _checked(model: type[Answer], data: dict[str, Any]) -> Answer:
    """A request's body as the protocol's model; what does not fit is said before it is sent,
    as the server would say it.

    >>> _checked(GuestIn, {"name": "x" * 41, "language": "en"})
    Traceback (most recent call last):
    ...
    cardtable.cli.connect.ConnectError: bad request: name: must be at most 40 characters
    """
    try:
        return model.model_validate(data)
    except ValidationError as err:
        problem = err.errors()[0]
        raise ConnectError(
            _("bad request: {field}: {problem}").format(
                field=where(problem, skip=0), problem=describe(problem)
            )
        ) from None


# ---------------------------------------------------------------------- HTTP


class Lobby:
    """The HTTP half of the protocol: who we are, which table, which seat."""

    def __init__(self, address: Address) -> None:
        self.address = address
        self.http = httpx.Client(base_url=address.base, timeout=TIMEOUT)
        self.cookie = ""

    def close(self) -> None:
        self.http.close()

    def _call(self, method: str, path: str, body: BaseModel | None = None) -> Any:
        url = self.address.base + path
        try:
            answer = self.http.request(
                method, path, json=None if body is None else body.model_dump(mode="json")
            )
        except httpx.HTTPError as err:
            raise ConnectError(
                _("cannot reach {url}: {reason}").format(
                    url=clip(url), reason=clip(str(err) or type(err).__name__, 200)
                )
            ) from None
        try:
            data: Any = answer.json()
        except ValueError:
            data = None
        if answer.is_success and isinstance(data, dict):
            return data
        try:
            message = HTTPErrorOut.model_validate(data).error.message
        except ValidationError:
            message = ""
        if message:
            raise ConnectError(message)
        raise ConnectError(
            _("no cardtable server answers at {url} (HTTP {status})").format(
                url=clip(url), status=answer.status_code
            )
        )

    def guest(self, name: str, language: str) -> str:
        """Become a guest; the cookie that says so."""
        self._call("POST", "/api/guest", _checked(GuestIn, {"name": name, "language": language}))
        cookie = self.http.cookies.get(COOKIE)
        if not cookie:
            raise ConnectError(
                _("no cardtable server answers at {url} (HTTP {status})").format(
                    url=clip(self.address.base), status=200
                )
            )
        self.cookie = cookie
        return cookie

    def table(self) -> TableOut:
        """The table of the address (an invitation is opened)."""
        address = self.address
        if address.invite is not None:
            joined = self._call("POST", f"/api/join/{quote(address.invite, safe='')}")
            return self._read(JoinedOut, joined).table
        assert address.table is not None
        return self.refresh(address.table)

    def refresh(self, table_id: str) -> TableOut:
        return self._read(TableOut, self._call("GET", f"/api/tables/{quote(table_id, safe='')}"))

    def sit(self, table: TableOut) -> int | None:
        """Our seat at ``table``: the one we hold, else a free one if the game has not started;
        None to watch."""
        if table.your_seat is not None:
            return table.your_seat
        free = any(s.kind == "open" for s in table.seats)
        if table.status != "open" or not free:
            return None
        try:
            answer = self._call("POST", f"/api/tables/{quote(table.id, safe='')}/sit", SitIn())
        except ConnectError:
            return None  # taken in the meantime, or started: we watch
        try:
            return TakenSeatOut.model_validate(answer).seat
        except ValidationError:
            return None

    def _read(self, model: type[Answer], data: object) -> Answer:
        """An answer of the server as the protocol's model, or "no cardtable server"."""
        try:
            return model.model_validate(data)
        except ValidationError:
            raise self._not_ours() from None

    def _not_ours(self) -> ConnectError:
        return ConnectError(
            _("no cardtable server answers at {url} (HTTP {status})").format(
                url=clip(self.address.base), status=200
            )
        )


# ---------------------------------------------------------------------- the screen


class Terminal:
    """What the player sees: every text from the server made inert, one line at a time, and
    the ``seat N>`` question when it is this seat's turn."""

    def __init__(self, out: TextIO, seat: int | None, interactive: bool) -> None:
        self.out = out
        self.seat = seat
        self.interactive = interactive
        self.names: dict[int, str] = {}
        self.online: list[bool] = []
        self.view: View | None = None
        #: How many of the seat's events are printed.
        self.shown = 0
        #: The ply whose prompt is printed (it is printed once per move).
        self.prompted: int | None = None
        #: Whether ``seat N>`` is on screen waiting for a line.
        self.asking = False
        #: Whether a move was sent and the server has not answered it yet.
        self.waiting = False

    # ------------------------------------------------------------------ output

    def say(self, line: str = "") -> None:
        if self.asking:
            self.out.write("\n")  # a line from the server while the question waits
            self.asking = False
        self.out.write(line + "\n")
        self.out.flush()

    def end_line(self) -> None:
        """End the line of a question left waiting (before leaving with a message)."""
        if self.asking:
            self.out.write("\n")
            self.out.flush()
            self.asking = False

    def error(self, message: str) -> None:
        self.say(error_line(message))

    @property
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and view.status == "playing" and bool(view.legal)

    def ask(self) -> None:
        """Put the question on screen if it is this seat's turn and it is not there yet."""
        if self.my_turn and not self.waiting and not self.asking and self.seat is not None:
            self.out.write(_("seat {seat}> ").format(seat=self.seat))
            self.out.flush()
            self.asking = True

    def answered(self, line: str) -> None:
        """A line was read: a terminal has echoed it; a script's input is said here, which
        keeps a piped transcript one line per question and answer."""
        if not self.asking:
            return
        self.asking = False
        if self.interactive:
            return
        self.out.write(inert(str(clip(line)), keep="") + "\n")
        self.out.flush()

    def name(self, seat: int) -> str:
        name = self.names.get(seat, "?")
        return f"{name} ({_('you')})" if seat == self.seat else name

    # ------------------------------------------------------------------ the table

    def header(self, table: Mapping[str, Any]) -> None:
        title = inert(str(table.get("title") or table.get("game") or "?"), keep="")
        options = table.get("options")
        if isinstance(options, dict) and options:
            name = table.get("game")
            specs = game_class(name).option_specs if name in games() else ()
            shown = inert(options_line(options, specs), keep="")
            self.say(_("{title} ({options})").format(title=title, options=shown))
        else:
            self.say(title)
        seats = table.get("seats")
        self.seats(seats)
        if isinstance(seats, list):
            self.online = [bool(s.get("online")) for s in seats if isinstance(s, dict)]
        self.say(
            ", ".join(
                _("seat {seat}: {player}").format(seat=s, player=self.name(s))
                for s in sorted(self.names)
            )
        )
        if self.seat is None:
            self.say(_("You watch this table as a spectator."))
        else:
            self.say(_("Type a move, or help for the commands."))
        if table.get("status") == "open":
            self.say(_("Waiting for the game to start."))

    def seats(self, seats: object) -> None:
        """Take the names of a table's ``seats`` (from the HTTP API or a view's ``players``)."""
        if not isinstance(seats, list):
            return
        for entry in seats:
            if isinstance(entry, dict):
                seat, name = entry.get("seat"), entry.get("name")
                if isinstance(seat, int) and isinstance(name, str):
                    self.names[seat] = inert(name, keep="")

    def presence(self, online: Sequence[bool]) -> None:
        """Say who came and who went (not the first time: the header listed everyone)."""
        before, self.online = self.online, list(online)
        if not before:
            return
        for seat, here in enumerate(online):
            if seat == self.seat or seat >= len(before) or before[seat] == here:
                continue
            name = self.names.get(seat, "?")
            if here:
                self.say(_("{name} is here (seat {seat}).").format(name=name, seat=seat))
            else:
                self.say(_("{name} has gone (seat {seat}).").format(name=name, seat=seat))

    def show(self, view: View) -> None:
        """A view: its new events, then the prompt if a new question is asked."""
        self.view = view
        self.waiting = False
        self.seat = view.seat
        self.seats([{"seat": p.seat, "name": p.name} for p in view.players])
        self.online = [p.online for p in view.players]
        for event in view.events:
            if event.i < self.shown:
                continue  # a full view (after a stale move, a sync) repeats what was shown
            indent = "" if event.type in ("deal", "game over") else "  "
            self.say(indent + inert(event.text, keep=""))
            self.shown = event.i + 1
        if view.status in FINISHED:
            # The server's result line, the same words every face shows.
            self.say(inert(view.result_text or view.status_text, keep=""))
            return
        if self.my_turn and self.prompted != view.ply:
            self.prompted = view.ply
            self.say(inert(view.prompt, keep="\n"))

    def chat(self, message: Chat) -> None:
        self.say(
            _("{name} says: {text}").format(
                name=inert(message.sender, keep=""), text=inert(message.text, keep="")
            )
        )

    def moves(self) -> None:
        view = self.view
        if view is None or not self.my_turn:
            self.refuse_move()
            return
        words = ", ".join(inert(m.words, keep="") for m in view.legal)
        self.say(_("Legal moves: {moves}").format(moves=words))

    def refuse_move(self) -> None:
        if self.seat is None:
            self.error(_("spectators do not play"))
        else:
            self.error(_("it is not your turn"))

    def help(self) -> None:
        self.say(_("Commands: {commands}.").format(commands=", ".join(COMMANDS)))
        self.say(_("Type a move when it is your turn, e.g. play 5H; chat TEXT talks to the table."))


# ---------------------------------------------------------------------- the loop


def _read_socket(socket: ClientConnection, inbox: queue.Queue[tuple[str, str]]) -> None:
    try:
        for raw in socket:
            inbox.put(("server", raw if isinstance(raw, str) else raw.decode("utf-8", "replace")))
    except Exception:  # closed, or broken: either way the table ends here
        pass
    inbox.put(("closed", ""))


def _read_input(inp: TextIO, inbox: queue.Queue[tuple[str, str]]) -> None:
    try:
        while True:
            line = inp.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while line and not line.endswith("\n"):
                    line = inp.readline(MAX_LINE)  # the rest of an endless line is dropped
                inbox.put(("long", ""))
                continue
            inbox.put(("line", line.rstrip("\r\n")))
    except (OSError, ValueError, UnicodeDecodeError):
        pass
    inbox.put(("eof", ""))


class Connection:
    """One websocket at one table, and the player's lines: what each message from either side
    does. :meth:`run` returns when the game is over, the player quits or the input ends."""

    def __init__(
        self,
        socket: ClientConnection,
        terminal: Terminal,
        inp: TextIO,
        lobby: Lobby,
        table_id: str,
    ) -> None:
        self.socket = socket
        self.terminal = terminal
        self.inp = inp
        self.lobby = lobby
        self.table_id = table_id
        self.inbox: queue.Queue[tuple[str, str]] = queue.Queue()
        self.started = False

    def send(self, message: dict[str, Any]) -> bool:
        """Send a message of the protocol; what does not fit it (a line too long) is said
        here, unsent: False."""
        try:
            checked = check_client(message)
        except ProtocolError as err:
            self.terminal.error(str(err))
            return False
        try:
            self.socket.send(checked.model_dump_json())
        except (ConnectionClosed, OSError):
            self.terminal.end_line()
            _lost()
        return True

    def run(self) -> None:
        threading.Thread(
            target=_read_socket, args=(self.socket, self.inbox), daemon=True, name="socket"
        ).start()
        threading.Thread(
            target=_read_input, args=(self.inp, self.inbox), daemon=True, name="input"
        ).start()
        while True:
            kind, data = self.inbox.get()
            if kind == "closed":
                self.terminal.end_line()
                _lost()
            if kind == "server":
                if not self.message(data):
                    return
            elif kind == "eof":
                self.terminal.answered("")
                return
            elif kind == "long":
                self.terminal.answered("…")
                self.terminal.error(
                    _("a line is at most {limit} characters").format(limit=MAX_LINE)
                )
            elif kind == "line" and not self.line(data):
                return
            self.terminal.ask()

    def message(self, raw: str) -> bool:
        """A message from the server; False once the game is over."""
        terminal = self.terminal
        try:
            data: Any = json.loads(raw)
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == "view":
                view = View.model_validate(data)
                self.started = True
                terminal.show(view)
                return view.status not in FINISHED
            if kind == "error":
                terminal.waiting = False
                terminal.error(ErrorOut.model_validate(data).message)
            elif kind == "presence":
                online = PresenceOut.model_validate(data).online
                if not self.started:
                    self.refresh()  # someone sat down: learn the name
                terminal.presence(online)
            elif kind == "chat":
                terminal.chat(Chat.model_validate(data))
            # Anything else (a pong, a kind of message newer than this client) is not shown.
        except (ValueError, ValidationError, RecursionError):
            terminal.error(_("the server sent a message that is not of the protocol; ignored"))
        return True

    def refresh(self) -> None:
        try:
            table = self.lobby.refresh(self.table_id)
        except ConnectError:
            return
        self.terminal.seats([s.model_dump() for s in table.seats])

    def line(self, line: str) -> bool:
        """A line the player typed; False to leave."""
        terminal = self.terminal
        terminal.answered(line)
        text = line.strip()
        word, _sep, rest = text.partition(" ")
        if not text:
            return True
        if text.lower() == "quit":
            return False
        if text.lower() == "help":
            terminal.help()
        elif text.lower() == "moves":
            terminal.moves()
        elif word.lower() == "chat":
            if rest.strip():
                self.send({"type": "chat", "text": rest.strip()})
            else:
                terminal.error(_("write the text after chat, e.g. chat good game"))
        elif terminal.waiting:
            terminal.error(_("your last move is not answered yet; wait a moment"))
        elif terminal.my_turn and terminal.view is not None:
            view = terminal.view
            # The words ``moves`` lists may be typed back (as shown: made inert) for their move.
            typed = text.casefold()
            move = next(
                (
                    m.move
                    for m in view.legal
                    if typed in (m.words.casefold(), inert(m.words, keep="").casefold())
                ),
                text,
            )
            terminal.waiting = self.send({"type": "move", "ply": view.ply, "move": move})
        else:
            terminal.refuse_move()
        return True


def _lost() -> NoReturn:
    fail(_("the connection to the server was lost"))


def open_socket(address: Address, table_id: str, headers: dict[str, str]) -> ClientConnection:
    """The websocket of one table, opened with ``headers`` (a person's cookie, or a bot
    account's token); a refusal or an unreachable server is a :class:`ConnectError` in words."""
    url = f"{address.socket_base}/ws/tables/{quote(table_id, safe='')}"
    try:
        # No Origin header: this is no browser, and the server lets such a client in.
        return ws_connect(
            url, additional_headers=headers, open_timeout=TIMEOUT, max_size=MAX_MESSAGE
        )
    except InvalidStatus as err:
        raise ConnectError(
            _("the server refused the connection to table {table} (HTTP {status})").format(
                table=clip(table_id), status=err.response.status_code
            )
        ) from None
    except (InvalidHandshake, InvalidURI, OSError, TimeoutError) as err:
        raise ConnectError(
            _("cannot reach {url}: {reason}").format(
                url=clip(url), reason=clip(str(err) or type(err).__name__, 200)
            )
        ) from None


def connect(url: str, name: str | None, inp: TextIO, out: TextIO) -> None:
    """Play (or watch) at the table of ``url`` until the game is over, ``quit`` or the end of
    ``inp``; a failure is one ``error:`` line and exit code 2 (:func:`fail`)."""
    try:
        address = parse_address(url)
        lobby = Lobby(address)
    except ConnectError as err:
        fail(str(err))
    try:
        try:
            lobby.guest(name if name is not None else default_name(), get_language())
            table = lobby.table()
            table_id = table.id
            if not table_id:
                raise lobby._not_ours()
            if table.status in FINISHED:
                raise ConnectError(
                    _("the game at table {table} is over").format(table=clip(table_id))
                )
            seat = lobby.sit(table)
            if seat is not None:
                table = lobby.refresh(table_id)
            socket = open_socket(address, table_id, {"Cookie": f"{COOKIE}={lobby.cookie}"})
        except ConnectError as err:
            fail(str(err))
        terminal = Terminal(out, seat, _interactive(inp))
        terminal.header(table.model_dump())
        with socket:  # closed on the way out, whichever way that is
            Connection(socket, terminal, inp, lobby, table_id).run()
    finally:
        lobby.close()


def _interactive(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
