"""The optional parts of cardtable and what each needs: a command that needs an extra
(``pip install 'cardtable[EXTRA]'``) checks for it first and, where it is missing, says so in
one line and exits with code 2, instead of failing in the middle with a traceback.

The core install (the games, the bots, the records, the research API and the commands that
need nothing more) has neither the table server's packages nor the terminal's.
"""

from __future__ import annotations

import importlib.util

from cardtable.cli.common import fail

__all__ = ["EXTRAS", "missing", "require"]

#: The modules cardtable imports from each extra's packages (pyproject.toml's
#: ``[project.optional-dependencies]``; the tests keep the two the same).
EXTRAS: dict[str, tuple[str, ...]] = {
    "server": (
        "fastapi",
        "uvicorn",
        "websockets",
        "sqlalchemy",
        "alembic",
        "aiosqlite",
        "asyncpg",
        "pydantic",
        "itsdangerous",
        "httpx",
        "redis",
        "argon2",
        "zxcvbn",
        "openskill",
    ),
    # The full-screen table, and `cardtable play --connect` (a server's table in text lines).
    "terminal": ("textual", "httpx", "websockets", "pydantic"),
    "plot": ("matplotlib",),
}


def _installed(module: str) -> bool:
    # find_spec looks without importing; a finder may refuse a name with ImportError.
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def missing(extra: str, modules: tuple[str, ...] | None = None) -> list[str]:
    """The modules of ``extra`` (or just ``modules`` of it) that are not installed here.

    >>> missing("plot", ("json",)), missing("plot", ("no_such_module_here",))
    ([], ['no_such_module_here'])
    >>> missing("gui")
    Traceback (most recent call last):
    ...
    ValueError: no extra 'gui': the extras are server, terminal, plot
    """
    if extra not in EXTRAS:
        raise ValueError(f"no extra {extra!r}: the extras are {', '.join(EXTRAS)}")
    return [module for module in modules or EXTRAS[extra] if not _installed(module)]


def require(
    extra: str, what: str, modules: tuple[str, ...] | None = None, instead: str = ""
) -> None:
    """Exit with one ``error:`` line naming ``pip install 'cardtable[EXTRA]'`` (and ``instead``,
    what works without it) unless every module ``what`` needs from ``extra`` is installed.

    >>> require("plot", "a chart", ("json",))  # installed: nothing happens
    >>> import typer
    >>> try:
    ...     require("plot", "a chart", ("no_such_module_here",))
    ... except typer.Exit as stop:
    ...     print("exit code", stop.exit_code)
    exit code 2
    """
    absent = missing(extra, modules)
    if absent:
        also = f", or {instead}" if instead else ""
        fail(
            f"{what} needs {', '.join(absent)}, not installed here: "
            f"pip install 'cardtable[{extra}]'{also}"
        )
