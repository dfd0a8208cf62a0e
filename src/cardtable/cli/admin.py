"""``cardtable admin ...``: an operator's commands on the server's database: list users, ban and
unban them, list a table's chat and remove a line of it.

They work on the database ``cardtable serve`` uses (``--database-url``, else
``CARDTABLE_DATABASE_URL``, else the SQLite file in the user data folder), while the server
runs: a ban ends the user's sessions at once, and the server reads it at their next seat or
chat line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table

from cardtable.cli.common import out, user_errors
from cardtable.cli.extras import require
from cardtable.cli.usage import CommandGroup
from cardtable.errors import CardtableError, clip
from cardtable.i18n import _

if TYPE_CHECKING:
    from cardtable.server.accounts_store import Accounts
    from cardtable.server.models import User

__all__ = ["app"]

T = TypeVar("T")

app = typer.Typer(
    cls=CommandGroup,
    help="An operator's commands: list, ban and unban users, remove chat lines.",
    no_args_is_help=True,
    add_completion=False,
)

DatabaseUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        help="The server's database (SQLAlchemy URL); default: CARDTABLE_DATABASE_URL, else "
        "SQLite in the user data folder, as cardtable serve.",
    ),
]


def _run(database_url: str | None, work: Callable[[Accounts], Awaitable[T]]) -> T:
    """``work`` on the accounts of the server's database (migrated to the newest schema)."""
    require("server", "cardtable admin")
    from cardtable.server.accounts_store import Accounts
    from cardtable.server.config import default_database
    from cardtable.server.store import Store

    async def go() -> T:
        store = Store(database_url or default_database())
        try:
            await store.open()
            return await work(Accounts(store))
        finally:
            await store.close()

    return asyncio.run(go())


async def _one(accounts: Accounts, name: str) -> User:
    """The one user ``name`` means, or an error that says why not."""
    found = await accounts.named(name)
    if not found:
        raise CardtableError(
            _("no user is named {name} (a sign-in name, a user id or a display name)").format(
                name=clip(repr(name))
            )
        )
    if len(found) > 1:
        raise CardtableError(
            _("{count} users are named {name}: give one's id ({ids})").format(
                count=len(found), name=clip(repr(name)), ids=", ".join(u.id for u in found[:5])
            )
        )
    return found[0]


def _kind(user: User) -> str:
    if user.deleted_at is not None:
        return _("deleted")
    return {"guest": _("guest"), "person": _("account"), "bot": _("bot")}.get(user.kind, user.kind)


@app.command()
@user_errors
def users(
    search: Annotated[
        str | None,
        typer.Option("--search", help="Only users whose name, sign-in name or id holds this."),
    ] = None,
    database_url: DatabaseUrl = None,
) -> None:
    """List the users, newest first (at most 200)."""
    found = _run(database_url, lambda accounts: accounts.find_users(search))
    table = Table(_("Id"), _("Name"), _("Sign-in name"), _("Kind"), _("Banned"), _("Since"))
    for user in found:
        table.add_row(
            user.id,
            user.name,
            user.login or "",
            _kind(user),
            _("yes") if user.banned else "",
            user.created_at.strftime("%Y-%m-%d"),
        )
    out().print(table)


def _set_banned(name: str, banned: bool, database_url: str | None) -> User:
    async def work(accounts: Accounts) -> User:
        user = await _one(accounts, name)
        await accounts.set_banned(user.id, banned)
        return user

    return _run(database_url, work)


@app.command()
@user_errors
def ban(
    name: Annotated[str, typer.Argument(help="A sign-in name, a user id or a display name.")],
    database_url: DatabaseUrl = None,
) -> None:
    """Ban a user: they may not sit or chat, and every session of theirs ends."""
    user = _set_banned(name, True, database_url)
    typer.echo(
        _("banned {name} ({id}); their sessions are ended").format(name=user.name, id=user.id)
    )


@app.command()
@user_errors
def unban(
    name: Annotated[str, typer.Argument(help="A sign-in name, a user id or a display name.")],
    database_url: DatabaseUrl = None,
) -> None:
    """Lift a user's ban."""
    user = _set_banned(name, False, database_url)
    typer.echo(_("unbanned {name} ({id})").format(name=user.name, id=user.id))


@app.command()
@user_errors
def chat(
    table_id: Annotated[str, typer.Argument(help="The table's id (as in its address /t/ID).")],
    database_url: DatabaseUrl = None,
) -> None:
    """List a table's chat lines (both rooms, the last 200), with the id to remove one by."""
    lines = _run(database_url, lambda accounts: accounts.chat_lines(table_id, limit=200))
    table = Table(_("Line"), _("When"), _("Room"), _("From"), _("Text"))
    for line in lines:
        room = _("players") if line.room == "players" else _("spectators")
        table.add_row(str(line.id), line.at.strftime("%Y-%m-%d %H:%M"), room, line.name, line.text)
    out().print(table)


@app.command(name="chat-remove")
@user_errors
def chat_remove(
    line_id: Annotated[int, typer.Argument(help="The line's id (cardtable admin chat TABLE).")],
    database_url: DatabaseUrl = None,
) -> None:
    """Remove a chat line: nobody is sent it any more."""
    if not _run(database_url, lambda accounts: accounts.remove_chat(line_id)):
        raise CardtableError(_("there is no chat line {line}").format(line=line_id))
    typer.echo(_("removed chat line {line}").format(line=line_id))
