"""What the open record of games (:mod:`cardtable.server.export`) reads from a request and
shows of a player: the game, the date, the page cursor and the limit, checked; a person as a
stable pseudonymous id unless they chose to show their name.

>>> pseudonym("k", "0123456789abcdef0123456789abcdef")
'p_3e7bcdb28a8ffb59'
>>> cursor = Cursor(parse_since("2026-12-01T10:00:00+01:00"), "Xy12")
>>> Cursor.parse(cursor.token()) == cursor, cursor.finished.isoformat()
(True, '2026-12-01T09:00:00+00:00')
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime

from cardtable.errors import clip
from cardtable.i18n import _
from cardtable.registry import games
from cardtable.server.accounts_rules import AccountError

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "PSEUDONYM_START",
    "Cursor",
    "ExportError",
    "check_game",
    "check_limit",
    "parse_since",
    "pseudonym",
    "public_name",
]

#: Games a page holds unless ``limit`` says fewer or more, and the most it may hold.
DEFAULT_LIMIT = 100
MAX_LIMIT = 1000
#: How a pseudonymous id starts (16 hex digits follow).
PSEUDONYM_START = "p_"
#: Keeps the pseudonyms apart from anything else the server's key signs (the cookies).
_DOMAIN = b"cardtable-export/1\x00"
#: The longest table id (``tables.id``).
_TABLE_ID = 24


class ExportError(AccountError):
    """A request of the open record refused: its ``code`` (``bad-export``, ``too-fast``), the
    HTTP ``status``, and for the rate limit the seconds to wait. The edge answers it as it
    answers an account's refusal; the command line prints its message."""


def pseudonym(secret: str, user_id: str) -> str:
    """A person's id in the open record: ``p_`` and the first 16 hex digits of the HMAC-SHA-256
    of their user id under the server's secret key. The same person has the same id in every
    export of this server (while its key stays the same); the id tells nothing of who it is.

    >>> pseudonym("k", "a") == pseudonym("k", "a") != pseudonym("k", "b")
    True
    """
    digest = hmac.new(secret.encode(), _DOMAIN + user_id.encode(), hashlib.sha256).hexdigest()
    return PSEUDONYM_START + digest[:16]


def public_name(secret: str, user_id: str, name: str, kind: str, shown: bool, deleted: bool) -> str:
    """How the open record names a user: a bot account by its name always, a person or a guest
    by name if they chose so (never once their account is deleted), else by pseudonym.

    >>> public_name("k", "a", "BOT deepcrib", "bot", False, False)
    'BOT deepcrib'
    >>> public_name("k", "a", "Ann", "person", True, False)
    'Ann'
    >>> public_name("k", "a", "Ann", "person", False, False) == pseudonym("k", "a")
    True
    """
    if kind == "bot" or (shown and not deleted):
        return name
    return pseudonym(secret, user_id)


def _bad(message: str) -> ExportError:
    return ExportError("bad-export", 400, message)


def check_game(name: str) -> str:
    """The game asked for, if this server has it.

    >>> check_game("cribbage")
    'cribbage'
    """
    known = games()
    if name not in known:
        raise _bad(
            _("there is no game {game}; games: {games}").format(
                game=clip(repr(name)), games=", ".join(known)
            )
        )
    return name


def check_limit(limit: int | None) -> int:
    """Games on one page: :data:`DEFAULT_LIMIT` unless asked, from 1 to :data:`MAX_LIMIT`.

    >>> check_limit(None), check_limit(5)
    (100, 5)
    """
    if limit is None:
        return DEFAULT_LIMIT
    if not 1 <= limit <= MAX_LIMIT:
        raise _bad(
            _("limit is a whole number from 1 to {most}, not {limit}").format(
                most=MAX_LIMIT, limit=limit
            )
        )
    return limit


def parse_since(text: str | None) -> datetime | None:
    """The moment ``since`` names, in UTC: an ISO date (its midnight, UTC) or date and time
    (UTC unless it gives its offset); None when not given.

    >>> parse_since("2026-12-01").isoformat()
    '2026-12-01T00:00:00+00:00'
    """
    if text is None or text == "":
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise _bad(
            _(
                "since is an ISO date (2026-12-01) or date and time (2026-12-01T10:00:00Z), "
                "not {since}"
            ).format(since=clip(repr(text)))
        ) from None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


@dataclass(frozen=True)
class Cursor:
    """Where a page ends: the last game's finish time and table id (games finished at the same
    moment follow their ids). A client passes its :meth:`token` back to get the next page."""

    finished: datetime
    table: str

    def token(self) -> str:
        """The cursor as the API shows it: URL-safe, opaque."""
        text = f"{self.finished.astimezone(UTC).isoformat()}|{self.table}"
        return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")

    @classmethod
    def parse(cls, token: str) -> Cursor:
        """The cursor of a :meth:`token`; a token this server did not give is refused."""
        try:
            text = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
            when, table = text.split("|")
            finished = datetime.fromisoformat(when)
        except (ValueError, binascii.Error, UnicodeDecodeError):
            finished, table = None, ""
        if finished is None or finished.tzinfo is None or not 0 < len(table) <= _TABLE_ID:
            raise _bad(
                _(
                    "cursor {cursor} is not one this server gave: pass the last page's as it is"
                ).format(cursor=clip(repr(token)))
            )
        return cls(finished.astimezone(UTC), table)
