"""The training example (``make learn``) runs: one small MaskablePPO update, then the duplicate
evaluation it prints, on a few deals (the five-minute run is ``make learn``, not a test)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the example needs: pip install 'cardtable[train]'")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_cribbage.py"


def test_one_update_then_the_duplicate_evaluation(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_cribbage", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--timesteps", "64", "--deals", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^trained 64 steps in \d+ s$", out, re.M)
    for name in ("random", "easy", "rules"):
        # Two duplicate deals: each deal once in each seating, four games.
        assert re.search(rf"^ *{name}: +[+-]\d+\.\d\d points per deal .* of 4 games$", out, re.M)
    assert "reference: rules vs random" in out
