"""The account routes of the HTTP API (``docs/protocol.md``): make an account of a guest, sign
in and out (here, or everywhere), rename, delete, and mute another player's chat.

A guest makes an account of their guest identity (the same user id: their games stay theirs).
Sign-in is limited to :attr:`~cardtable.server.accounts_rules.AccountRules.failures` failures
per account and per address in :attr:`~cardtable.server.accounts_rules.AccountRules.window`
seconds, counted in the database (every server process sees the same counts); a refusal says
the limit and when to try again, and no refusal says whether a name exists.

>>> sorted(r.path for r in router.routes)[:3]
['/api/account', '/api/account', '/api/account']
"""

from __future__ import annotations

import math
from datetime import timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from cardtable.i18n import _, using_language
from cardtable.server.accounts_protocol import (
    AccountIn,
    AccountOut,
    DeleteIn,
    EndedOut,
    MutedOut,
    MutedUserOut,
    MuteIn,
    RenameIn,
    SignInIn,
)
from cardtable.server.accounts_rules import AccountError, check_password, clean_login
from cardtable.server.edge import COOKIE, Edge, Me, edge_of, language_of
from cardtable.server.models import User, now
from cardtable.server.protocol import HTTPErrorOut, OkOut
from cardtable.server.routes import clean_name
from cardtable.table.view import FORMER_PLAYER

__all__ = ["ANONYMOUS", "router"]

router = APIRouter(prefix="/api")
Edges = Annotated[Edge, Depends(edge_of)]

#: The name a deleted account's games show (stored in English, shown in the reader's language).
ANONYMOUS = FORMER_PLAYER


def _errors(*pairs: tuple[int, str]) -> dict[int | str, Any]:
    """A route's error answers for its OpenAPI entry: status -> the codes it may carry."""
    codes: dict[int, list[str]] = {400: ["bad-request"], 413: ["too-big"]}
    for status, code in pairs:
        codes.setdefault(status, []).append(code)
    return {
        status: {"model": HTTPErrorOut, "description": "codes: " + ", ".join(names)}
        for status, names in sorted(codes.items())
    }


_NO_USER = (401, "no-user")
_WRONG = (401, "wrong-sign-in")
_LIMIT = (429, "too-many-tries")


async def account_of(edge: Edge, user: User) -> AccountOut:
    return AccountOut(
        id=user.id,
        name=user.name,
        language="ja" if user.language == "ja" else "en",
        kind=user.kind,
        login=user.login,
        banned=bool(user.banned),
        sessions=await edge.accounts.session_count(user.id),
        show_name=await edge.accounts.shows_name(user.id),
    )


# ---------------------------------------------------------------------- the rate limit


def _keys(login_key: str, request: Request) -> list[str]:
    address = request.client.host if request.client is not None else "unknown"
    return [f"name:{login_key}", f"address:{address}"[:120]]


