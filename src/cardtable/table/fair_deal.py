"""Deals anyone can verify: the server commits to a secret, each seated person adds a random
value, and the seed is derived from all of them, so neither the server nor a player chooses it.

Before the first card the server publishes the SHA-256 of its secret (the *commitment*); each
seated person's client sends a *contribution* (32 random bytes, as hex); at the start the seed
is the first 8 bytes (big-endian) of SHA-256 over :func:`encoding`: the domain tag
``b"cardtable-deal/1"``, the secret's 32 bytes, the count of seats (one byte), then for each
seat in order its number (one byte) and either ``0x01`` and its contribution's 32 bytes or
``0x00`` (no contribution: a bot's seat, or a person whose client sent none). After the game
the record carries the secret and the contributions (:func:`record_part`), and anyone checks
them (:mod:`cardtable.table.deal_check`).

A table's deal moves through two forms (the ``deal`` the server keeps, never sent out):
:func:`new_fair_deal` (``secret``, ``commitment`` and the contributions ``offered`` so far by
seat, each with the person who sent it) and, at the start, :func:`seal` (``contributions`` in
seat order and the derived ``seed``, which is what the game is dealt from).

>>> secret = "11" * 32
>>> commitment(secret)
'02d449a31fbb267c8f352e9968a79e3e5fc95c1bbeaa502fd6454ebde5a4bedc'
>>> derive_seed(secret, ["22" * 32, None])
6875253970204134873
>>> derive_seed(secret, ["23" * 32, None]) != derive_seed(secret, ["22" * 32, None])
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from cardtable.errors import CardtableError
from cardtable.i18n import _

__all__ = [
    "DOMAIN",
    "VALUE_BYTES",
    "DealError",
    "check_contribution",
    "commitment",
    "derive_seed",
    "encoding",
    "is_fair",
    "new_fair_deal",
    "new_secret",
    "offer",
    "offered_by",
    "record_part",
    "seal",
]

#: The tag that starts the hashed encoding (its version: a new encoding gets a new tag).
DOMAIN = b"cardtable-deal/1"
#: The bytes of the secret and of each contribution.
VALUE_BYTES = 32


class DealError(CardtableError):
    """A contribution or a fair deal refused: ``code`` says what kind (the websocket's error
    code), the message what is wrong and what is allowed."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def new_secret() -> str:
    """A fresh secret: 32 random bytes from :mod:`secrets`, as 64 hex digits."""
    return secrets.token_hex(VALUE_BYTES)


def _hex_bytes(value: object, secret: bool = False) -> bytes:
    """The 32 bytes a hex text (a contribution, or the ``secret``) stands for; a clear
    :class:`DealError` otherwise."""
    if not isinstance(value, str) or len(value) != 2 * VALUE_BYTES:
        message = (
            _("the secret must be 64 hex digits (32 bytes)")
            if secret
            else _("a contribution must be 64 hex digits (32 bytes)")
        )
        raise DealError("bad-contribution", message)
    try:
        return bytes.fromhex(value)
    except ValueError:
        message = (
            _("the secret must be 64 hex digits (32 bytes): 0-9 and a-f only")
            if secret
            else _("a contribution must be 64 hex digits (32 bytes): 0-9 and a-f only")
        )
        raise DealError("bad-contribution", message) from None


def check_contribution(value: object) -> str:
    """A contribution as it is kept: 64 hex digits, lower case; a :class:`DealError` else.

    >>> check_contribution("AB" * 32) == "ab" * 32
    True
    >>> check_contribution("abc")
    Traceback (most recent call last):
    ...
    cardtable.table.fair_deal.DealError: a contribution must be 64 hex digits (32 bytes)
    """
    return _hex_bytes(value).hex()


def commitment(secret: str) -> str:
    """The commitment to a secret: the hex SHA-256 of its 32 bytes.

    >>> commitment("00" * 32)
    '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
    """
    return hashlib.sha256(_hex_bytes(secret, secret=True)).hexdigest()


def encoding(secret: str, contributions: Sequence[str | None]) -> bytes:
    """The bytes the seed is hashed from (see the module's docstring), one entry of
    ``contributions`` per seat in seat order (None: that seat contributed nothing).

    >>> data = encoding("00" * 32, [None, "ff" * 32])
    >>> len(data), data[:16], data[48:53].hex()  # tag, secret, 2 seats: 0 absent, 1 present
    (85, b'cardtable-deal/1', '0200000101')
    """
    if not 0 < len(contributions) < 256:
        raise DealError("bad-deal", _("a deal has from 1 to 255 seats"))
    parts = [DOMAIN, _hex_bytes(secret, secret=True), bytes([len(contributions)])]
    for seat, value in enumerate(contributions):
        parts.append(bytes([seat]))
        if value is None:
            parts.append(b"\x00")
        else:
            parts.append(b"\x01" + _hex_bytes(value))
    return b"".join(parts)


