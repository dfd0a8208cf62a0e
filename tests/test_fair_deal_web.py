"""The browser's check of a fair deal (``web/js/fair_deal.js``, WebCrypto SHA-256 in Node.js)
agrees with Python's to the digit: the same encoding and seed, a 64-bit seed read from the
record's text (not as a JavaScript number, which would lose digits), the commitment this browser
saw and its own contribution; a changed seed fails with the exact reason."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from cardtable.table.fair_deal import new_fair_deal, offer, record_part, seal

MODULE = (
    Path(__file__).resolve().parent.parent / "src" / "cardtable" / "web" / "js" / "fair_deal.js"
)

SCRIPT = """
globalThis.localStorage = { m: {}, getItem(k) { return this.m[k] ?? null; },
                            setItem(k, v) { this.m[k] = String(v); } };
const deal = await import(process.argv[2]);
const text = process.argv[3];
const fair = JSON.parse(text).meta.fair_deal;
localStorage.setItem("cardtable.deal.mine.T", "a1".repeat(32));
localStorage.setItem("cardtable.deal.seen.T", fair.commitment);
const good = await deal.checkDeal(text, "T");
const changed = text.replace(/"seed": (\\d)/, (m, d) => `"seed": ${(+d + 1) % 10}`);
const bad = await deal.checkDeal(changed, "T");
const mine = deal.contributionFor("U");
console.log(JSON.stringify({ good, bad, mine, again: deal.contributionFor("U") }));
"""


def test_the_browser_check_agrees_with_python(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        # As the client's type check: CI has Node.js (it runs tsc), so there it must run.
        message = "Node.js is not installed: install it (apt-get install nodejs) to run this"
        if os.environ.get("CI"):
            raise RuntimeError(message)
        pytest.skip(message)
    secret = "0123456789abcdef" * 4
    sealed = seal(offer(new_fair_deal(secret), 0, "ann", "a1" * 32), ["ann", None])
    record = {"seed": sealed["seed"], "meta": {"fair_deal": record_part(sealed)}}
    script = tmp_path / "check.mjs"
    script.write_text(SCRIPT)
    ran = subprocess.run(
        [node, str(script), str(MODULE), json.dumps(record)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    out = json.loads(ran.stdout)
    assert sealed["seed"] == 6320410159898910604
    assert out["good"] == {
        "ok": True,
        "checked": [
            "The commitment 4884fdaafea4… is the SHA-256 of the server's secret.",
            "It is the commitment this browser saw before the deal.",
            "This browser's contribution is in the deal.",
            "The seed 6320410159898910604 comes from the secret and every contribution.",
        ],
        "failure": None,
    }
    assert out["bad"]["failure"] == (
        "The record's seed is not the one the secret and the contributions give."
    )
    assert len(out["mine"]) == 64 and out["again"] == out["mine"]