async def _within_limit(edge: Edge, keys: list[str]) -> None:
    """Refuse (429 ``too-many-tries``, with ``Retry-After``) while a key has had the limit's
    failures within the window; say the limit and when to try again."""
    rules = edge.rules
    moment = now()
    found = await edge.accounts.failures(keys, moment - timedelta(seconds=rules.window))
    waits = [
        # Free again once the oldest failure that keeps it at the limit leaves the window.
        (times[len(times) - rules.failures] + timedelta(seconds=rules.window) - moment)
        for times in found.values()
        if len(times) >= rules.failures
    ]
    if waits:
        wait = max(1, math.ceil(max(waits).total_seconds()))
        at = (moment + timedelta(seconds=wait)).strftime("%H:%M:%S")
        raise AccountError(
            "too-many-tries",
            429,
            _(
                "too many failed sign-ins: at most {n} in {minutes} minutes for one account "
                "or one address; try again in {seconds} seconds (at {at} UTC)"
            ).format(n=rules.failures, minutes=rules.window // 60, seconds=wait, at=at),
            retry_after=wait,
        )


async def _check(edge: Edge, request: Request, login: str, password: str) -> User:
    """The account of ``login`` if ``password`` is its own; else 401 ``wrong-sign-in`` (the
    same whether or not the name exists, and in as long), counted against the limit."""
    try:
        _written, key = clean_login(login)
    except AccountError:
        key = login.casefold()[:40]
    keys = _keys(key, request)
    await _within_limit(edge, keys)
    user = await edge.accounts.by_login(key)
    stored = user.password_hash if user is not None else None
    if user is None or not await edge.passwords.verify(stored, password):
        rules = edge.rules
        await edge.accounts.add_failure(keys, now() - timedelta(seconds=rules.window))
        raise AccountError("wrong-sign-in", 401, _("wrong sign-in name or password"))
    await edge.accounts.clear_failures(keys[0])
    if stored is not None and edge.passwords.stale(stored):
        await edge.accounts.set_password_hash(user.id, await edge.passwords.hash(password))
    return user


async def _replace_session(edge: Edge, request: Request, response: Response, user_id: str) -> None:
    """End the session the request's cookie names (if any) and start one for ``user_id``: a
    new token whenever who the cookie names changes."""
    token = edge.session_token(request.cookies.get(COOKIE))
    if token is not None:
        await edge.accounts.end_session(token)
    await edge.start_session(response, user_id)


# ---------------------------------------------------------------------- routes


@router.get("/account", responses=_errors(_NO_USER))
async def account(user: Me, edge: Edges) -> AccountOut:
    """Who the cookie names: a guest or an account, and how many devices are signed in."""
    return await account_of(edge, user)


@router.post(
    "/account",
    responses=_errors(
        _NO_USER, (400, "bad-login"), (400, "bad-password"), (409, "name-taken"), (409, "not-guest")
    ),
)
async def make_account(
    body: AccountIn, request: Request, response: Response, user: Me, edge: Edges
) -> AccountOut:
    """Make an account of the guest who asks: their user id, name and games stay theirs; the
    answer sets a new session's cookie."""
    if user.kind != "guest":
        raise AccountError("not-guest", 409, _("you have an account already"))
    login, key = clean_login(body.login)
    check_password(body.password, [login, user.name], edge.rules)
    hashed = await edge.passwords.hash(body.password)
    if not await edge.accounts.make_account(user.id, login, key, hashed):
        raise AccountError("name-taken", 409, _("that sign-in name is taken; choose another"))
    await _replace_session(edge, request, response, user.id)
    user.kind, user.login, user.login_key = "person", login, key
    return await account_of(edge, user)


@router.post("/signin", responses=_errors(_WRONG, _LIMIT))
async def sign_in(body: SignInIn, request: Request, response: Response, edge: Edges) -> AccountOut:
    """Sign in to an account on this device: the answer sets a new session's cookie (a
    guest signed in here before is left behind)."""
    with using_language(await language_of(request)):
        user = await _check(edge, request, body.login, body.password)
    await _replace_session(edge, request, response, user.id)
    return await account_of(edge, user)


@router.post("/signout")
async def sign_out(request: Request, response: Response, edge: Edges) -> OkOut:
    """End this device's session (200 whether or not there was one)."""
    token = edge.session_token(request.cookies.get(COOKIE))
    if token is not None:
        await edge.accounts.end_session(token)
    edge.end_cookie(response)
    return OkOut(ok=True)


@router.post("/signout-all", responses=_errors(_NO_USER))
async def sign_out_everywhere(user: Me, response: Response, edge: Edges) -> EndedOut:
    """End every session of the user, on every device, this one too."""
    ended = await edge.accounts.end_sessions(user.id)
    edge.end_cookie(response)
    return EndedOut(ok=True, ended=ended)


@router.patch("/account", responses=_errors(_NO_USER, (400, "bad-name")))
async def rename(body: RenameIn, user: Me, edge: Edges) -> AccountOut:
    """Change the display name (a guest's too; the sign-in name stays), or whether the open
    record of games shows it (``show_name``; else a pseudonymous id), or both."""
    if body.name is None and body.show_name is None:
        raise AccountError("bad-request", 400, _("say what to change: name, show_name or both"))
    if body.name is not None:
        user.name = clean_name(body.name)
    if body.show_name is not None:
        await edge.accounts.set_shows_name(user.id, body.show_name)
    if body.name is not None:
        await edge.accounts.rename(user.id, user.name)
    return await account_of(edge, user)


@router.delete("/account", responses=_errors(_NO_USER, _WRONG, _LIMIT, (409, "not-account")))
async def delete_account(
    body: DeleteIn, request: Request, response: Response, user: Me, edge: Edges
) -> OkOut:
    """Delete the account (its password asked once more): the sign-in name and password are
    removed, every session ended; the games stay, under the name "Former player"."""
    if user.kind != "person" or user.login is None:
        raise AccountError("not-account", 409, _("a guest has no account to delete"))
    await _check(edge, request, user.login, body.password)
    await edge.accounts.delete_account(user.id, ANONYMOUS)
    edge.end_cookie(response)
    return OkOut(ok=True)


# ---------------------------------------------------------------------- mutes


async def _muted(edge: Edge, user: User) -> MutedOut:
    return MutedOut(
        muted=[MutedUserOut(id=i, name=n) for i, n in await edge.accounts.muted_by(user.id)]
    )


@router.get("/mutes", responses=_errors(_NO_USER))
async def mutes(user: Me, edge: Edges) -> MutedOut:
    """Whose chat the asker does not read."""
    return await _muted(edge, user)


@router.post("/mutes", responses=_errors(_NO_USER, (400, "bad-mute"), (404, "no-line")))
async def mute(body: MuteIn, user: Me, edge: Edges) -> MutedOut:
    """Stop reading the chat of the author of a chat line, for the asker only."""
    line = await edge.accounts.chat_line(body.line)
    if line is None:
        raise AccountError("no-line", 404, _("there is no chat line {line}").format(line=body.line))
    if line.user_id == user.id:
        raise AccountError("bad-mute", 400, _("you cannot mute yourself"))
    await edge.accounts.mute(user.id, line.user_id)
    return await _muted(edge, user)


@router.delete("/mutes/{user_id}", responses=_errors(_NO_USER))
async def unmute(user_id: str, user: Me, edge: Edges) -> MutedOut:
    """Read that player's chat again."""
    await edge.accounts.unmute(user.id, user_id)
    return await _muted(edge, user)
