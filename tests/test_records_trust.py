"""What a record file may do to a reader and a writer: bounded reading, every fault of its text a
:class:`RecordError`, atomic writes that follow no planted link, and the digest of its moves."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.engine import State
from cardtable.errors import RecordError
from cardtable.records import MAX_DEPTH, MAX_RECORD_BYTES, digest, with_digest

QUICK = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def played(seed: int = 3, moves: int = 12) -> State:
    state = cardtable.load("cribbage").new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state.apply(rng.choice(state.legal_moves()))
    return state


def finished(seed: int = 2) -> State:
    state = cardtable.load("cribbage", target=61).new_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    return state


def read_error(path: Path) -> str:
    with pytest.raises(RecordError) as info:
        cardtable.read_record(path)
    return str(info.value)


def record_error(record: Any) -> str:
    with pytest.raises(RecordError) as info:
        cardtable.from_record(record)
    return str(info.value)


# --------------------------------------------------------------------------- limits


def test_a_file_larger_than_the_cap_is_refused_naming_the_limit(tmp_path: Path) -> None:
    """A valid record padded past 10 MB (in ``meta``) is refused, unread past the cap."""
    assert MAX_RECORD_BYTES == 10_000_000
    record = played().to_record()
    record["meta"] = {"pad": "x" * MAX_RECORD_BYTES}
    big = tmp_path / "big.json"
    big.write_text(json.dumps(record), encoding="utf-8")
    message = read_error(big)
    assert "big.json" in message and "10 MB" in message
    # A record just under the cap still loads.
    record["meta"] = {"pad": "x" * (MAX_RECORD_BYTES - 10_000)}
    big.write_text(json.dumps(record), encoding="utf-8")
    assert cardtable.read_record(big).history == record["moves"]


def test_an_endless_file_is_refused() -> None:
    assert "10 MB" in read_error(Path("/dev/zero"))


def test_a_record_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin.json"
    text = json.dumps(played().to_record() | {"meta": {"player": "Zoë"}}, ensure_ascii=False)
    path.write_bytes(text.encode("latin-1"))
    message = read_error(path)
    assert "latin.json" in message and "UTF-8" in message


@pytest.mark.parametrize("opening", ["[", '{"a":'])
def test_a_record_nested_2000_deep(tmp_path: Path, opening: str) -> None:
    closing = "]" if opening == "[" else "}"
    path = tmp_path / "deep.json"
    path.write_text(opening * 2000 + "1" + closing * 2000, encoding="utf-8")
    message = read_error(path)
    assert f"nested deeper than {MAX_DEPTH}" in message
    # Inside a valid record, too.
    record = played().to_record()
    path.write_text(
        json.dumps(record)[:-1] + ', "meta": ' + "[" * 2000 + "]" * 2000 + "}", encoding="utf-8"
    )
    assert f"nested deeper than {MAX_DEPTH}" in read_error(path)


def test_nesting_is_refused_in_a_record_given_as_an_object() -> None:
    record = played().to_record()
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    record["meta"] = {"deep": deep}
    assert f"nested deeper than {MAX_DEPTH}" in record_error(record)
    record["meta"] = {"ok": [[[["shallow"]]]]}
    assert cardtable.from_record(record).history == record["moves"]


def test_a_seed_of_4301_digits(tmp_path: Path) -> None:
    path = tmp_path / "seed.json"
    text = json.dumps(played().to_record())
    path.write_text(text.replace('"seed": 3', '"seed": ' + "7" * 4301), encoding="utf-8")
    message = read_error(path)
    assert "seed.json" in message and "digits" in message


@pytest.mark.parametrize("decks", [[5], [None], [[None]], [True], [[1.5]], [{}], ["5H"], []])
def test_decks_that_are_not_packs(decks: list[Any]) -> None:
    record = played().to_record()
    del record["seed"]
    record["decks"] = decks
    assert record_error(record)


@pytest.mark.parametrize("name", ["name", "self", "options", ""])
def test_an_option_named_like_a_parameter_is_an_unknown_option(name: str) -> None:
    record = played().to_record()
    record["options"] = {name: 1}
    assert f"unknown option {name!r} for cribbage" in record_error(record)


def test_values_in_an_error_are_kept_short() -> None:
    record = played().to_record()
    record["result"] = {"scores": list(range(100_000))}
    assert len(record_error(record)) < 400
    record = played().to_record()
    record["moves"][3] = ["play"] * 100_000
    assert len(record_error(record)) < 200


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=10)
    | st.sampled_from(["5H", "play 5H", "discard 2H KS", "cribbage", "cardtable-record/1"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=6) | st.sampled_from(["name", "self", "target"]), inner)
    ),
    max_leaves=12,
)
FIELDS = ["format", "game", "options", "seed", "decks", "moves", "result", "meta", "digest"]


@QUICK
@given(field=st.sampled_from(FIELDS), value=JSON)
def test_any_value_of_any_field_loads_or_is_a_record_error(field: str, value: Any) -> None:
    record = played(moves=4).to_record()
    record[field] = value
    try:
        cardtable.from_record(record)
    except RecordError as err:
        assert str(err)


@QUICK
@given(
    field=st.sampled_from(["seed", "decks", "moves", "result", "meta", "options"]),
    depth=st.integers(1, 3000),
)
def test_any_nesting_loads_or_is_a_record_error(tmp_path: Path, field: str, depth: int) -> None:
    record = played(moves=4).to_record()
    text = json.dumps(record)
    nested = "[" * depth + "]" * depth
    path = tmp_path / "nested.json"
    path.write_text(text[:-1] + f', "{field}": {nested}' + "}", encoding="utf-8")
    try:
        cardtable.read_record(path)
    except RecordError as err:
        if depth >= MAX_DEPTH:
            assert "nested deeper" in str(err)


@QUICK
@given(data=st.binary(max_size=300) | JSON.map(lambda v: json.dumps(v).encode()))
def test_any_bytes_load_or_are_a_record_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "any.json"
    path.write_bytes(data)
    try:
        cardtable.read_record(path)
    except RecordError as err:
        assert str(err)


# --------------------------------------------------------------------------- atomic writes


def test_writers_and_readers_of_one_file_never_see_half_a_record(tmp_path: Path) -> None:
    """Eight threads write records of different games to one file while four read it: every
    read is a whole record that loads, every write lands, and no temporary file is left."""
    target = tmp_path / "shared.json"
    states = [played(seed, moves=4 + seed) for seed in range(8)]
    histories = {tuple(s.history) for s in states}
    cardtable.write_record(states[0], target)
    stop = threading.Event()
    problems: list[str] = []
    reads = [0]

    def write(state: State) -> None:
        try:
            for i in range(40):
                path = cardtable.write_record(state, target, meta={"n": i})
                assert path == target
        except Exception as err:  # the test reports any failure
            problems.append(f"write: {err!r}")

    def read() -> None:
        while not stop.is_set():
            try:
                record = json.loads(target.read_text(encoding="utf-8"))
                assert tuple(record["moves"]) in histories
                reads[0] += 1
            except Exception as err:
                problems.append(f"read: {err!r}")

    readers = [threading.Thread(target=read) for _ in range(4)]
    writers = [threading.Thread(target=write, args=(s,)) for s in states]
    for t in readers + writers:
        t.start()
    for t in writers:
        t.join()
    stop.set()
    for t in readers:
        t.join()
    assert problems == []
    assert reads[0] > 0
    assert [p.name for p in tmp_path.iterdir()] == ["shared.json"]
    assert tuple(cardtable.read_record(target).history) in histories


def test_a_link_planted_at_a_temporary_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    target = tmp_path / "game.json"
    for name in ("game.json.tmp", ".game.json.tmp", "game.tmp", ".game.json"):
        (tmp_path / name).symlink_to(victim)
    cardtable.write_record(played(), target)
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not target.is_symlink()
    assert cardtable.read_record(target).history == played().history


def test_a_failed_write_leaves_the_old_record_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    cardtable.write_record(played(), target)
    before = target.read_bytes()
    with pytest.raises(TypeError):
        cardtable.write_record(played(), target, meta={"bad": object()})
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# --------------------------------------------------------------------------- what a record proves


def test_a_written_record_carries_a_digest_that_catches_edits(tmp_path: Path) -> None:
    state = finished()
    path = cardtable.write_record(state, tmp_path / "game.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["digest"] == digest(record)
    assert record["digest"].startswith("sha256:")
    assert cardtable.read_record(path).result == state.result
    # Deleting the result, or changing a move to another legal one, is caught.
    edited = dict(record)
    del edited["result"]
    assert "digest" in record_error(edited)
    edited = dict(record, moves=[*record["moves"][:-1]])
    assert "digest" in record_error(edited)
    edited = dict(record, options=dict(record["options"], muggins=True))
    assert "digest" in record_error(edited)
    # The free-form meta is not covered.
    assert cardtable.from_record(dict(record, meta={"players": ["A", "B"]})).result
    # A digest that is not one.
    for bad in ("sha256:00", "md5:abc", 5, None):
        assert "digest" in record_error(dict(record, digest=bad))


def test_a_record_without_a_digest_still_loads_and_the_result_is_optional() -> None:
    record = finished().to_record()
    assert "digest" not in record
    assert cardtable.from_record(record).is_over
    del record["result"]
    assert cardtable.from_record(record).is_over  # not signed: the result may be left out
    sealed = with_digest(record)
    assert "digest" not in record and sealed["digest"] == digest(record)
    assert cardtable.from_record(sealed).is_over
