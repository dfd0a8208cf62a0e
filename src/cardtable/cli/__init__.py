"""The command line, ``cardtable`` (typer + rich); ``main`` is the console entry point.

Errors caused by the user (a malformed card, an unknown game or option, a corrupt record) print
one line, ``error: ...``, on stderr and exit with code 2.
"""

from cardtable.cli.app import app, main

__all__ = ["app", "main"]
