"""The bot API's routes (``docs/bots-api.md``): a person makes bot accounts and their tokens;
a person seated at an open table invites a bot account to a seat; the bot lists its
invitations and takes one up by sitting.

A bot account's routes answer its owner only: another person's cookie gets 404 ``no-bot``, the
same as for a bot that does not exist. Invitations live in the database, so that a bot asking
any server process sees them all (``GET /api/bot/invitations``: a bot polls, every few
seconds; nothing is pushed).

>>> sorted({r.path for r in router.routes})[:2]
['/api/bot/invitations', '/api/bot/invitations/{invitation}']
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends

from cardtable.i18n import _
from cardtable.server.accounts_rules import AccountError, clean_login
from cardtable.server.bot_accounts_protocol import (
    AcceptedOut,
    BotIn,
    BotOut,
    BotsOut,
    InvitationOut,
    InvitationsOut,
    InviteIn,
    MadeBotOut,
    NewTokenOut,
    TokenOut,
)
from cardtable.server.bot_accounts_store import Bots, Invitation, prefix_of
from cardtable.server.bot_models import BotToken
from cardtable.server.edge import Edge, Hubs, Me, edge_of
from cardtable.server.models import User
from cardtable.server.protocol import HTTPErrorOut, OkOut
from cardtable.table.errors import Fault, TableError
from cardtable.table.seats import SeatKind, Status

__all__ = ["MAX_BOTS", "router"]

router = APIRouter(prefix="/api")
Edges = Annotated[Edge, Depends(edge_of)]

#: The most bot accounts one person may make.
MAX_BOTS = 20
#: The most live tokens one bot may hold.
MAX_TOKENS = 10


def _errors(*pairs: tuple[int, str]) -> dict[int | str, Any]:
    """A route's error answers for its OpenAPI entry: status -> the codes it may carry."""
    codes: dict[int, list[str]] = {400: ["bad-request"], 401: ["no-user", "bad-token"]}
    for status, code in pairs:
        codes.setdefault(status, []).append(code)
    return {
        status: {"model": HTTPErrorOut, "description": "codes: " + ", ".join(names)}
        for status, names in sorted(codes.items())
    }


def _bots(edge: Edge) -> Bots:
    return Bots(edge.store)


def _token_out(row: BotToken) -> TokenOut:
    return TokenOut(
        prefix=row.prefix,
        created_at=row.created_at,
        last_used=row.last_used,
        revoked_at=row.revoked_at,
    )


def _person(user: User) -> None:
    if user.kind != "person":
        raise AccountError(
            "not-person", 403, _("only a person with an account may make and manage bots")
        )


async def _owned(edge: Edge, user: User, bot_id: str) -> None:
    """Refuse (404 ``no-bot``) a bot that is not the asker's, as if it did not exist."""
    _person(user)
    if await _bots(edge).owner_of(bot_id) != user.id:
        raise AccountError("no-bot", 404, _("you have no bot account {id}").format(id=bot_id[:40]))


async def _listing(edge: Edge, user: User, only: str | None = None) -> list[BotOut]:
    owned = await _bots(edge).owned_by(user.id)
    if only is not None:
        owned = [(bot, at) for bot, at in owned if bot.id == only]
    tokens = await _bots(edge).tokens([bot.id for bot, _at in owned])
    return [
        BotOut(
            id=bot.id,
            name=bot.login or "",
            display_name=bot.name,
            created_at=at,
            tokens=[_token_out(t) for t in tokens[bot.id]],
        )
        for bot, at in owned
    ]


# ---------------------------------------------------------------------- the owner's


@router.post(
    "/bots", responses=_errors((400, "bad-login"), (403, "not-person"), (409, "name-taken"))
)
async def make_bot_account(body: BotIn, user: Me, edge: Edges) -> MadeBotOut:
    """A new bot account of the asker (a person with an account) and its first token, shown
    this once: the server keeps its SHA-256 only."""
    _person(user)
    login, key = clean_login(body.name)
    if len(await _bots(edge).owned_by(user.id)) >= MAX_BOTS:
        raise AccountError(
            "too-many-bots", 409, _("one person may make at most {n} bots").format(n=MAX_BOTS)
        )
    bot = await _bots(edge).make(user, login, key)
    if bot is None:
        raise AccountError("name-taken", 409, _("that name is taken; choose another"))
    token = await _bots(edge).add_token(bot.id)
    (listed,) = await _listing(edge, user, bot.id)
    return MadeBotOut(bot=listed, token=token)


@router.get("/bots", responses=_errors((403, "not-person")))
async def my_bots(user: Me, edge: Edges) -> BotsOut:
    """The asker's bot accounts with their tokens (each by its prefix, never the token)."""
    _person(user)
    return BotsOut(bots=await _listing(edge, user))


@router.post("/bots/{bot_id}/tokens", responses=_errors((403, "not-person"), (404, "no-bot")))
async def new_token(bot_id: str, user: Me, edge: Edges) -> NewTokenOut:
    """One more token of the asker's bot, shown this once."""
    await _owned(edge, user, bot_id)
    live = [t for t in (await _bots(edge).tokens([bot_id]))[bot_id] if t.revoked_at is None]
    if len(live) >= MAX_TOKENS:
        raise AccountError(
            "too-many-tokens",
            409,
            _("a bot may hold at most {n} tokens; revoke one first").format(n=MAX_TOKENS),
        )
    token = await _bots(edge).add_token(bot_id)
    return NewTokenOut(token=token, prefix=prefix_of(token))


