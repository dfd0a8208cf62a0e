"""The browser client's JSDoc types hold: TypeScript checks every module (``// @ts-check``,
strict), as an editor would. Node.js is needed for this check only (``make test`` installs the
checker into ``.venv/node`` when npm is there); the client itself runs and ships without it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "cardtable" / "web"
TSC = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "tsc"


def test_the_client_type_checks() -> None:
    if not TSC.exists():
        message = "TypeScript is not installed: install Node.js (npm) and run `make test`"
        if os.environ.get("CI"):
            raise RuntimeError(message)
        pytest.skip(message)
    modules = sorted(str(p.relative_to(WEB)) for p in WEB.rglob("*.js"))
    checked = subprocess.run(
        [
            str(TSC),
            "--noEmit",
            "--allowJs",
            "--checkJs",
            "--strict",
            "--target",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            "--lib",
            "es2022,dom,dom.iterable",
            *modules,
        ],
        cwd=WEB,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
