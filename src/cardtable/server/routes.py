"""The HTTP API of ``cardtable serve`` (``docs/protocol.md``): thin routes that read the
request, ask the hub, and answer.

Who asks and in which language come from :mod:`cardtable.server.edge` (``Me`` runs the route in
the user's language); a refusal is a :class:`~cardtable.table.errors.TableError` that the edge
answers with its status. Each route declares the statuses it answers (:func:`answers`).

>>> sorted(r.path for r in router.routes if "{table_id}" in r.path)[:2]
['/api/tables/{table_id}', '/api/tables/{table_id}/leave']
"""

from __future__ import annotations

import functools
import secrets
import unicodedata
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response

from cardtable.errors import clip
from cardtable.i18n import LANGUAGES, _, using_language
from cardtable.server.bot_accounts_store import BOT_MARK
from cardtable.server.edge import COOKIE, COOKIE_AGE, Edge, Hubs, Me, edge_of, language_of
from cardtable.server.protocol import (
    BotIn,
    CreatedOut,
    GamesOut,
    GuestIn,
    JoinedOut,
    LanguageIn,
    LobbyOut,
    OkOut,
    RematchTableOut,
    ReplayOut,
    SessionOut,
    SitIn,
    TableIn,
    TableOut,
    TakenSeatOut,
    UserOut,
)
from cardtable.server.review import review as review_of
from cardtable.server.schema import answers
from cardtable.server.web import catalog
from cardtable.table.errors import Fault, TableError
from cardtable.table.view import FORMER_PLAYER

__all__ = ["COOKIE_AGE", "clean_name", "router"]

router = APIRouter(prefix="/api")
Edges = Annotated[Edge, Depends(edge_of)]


#: What a bot account's name starts with, casefolded: a person's or a guest's name may not,
#: so that nobody poses as a bot.
_BOT_START = BOT_MARK.casefold()


def clean_name(name: str) -> str:
    """A display name without control characters or surrounding space; refused if empty, or
    if it starts with ``BOT `` in any case or width (kept for bot accounts).

    >>> clean_name(" Ann\\x1b[2J ")
    'Ann[2J'
    >>> try:
    ...     clean_name("Bot Ann")
    ... except TableError as err:
    ...     print(err.code.value, str(err)[:30])
    bad-name a name may not start with "BOT
    """
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()
    if not cleaned:
        raise TableError(Fault.BAD_NAME, _("a name needs at least one visible character"))
    folded = unicodedata.normalize("NFKC", cleaned).casefold()
    if folded[: len(_BOT_START)] == _BOT_START:
        raise TableError(
            Fault.BAD_NAME,
            _('a name may not start with "BOT ": that mark is kept for bot accounts'),
        )
    if folded in _former_names():
        raise TableError(
            Fault.BAD_NAME,
            _('"{name}" is the name of deleted accounts: choose another').format(name=cleaned),
        )
    return cleaned


@functools.cache
def _former_names() -> frozenset[str]:
    """The name deleted accounts show, in every language, casefolded: nobody may pose as one."""
    names = set()
    for language in LANGUAGES:
        with using_language(language):
            names.add(unicodedata.normalize("NFKC", _(FORMER_PLAYER)).casefold())
    return frozenset(names)


def _documented(model: type[Any]) -> dict[int | str, Any]:
    """The 200 answer of a route that returns the hub's dict as it is: its model, for the
    schema only (``response_model=None``: the hub builds the dict, which the model takes as
    it is; the tests check the answers against the models)."""
    return {200: {"model": model}}


# ---------------------------------------------------------------------- who


@router.post("/guest", responses=answers(Fault.BAD_NAME, checked=True, body=True))
async def guest(body: GuestIn, response: Response, edge: Edges) -> UserOut:
    """Become a guest: the answer sets the signed cookie of a new session (a guest may make
    an account of it later, ``POST /api/account``, and keep their games)."""
    with using_language(body.language):
        name = clean_name(body.name)
    user = await edge.store.add_user(secrets.token_hex(16), name, body.language)
    await edge.start_session(response, user.id)
    return UserOut(id=user.id, name=user.name, language=body.language)


