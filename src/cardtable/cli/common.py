"""What every command shares: the consoles, one-line user errors, ``-o NAME=VALUE``, and the
making inert of any text that comes from a file or a user before it reaches the terminal."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Annotated, NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from cardtable.errors import CardtableError, OptionError
from cardtable.i18n import _

__all__ = [
    "ECHO_LIMIT",
    "LINE_LIMIT",
    "OptionsArg",
    "error_line",
    "fail",
    "inert",
    "inert_json",
    "inert_text",
    "out",
    "parse_options",
    "progress_bar",
    "shorten",
    "user_errors",
]

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


# Characters a terminal acts on instead of showing: the C0 and C1 controls and DEL (escape
# sequences start with ESC, or with the one-character CSI and OSC of C1), and the invisible
# marks that reorder or break a line (bidirectional overrides and isolates, line separators).
_ACTIVE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")

#: How many characters of a value from a user or a file an error line repeats at most.
ECHO_LIMIT = 80
#: How long an error line gets at most, however many values it repeats.
LINE_LIMIT = 1000


def progress_bar(console: Console, shown: bool = True) -> Progress:
    """A transient progress bar (what, bar, done of all, time) on ``console``, shown only on
    a terminal and when ``shown``.

    >>> progress_bar(Console(file=None), shown=False).disable
    True
    """
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    return Progress(
        *columns,
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not (shown and console.is_terminal),
    )


def _visible(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def inert(text: str, keep: str = "\n\t") -> str:
    r"""``text`` with every character a terminal would act on written as a visible escape
    (``\x1b``, ``\u202e``), but those in ``keep``: what a file or a user wrote, safe to print.

    >>> inert("\x1b]0;pwned\x07 a\tb\n\u202e")
    '\\x1b]0;pwned\\x07 a\tb\n\\u202e'
    >>> inert("席 1: 5♥\n", keep="")
    '席 1: 5♥\\x0a'
    """
    return _ACTIVE.sub(lambda m: m[0] if m[0] in keep else _visible(m[0]), text)


def inert_json(text: str) -> str:
    r"""JSON text (from :func:`json.dumps`) with the characters :func:`inert` escapes written as
    JSON escapes (``\u001b``): the same data, safe to print.

    >>> inert_json('{"a": "\x9b2J\u202e"}')
    '{"a": "\\u009b2J\\u202e"}'
    """
    # json.dumps already escapes C0 inside strings; outside them JSON is ASCII (and its own
    # newlines stay), so only the insides of strings change, and they mean the same.
    return _ACTIVE.sub(lambda m: m[0] if m[0] in "\n\t" else f"\\u{ord(m[0]):04x}", text)


def inert_text(text: str, style: str = "") -> Text:
    r"""Rich text that shows ``text`` (from a file or a user) as it is: never read as markup,
    with the characters :func:`inert` escapes made visible.

    >>> inert_text("[link=http://x]y[/link]\x1b[2J").plain
    '[link=http://x]y[/link]\\x1b[2J'
    """
    return Text(inert(text), style=style)


def shorten(value: str, limit: int = ECHO_LIMIT) -> str:
    """``value`` cut to ``limit`` characters, saying how long it was.

    >>> shorten("5H"), shorten("x" * 1000, 5)
    ('5H', 'xxxxx… (1000 characters)')
    """
    if len(value) <= limit:
        return value
    return value[:limit] + "… " + _("({count} characters)").format(count=len(value))


# The pieces of a message: a quoted value as repr() writes it (not the apostrophe of
# "record's"; at most a line long, so that no search runs on through megabytes), a run of
# other text without spaces, or any one character.
_PIECE = re.compile(
    r"""(?<!\w)'(?:[^'\\\n]|\\.){0,1000}'|(?<!\w)"(?:[^"\\\n]|\\.){0,1000}"|[^\s'"]+|.""", re.S
)


def error_line(message: str) -> str:
    r"""``error: message`` as one line, ready to print: every character a terminal acts on
    made visible, whitespace (newlines too) made single spaces, each value the message repeats
    cut to :data:`ECHO_LIMIT` characters, and the whole to :data:`LINE_LIMIT`.

    >>> error_line("bad move 'play \x1b[2J'\n  allowed: play C")
    "error: bad move 'play \\x1b[2J' allowed: play C"
    >>> error_line("unknown card " + repr("Z" * 10_000_000))[-40:]
    "ZZZZZZZZZZZZZZZZ… (10000000 characters)'"
    """
    text = " ".join(inert(message).split())
    pieces: list[str] = []
    size = 0
    # Piece by piece, and only as far as the line can go: a message may be megabytes long.
    for match in _PIECE.finditer(text):
        piece = _shorten_piece(match[0])
        pieces.append(piece)
        size += len(piece)
        if size > LINE_LIMIT:
            break
    else:
        return _("error: {message}").format(message="".join(pieces))
    cut = "".join(pieces)[:LINE_LIMIT]
    return _("error: {message}").format(
        message=cut + "… " + _("({count} characters)").format(count=len(text))
    )


def _shorten_piece(piece: str) -> str:
    if len(piece) <= ECHO_LIMIT + 2:
        return piece
    if piece[0] in "'\"" and piece[-1] == piece[0]:
        return piece[0] + shorten(piece[1:-1]) + piece[0]
    # A value's own characters only, not the punctuation around it: "(xxx…'):"
    core = piece.lstrip("(['\"").rstrip(")]'\";:,.")
    start = piece.index(core) if core else 0
    return piece[:start] + shorten(core) + piece[start + len(core) :]


def fail(message: str) -> NoReturn:
    """Print ``error: message`` as one line on stderr (see :func:`error_line`) and exit with
    code 2."""
    # Plain echo, not rich: rich would wrap a long message and read brackets as markup.
    typer.echo(error_line(message), err=True)
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
