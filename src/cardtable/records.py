"""The JSON game record: read, validate and replay; write to and read from files.

A record is ``{"format": "cardtable-record/1", "game", "options", "seed" and/or "decks",
"moves", "result"}`` (plus an optional free-form ``"meta"`` object for faces: player names,
dates). Reading one replays every move, so a record that loads is a record that is legal.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.engine import State
from cardtable.errors import CardtableError, RecordError
from cardtable.registry import load

__all__ = ["FORMAT", "from_record", "read_record", "write_record"]

FORMAT = "cardtable-record/1"
_KEYS = {"format", "game", "options", "seed", "decks", "moves", "result", "meta"}


def from_record(record: Mapping[str, Any]) -> State:
    """Replay a record and return the final state; any fault raises :class:`RecordError`.

    >>> import cardtable
    >>> state = cardtable.load("cribbage").new_state(seed=3)
    >>> state.apply(state.legal_moves()[0])
    >>> from_record(state.to_record()).history == state.history
    True
    """
    if not isinstance(record, Mapping):
        raise RecordError(f"a record must be a JSON object, not {type(record).__name__}")
    unknown = sorted(set(record) - _KEYS)
    if unknown:
        raise RecordError(
            f"unknown record field {unknown[0]!r}; fields: {', '.join(sorted(_KEYS))}"
        )
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(f"unsupported record format {fmt!r}; expected {FORMAT!r}")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError("the record has no game name ('game' must be a string)")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError("'options' must be a JSON object of option names to values")
    seed = record.get("seed")
    decks = record.get("decks")
    if seed is None and decks is None:
        raise RecordError("the record needs a 'seed' or 'decks' to deal from")
    if decks is not None and not isinstance(decks, list):
        raise RecordError("'decks' must be a list of packs, each a list of cards")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("'moves' must be a list of move strings")
    try:
        game = load(name, **options)
        state = game.new_state(seed=seed, decks=decks)
    except CardtableError as err:
        raise RecordError(f"record setup: {err}") from None
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"move {index}: {move!r} is not a move string")
        try:
            state.apply(move)
        except CardtableError as err:
            raise RecordError(f"move {index} ({move!r}): {err}") from None
    expected = record.get("result")
    if expected is not None and expected != state.result:
        raise RecordError(
            f"the record's result {json.dumps(expected)} does not match the replay's "
            f"{json.dumps(state.result)}"
        )
    return state


def read_record(path: str | Path) -> State:
    """Load a record file and replay it; unreadable or corrupt files raise RecordError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(f"cannot read record {str(path)!r}: {err.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            f"record {str(path)!r} is not valid JSON (line {err.lineno}, column {err.colno}: "
            f"{err.msg})"
        ) from None
    return from_record(data)


def write_record(state: State, path: str | Path, meta: Mapping[str, Any] | None = None) -> Path:
    """Write the state's record as JSON (with optional ``meta``) and return the path.

    Writes to a temporary file first so an interrupted write never leaves a broken record.
    """
    record = state.to_record()
    if meta:
        record["meta"] = dict(meta)
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    tmp.replace(target)
    return target
