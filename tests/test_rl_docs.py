"""The code blocks of docs/research.md run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the research API needs: pip install 'cardtable[rl]'")

DOC = Path(__file__).resolve().parent.parent / "docs" / "research.md"
BLOCKS = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_page_has_its_examples() -> None:
    assert len(BLOCKS) == 12


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_a_block_of_the_research_page_runs(block: str) -> None:
    exec(compile(block, str(DOC), "exec"), {})