def derive_seed(secret: str, contributions: Sequence[str | None]) -> int:
    """The deal's seed: the first 8 bytes of SHA-256 over :func:`encoding`, big-endian, an
    unsigned 64-bit number (the range of ``secrets.randbits(64)``).

    >>> derive_seed("00" * 32, [None, None])
    294462455431970106
    """
    digest = hashlib.sha256(encoding(secret, contributions)).digest()
    return int.from_bytes(digest[:8], "big")


# ---------------------------------------------------------------------- the table's deal


def new_fair_deal(secret: str | None = None) -> dict[str, Any]:
    """A new table's deal: its secret (drawn here unless given), its commitment, and no
    contribution offered yet.

    >>> deal = new_fair_deal("00" * 32)
    >>> deal["commitment"][:8], deal["offered"], is_fair(deal)
    ('66687aad', {}, True)
    """
    secret = new_secret() if secret is None else secret
    return {"secret": secret, "commitment": commitment(secret), "offered": {}}


def is_fair(deal: Mapping[str, Any]) -> bool:
    """Whether a deal is a fair one (a test's fixed ``seed`` or ``decks`` is not)."""
    return isinstance(deal.get("commitment"), str) and isinstance(deal.get("secret"), str)


def offered_by(deal: Mapping[str, Any], seat: int, user_id: str) -> bool:
    """Whether ``user_id`` has offered a contribution for ``seat`` (a person who took the
    seat after someone else's offer has not)."""
    entry = (deal.get("offered") or {}).get(str(seat))
    return isinstance(entry, Mapping) and entry.get("user") == user_id


def offer(deal: Mapping[str, Any], seat: int, user_id: str, value: object) -> dict[str, Any]:
    """A copy of the open table's deal with ``user_id``'s contribution for ``seat``, checked;
    refused when the deal is fixed or the person has contributed for this seat already.

    >>> deal = offer(new_fair_deal("00" * 32), 1, "ann", "AA" * 32)
    >>> deal["offered"]["1"] == {"user": "ann", "value": "aa" * 32}
    True
    >>> offer(deal, 1, "ann", "bb" * 32)
    Traceback (most recent call last):
    ...
    cardtable.table.fair_deal.DealError: you have already contributed to this deal: a seat \
contributes once
    """
    if not is_fair(deal) or "seed" in deal:
        raise DealError(
            "fixed-deal", _("this table's deal is fixed or dealt already; it takes no contribution")
        )
    clean = check_contribution(value)
    if offered_by(deal, seat, user_id):
        raise DealError(
            "contributed",
            _("you have already contributed to this deal: a seat contributes once"),
        )
    out = dict(deal)
    out["offered"] = dict(deal.get("offered") or {}) | {
        str(seat): {"user": user_id, "value": clean}
    }
    return out


def seal(deal: Mapping[str, Any], holders: Sequence[str | None]) -> dict[str, Any]:
    """The deal a game starts from: each seat's contribution (the one offered by the person
    who holds the seat now: ``holders[seat]``, None for a bot's), and the seed derived from
    them and the secret. A deal that is not fair, or sealed already, is returned as it is.

    >>> deal = offer(new_fair_deal("11" * 32), 0, "ann", "22" * 32)
    >>> sealed = seal(deal, ["ann", None])
    >>> sealed["contributions"][1], sealed["seed"]
    (None, 6875253970204134873)
    >>> seal(deal, ["bob", None])["contributions"]  # Ann left, Bob sat and sent nothing
    [None, None]
    """
    if not is_fair(deal) or "seed" in deal:
        return dict(deal)
    offered = deal.get("offered") or {}
    contributions: list[str | None] = []
    for seat, holder in enumerate(holders):
        entry = offered.get(str(seat))
        mine = holder is not None and isinstance(entry, Mapping) and entry.get("user") == holder
        contributions.append(str(entry["value"]) if mine and entry is not None else None)
    secret = str(deal["secret"])
    return {
        "secret": secret,
        "commitment": str(deal["commitment"]),
        "contributions": contributions,
        "seed": derive_seed(secret, contributions),
    }


def record_part(deal: Mapping[str, Any]) -> dict[str, Any] | None:
    """What a finished game's record shows of a sealed fair deal (its ``meta.fair_deal``):
    the encoding's version, the commitment, the secret, each seat's contribution and the seed;
    None for a fixed deal (a test's, or a table from before fair deals).

    >>> part = record_part(seal(new_fair_deal("11" * 32), [None, None]))
    >>> sorted(part), part["version"]
    (['commitment', 'contributions', 'secret', 'seed', 'version'], 'cardtable-deal/1')
    """
    if not is_fair(deal) or "seed" not in deal:
        return None
    return {
        "version": DOMAIN.decode("ascii"),
        "commitment": deal["commitment"],
        "secret": deal["secret"],
        "contributions": list(deal.get("contributions") or []),
        "seed": deal["seed"],
    }
