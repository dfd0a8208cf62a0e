"""Passwords hashed with argon2id (argon2-cffi): hashed and checked away from the event loop,
one at a time, at a lower CPU priority than the tables, and hashed again at the next sign-in
when the parameters changed.

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
import contextlib
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

from cardtable.server.accounts_rules import AccountRules

__all__ = ["HASHING_NICE", "Passwords"]

#: How much lower than the server's the hashing thread's priority is (Linux nice steps). A hash
#: keeps both cores busy for about 0.15 s (argon2id's lanes run in threads of their own); at the
#: same priority a sign-in stalled every table's moves behind it (p99 20 ms -> 600 ms in the
#: soak). The lanes' threads inherit the niceness of the thread that starts them.
HASHING_NICE = 10


def _lower_priority() -> None:
    """Make the calling thread (and the threads it starts) yield the CPU to the tables'."""
    # Not Linux, or not allowed: hash at the usual priority.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICE)


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
        # One thread: a burst of sign-ins queues instead of taking every core at once.
        self.worker = ThreadPoolExecutor(1, "argon2", initializer=_lower_priority)

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
        """:meth:`hash_now` in the hashing thread: argon2id takes 0.15 s of two cores."""
        return await asyncio.get_running_loop().run_in_executor(
            self.worker, self.hash_now, password
        )

    async def verify(self, stored: str | None, password: str) -> bool:
        """:meth:`verify_now` in the hashing thread."""
        return await asyncio.get_running_loop().run_in_executor(
            self.worker, self.verify_now, stored, password
        )
