"""The account requests and answers of the HTTP API (``docs/protocol.md``), as Pydantic models
in :mod:`cardtable.server.protocol`'s style: requests strict and closed, answers open to fields
a newer server adds.

>>> AccountIn.model_validate({"login": "ann", "password": "a long passphrase"}).login
'ann'
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cardtable.server.protocol import MAX_NAME

__all__ = [
    "AccountIn",
    "AccountOut",
    "DeleteIn",
    "EndedOut",
    "MuteIn",
    "MutedOut",
    "MutedUserOut",
    "RenameIn",
    "SignInIn",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True)


class AccountIn(_Strict):
    """Make an account of the guest who asks: a sign-in name and a password."""

    login: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=1024)


class SignInIn(_Strict):
    login: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=1024)


class RenameIn(_Strict):
    """Change the display name, or whether the open record of games shows it (else a
    pseudonymous id), or both: at least one."""

    name: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    show_name: bool | None = None


class DeleteIn(_Strict):
    """Deleting an account asks for its password once more."""

    password: str = Field(min_length=1, max_length=1024)


class MuteIn(_Strict):
    """Mute the author of this chat line (its ``id`` in ``chat`` and ``chat_log``)."""

    line: int = Field(ge=1)


class AccountOut(_Out):
    """Who the cookie names, with what an account adds."""

    id: str
    name: str
    language: Literal["en", "ja"]
    #: "guest", "person" (an account) or "bot".
    kind: str
    #: The sign-in name (None: a guest).
    login: str | None
    banned: bool
    #: How many devices are signed in to this user.
    sessions: int
    #: The open record of games (``GET /api/export``) shows this user's name, not a
    #: pseudonymous id (a bot's name is always shown).
    show_name: bool = False


class EndedOut(_Out):
    ok: Literal[True]
    #: How many sessions were ended.
    ended: int


class MutedUserOut(_Out):
    id: str
    name: str


class MutedOut(_Out):
    """Whose chat the asker does not read."""

    muted: list[MutedUserOut]
