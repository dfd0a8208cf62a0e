"""The JSON game record: read, validate and replay; write to and read from files.

A record is ``{"format": "cardtable-record/1", "game", "options", "seed" and/or "decks",
"moves", "result"}`` (plus an optional free-form ``"meta"`` object for faces: player names,
dates, and an optional ``"digest"``). Reading one replays every move, so a record that loads is
a record that is legal, and its ``result``, when given, is the replay's.

A record is not signed: anyone may write one, and a record with its ``result`` (and digest)
left out still loads. The ``digest`` that :func:`write_record` adds (a SHA-256 of the game,
options, seed, decks, moves and result) catches an accidental edit; a record without one (an
older record, or one built by :meth:`~cardtable.engine.State.to_record`) still loads.

Reading is bounded: a file is read up to :data:`MAX_RECORD_BYTES`, JSON nested deeper than
:data:`MAX_DEPTH` is refused, and every fault of a file or of its text is a
:class:`~cardtable.errors.RecordError` with a message.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardtable.engine import State
from cardtable.errors import ECHO_LIMIT, CardtableError, RecordError, clip
from cardtable.i18n import _
from cardtable.options import validate_options
from cardtable.registry import game_class, load

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_RECORD_BYTES",
    "digest",
    "from_record",
    "read_record",
    "read_record_data",
    "with_digest",
    "write_record",
]

FORMAT = "cardtable-record/1"
_KEYS = {"format", "game", "options", "seed", "decks", "moves", "result", "meta", "digest"}
#: The fields the digest covers: everything a replay reads, and the result it must give.
_SEALED = ("format", "game", "options", "seed", "decks", "moves", "result")
#: The largest record file read (10 MB); a longer one is refused unread past this.
MAX_RECORD_BYTES = 10_000_000
#: The deepest nesting of JSON arrays and objects a record may have.
MAX_DEPTH = 64


def _show(value: object) -> str:
    """A value from a record as an error shows it: JSON, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= ECHO_LIMIT else text[:ECHO_LIMIT] + "…"


def _too_deep(value: object) -> bool:
    """Whether arrays and objects nest deeper than :data:`MAX_DEPTH` in ``value`` (a walk
    without recursion, so any depth is safe)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children: Any = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        if depth >= MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _too_deep_error() -> RecordError:
    return RecordError(_("the record is nested deeper than {depth} levels").format(depth=MAX_DEPTH))


def digest(record: Mapping[str, Any]) -> str:
    """The digest of a record: ``sha256:`` and the hex SHA-256 of its game, options, seed,
    decks, moves and result as canonical JSON (not its ``meta``).

    >>> import cardtable
    >>> record = cardtable.load("cribbage").new_state(seed=3).to_record()
    >>> digest(record) == digest(json.loads(json.dumps(record))), digest(record)[:7]
    (True, 'sha256:')
    """
    sealed = {key: record[key] for key in _SEALED if key in record}
    text = json.dumps(sealed, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def with_digest(record: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``record`` with its :func:`digest`, which :func:`from_record` then checks.

    >>> import cardtable
    >>> record = with_digest(cardtable.load("cribbage").new_state(seed=3).to_record())
    >>> record["moves"] = ["discard 2H KS"]
    >>> from_record(record)
    Traceback (most recent call last):
    ...
    cardtable.errors.RecordError: the record's digest does not match its contents: it was \
changed after it was written
    """
    out = {key: value for key, value in record.items() if key != "digest"}
    out["digest"] = digest(out)
    return out


def _check_digest(record: Mapping[str, Any]) -> None:
    if "digest" not in record:
        return
    given = record["digest"]
    if not isinstance(given, str) or not given.startswith("sha256:"):
        raise RecordError(
            _("'digest' must be text starting 'sha256:', not {value}").format(value=_show(given))
        )
    try:
        actual = digest(record)
    except (TypeError, ValueError):
        raise RecordError(
            _("the record's digest cannot be checked: the record holds a value that is not JSON")
        ) from None
    if given != actual:
        raise RecordError(
            _(
                "the record's digest does not match its contents: it was changed after it was "
                "written"
            )
        )


