"""Passwords hashed with argon2id (argon2-cffi): hashed and checked away from the event loop,
and hashed again at the next sign-in when the parameters changed.

>>> from cardtable.server.accounts_rules import AccountRules
>>> hasher = Passwords(AccountRules(time_cost=1, memory_cost=8, parallelism=1))
>>> stored = hasher.hash_now("a long passphrase")
>>> stored.startswith("$argon2id$v=19$m=8,t=1,p=1$")
True
>>> hasher.verify_now(stored, "a long passphrase"), hasher.verify_now(stored, "wrong")
(True, False)
"""

from __future__ import annotations

import asyncio

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

from cardtable.server.accounts_rules import AccountRules

__all__ = ["Passwords"]


class Passwords:
    """argon2id with the rules' cost; a dummy hash to check against when no account matches,
    so that a sign-in takes as long whether or not the name exists."""

    def __init__(self, rules: AccountRules) -> None:
        self.hasher = PasswordHasher(
            time_cost=rules.time_cost,
            memory_cost=rules.memory_cost,
            parallelism=rules.parallelism,
            type=Type.ID,
        )
        self.dummy = self.hasher.hash("no account has this password")

    def hash_now(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify_now(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` hashes (None: checked against the dummy,
        and False)."""
        try:
            return self.hasher.verify(stored or self.dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def stale(self, stored: str) -> bool:
        """The hash was made with other parameters: hash the password again."""
        return self.hasher.check_needs_rehash(stored)

    async def hash(self, password: str) -> str:
        """:meth:`hash_now` in a thread: argon2id takes tens of milliseconds of a core."""
        return await asyncio.to_thread(self.hash_now, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        return await asyncio.to_thread(self.verify_now, stored, password)
