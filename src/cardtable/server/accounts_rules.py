"""What an account must be: its sign-in name, its password, the sign-in rate limit, and the
refusal an account request answers (:class:`AccountError`, with its HTTP status).

A password has at least :attr:`AccountRules.min_password` characters (8, NIST SP 800-63B's
minimum for a password the person chose) and is refused when zxcvbn finds the whole of it in its
list of the commonest passwords (or the sign-in or display name), or scores it below 2 of 4
("too guessable"). A sign-in name is 2 to 24 letters, digits, ``.``, ``_`` or ``-``, unique
without regard to case.

>>> clean_login(" Ann_B ")
('Ann_B', 'ann_b')
>>> check_password("correct horse battery", ["ann"]) is None
True
>>> check_password("password1", ["ann"])
Traceback (most recent call last):
  ...
cardtable.server.accounts_rules.AccountError: this password is one of the commonest passwords; \
choose another
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from zxcvbn import zxcvbn  # type: ignore[import-untyped]

from cardtable.errors import CardtableError, clip
from cardtable.i18n import _

__all__ = [
    "ARGON2_ENV",
    "AccountError",
    "AccountRules",
    "check_password",
    "clean_login",
    "refuse_banned",
]

#: The argon2id parameters, ``t=TIME,m=KIB,p=LANES`` (default RFC 9106's second recommended
#: option, argon2-cffi's default: t=3, m=65536 KiB, p=4); the tests set a cheap one.
ARGON2_ENV = "CARDTABLE_ARGON2"

#: Characters a sign-in name may have besides letters and digits.
_LOGIN_EXTRA = "._-"
#: zxcvbn reads this much of a password (its time grows with the length).
_ZXCVBN_CHARS = 100


class AccountError(CardtableError):
    """An account request refused: ``code`` (``bad-login``, ``bad-password``, ``name-taken``,
    ``wrong-sign-in``, ``too-many-tries``, ``not-account``, ``banned``), the HTTP ``status``,
    and for the rate limit the seconds to wait (``retry_after``)."""

    def __init__(self, code: str, status: int, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.code = code
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class AccountRules:
    """The limits of accounts: password length, the sign-in rate limit, argon2id's cost."""

    min_password: int = 8
    max_password: int = 256
    #: Failed sign-ins allowed per account and per address within ``window`` seconds.
    failures: int = 10
    window: int = 15 * 60
    time_cost: int = 3
    memory_cost: int = 65536
    parallelism: int = 4

    @classmethod
    def from_env(cls) -> AccountRules:
        """The rules with argon2id's cost from ``CARDTABLE_ARGON2`` (``t=1,m=8,p=1``), if set.

        >>> AccountRules.from_env().memory_cost
        65536
        """
        given = os.environ.get(ARGON2_ENV, "").strip()
        if not given:
            return cls()
        names = {"t": "time_cost", "m": "memory_cost", "p": "parallelism"}
        values: dict[str, int] = {}
        for part in given.split(","):
            key, _sep, number = part.partition("=")
            if key.strip() not in names or not number.strip().isdigit():
                raise CardtableError(
                    _("{env} is t=TIME,m=KIB,p=LANES (e.g. t=3,m=65536,p=4), not {given}").format(
                        env=ARGON2_ENV, given=clip(repr(given))
                    )
                )
            values[names[key.strip()]] = int(number)
        return cls(**values)


def clean_login(login: str) -> tuple[str, str]:
    """A sign-in name as written (NFKC, no surrounding space) and its key (casefolded), or
    :class:`AccountError` ``bad-login`` saying what a name may hold."""
    written = unicodedata.normalize("NFKC", login).strip()
    if not 2 <= len(written) <= 24 or not all(ch.isalnum() or ch in _LOGIN_EXTRA for ch in written):
        raise AccountError(
            "bad-login",
            400,
            _("a sign-in name is 2 to 24 letters, digits, dots, dashes or underscores"),
        )
    return written, written.casefold()[:40]


def check_password(password: str, names: Sequence[str], rules: AccountRules | None = None) -> None:
    """Refuse a password that is too short or too long, one of the commonest passwords (or
    one of ``names``), or one zxcvbn scores below 2: :class:`AccountError` ``bad-password``."""
    rules = rules or AccountRules()
    if len(password) < rules.min_password:
        raise AccountError(
            "bad-password",
            400,
            _("a password has at least {n} characters").format(n=rules.min_password),
        )
    if len(password) > rules.max_password:
        raise AccountError(
            "bad-password",
            400,
            _("a password has at most {n} characters").format(n=rules.max_password),
        )
    found = zxcvbn(password[:_ZXCVBN_CHARS], user_inputs=[n for n in names if n])
    whole = [m for m in found["sequence"] if len(m["token"]) == len(password[:_ZXCVBN_CHARS])]
    if any(m.get("dictionary_name") == "user_inputs" for m in whole):
        raise AccountError("bad-password", 400, _("a password may not be your name"))
    if any(m.get("dictionary_name") == "passwords" for m in whole):
        raise AccountError(
            "bad-password",
            400,
            _("this password is one of the commonest passwords; choose another"),
        )
    if found["score"] < 2:
        raise AccountError(
            "bad-password",
            400,
            _(
                "this password is too easy to guess; several unrelated words make one that is "
                "easy to remember and hard to guess"
            ),
        )


def refuse_banned(banned: bool, chat: bool = False) -> None:
    """Refuse a banned user a seat (or, ``chat``, a chat line): :class:`AccountError`
    ``banned``.

    >>> refuse_banned(False)
    >>> refuse_banned(True, chat=True)
    Traceback (most recent call last):
      ...
    cardtable.server.accounts_rules.AccountError: you are banned from this server and may not chat
    """
    if not banned:
        return
    if chat:
        raise AccountError("banned", 403, _("you are banned from this server and may not chat"))
    raise AccountError(
        "banned", 403, _("you are banned from this server and may not sit at a table")
    )
