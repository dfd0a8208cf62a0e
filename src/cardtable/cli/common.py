"""What every command shares: the consoles, one-line user errors, and ``-o NAME=VALUE``."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Annotated, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console

from cardtable.errors import CardtableError, OptionError
from cardtable.i18n import _

__all__ = ["OptionsArg", "fail", "out", "parse_options", "user_errors"]

#: The ``-o NAME=VALUE`` option of every command that loads a game.
OptionsArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="a game option, e.g. -o target=61 (repeatable; see `cardtable rules GAME`)",
    ),
]

P = ParamSpec("P")
R = TypeVar("R")


def out() -> Console:
    """A console on the current stdout (made per command, so a test runner's capture works)."""
    return Console(highlight=False)


def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on stderr and exit with code 2."""
    # Plain echo, not rich: rich would wrap a long message and read brackets as markup.
    typer.echo(_("error: {message}").format(message=" ".join(message.split())), err=True)
    raise typer.Exit(code=2)


def user_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`CardtableError` raised by ``command`` into one line and exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except CardtableError as err:
            fail(str(err))

    return wrapper


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """Read ``NAME=VALUE`` pairs into keyword options (the game converts the values).

    >>> parse_options(["target=61", " muggins = on "])
    {'target': '61', 'muggins': 'on'}
    >>> parse_options(["target"])
    Traceback (most recent call last):
    ...
    cardtable.errors.OptionError: malformed option 'target': write NAME=VALUE, e.g. -o target=61
    """
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionError(
                _("malformed option {option!r}: write NAME=VALUE, e.g. -o target=61").format(
                    option=pair
                )
            )
        options[name.strip()] = value.strip()
    return options
