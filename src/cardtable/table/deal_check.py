"""Checking a finished game's fair deal (:mod:`cardtable.table.fair_deal`) from its record
alone: the commitment is the secret's SHA-256, the seed is the one derived from the secret and
every seat's contribution, and the game re-dealt from that seed replays every move to the
record's result. ``cardtable verify`` and the server's tests call :func:`verify`.

>>> import cardtable
>>> from cardtable.table.fair_deal import new_fair_deal, record_part, seal
>>> deal = seal(new_fair_deal("11" * 32), [None, None])
>>> state = cardtable.load("cribbage").new_state(seed=deal["seed"])
>>> state.apply(state.legal_moves()[0])
>>> record = state.to_record() | {"meta": {"fair_deal": record_part(deal)}}
>>> verify(record).ok
True
>>> record["moves"] = ["discard AS AH"]
>>> print(verify(record).failure)
the game re-dealt from the seed does not replay: move 0 ('discard AS AH'): ...
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardtable.errors import CardtableError
from cardtable.i18n import _, ngettext
from cardtable.records import from_record
from cardtable.registry import load
from cardtable.table.fair_deal import DOMAIN, DealError, check_contribution, derive_seed

__all__ = ["Verification", "verify"]

#: How many hex digits of a commitment a person may give (the table shows a short form).
MIN_PREFIX = 8


@dataclass
class Verification:
    """What :func:`verify` checked, in order, and what failed (None: nothing)."""

    checked: list[str] = field(default_factory=list)
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


class _Failed(Exception):
    """A check that failed (its message says exactly how)."""


def _short(value: str) -> str:
    return value[:16] + "…" if len(value) > 16 else value


def _hex64(value: object, message: str) -> str:
    try:
        return check_contribution(value)
    except DealError:
        raise _Failed(message) from None


def _part(record: Mapping[str, Any]) -> Mapping[str, Any]:
    meta = record.get("meta")
    part = meta.get("fair_deal") if isinstance(meta, Mapping) else None
    if not isinstance(part, Mapping):
        raise _Failed(
            _(
                "the record has no meta.fair_deal: its deal was fixed (by a test) or made "
                "before deals could be verified"
            )
        )
    if part.get("version") != DOMAIN.decode("ascii"):
        raise _Failed(
            _("unknown fair deal version {version}; this cardtable checks {known}").format(
                version=repr(part.get("version"))[:40], known=DOMAIN.decode("ascii")
            )
        )
    return part


def _seats(record: Mapping[str, Any]) -> int:
    try:
        options = record.get("options") or {}
        return load(str(record.get("game")), **dict(options)).num_players
    except (CardtableError, TypeError) as err:
        raise _Failed(_("the record's game cannot be set up: {error}").format(error=err)) from None


def _checks(record: Mapping[str, Any], seen: str | None, mine: str | None, out: list[str]) -> None:
    part = _part(record)
    secret = _hex64(part.get("secret"), _("the secret is not 64 hex digits"))
    promised = _hex64(part.get("commitment"), _("the commitment is not 64 hex digits"))
    actual = hashlib.sha256(bytes.fromhex(secret)).hexdigest()
    if actual != promised:
        raise _Failed(
            _(
                "the secret does not match the commitment: its SHA-256 is {actual}, the "
                "commitment is {promised}"
            ).format(actual=actual, promised=promised)
        )
    out.append(_("the commitment {short} is the SHA-256 of the secret").format(short=promised[:16]))
    if seen is not None:
        given = seen.strip().lower()
        if len(given) < MIN_PREFIX or not promised.startswith(given):
            raise _Failed(
                _("the commitment {promised} is not the one you saw ({seen})").format(
                    promised=promised, seen=_short(given)
                )
            )
        out.append(_("it is the commitment you saw before the deal"))
    values = part.get("contributions")
    seats = _seats(record)
    if not isinstance(values, list) or len(values) != seats:
        raise _Failed(
            _("the contributions must be a list of one entry per seat ({seats} seats)").format(
                seats=seats
            )
        )
    contributions = [
        None
        if value is None
        else _hex64(
            value,
            _("seat {seat}'s contribution is not 64 hex digits or null").format(seat=seat),
        )
        for seat, value in enumerate(values)
    ]
    if mine is not None:
        wanted = mine.strip().lower()
        if wanted not in contributions:
            raise _Failed(
                _("your contribution {value} is not among the record's").format(
                    value=_short(wanted)
                )
            )
        out.append(_("your contribution is seat {seat}'s").format(seat=contributions.index(wanted)))
    seed = derive_seed(secret, contributions)
    for where, claimed in (("meta.fair_deal.seed", part.get("seed")), ("seed", record.get("seed"))):
        if claimed != seed:
            raise _Failed(
                _(
                    "the record's {field} is {claimed}, but the secret and contributions "
                    "give {seed}"
                ).format(field=where, claimed=repr(claimed)[:40], seed=seed)
            )
    present = sum(value is not None for value in contributions)
    out.append(
        _(
            "the seed {seed} is derived from the secret and {count} of {seats} seats' contributions"
        ).format(seed=seed, count=present, seats=seats)
    )
    if record.get("decks"):
        raise _Failed(_("the record deals from 'decks': a fair deal is dealt from its seed alone"))
    try:
        state = from_record(record)
    except CardtableError as err:
        raise _Failed(
            _("the game re-dealt from the seed does not replay: {error}").format(error=err)
        ) from None
    out.append(
        ngettext(
            "the game re-dealt from the seed replays its {count} move, a legal one",
            "the game re-dealt from the seed replays all {count} moves, each one legal",
            len(state.history),
        ).format(count=len(state.history))
    )
    if record.get("result") is not None:
        out.append(_("the record's result is the replay's"))


def verify(
    record: object, commitment_seen: str | None = None, contribution: str | None = None
) -> Verification:
    """Check a record's fair deal: the commitment, the seed from the secret and every seat's
    contribution, and the game re-dealt from it and replayed move by move. ``commitment_seen``
    (the commitment, or at least its first 8 digits, as the table showed it before the deal)
    and ``contribution`` (the one your client sent) are checked too where given."""
    report = Verification()
    if not isinstance(record, Mapping):
        report.failure = _("a record must be a JSON object")
        return report
    try:
        _checks(record, commitment_seen, contribution, report.checked)
    except _Failed as failed:
        report.failure = str(failed)
    return report
