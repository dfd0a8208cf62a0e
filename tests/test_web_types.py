"""The browser client's JSDoc types hold: TypeScript checks every module (``// @ts-check``,
strict), as an editor would, the games' faces too (``games/<name>/face/face.js``, which import
the client's shared modules by their address, ``/static/js/...``: a path mapping points those
at the package's ``web`` folder). Node.js is needed for this check only (``make test`` installs the
checker into ``.venv/node`` when npm is there); the client itself runs and ships without it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "cardtable" / "web"
GAMES = ROOT / "src" / "cardtable" / "games"
TSC = ROOT / ".venv" / "node" / "node_modules" / ".bin" / "tsc"


def test_the_client_type_checks(tmp_path: Path) -> None:
    if not TSC.exists():
        message = "TypeScript is not installed: install Node.js (npm) and run `make test`"
        if os.environ.get("CI"):
            raise RuntimeError(message)
        pytest.skip(message)
    modules = sorted(str(p) for p in WEB.rglob("*.js"))
    faces = sorted(str(p) for p in GAMES.glob("*/face/face.js"))
    assert len(faces) == 4, faces
    config = {
        "compilerOptions": {
            "noEmit": True,
            "allowJs": True,
            "checkJs": True,
            "strict": True,
            "target": "es2022",
            "module": "es2022",
            "moduleResolution": "bundler",
            "lib": ["es2022", "dom", "dom.iterable"],
            "baseUrl": str(WEB),
            # What the browser asks at /static/ is the package's web folder.
            "paths": {"/static/*": [str(WEB / "*")]},
        },
        "files": modules + faces,
    }
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    checked = subprocess.run(
        [str(TSC), "--project", str(tmp_path / "tsconfig.json")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
