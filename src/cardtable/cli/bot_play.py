"""``cardtable bot URL --token TOKEN --bot SPEC``: a bot account of a ``cardtable serve`` plays
every table it is invited to, with any cardtable bot or research agent (``docs/bots-api.md``).

It asks the server for its invitations every few seconds (``GET /api/bot/invitations``), takes
each up (the bot sits in the seat it was invited to), and plays that table over its websocket,
one thread a table, until the game is over; Ctrl-C ends it cleanly. A dropped connection is
opened again (the server sends a whole view on connect). Every event is one line of log; a
refused token, a bad address or a server that cannot be reached is one ``error:`` line and
exit code 2, never a traceback.

``--bot`` is anything ``cardtable eval`` takes as an agent (:mod:`cardtable.rl.agents`): a
bot's name or level with its settings (``expert``, ``pimc:worlds=20``), a policy file
(``policy:path=model.zip`` or the path itself), a function ``module:function`` called with the
seat's observation and legal moves, or ``module:attribute`` naming an object with the bot
protocol (``name`` and ``choose(view)``; a class is made with no arguments). The bot sees the
seat's view as the server sends it (:class:`WireView`): its observation, events and legal
moves. Searching bots that draw hidden cards at random (``pimc``, ``ismcts``, some levels) draw
them from a twin of the game's state that the game makes from the seat's view alone (its
``twin`` hook, :func:`cardtable.registry.twin_from_view`): the same worlds as the server's state
would give. An invitation to a game without that hook, where the bot needs worlds, is declined,
saying so.

>>> server_base("http://127.0.0.1:8000/")
'http://127.0.0.1:8000'
"""

from __future__ import annotations

import importlib
import json
import random
import threading
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast
from urllib.parse import urlsplit

import typer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from cardtable.bot_protocol import Bot
from cardtable.cli.common import error_line, fail, inert
from cardtable.cli.connect import Address, ConnectError, Lobby, open_socket
from cardtable.engine import JSON, Event, Game, Move, State
from cardtable.errors import CardtableError, OptionError, clip
from cardtable.i18n import _
from cardtable.registry import entry, load, twin_from_view
from cardtable.rl.agents import make_agent, parse_agent
from cardtable.seat_view import SeatView

__all__ = ["NeedsWorlds", "WireView", "run", "server_base"]

#: Messages a second a table's player sends at most (the server allows 20, in bursts of 40).
RATE = 15
#: Seconds before a lost table connection is opened again (doubled each time, up to a minute).
RETRY = 1.0
#: Moves of a local game on which a bot is tried before it sits at a table of that game.
TRIAL_PLIES = 16


class NeedsWorlds(CardtableError):
    """The bot asked for a world drawn from the game's state, which the wire does not give."""


def server_base(url: str) -> str:
    """The server's base URL (``http(s)://HOST[:PORT]``) of ``url``; a path is ignored.

    >>> server_base("ftp://x")
    Traceback (most recent call last):
    ...
    cardtable.cli.connect.ConnectError: 'ftp://x' is not a server's address; give \
http://HOST:PORT
    """
    wrong = ConnectError(
        _("{url} is not a server's address; give http://HOST:PORT").format(url=clip(repr(url)))
    )
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise wrong from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise wrong
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")