def _check_decks(decks: object, seed: object) -> None:
    """The shape of ``decks``: a list of packs, each a non-empty list of cards (notation or
    card ids); the packs themselves are the game's to check."""
    if decks is None:
        return
    if not isinstance(decks, list):
        raise RecordError(_("'decks' must be a list of packs, each a list of cards"))
    if not decks and seed is None:
        raise RecordError(_("the record needs a 'seed' or 'decks' to deal from"))
    for index, deck in enumerate(decks):
        if not isinstance(deck, list) or not deck:
            raise RecordError(
                _("pack {index} of 'decks' must be a list of cards, not {value}").format(
                    index=index, value=_show(deck)
                )
            )
        for card in deck:
            if isinstance(card, bool) or not isinstance(card, str | int):
                raise RecordError(
                    _(
                        "pack {index} of 'decks': a card is its notation (such as 5H) or a "
                        "card id, not {value}"
                    ).format(index=index, value=_show(card))
                )


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
    unknown = sorted(str(key) for key in set(record) - _KEYS)
    if unknown:
        raise RecordError(
            _("unknown record field {field!r}; fields: {fields}").format(
                field=clip(unknown[0]), fields=", ".join(sorted(_KEYS))
            )
        )
    if _too_deep(record):
        raise _too_deep_error()
    fmt = record.get("format")
    if fmt != FORMAT:
        raise RecordError(
            _("unsupported record format {format!r}; expected {expected!r}").format(
                format=clip(fmt), expected=FORMAT
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
    _check_decks(decks, seed)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError(_("'moves' must be a list of move strings"))
    meta = record.get("meta")
    if meta is not None and not isinstance(meta, Mapping):
        raise RecordError(_("'meta' must be a JSON object"))
    _check_digest(record)
    try:
        # Checked here first, so that no option name ("name", "self") can clash with load's
        # own parameters.
        known = game_class(name)
        validate_options(known.name, known.option_specs, options)
        game = load(name, **options)
        state = game.new_state(seed=seed, decks=decks)
    except CardtableError as err:
        raise RecordError(_("record setup: {error}").format(error=err)) from None
    for index, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(
                _("move {index}: {move!r} is not a move string").format(
                    index=index, move=clip(move)
                )
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
                expected=_show(expected), actual=_show(state.result)
            )
        )
    return state


def read_record_data(path: str | Path) -> Any:
    """The JSON of a record file, not yet replayed (:func:`from_record` does that); unreadable
    or corrupt files raise RecordError.

    At most :data:`MAX_RECORD_BYTES` are read: a longer file (or an endless one such as
    ``/dev/zero``) is refused, as are text that is not UTF-8 and JSON nested deeper than
    :data:`MAX_DEPTH`.
    """
    where = str(path)
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError(
            _("cannot read record {path!r}: {reason}").format(
                path=where, reason=err.strerror or err
            )
        ) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            _("record {path!r} is larger than {limit} MB, the most a record may be").format(
                path=where, limit=MAX_RECORD_BYTES // 1_000_000
            )
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(
            _("record {path!r} is not UTF-8 text (byte {position})").format(
                path=where, position=err.start
            )
        ) from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(
            _("record {path!r} is not valid JSON (line {line}, column {column}: {reason})").format(
                path=where, line=err.lineno, column=err.colno, reason=err.msg
            )
        ) from None
    except RecursionError:
        raise RecordError(
            _("record {path!r} is nested deeper than {depth} levels").format(
                path=where, depth=MAX_DEPTH
            )
        ) from None
    except ValueError:
        # The one other fault json.loads raises: a whole number longer than Python reads.
        raise RecordError(
            _("record {path!r} holds a number too long to read (more than {digits} digits)").format(
                path=where, digits=sys.get_int_max_str_digits()
            )
        ) from None
    return value


def read_record(path: str | Path) -> State:
    """Load a record file and replay it; unreadable or corrupt files raise RecordError (see
    :func:`read_record_data` for the limits)."""
    return from_record(read_record_data(path))


def write_record(state: State, path: str | Path, meta: Mapping[str, Any] | None = None) -> Path:
    """Write the state's record as JSON (with optional ``meta``, and its :func:`digest`) and
    return the path.

    The record goes to a new temporary file of a unique name in the same folder (made
    exclusively, so a link planted there is never followed), is flushed to the disk, and then
    replaces the target in one step: a reader sees the old record or the new one, never part
    of one, and of several writers each write lands whole. The temporary file is removed on
    any error.
    """
    record = state.to_record()
    if meta:
        record["meta"] = dict(meta)
    data = (json.dumps(with_digest(record), ensure_ascii=False, indent=1) + "\n").encode("utf-8")
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
            if hasattr(os, "fchmod"):
                os.fchmod(file.fileno(), _file_mode(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def _file_mode(target: Path) -> int:
    """The permissions of the file replaced, or for a new one the usual ``0o666`` less the
    umask (a temporary file is made readable by its owner only)."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o644
