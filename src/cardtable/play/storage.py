"""Where played games are kept: one JSON record per game in the user's data folder.

The folder is platformdirs' user data directory for ``cardtable`` (on Linux
``~/.local/share/cardtable/records``); the environment variable ``CARDTABLE_DATA_DIR`` moves it
(tests use it). Records are written whole to a temporary file and then renamed, so a game is
never lost half-written, and a name is never reused.

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
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from platformdirs import user_data_path

__all__ = ["data_dir", "records_dir", "save_record", "saved_records"]

ENV = "CARDTABLE_DATA_DIR"


def data_dir() -> Path:
    """The user's cardtable data folder (not created here)."""
    override = os.environ.get(ENV)
    return Path(override) if override else user_data_path("cardtable", appauthor=False)


def records_dir() -> Path:
    """The folder of saved game records (not created here)."""
    return data_dir() / "records"


def save_record(record: Mapping[str, Any]) -> Path:
    """Write a record under a new name ``YYYYMMDD-HHMMSS-GAME-SEED[-k].json``; its path."""
    folder = records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
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
    """The saved records, oldest first (names start with the time they were saved)."""
    folder = records_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if p.is_file())
