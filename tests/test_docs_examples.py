"""The Python examples of the server's docs run as they are written (the research docs' run in
tests/test_rl_docs.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _blocks(name: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / name).read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize(
    ("name", "count"),
    [("server.md", 1), ("protocol.md", 1), ("bots-api.md", 1)],
    ids=["server", "protocol", "bots-api"],
)
def test_every_python_example_runs(name: str, count: int) -> None:
    blocks = _blocks(name)
    assert len(blocks) == count
    for block in blocks:
        exec(compile(block, f"docs/{name}", "exec"), {"__name__": "docs_example"})
