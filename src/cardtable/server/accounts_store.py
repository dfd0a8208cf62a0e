"""The database's reads and writes for accounts: sign-in names, sessions, failed sign-ins,
bans, mutes, and the chat lines an operator or a reader with mutes sees.

Beside :class:`~cardtable.server.store.Store` (games) on the same engine; every write commits
before it returns. A session is found by the SHA-256 of its token (:func:`token_hash`).

>>> token_hash("abc")[:16]
'ba7816bf8f01cfea'
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from cardtable.server.bot_models import ShownName
from cardtable.server.models import ChatLine, Mute, SessionRow, SignInFailure, User, now
from cardtable.server.store import Store
from cardtable.table.clock import aware

__all__ = ["Accounts", "ChatEntry", "token_hash"]

#: A session's last-seen time is written at most this often (not on every request).
SEEN_EVERY = timedelta(minutes=5)


def token_hash(token: str) -> str:
    """What the database keeps of a session's token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class ChatEntry:
    """A stored chat line with its author's name."""

    id: int
    table_id: str
    room: str
    user_id: str
    name: str
    text: str
    at: datetime


class Accounts:
    """Account queries on a :class:`Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ users

    async def by_login(self, login_key: str) -> User | None:
        async with self.store.sessions() as session:
            return await session.scalar(select(User).where(User.login_key == login_key))

    async def make_account(self, user_id: str, login: str, login_key: str, hashed: str) -> bool:
        """A guest becomes a person with this sign-in name and password hash; False where the
        name is taken (by another, in any case) or the user is no guest any more."""
        try:
            async with self.store.engine.begin() as conn:
                changed = await conn.execute(
                    update(User)
                    .where(User.id == user_id, User.kind == "guest", User.deleted_at.is_(None))
                    .values(kind="person", login=login, login_key=login_key, password_hash=hashed)
                )
                return bool(changed.rowcount)
        except IntegrityError:
            return False

    async def set_password_hash(self, user_id: str, hashed: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(update(User).where(User.id == user_id).values(password_hash=hashed))

    async def rename(self, user_id: str, name: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(update(User).where(User.id == user_id).values(name=name))

    async def delete_account(self, user_id: str, anonymous: str) -> None:
        """The sign-in name and password gone, every session ended, the mutes forgotten, the
        display name ``anonymous``; the user row stays, so their games stay."""
        async with self.store.engine.begin() as conn:
            await conn.execute(
                update(User)
                .where(User.id == user_id)
                .values(
                    name=anonymous,
                    login=None,
                    login_key=None,
                    password_hash=None,
                    deleted_at=now(),
                )
            )
            await conn.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
            await conn.execute(
                delete(Mute).where(or_(Mute.user_id == user_id, Mute.muted_id == user_id))
            )
            # A deleted account's name is never shown in the open record of games again.
            await conn.execute(delete(ShownName).where(ShownName.user_id == user_id))

    async def shows_name(self, user_id: str) -> bool:
        """Whether the user chose to be named in the open record of games."""
        async with self.store.sessions() as session:
            found = await session.scalar(
                select(ShownName.user_id).where(ShownName.user_id == user_id)
            )
            return found is not None

    async def set_shows_name(self, user_id: str, shown: bool) -> None:
        """Name the user in the open record of games, or (``shown`` False) a pseudonymous id."""
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(ShownName).where(ShownName.user_id == user_id))
            if shown:
                await conn.execute(insert(ShownName).values(user_id=user_id, at=now()))

    async def find_users(self, search: str | None = None, limit: int = 200) -> list[User]:
        """Users whose id, display name or sign-in name holds ``search`` (any case), newest
        first."""
        query = select(User).order_by(User.created_at.desc()).limit(limit)
        if search:
            like = f"%{search.casefold()}%"
            query = query.where(
                or_(
                    func.lower(User.name).like(like),
                    User.login_key.like(like),
                    User.id.like(like),
                )
            )
        async with self.store.sessions() as session:
            return list(await session.scalars(query))

    async def named(self, name: str) -> list[User]:
        """The users an operator may mean by ``name``: the account of that sign-in name (any
        case), else the user of that id, else every user of that display name."""
        async with self.store.sessions() as session:
            for query in (
                select(User).where(User.login_key == name.strip().casefold()),
                select(User).where(User.id == name.strip()),
                select(User).where(User.name == name.strip()).order_by(User.created_at),
            ):
                found = list(await session.scalars(query))
                if found:
                    return found
        return []

    async def set_banned(self, user_id: str, banned: bool) -> None:
        """Ban (every session ended with it) or unban."""
        async with self.store.engine.begin() as conn:
            await conn.execute(update(User).where(User.id == user_id).values(banned=banned))
            if banned:
                await conn.execute(delete(SessionRow).where(SessionRow.user_id == user_id))

    # ------------------------------------------------------------------ sessions

    async def add_session(self, user_id: str) -> str:
        """A new session of the user; its token (the database keeps its hash only)."""
        token = secrets.token_urlsafe(32)
        moment = now()
        async with self.store.engine.begin() as conn:
            await conn.execute(
                insert(SessionRow).values(
                    token_hash=token_hash(token),
                    user_id=user_id,
                    created_at=moment,
                    last_seen=moment,
                )
            )
        return token

    async def session_user(self, token: str) -> User | None:
        """The user of a live session (None: ended, or never was); its last-seen time is
        brought up to date when it is more than :data:`SEEN_EVERY` old."""
        key = token_hash(token)
        async with self.store.sessions() as session:
            found = (
                await session.execute(
                    select(User, SessionRow.last_seen)
                    .join(SessionRow, SessionRow.user_id == User.id)
                    .where(SessionRow.token_hash == key)
                )
            ).first()
            if found is None:
                return None
            user, seen = found
            moment = now()
            if seen is None or aware(seen) < moment - SEEN_EVERY:
                await session.execute(
                    update(SessionRow).where(SessionRow.token_hash == key).values(last_seen=moment)
                )
                await session.commit()
            return user

    async def end_session(self, token: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(token)))

    async def end_sessions(self, user_id: str) -> int:
        """End every session of the user; how many there were."""
        async with self.store.engine.begin() as conn:
            ended = await conn.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
            return int(ended.rowcount or 0)

    async def session_count(self, user_id: str) -> int:
        async with self.store.sessions() as session:
            count = await session.scalar(
                select(func.count()).select_from(SessionRow).where(SessionRow.user_id == user_id)
            )
            return int(count or 0)

    # ------------------------------------------------------------------ failed sign-ins

    async def failures(self, keys: Sequence[str], since: datetime) -> dict[str, list[datetime]]:
        """The failed sign-ins of each key since ``since``, oldest first."""
        async with self.store.sessions() as session:
            rows = await session.execute(
                select(SignInFailure.key, SignInFailure.at)
                .where(SignInFailure.key.in_(list(keys)), SignInFailure.at >= since)
                .order_by(SignInFailure.at)
            )
            found: dict[str, list[datetime]] = {key: [] for key in keys}
            for key, at in rows:
                found[key].append(aware(at))
            return found

    async def add_failure(self, keys: Sequence[str], older_than: datetime) -> None:
        """Count a failed sign-in against each key (and forget failures before
        ``older_than``, which no limit reads any more)."""
        moment = now()
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(SignInFailure).where(SignInFailure.at < older_than))
            await conn.execute(insert(SignInFailure), [{"key": key, "at": moment} for key in keys])

    async def clear_failures(self, key: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(SignInFailure).where(SignInFailure.key == key))

    # ------------------------------------------------------------------ chat and mutes

    async def chat_lines(
        self,
        table_id: str,
        room: str | None = None,
        limit: int = 100,
        reader: str | None = None,
    ) -> list[ChatEntry]:
        """The last ``limit`` lines of a table's chat (one room, or both), oldest first,
        without the lines of those ``reader`` muted."""
        query = (
            select(ChatLine, User.name)
            .join(User, User.id == ChatLine.user_id)
            .where(ChatLine.table_id == table_id)
            .order_by(ChatLine.id.desc())
            .limit(limit)
        )
        if room is not None:
            query = query.where(ChatLine.room == room)
        if reader is not None:
            muted = select(Mute.muted_id).where(Mute.user_id == reader)
            query = query.where(ChatLine.user_id.not_in(muted))
        async with self.store.sessions() as session:
            rows = list(await session.execute(query))
        return [
            ChatEntry(line.id, line.table_id, line.room, line.user_id, name, line.text, line.at)
            for line, name in reversed(rows)
        ]

    async def chat_line(self, line_id: int) -> ChatEntry | None:
        async with self.store.sessions() as session:
            found = (
                await session.execute(
                    select(ChatLine, User.name)
                    .join(User, User.id == ChatLine.user_id)
                    .where(ChatLine.id == line_id)
                )
            ).first()
        if found is None:
            return None
        line, name = found
        return ChatEntry(line.id, line.table_id, line.room, line.user_id, name, line.text, line.at)

    async def remove_chat(self, line_id: int) -> bool:
        """Remove a chat line for good; False where there was none."""
        async with self.store.engine.begin() as conn:
            gone = await conn.execute(delete(ChatLine).where(ChatLine.id == line_id))
            return bool(gone.rowcount)

    async def mute(self, user_id: str, muted_id: str) -> None:
        async with self.store.engine.begin() as conn:
            held = await conn.scalar(
                select(func.count())
                .select_from(Mute)
                .where(Mute.user_id == user_id, Mute.muted_id == muted_id)
            )
            if not held:
                await conn.execute(
                    insert(Mute).values(user_id=user_id, muted_id=muted_id, at=now())
                )

    async def unmute(self, user_id: str, muted_id: str) -> bool:
        async with self.store.engine.begin() as conn:
            gone = await conn.execute(
                delete(Mute).where(Mute.user_id == user_id, Mute.muted_id == muted_id)
            )
            return bool(gone.rowcount)

    async def muted_by(self, user_id: str) -> list[tuple[str, str]]:
        """Whom the user muted: (id, name), in the order muted."""
        async with self.store.sessions() as session:
            rows = await session.execute(
                select(User.id, User.name)
                .join(Mute, Mute.muted_id == User.id)
                .where(Mute.user_id == user_id)
                .order_by(Mute.at)
            )
            return [(i, n) for i, n in rows]

    async def muters_of_line(self, line_id: int) -> set[str]:
        """Who muted the author of this chat line (they are not sent it)."""
        async with self.store.sessions() as session:
            rows = await session.scalars(
                select(Mute.user_id)
                .join(ChatLine, ChatLine.user_id == Mute.muted_id)
                .where(ChatLine.id == line_id)
            )
            return set(rows)
