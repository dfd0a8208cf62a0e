"""``cardtable`` with the test-only fifth game (``highcard``, ``tests/highcard.py``) registered:
``python tests/highcard_serve.py serve ...`` is ``cardtable serve ...`` that also deals high
card. The browser tests start it in place of ``python -m cardtable`` (see
``browser_harness.serve_for_browser``); nothing is added to the package.

The game registers when this module is imported, not only when it runs as the program: the
server's bot processes are spawned, and a spawned process imports the program's module again
(as ``__mp_main__``), so the bots know the game too.
"""

from __future__ import annotations

from cardtable.registry import register
from highcard import SEARCH, HighCardGame

register(HighCardGame, search=SEARCH)

if __name__ == "__main__":
    from cardtable.cli import main

    main()
