"""Every message the Kloepper files introduce has a Japanese translation waiting in
``i18n-pending/kloepper.json`` (or already in the catalogue), with the same placeholders."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "cardtable"
FILES = [
    *sorted((PACKAGE / "games" / "kloepper").glob("*.py")),
    PACKAGE / "bots" / "kloepper_rules.py",
    PACKAGE / "play" / "tui" / "kloepper.py",
]
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "ngettext": (1, 2)}
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{[^{}]*\}", text))


def test_every_new_message_has_a_japanese_translation() -> None:
    pending = json.loads((ROOT / "i18n-pending" / "kloepper.json").read_text(encoding="utf-8"))
    with open(PACKAGE / "locale" / "ja" / "LC_MESSAGES" / "cardtable.po", "rb") as f:
        catalogue = read_po(f)
    done = {
        (m.id if isinstance(m.id, str) else m.id[0])
        for m in catalogue
        if m.id and m.string and "fuzzy" not in m.flags
    }
    missing = []
    for path in FILES:
        for found in extract_from_file("python", str(path), keywords=KEYWORDS):
            message = found[1]
            key = message if isinstance(message, str) else message[0]
            if key in pending:
                entry = pending[key]
                ja = entry if isinstance(entry, str) else entry["ja"]
                if not isinstance(message, str):
                    assert isinstance(entry, dict) and entry["plural"] == message[1], key
                assert placeholders(ja) == placeholders(key), key
                assert JAPANESE.search(ja), key
            elif key not in done:
                missing.append(key)
    assert not missing, f"messages without a translation: {missing}"