@router.get("/me", responses=answers(Fault.NO_USER))
async def me(user: Me) -> UserOut:
    return UserOut.model_validate({"id": user.id, "name": user.name, "language": user.language})


@router.get("/session")
async def session(request: Request, edge: Edges) -> SessionOut:
    """Who the cookie names, or ``{"user": null}``: 200 either way, so that a page's first
    visit asks without an error (``/api/me`` answers 401 for API clients)."""
    user = await edge.user_of(request.cookies.get(COOKIE))
    if user is None:
        return SessionOut(user=None)
    return SessionOut(
        user=UserOut.model_validate({"id": user.id, "name": user.name, "language": user.language})
    )


@router.post("/me/language", responses=answers(Fault.NO_USER, checked=True, body=True))
async def language(body: LanguageIn, user: Me, edge: Edges) -> UserOut:
    """Every text the server sends from now on in this language (connections opened before
    keep theirs until they reconnect)."""
    await edge.store.set_language(user.id, body.language)
    return UserOut(id=user.id, name=user.name, language=body.language)


@router.get("/catalog", responses=answers(checked=True))
async def game_catalog(
    request: Request, language: Literal["en", "ja"] | None = None
) -> dict[str, Any]:
    """Every game with its rules, options and bot levels, for the browser's menus: in
    ``language``, else the user's (when signed in), else English."""
    return catalog(language or await language_of(request))


@router.get(
    "/me/games", response_model=None, responses=answers(Fault.NO_USER) | _documented(GamesOut)
)
async def my_games(user: Me, hub: Hubs) -> dict[str, Any]:
    return {"games": await hub.finished_games(user)}


# ---------------------------------------------------------------------- tables


@router.post(
    "/tables",
    response_model=None,
    responses=answers(Fault.NO_USER, Fault.BAD_TABLE, checked=True, body=True)
    | _documented(CreatedOut),
)
async def create_table(body: TableIn, user: Me, hub: Hubs) -> dict[str, Any]:
    table, invite, seat = await hub.create(user, body)
    return {"table": hub.summary(table, user), "invite": invite, "seat": seat}


@router.get("/lobby", response_model=None, responses=answers(Fault.NO_USER) | _documented(LobbyOut))
async def lobby(user: Me, hub: Hubs) -> dict[str, Any]:
    return await hub.lobby(user)


@router.post(
    "/join/{token}",
    response_model=None,
    responses=answers(Fault.NO_USER, Fault.NO_TABLE, body=True) | _documented(JoinedOut),
)
async def join(token: str, user: Me, hub: Hubs) -> dict[str, Any]:
    """The table an invitation opens, the asker seated at it where a seat is free before
    the start (``seat``: theirs, or null: they may watch)."""
    room, seat = await hub.accept_invite(user, token)
    return {"table": hub.summary(room, user), "seat": seat}


@router.get(
    "/tables/{table_id}",
    response_model=None,
    responses=answers(Fault.NO_USER, Fault.NO_TABLE) | _documented(TableOut),
)
async def table_info(table_id: str, user: Me, hub: Hubs) -> dict[str, Any]:
    return hub.summary(await hub.room(table_id), user)


@router.post(
    "/tables/{table_id}/sit",
    responses=answers(
        Fault.NO_USER,
        Fault.NO_TABLE,
        Fault.STARTED,
        Fault.FULL,
        Fault.SEAT_TAKEN,
        checked=True,
        body=True,
    ),
)
async def sit(table_id: str, body: SitIn, user: Me, hub: Hubs) -> TakenSeatOut:
    return TakenSeatOut(seat=await hub.sit(user, table_id, body.seat))


@router.post(
    "/tables/{table_id}/leave",
    responses=answers(Fault.NO_USER, Fault.NOT_SEATED, Fault.NO_TABLE, Fault.STARTED, body=True),
)
async def leave(table_id: str, user: Me, hub: Hubs) -> OkOut:
    await hub.leave(user, table_id)
    return OkOut(ok=True)