class WireView:
    """A seat's view as the server sends it, offered to a bot as a :class:`SeatView` is: the
    observation, the seat's events and its legal moves. :meth:`sample_world` draws a world from
    the game's twin of the real state made from these (:class:`NeedsWorlds` where the game has
    no twin hook). ``events``: the seat's whole list of events so far, where the message
    carries only the newest (a view after a change); else the message's own.

    >>> import cardtable
    >>> view = WireView(cardtable.load("cribbage"), 1, {"to_move": 1, "observation": {"a": 1},
    ...                 "legal": [{"move": "discard 2H 4C"}], "events": []})
    >>> view.legal_moves(), view.observation()
    ([Move('discard 2H 4C')], {'a': 1})
    """

    def __init__(
        self,
        game: Game,
        seat: int,
        message: Mapping[str, Any],
        events: list[Mapping[str, Any]] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.to_move: int | None = message.get("to_move")
        self._observation: dict[str, JSON] = dict(message.get("observation") or {})
        self._legal = [game.parse_move(str(m["move"])) for m in message.get("legal") or []]
        sent = (message.get("events") or []) if events is None else events
        self._events = [
            Event(str(e.get("type")), e.get("seat"), dict(e.get("data") or {})) for e in sent
        ]
        self._twin: State | None = None

    def observation(self) -> dict[str, JSON]:
        return dict(self._observation)

    def legal_moves(self) -> list[Move]:
        return list(self._legal)

    def events(self) -> list[Event]:
        return list(self._events)

    def sample_world(self, rng: random.Random) -> State:
        """A world the real state would give for ``rng``'s state, from the game's twin.

        >>> import cardtable
        >>> real = cardtable.load("calypso").new_state(seed=2)
        >>> message = {"to_move": 1, "observation": real.observation(1), "legal": [],
        ...            "events": [e.to_dict() | {"data": dict(e.data)} for e in real.events_for(1)]}
        >>> world = WireView(real.game, 1, message).sample_world(random.Random(3))
        >>> world.observation(0) == real.sample_world(1, random.Random(3)).observation(0)
        True
        """
        if entry(self.game.name).twin is None:
            raise NeedsWorlds(_("this bot draws hidden cards from the game's state"))
        if self._twin is None:
            self._twin = twin_from_view(self.game, self.seat, self._observation, self._events)
        return self._twin.sample_world(self.seat, rng)


def load_agent(game: Game, spec: str) -> Bot:
    """The bot ``spec`` names for ``game`` (see the module); ``module:attribute`` with a
    ``choose`` is an object with the bot protocol (a class is made with no arguments)."""
    module, sep, attribute = spec.partition(":")
    if sep and "=" not in spec and module.replace(".", "").replace("_", "").isalnum():
        try:
            found: Any = importlib.import_module(module)
            for part in attribute.split("."):
                found = getattr(found, part)
        except (ImportError, AttributeError):
            found = None
        if found is not None and hasattr(found, "choose"):
            return cast(Bot, found() if isinstance(found, type) else found)
    return make_agent(game, parse_agent(game, spec), seed=random.randrange(2**32))


def trial(game: Game, spec: str) -> None:
    """Play the first moves of a local game of ``game`` with the bot through wire views;
    :class:`NeedsWorlds` (or the bot's own error) where it could not play over the wire."""
    state = game.new_state(seed=1)
    bot = load_agent(game, spec)
    for _ply in range(TRIAL_PLIES):
        seat = state.to_move
        if seat is None:
            return
        view = SeatView(state, seat)
        message = {
            "to_move": seat,
            "observation": view.observation(),
            "legal": [{"move": m.text} for m in view.legal_moves()],
            "events": [e.to_dict() | {"data": dict(e.data)} for e in view.events()],
        }
        state.apply(bot.choose(cast(SeatView, WireView(game, seat, message))))


def log(line: str) -> None:
    """One line of the log: the time and the event, made inert."""
    stamp = datetime.now().strftime("%H:%M:%S")
    typer.echo(f"{stamp} {inert(line, keep='')}")


class BotLobby(Lobby):
    """The HTTP half for a bot account: its token on every request."""

    def __init__(self, base: str, token: str) -> None:
        super().__init__(Address(base))
        self.token = token
        self.http.headers["Authorization"] = f"Bearer {token}"

    def me(self) -> dict[str, Any]:
        return cast(dict[str, Any], self._call("GET", "/api/me"))

    def invitations(self) -> list[dict[str, Any]]:
        answer = self._call("GET", "/api/bot/invitations")
        return list(answer.get("invitations") or [])

    def accept(self, invitation: int) -> dict[str, Any]:
        return cast(dict[str, Any], self._call("POST", f"/api/bot/invitations/{invitation}/accept"))

    def decline(self, invitation: int) -> None:
        self._call("DELETE", f"/api/bot/invitations/{invitation}")


class TablePlayer:
    """One table the bot sits at, played over its websocket until the game is over."""

    def __init__(self, lobby: BotLobby, spec: str, table: str, game: Game, stop: threading.Event):
        self.lobby, self.spec, self.table, self.game, self.stop = lobby, spec, table, game, stop
        self.bot = load_agent(game, spec)
        self.socket: ClientConnection | None = None
        self.answered = -1
        #: When this player last sent a message (it keeps under the server's rate).
        self.sent_at = 0.0
        #: The seat's events so far (a view after a change carries only the new ones).
        self.events: list[Mapping[str, Any]] = []

    def run(self) -> None:
        wait = RETRY
        while not self.stop.is_set():
            try:
                with self._open() as socket:
                    self.socket = socket
                    wait = RETRY
                    if self._play(socket):
                        return
            except ConnectError as err:
                log(_("table {table}: {problem}").format(table=self.table, problem=err))
            except (ConnectionClosed, OSError):
                pass
            if self.stop.is_set():
                return
            log(
                _("table {table}: connection lost; connecting again in {n} s").format(
                    table=self.table, n=wait
                )
            )
            self.stop.wait(wait)
            wait = min(60.0, wait * 2)

    def _open(self) -> ClientConnection:
        headers = {"Authorization": f"Bearer {self.lobby.token}"}
        return open_socket(self.lobby.address, self.table, headers)

    def _play(self, socket: ClientConnection) -> bool:
        """Answer every view that asks the seat to move; True once the game is over."""
        for raw in socket:
            if self.stop.is_set():
                return True
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                log(
                    _("table {table}: refused: {why}").format(
                        table=self.table, why=message.get("message")
                    )
                )
                if message.get("code") == "too-fast":
                    # The move was not taken: answer the view the sync brings again.
                    time.sleep(0.5)
                    self.answered = -1
                    self._send(socket, {"type": "sync"})
                continue
            if kind != "view":
                continue
            if message.get("status") in ("over", "abandoned"):
                log(
                    _("table {table}: the game is over: {result}").format(
                        table=self.table, result=message.get("result_text") or message.get("status")
                    )
                )
                return True
            if not self._read_events(message):
                self._send(socket, {"type": "sync"})  # a gap: ask for the whole view
                continue
            ply = int(message.get("ply", 0))
            seat = message.get("seat")
            if message.get("legal") and seat is not None and ply > self.answered:
                view = WireView(self.game, seat, message, self.events)
                move = self.bot.choose(cast(SeatView, view))
                self.answered = ply
                self._send(socket, {"type": "move", "ply": ply, "move": move.text})
                log(
                    _("table {table}: move {ply}: {move}").format(
                        table=self.table, ply=ply, move=move.text
                    )
                )
        return False

    def _send(self, socket: ClientConnection, message: dict[str, Any]) -> None:
        """Send ``message``, at most :data:`RATE` a second (the server refuses a faster client,
        whose move then waits: a quick bot against quick players would otherwise hit it)."""
        wait = self.sent_at + 1 / RATE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        socket.send(json.dumps(message))
        self.sent_at = time.monotonic()

    def _read_events(self, message: Mapping[str, Any]) -> bool:
        """Add a view's events to the seat's list (a whole view's replace it); False where
        some were missed (the view starts past the list's end)."""
        first = int(message.get("first_event") or 0)
        if first == 0:
            self.events = []
        elif first > len(self.events):
            return False
        for event in message.get("events") or []:
            index = int(event.get("i", len(self.events)))
            if index == len(self.events):
                self.events.append(event)
        return True


def _take_up(lobby: BotLobby, spec: str, invitation: dict[str, Any], stop: threading.Event) -> None:
    """Accept an invitation the bot can play (and play it in a thread of its own), or decline
    it saying why."""
    number, table = int(invitation["id"]), str(invitation["table"])
    try:
        game = load(str(invitation["game"]), **dict(invitation.get("options") or {}))
        trial(game, spec)
    except (CardtableError, OptionError, ValueError) as err:
        lobby.decline(number)
        reason = (
            str(err)
            if not isinstance(err, NeedsWorlds)
            else _(
                "bot {spec} searches worlds drawn from the game's state, which a seat over "
                "the wire does not have"
            ).format(spec=spec)
        )
        log(
            _("invitation {n} to table {table} declined: {why}").format(
                n=number, table=table, why=reason
            )
        )
        return
    lobby.accept(number)
    log(
        _("invitation {n} accepted: {game} at table {table}, seat {seat}, from {by}").format(
            n=number, game=game.name, table=table, seat=invitation["seat"], by=invitation["by"]
        )
    )
    player = TablePlayer(lobby, spec, table, game, stop)
    threading.Thread(target=player.run, daemon=True, name=f"table-{table}").start()


def run(url: str, token: str, bot_spec: str, poll: float) -> None:
    """``cardtable bot``: play every table this bot account is invited to with ``bot_spec``
    until Ctrl-C (see :mod:`cardtable.cli.bot`)."""
    try:
        lobby = BotLobby(server_base(url), token)
        me = lobby.me()
    except ConnectError as err:
        fail(str(err))
    log(
        _("signed in at {url} as {name}; waiting for invitations").format(
            url=lobby.address.base, name=me.get("name")
        )
    )
    stop = threading.Event()
    try:
        while True:
            try:
                for invitation in lobby.invitations():
                    _take_up(lobby, bot_spec, invitation, stop)
            except ConnectError as err:
                typer.echo(error_line(str(err)))
            stop.wait(poll)
    except KeyboardInterrupt:
        stop.set()
        log(_("stopped"))
    finally:
        lobby.close()
