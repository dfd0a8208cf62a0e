"""Deals anyone can verify (issue 28): the commitment, the contribution's check, the seed from a
fixed secret and contributions (exact values, from the encoding the docs give), and
``verify`` on a good record and on records tampered with in each way it names."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import cardtable
from cardtable.table.deal_check import verify
from cardtable.table.fair_deal import (
    DealError,
    check_contribution,
    commitment,
    derive_seed,
    encoding,
    new_fair_deal,
    offer,
    record_part,
    seal,
)

SECRET = "0123456789abcdef" * 4
ANN = "a1" * 32
BOB = "b2" * 32


def test_the_commitment_is_the_sha256_of_the_secret_bytes() -> None:
    assert commitment(SECRET) == hashlib.sha256(bytes.fromhex(SECRET)).hexdigest()
    assert commitment(SECRET) == "4884fdaafea47c29fea7159d0daddd9c085d6200e1359e85bb81736af6b7c837"
    assert commitment("00" * 32) == (
        "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )


def test_the_encoding_is_tag_secret_count_then_each_seat() -> None:
    data = encoding(SECRET, [ANN, None, BOB])
    expected = (
        b"cardtable-deal/1"
        + bytes.fromhex(SECRET)
        + b"\x03"
        + b"\x00\x01"
        + bytes.fromhex(ANN)
        + b"\x01\x00"
        + b"\x02\x01"
        + bytes.fromhex(BOB)
    )
    assert data == expected


def test_a_fixed_secret_and_contributions_give_a_fixed_seed() -> None:
    assert derive_seed(SECRET, [ANN, None, BOB]) == 15351237494293753673
    assert derive_seed(SECRET, [None, None, None]) == 10792550279095875656
    digest = hashlib.sha256(encoding(SECRET, [ANN, None, BOB])).digest()
    assert derive_seed(SECRET, [ANN, None, BOB]) == int.from_bytes(digest[:8], "big")


def test_every_contribution_and_its_seat_change_the_seed() -> None:
    base = derive_seed(SECRET, [ANN, None, BOB])
    changed = "a0" + ANN[2:]
    assert derive_seed(SECRET, [changed, None, BOB]) != base
    assert derive_seed(SECRET, [None, ANN, BOB]) != base  # the same value at another seat
    assert derive_seed(SECRET, [ANN, None, None]) != base  # absent is not a value
    assert derive_seed("f" + SECRET[1:], [ANN, None, BOB]) != base


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("ab", "a contribution must be 64 hex digits (32 bytes)"),
        (7, "a contribution must be 64 hex digits (32 bytes)"),
        ("zz" * 32, "a contribution must be 64 hex digits (32 bytes): 0-9 and a-f only"),
    ],
)
def test_a_bad_contribution_is_refused_clearly(value: object, message: str) -> None:
    with pytest.raises(DealError, match=r"^" + message.replace("(", r"\(").replace(")", r"\)")):
        check_contribution(value)


def test_a_seat_contributes_once_and_a_new_holder_is_not_counted_for_the_old() -> None:
    deal = offer(new_fair_deal(SECRET), 0, "ann", ANN)
    with pytest.raises(DealError) as refused:
        offer(deal, 0, "ann", BOB)
    assert refused.value.code == "contributed"
    deal = offer(deal, 2, "bob", BOB)
    sealed = seal(deal, ["ann", None, "carl"])  # Bob left seat 2; Carl sat and sent nothing
    assert sealed["contributions"] == [ANN, None, None]
    assert sealed["seed"] == derive_seed(SECRET, [ANN, None, None])
    with pytest.raises(DealError) as fixed:
        offer({"seed": 5}, 0, "ann", ANN)
    assert fixed.value.code == "fixed-deal"


def _record(moves: int = 10_000) -> dict[str, Any]:
    deal = seal(offer(new_fair_deal(SECRET), 0, "ann", ANN), ["ann", None])
    state = cardtable.load("cribbage").new_state(seed=deal["seed"])
    rng = random.Random(4)
    while not state.is_over and len(state.history) < moves:
        state.apply(rng.choice(state.legal_moves()))
    return state.to_record() | {"meta": {"fair_deal": record_part(deal)}}


def test_a_good_record_verifies_and_says_what_was_checked() -> None:
    record = _record()
    assert record["result"] is not None
    report = verify(record, commitment_seen=commitment(SECRET)[:8], contribution=ANN)
    assert report.ok, report.failure
    seed = derive_seed(SECRET, [ANN, None])
    assert report.checked == [
        f"the commitment {commitment(SECRET)[:16]} is the SHA-256 of the secret",
        "it is the commitment you saw before the deal",
        "your contribution is seat 0's",
        f"the seed {seed} is derived from the secret and 1 of 2 seats' contributions",
        f"the game re-dealt from the seed replays all {len(record['moves'])} moves, each one legal",
        "the record's result is the replay's",
    ]


def _tampered(change: str) -> dict[str, Any]:
    record = _record()
    part = record["meta"]["fair_deal"]
    if change == "secret":
        part["secret"] = "ff" + SECRET[2:]
    elif change == "contribution":
        part["contributions"][0] = BOB
    elif change == "seed":
        record["seed"] += 1
    elif change == "move":
        record["moves"][3] = "fly me to the moon"
    elif change == "none":
        del record["meta"]
    return record


def test_a_tampered_record_fails_with_the_exact_reason() -> None:
    promised = commitment(SECRET)
    assert verify(_tampered("secret")).failure == (
        "the secret does not match the commitment: its SHA-256 is "
        f"{commitment('ff' + SECRET[2:])}, the commitment is {promised}"
    )
    seed = derive_seed(SECRET, [ANN, None])
    assert verify(_tampered("contribution")).failure == (
        "the record's meta.fair_deal.seed is "
        f"{seed}, but the secret and contributions give {derive_seed(SECRET, [BOB, None])}"
    )
    assert verify(_tampered("seed")).failure == (
        f"the record's seed is {seed + 1}, but the secret and contributions give {seed}"
    )
    failure = verify(_tampered("move")).failure or ""
    assert failure.startswith(
        "the game re-dealt from the seed does not replay: move 3 ('fly me to the moon'): "
    )
    assert verify(_tampered("none")).failure == (
        "the record has no meta.fair_deal: its deal was fixed (by a test) or made before deals "
        "could be verified"
    )
    assert verify(_record(), commitment_seen="deadbeef").failure == (
        f"the commitment {promised} is not the one you saw (deadbeef)"
    )
    assert verify(_record(), contribution=BOB).failure == (
        f"your contribution {BOB[:16]}… is not among the record's"
    )
