"""``cardtable`` with the test-only fifth game (``highcard``, ``tests/highcard.py``) registered:
``python tests/highcard_serve.py serve ...`` is ``cardtable serve ...`` that also deals high
card. The browser tests start it in place of ``python -m cardtable`` (see
``browser_harness.serve_for_browser``); nothing is added to the package.

The game registers when this module runs as the program and when a spawned process imports
it again as its main module (``__mp_main__``: the server's bot processes are spawned), so the
bots know the game too; imported otherwise (pytest collects doctests from every module here) it
registers nothing, and no other test sees a fifth game.
"""

from __future__ import annotations

from cardtable.registry import register
from highcard import SEARCH, HighCardGame

if __name__ in ("__main__", "__mp_main__"):
    register(HighCardGame, search=SEARCH)

if __name__ == "__main__":
    from cardtable.cli import main

    main()