@router.post(
    "/tables/{table_id}/start",
    response_model=None,
    responses=answers(
        Fault.NO_USER,
        Fault.NOT_CREATOR,
        Fault.NO_TABLE,
        Fault.STARTED,
        Fault.SEATS_OPEN,
        body=True,
    )
    | _documented(TableOut),
)
async def start(table_id: str, user: Me, hub: Hubs) -> dict[str, Any]:
    await hub.start_table(user, table_id)
    return hub.summary(await hub.room(table_id), user)


@router.post(
    "/tables/{table_id}/seats/{seat}/bot",
    response_model=None,
    responses=answers(
        Fault.BAD_BOT,
        Fault.NO_USER,
        Fault.NOT_SEATED,
        Fault.NO_TABLE,
        Fault.NOT_PLAYING,
        Fault.NOT_A_PERSON,
        Fault.STILL_HERE,
        checked=True,
        body=True,
    )
    | _documented(TableOut),
)
async def hand_to_bot(table_id: str, seat: int, body: BotIn, user: Me, hub: Hubs) -> dict[str, Any]:
    await hub.hand_to_bot(user, table_id, seat, body.bot)
    return hub.summary(await hub.room(table_id), user)


@router.post(
    "/tables/{table_id}/reclaim",
    responses=answers(Fault.NO_USER, Fault.NO_TABLE, Fault.NOTHING_HELD, body=True),
)
async def reclaim(table_id: str, user: Me, hub: Hubs) -> TakenSeatOut:
    return TakenSeatOut(seat=await hub.reclaim(user, table_id))


@router.post(
    "/tables/{table_id}/rematch",
    response_model=None,
    responses=answers(Fault.NO_USER, Fault.NOT_SEATED, Fault.NO_TABLE, Fault.NOT_OVER, body=True)
    | _documented(RematchTableOut),
)
async def rematch(table_id: str, user: Me, hub: Hubs) -> dict[str, Any]:
    table, invite = await hub.rematch(user, table_id)
    return {"table": hub.summary(table, user), "invite": invite}


@router.get(
    "/tables/{table_id}/record",
    responses=answers(Fault.NO_USER, Fault.NO_TABLE, Fault.NOT_OVER),
)
async def record(table_id: str, user: Me, hub: Hubs) -> dict[str, Any]:
    """The finished game as a ``cardtable-record/1`` record (``cardtable replay FILE``)."""
    return await hub.record(table_id)


@router.get(
    "/tables/{table_id}/replay",
    response_model=None,
    responses=answers(Fault.BAD_SEAT, Fault.NO_USER, Fault.NO_TABLE, Fault.NOT_OVER, checked=True)
    | _documented(ReplayOut),
)
async def replay(
    table_id: str,
    user: Me,
    hub: Hubs,
    ply: int = 0,
    seat: Annotated[str, Query(max_length=8)] = "all",
) -> dict[str, Any]:
    """A finished game at move ``ply`` as seat ``seat`` saw it (``all``: every hand)."""
    if seat == "all":
        which: int | None = None
    elif seat.isascii() and seat.isdigit():
        which = int(seat)
    else:
        raise TableError(
            Fault.BAD_SEAT,
            _("seat is a seat's number or all, not {seat}").format(seat=clip(repr(seat))),
        )
    return await hub.replay(table_id, user, ply, which)


@router.get(
    "/tables/{table_id}/review",
    response_model=None,
    responses=answers(
        Fault.BAD_SEAT, Fault.NO_USER, Fault.NO_TABLE, Fault.NOT_OVER, Fault.TOO_FAST, checked=True
    ),
)
async def review(table_id: str, user: Me, hub: Hubs, seat: int = 0) -> dict[str, Any]:
    """The expert's review of seat ``seat``'s play in a finished game, as far as it is worked
    out (``status``: ``working``, ``done`` or ``failed``): ask again until it is done."""
    return await review_of(hub, table_id, user, seat)
