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
from cardtable.i18n import _
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
        raise RecordError(
            _("a record must be a JSON object, not {kind}").format(kind=type(record).__name__)
        )
    unknown = sorted(set(record) - _KEYS)
    if unknown:
        raise RecordError(
            _("unknown record field {field!r}; fields: {fields}").format(
                field=unknown[0], fields=", ".join(sorted(_KEYS))
            )
        )
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(
            _("unsupported record format {format!r}; expected {expected!r}").format(
                format=fmt, expected=FORMAT
            )
        )
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError(_("the record has no game name ('game' must be a string)"))
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise RecordError(_("'options' must be a JSON object of option names to values"))
    seed = record.get("seed")
    decks = record.get("decks")
    if seed is None and decks is None:
        raise RecordError(_("the record needs a 'seed' or 'decks' to deal from"))
    if decks is not None and not isinstance(decks, list):
        raise RecordError(_("'decks' must be a list of packs, each a list of cards"))
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(_("'moves' must be a list of move strings"))
    try:
        game = load(name, **options)
        state = game.new_state(seed=seed, decks=decks)
    except CardtableError as err:
        raise RecordError(_("record setup: {error}").format(error=err)) from None
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(
                _("move {index}: {move!r} is not a move string").format(index=index, move=move)
            )
        try:
            state.apply(move)
        except CardtableError as err:
            raise RecordError(
                _("move {index} ({move!r}): {error}").format(index=index, move=move, error=err)
            ) from None
    expected = record.get("result")
    if expected is not None and expected != state.result:
        raise RecordError(
            _("the record's result {expected} does not match the replay's {actual}").format(
                expected=json.dumps(expected), actual=json.dumps(state.result)
            )
        )
    return state


def read_record(path: str | Path) -> State:
    """Load a record file and replay it; unreadable or corrupt files raise RecordError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise RecordError(
            _("cannot read record {path!r}: {reason}").format(path=str(path), reason=err.strerror)
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            _("record {path!r} is not valid JSON (line {line}, column {column}: {reason})").format(
                path=str(path), line=err.lineno, column=err.colno, reason=err.msg
            )
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