@router.delete(
    "/bots/{bot_id}/tokens/{prefix}",
    responses=_errors((403, "not-person"), (404, "no-bot"), (404, "no-token")),
)
async def revoke_token(bot_id: str, prefix: str, user: Me, edge: Edges) -> BotsOut:
    """Revoke one of the bot's tokens, named by its prefix: from now on it is refused."""
    await _owned(edge, user, bot_id)
    if not await _bots(edge).revoke(bot_id, prefix):
        raise AccountError(
            "no-token",
            404,
            _("the bot has no live token {prefix}").format(prefix=prefix[:20]),
        )
    return BotsOut(bots=await _listing(edge, user))


# ---------------------------------------------------------------------- invitations


@router.post(
    "/tables/{table_id}/invitations",
    responses=_errors(
        (403, "not-seated"),
        (404, "no-table"),
        (404, "no-bot"),
        (409, "started"),
        (409, "seat-taken"),
        (409, "full"),
    ),
)
async def invite_bot(
    table_id: str, body: InviteIn, user: Me, edge: Edges, hub: Hubs
) -> InvitationOut:
    """Invite a bot account by name to an open seat of an open table; anyone seated at the
    table may (the creator always is)."""
    room = await hub.room(table_id)
    table = room.table
    if table.seat_of(user.id) is None:
        raise TableError(Fault.NOT_SEATED, _("only someone seated at the table may invite a bot"))
    if table.status is not Status.OPEN:
        raise TableError(Fault.STARTED, _("the game has started; a bot can be invited before"))
    bot = await _bots(edge).by_name(body.bot)
    if bot is None or bot.deleted_at is not None:
        raise AccountError(
            "no-bot", 404, _("there is no bot account {name}").format(name=body.bot[:40])
        )
    invited = await _bots(edge).invited_seats(table_id)
    if body.seat is None:
        free = [s.seat for s in table.seats if s.kind is SeatKind.OPEN and s.seat not in invited]
        if not free:
            raise TableError(Fault.FULL, _("no open seat is left to invite a bot to"))
        seat = free[0]
    else:
        seat = body.seat
        if seat >= len(table.seats):
            raise TableError(
                Fault.BAD_SEAT,
                _("seat is a number from 0 to {last}").format(last=len(table.seats) - 1),
            )
        if table.seats[seat].kind is not SeatKind.OPEN:
            raise TableError(Fault.SEAT_TAKEN, _("seat {seat} is taken").format(seat=seat))
    number = await _bots(edge).invite(table_id, seat, bot.id, user.id)
    (found,) = await _bots(edge).pending(bot.id, number)
    return _invitation_out(found)


def _invitation_out(found: Invitation) -> InvitationOut:
    return InvitationOut(
        id=found.id,
        table=found.table_id,
        game=found.game,
        options=found.options,
        seat=found.seat,
        by=found.invited_by,
        created_at=found.created_at,
    )


def _bot(user: User) -> None:
    if user.kind != "bot":
        raise AccountError("not-bot", 403, _("only a bot account has invitations"))


@router.get("/bot/invitations", responses=_errors((403, "not-bot")))
async def invitations(user: Me, edge: Edges) -> InvitationsOut:
    """The asking bot's invitations to seats still open at tables waiting for players."""
    _bot(user)
    return InvitationsOut(
        invitations=[_invitation_out(i) for i in await _bots(edge).pending(user.id)]
    )


@router.post(
    "/bot/invitations/{invitation}/accept",
    response_model=None,
    responses=_errors((403, "not-bot"), (404, "no-invitation"), (409, "seat-taken"))
    | {200: {"model": AcceptedOut}},
)
async def accept(invitation: int, user: Me, edge: Edges, hub: Hubs) -> dict[str, Any]:
    """Take up an invitation: the bot sits in the seat it was invited to."""
    _bot(user)
    found = await _bots(edge).pending(user.id, invitation)
    if not found:
        await _bots(edge).drop(invitation, user.id)
        raise AccountError(
            "no-invitation",
            404,
            _("invitation {id} is not open (the seat was taken, or the game began)").format(
                id=invitation
            ),
        )
    seat = await hub.sit(user, found[0].table_id, found[0].seat)
    await _bots(edge).drop(invitation, user.id)
    room = await hub.room(found[0].table_id)
    return {"table": hub.summary(room, user), "seat": seat}


@router.delete(
    "/bot/invitations/{invitation}", responses=_errors((403, "not-bot"), (404, "no-invitation"))
)
async def decline(invitation: int, user: Me, edge: Edges) -> OkOut:
    """Decline an invitation (the seat stays open)."""
    _bot(user)
    if not await _bots(edge).drop(invitation, user.id):
        raise AccountError(
            "no-invitation", 404, _("there is no invitation {id}").format(id=invitation)
        )
    return OkOut(ok=True)
