"""Where played games are kept: one JSON record per game in the user's data folder.

The folder is platformdirs' user data directory for ``cardtable`` (on Linux
``~/.local/share/cardtable/records``); the environment variable ``CARDTABLE_DATA_DIR`` moves it
(tests use it). Records are written whole to a temporary file and then renamed, so a game is
never lost half-written, and a name is never reused. Names start with the time saved, to the
microsecond; the list of saved records is in the order they were saved.

A record file is read whole only up to :data:`MAX_RECORD_MB` megabytes, and anything wrong with
it (missing, a folder, not UTF-8, not JSON, nested too deep, not a record, not legal) is a
:class:`~cardtable.errors.RecordError` with a message that says so.

>>> import os, tempfile, cardtable
>>> os.environ["CARDTABLE_DATA_DIR"] = tempfile.mkdtemp()
>>> state = cardtable.load("cribbage").new_state(seed=4)
>>> path = save_record(state.to_record())
>>> path.parent == records_dir(), [p.name for p in saved_records()] == [path.name]
(True, True)
>>> del os.environ["CARDTABLE_DATA_DIR"]
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from platformdirs import user_data_path

from cardtable.engine import State
from cardtable.errors import RecordError
from cardtable.records import MAX_RECORD_BYTES, from_record, read_record_data

__all__ = [
    "MAX_RECORD_MB",
    "data_dir",
    "last_unfinished",
    "load_record",
    "records_dir",
    "save_record",
    "saved_records",
]

ENV = "CARDTABLE_DATA_DIR"
#: The largest record file read, in megabytes (a long game's record is well under 1 MB).
MAX_RECORD_MB = MAX_RECORD_BYTES // 1_000_000


def data_dir() -> Path:
    """The user's cardtable data folder (not created here)."""
    override = os.environ.get(ENV)
    return Path(override) if override else user_data_path("cardtable", appauthor=False)


def records_dir() -> Path:
    """The folder of saved game records (not created here)."""
    return data_dir() / "records"


def save_record(record: Mapping[str, Any]) -> Path:
    """Write a record under a new name ``YYYYMMDD-HHMMSS-UUUUUU-GAME-SEED[-k].json`` (the
    time saved, to the microsecond); its path."""
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    seconds, nanoseconds = divmod(time.time_ns(), 1_000_000_000)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(seconds)) + f"-{nanoseconds // 1000:06d}"
    base = f"{stamp}-{record.get('game', 'game')}-{record.get('seed', 'x')}"
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    tmp = folder / f".{base}.{os.getpid()}.tmp"
    tmp.write_text(text, encoding="utf-8")
    k = 1
    while True:
        path = folder / (f"{base}.json" if k == 1 else f"{base}-{k}.json")
        try:
            # A hard link fails if the name exists, so two games never overwrite each other.
            os.link(tmp, path)
            break
        except FileExistsError:
            k += 1
        except OSError:
            # A file system without hard links: a plain rename, after checking the name.
            if path.exists():
                k += 1
                continue
            os.replace(tmp, path)
            return path
    tmp.unlink()
    return path


def saved_records() -> list[Path]:
    """Every ``*.json`` in the records folder, in the order saved: by the time each was last
    written, then by name (numbers in a name compared as numbers, so ``-2`` comes before
    ``-10``). A folder or a file that is no record is listed too: :func:`load_record` tells
    what is wrong with it.
    """
    folder = records_dir()
    try:
        found = list(folder.glob("*.json"))
    except OSError:
        return []
    return sorted(found, key=_saved_order)


def _saved_order(path: Path) -> tuple[int, list[tuple[int, str]]]:
    try:
        written = path.stat().st_mtime_ns
    except OSError:
        written = 0  # a link to nothing: listed first, as unreadable
    return written, _natural(path.name.removesuffix(".json"))


def _natural(name: str) -> list[tuple[int, str]]:
    """``name`` as a sort key whose runs of digits compare as numbers.

    >>> sorted(["g-10", "g-2", "g"], key=_natural)
    ['g', 'g-2', 'g-10']
    """
    return [(int(part) if part.isdigit() else 0, part) for part in re.split(r"(\d+)", name)]


def load_record(path: str | Path) -> tuple[State, dict[str, Any]]:
    """Read a record file (at most :data:`MAX_RECORD_MB` megabytes) and replay it: the final
    state and the record's ``meta`` (``{}`` if none). Any fault raises
    :class:`~cardtable.errors.RecordError`, whose message names the file and the fault.
    """
    record = read_record_data(path)
    state = from_record(record)
    meta = record.get("meta")
    return state, dict(meta) if isinstance(meta, Mapping) else {}


#: How many of the newest records :func:`last_unfinished` reads before it gives up: each one is
#: replayed, and a menu must open at once even over a folder of thousands of finished games.
UNFINISHED_LOOKBACK = 50


def last_unfinished() -> tuple[Path, State, dict[str, Any]] | None:
    """The newest saved game that is not over (among the last :data:`UNFINISHED_LOOKBACK`
    saved): its file, its state and its ``meta``; None if there is none. Unreadable records
    are passed over."""
    for path in reversed(saved_records()[-UNFINISHED_LOOKBACK:]):
        try:
            state, meta = load_record(path)
        except RecordError:
            continue
        if not state.is_over:
            return path, state, meta
    return None
