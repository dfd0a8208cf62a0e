"""Password hashing stays out of the tables' way: one hash at a time, in a thread of its own,
at a lower CPU priority (the soak with sign-ins took the move p99 from 20 ms to 600 ms when
argon2id's lanes competed with the event loop at the same priority)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading

import pytest

from cardtable.server.accounts_passwords import HASHING_NICE, Passwords
from cardtable.server.accounts_rules import AccountRules


def cheap() -> Passwords:
    return Passwords(AccountRules(time_cost=1, memory_cost=8, parallelism=1))


def test_hashes_check_and_refuse() -> None:
    passwords = cheap()

    async def both() -> tuple[bool, bool, bool]:
        stored = await passwords.hash("a long passphrase")
        return (
            await passwords.verify(stored, "a long passphrase"),
            await passwords.verify(stored, "a long passphrasE"),
            await passwords.verify(None, "a long passphrase"),
        )

    assert asyncio.run(both()) == (True, False, False)


def test_one_thread_hashes_them_all() -> None:
    passwords = cheap()
    seen: list[str] = []
    hash_now = passwords.hash_now

    def where(password: str) -> str:
        seen.append(threading.current_thread().name)
        return hash_now(password)

    passwords.hash_now = where  # type: ignore[method-assign]

    async def burst() -> list[str]:
        return list(await asyncio.gather(*(passwords.hash(f"password {n}") for n in range(6))))

    hashed = asyncio.run(burst())
    assert len(set(hashed)) == 6
    assert seen == ["argon2_0"] * 6


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness is Linux's")
def test_the_hashing_thread_yields_to_the_tables() -> None:
    passwords = cheap()
    here = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    there = passwords.worker.submit(
        lambda: os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    ).result()
    assert there == min(19, here + HASHING_NICE)
    # The server's own threads keep their priority.
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == here
