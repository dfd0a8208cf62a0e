"""The bot API's requests and answers (``docs/bots-api.md``), as Pydantic models in
:mod:`cardtable.server.protocol`'s style: requests strict and closed, answers open to fields a
newer server adds.

>>> InviteIn.model_validate({"bot": "deepcrib"}).seat is None
True
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "AcceptedOut",
    "BotIn",
    "BotOut",
    "BotsOut",
    "InvitationOut",
    "InvitationsOut",
    "InviteIn",
    "MadeBotOut",
    "NewTokenOut",
    "TokenOut",
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Out(BaseModel):
    model_config = ConfigDict(extra="allow")


class BotIn(_Strict):
    """Make a bot account: its name (2 to 24 letters, digits, dots, dashes or underscores,
    unique among every account's sign-in names)."""

    name: str = Field(min_length=1, max_length=40)


class TokenOut(_Out):
    """A token as its owner's listing shows it (never the token itself)."""

    prefix: str
    created_at: datetime
    last_used: datetime | None
    revoked_at: datetime | None


class BotOut(_Out):
    id: str
    #: The bot's name (an invitation names it).
    name: str
    #: The name players see, marked as a bot's: ``BOT deepcrib``.
    display_name: str
    created_at: datetime
    tokens: list[TokenOut]


class MadeBotOut(_Out):
    """A new bot account and its first token, shown this once."""

    bot: BotOut
    token: str


class BotsOut(_Out):
    bots: list[BotOut]


class NewTokenOut(_Out):
    """A new token, shown this once, and the prefix that names it in the listing."""

    token: str
    prefix: str


class InviteIn(_Strict):
    """Invite a bot account by name to a seat (None: the first open seat not invited yet)."""

    bot: str = Field(min_length=1, max_length=40)
    seat: int | None = Field(default=None, ge=0, le=16)


class InvitationOut(_Out):
    id: int
    table: str
    game: str
    options: dict[str, Any]
    seat: int
    #: Who invited the bot, by name.
    by: str
    created_at: datetime


class InvitationsOut(_Out):
    invitations: list[InvitationOut]


class AcceptedOut(_Out):
    """The table the bot sits at now (as ``GET /api/tables/{id}`` shows it) and its seat."""

    table: dict[str, Any]
    seat: int
