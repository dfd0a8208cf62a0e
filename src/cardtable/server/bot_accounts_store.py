"""The database's reads and writes for bot accounts: making one, its tokens (made, listed,
revoked, looked up), and the invitations of bots to tables' seats.

Beside :class:`~cardtable.server.accounts_store.Accounts` on the same engine; every write
commits before it returns. A token is ``ctb_`` and 32 random bytes (URL-safe base64); the
database keeps its SHA-256 and its first :data:`PREFIX` characters, which a listing shows and
a revocation names.

>>> token = new_token()
>>> token.startswith(TOKEN_START), len(token) >= 4 + 43, len(prefix_of(token))
(True, True, 12)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from cardtable.server.accounts_store import token_hash
from cardtable.server.bot_models import BotAccount, BotInvitation, BotToken
from cardtable.server.models import SeatRow, TableRow, User, now
from cardtable.server.store import Store
from cardtable.table.clock import aware

__all__ = [
    "BOT_MARK",
    "PREFIX",
    "TOKEN_START",
    "Bots",
    "Invitation",
    "TokenCheck",
    "bot_display",
    "new_token",
    "prefix_of",
]

#: What every bot token starts with (so that a leaked one is recognisable in a scan).
TOKEN_START = "ctb_"
#: How many characters of a token a listing shows (and a revocation names).
PREFIX = 12
#: A token's last use is written at most this often (not on every request).
USED_EVERY = timedelta(minutes=1)
#: What a bot account's name shows with, wherever a name is shown (seats, lobby, records).
BOT_MARK = "BOT "


def new_token() -> str:
    """A fresh token: ``ctb_`` and 32 random bytes."""
    return TOKEN_START + secrets.token_urlsafe(32)


def prefix_of(token: str) -> str:
    """The part of a token a listing shows.

    >>> prefix_of("ctb_abcdefgh12345")
    'ctb_abcdefgh'
    """
    return token[:PREFIX]


def bot_display(name: str) -> str:
    """A bot account's display name: its name marked as a bot's.

    >>> bot_display("deepcrib")
    'BOT deepcrib'
    """
    return BOT_MARK + name


@dataclass(frozen=True)
class TokenCheck:
    """What a token names: its bot (None: refused) and, refused, why (``unknown``,
    ``revoked``, ``gone``: its bot was deleted or banned)."""

    user: User | None
    why: str = ""


@dataclass(frozen=True)
class Invitation:
    """A pending invitation of a bot to a seat, with what the bot needs to decide."""

    id: int
    table_id: str
    seat: int
    bot_id: str
    game: str
    options: dict[str, object]
    invited_by: str
    created_at: datetime


class Bots:
    """Bot-account queries on a :class:`Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ accounts

    async def make(self, owner: User, login: str, login_key: str) -> User | None:
        """A new bot account of ``owner`` named ``login``; None where the name is taken (by
        any account, person or bot, in any case)."""
        moment = now()
        user_id = secrets.token_hex(16)
        try:
            async with self.store.engine.begin() as conn:
                await conn.execute(
                    insert(User).values(
                        id=user_id,
                        name=bot_display(login),
                        language=owner.language,
                        created_at=moment,
                        kind="bot",
                        login=login,
                        login_key=login_key,
                        banned=False,
                    )
                )
                await conn.execute(
                    insert(BotAccount).values(user_id=user_id, owner_id=owner.id, created_at=moment)
                )
        except IntegrityError:
            return None
        return await self.store.user(user_id)

    async def owned_by(self, owner_id: str) -> list[tuple[User, datetime]]:
        """The owner's bot accounts (with when each was made), oldest first."""
        async with self.store.sessions() as session:
            rows = await session.execute(
                select(User, BotAccount.created_at)
                .join(BotAccount, BotAccount.user_id == User.id)
                .where(BotAccount.owner_id == owner_id)
                .order_by(BotAccount.created_at, User.id)
            )
            return [(user, at) for user, at in rows]

    async def owner_of(self, bot_id: str) -> str | None:
        async with self.store.sessions() as session:
            found = await session.scalar(
                select(BotAccount.owner_id).where(BotAccount.user_id == bot_id)
            )
            return str(found) if found is not None else None

    async def by_name(self, name: str) -> User | None:
        """The bot account of that name (any case), if there is one."""
        async with self.store.sessions() as session:
            return await session.scalar(
                select(User).where(User.login_key == name.strip().casefold(), User.kind == "bot")
            )

    # ------------------------------------------------------------------ tokens

    async def add_token(self, bot_id: str) -> str:
        """A new token of the bot; the token itself (the database keeps its hash)."""
        while True:
            token = new_token()
            try:
                async with self.store.engine.begin() as conn:
                    await conn.execute(
                        insert(BotToken).values(
                            token_hash=token_hash(token),
                            bot_id=bot_id,
                            prefix=prefix_of(token),
                            created_at=now(),
                        )
                    )
                return token
            except IntegrityError:  # two tokens with one prefix: 48 random bits met again
                continue

    async def tokens(self, bot_ids: list[str]) -> dict[str, list[BotToken]]:
        """Each bot's tokens, oldest first."""
        found: dict[str, list[BotToken]] = {bot: [] for bot in bot_ids}
        if not bot_ids:
            return found
        async with self.store.sessions() as session:
            rows = await session.scalars(
                select(BotToken)
                .where(BotToken.bot_id.in_(bot_ids))
                .order_by(BotToken.created_at, BotToken.prefix)
            )
            for row in rows:
                found[row.bot_id].append(row)
        return found

    async def revoke(self, bot_id: str, prefix: str) -> bool:
        """Revoke the bot's token of that prefix; False where it has none (or it is revoked
        already)."""
        async with self.store.engine.begin() as conn:
            changed = await conn.execute(
                update(BotToken)
                .where(
                    BotToken.bot_id == bot_id,
                    BotToken.prefix == prefix,
                    BotToken.revoked_at.is_(None),
                )
                .values(revoked_at=now())
            )
            return bool(changed.rowcount)

    async def check(self, token: str) -> TokenCheck:
        """The bot a token names, or why it is refused; its last use brought up to date when
        it is more than :data:`USED_EVERY` old."""
        key = token_hash(token)
        async with self.store.sessions() as session:
            found = (
                await session.execute(
                    select(User, BotToken)
                    .join(BotToken, BotToken.bot_id == User.id)
                    .where(BotToken.token_hash == key)
                )
            ).first()
            if found is None:
                return TokenCheck(None, "unknown")
            user, row = found
            if row.revoked_at is not None:
                return TokenCheck(None, "revoked")
            if user.deleted_at is not None or user.kind != "bot":
                return TokenCheck(None, "gone")
            moment = now()
            if row.last_used is None or aware(row.last_used) < moment - USED_EVERY:
                await session.execute(
                    update(BotToken).where(BotToken.token_hash == key).values(last_used=moment)
                )
                await session.commit()
            return TokenCheck(user)

    # ------------------------------------------------------------------ invitations

    async def invite(self, table_id: str, seat: int, bot_id: str, by: str) -> int:
        """Invite the bot to the seat (an earlier invitation to that seat is replaced); the
        invitation's id."""
        async with self.store.engine.begin() as conn:
            await conn.execute(
                delete(BotInvitation).where(
                    BotInvitation.table_id == table_id, BotInvitation.seat == seat
                )
            )
            made = await conn.execute(
                insert(BotInvitation)
                .values(
                    table_id=table_id, seat=seat, bot_id=bot_id, invited_by=by, created_at=now()
                )
                .returning(BotInvitation.id)
            )
            return int(made.scalar_one())

    async def invited_seats(self, table_id: str) -> set[int]:
        async with self.store.sessions() as session:
            rows = await session.scalars(
                select(BotInvitation.seat).where(BotInvitation.table_id == table_id)
            )
            return set(rows)

    async def pending(self, bot_id: str, invitation: int | None = None) -> list[Invitation]:
        """The bot's invitations to seats still open at tables still waiting for players,
        oldest first (``invitation``: that one only)."""
        query = (
            select(BotInvitation, TableRow.game, TableRow.options, User.name)
            .join(TableRow, TableRow.id == BotInvitation.table_id)
            .join(
                SeatRow,
                (SeatRow.table_id == BotInvitation.table_id) & (SeatRow.seat == BotInvitation.seat),
            )
            .join(User, User.id == BotInvitation.invited_by)
            .where(
                BotInvitation.bot_id == bot_id,
                TableRow.status == "open",
                SeatRow.kind == "open",
            )
            .order_by(BotInvitation.id)
        )
        if invitation is not None:
            query = query.where(BotInvitation.id == invitation)
        async with self.store.sessions() as session:
            rows = await session.execute(query)
            return [
                Invitation(
                    row.id,
                    row.table_id,
                    row.seat,
                    row.bot_id,
                    game,
                    dict(options or {}),
                    name,
                    row.created_at,
                )
                for row, game, options, name in rows
            ]

    async def drop(self, invitation: int, bot_id: str) -> bool:
        """Forget one of the bot's invitations (taken up, or declined)."""
        async with self.store.engine.begin() as conn:
            gone = await conn.execute(
                delete(BotInvitation).where(
                    BotInvitation.id == invitation, BotInvitation.bot_id == bot_id
                )
            )
            return bool(gone.rowcount)
