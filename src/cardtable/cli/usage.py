"""Mistakes on the command line as one line, ``error: ...``, in the chosen language.

Click (under Typer) answers a bad command line with a box of usage, a hint and its own English
text. :class:`CommandGroup`, the class of ``cardtable`` and of its command groups, turns each
such mistake (an unknown command or option, a missing argument, a bad number, an option
without its value) into the promised single line on stderr, naming the problem and what is
allowed, and exit code 2. ``--help`` still prints the help, each command's line in the list
one sentence rewrapped to the terminal (a docstring's line breaks are not the screen's).
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Sequence
from typing import Any, NoReturn

import typer

# Typer (0.2x) parses with its own copy of Click, whose errors these are.
from typer._click.core import Context, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperCommand, TyperGroup, TyperOption

from cardtable.cli.common import error_line
from cardtable.i18n import LANGUAGES, _, language_from_env, set_language
from cardtable.registry import games as game_names

__all__ = ["Command", "CommandGroup", "UnknownCommand", "one_line", "usage_message"]

_ARGV = "cardtable.argv"
_EXTRA = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)$", re.S)


def one_line(help_text: str) -> str:
    """The first paragraph of a command's help as one line (Typer's rich help keeps the
    docstring's line breaks in the list of commands, which then break mid-sentence).

    >>> one_line('''Play a game, or
    ...     at a server's table.
    ...
    ...     More.''')
    "Play a game, or at a server's table."
    """
    return " ".join(inspect.cleandoc(help_text).split("\n\n")[0].split())


class UnknownCommand(UsageError):
    """A command name that the group does not have."""

    def __init__(self, name: str, ctx: Context) -> None:
        super().__init__(f"No such command {name!r}.", ctx)
        self.name = name


def _with_context(err: UsageError, ctx: Context) -> None:
    # The parser raises some errors (an option without its value) without the context, which
    # names the command and its options.
    if err.ctx is None:
        err.ctx = ctx
        err.cmd = ctx.command


class Command(TyperCommand):
    """A command whose usage errors always carry their context."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except UsageError as err:
            _with_context(err, ctx)
            raise


class CommandGroup(TyperGroup):
    """A Typer group whose command-line mistakes are one line each (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            if type(command) is TyperCommand:
                command.__class__ = Command
            if command.short_help is None and command.help:
                command.short_help = one_line(command.help)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except NoArgsIsHelpError:
            raise
        except UsageError as err:
            _with_context(err, ctx)
            raise

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Context | None = None,
        **extra: Any,
    ) -> Context:
        if parent is not None:
            return super().make_context(info_name, args, parent, **extra)
        argv = list(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except UsageError as err:
            _report(err, argv)
        ctx.meta[_ARGV] = argv
        return ctx

    def invoke(self, ctx: Context) -> Any:
        if ctx.parent is not None:
            return super().invoke(ctx)
        try:
            return super().invoke(ctx)
        except UsageError as err:
            _report(err, ctx.meta.get(_ARGV, []))

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name = args[0]
        if (
            self.get_command(ctx, name) is None
            and not name.startswith("-")
            and not ctx.resilient_parsing
        ):
            raise UnknownCommand(name, ctx)
        return super().resolve_command(ctx, args)


def _report(err: UsageError, argv: Sequence[str]) -> NoReturn:
    """Print ``err`` as one line and exit with code 2 (help asked for by an empty command
    line stays help)."""
    if isinstance(err, NoArgsIsHelpError):
        raise err
    _choose_language(argv)
    typer.echo(error_line(usage_message(err)), err=True)
    raise typer.Exit(code=2)


def _choose_language(argv: Sequence[str]) -> None:
    """The language the command line asks for (its last good ``--lang``), else the locale's:
    the mistake may lie before the ``--lang`` was read, or be in the command that reads it."""
    chosen = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value.strip().lower() in LANGUAGES:
            chosen = value.strip().lower()
    set_language(chosen or language_from_env())


def usage_message(err: UsageError) -> str:
    """The problem and what is allowed, in the current language (without ``error:``)."""
    ctx = err.ctx
    command = ctx.command_path if ctx is not None else "cardtable"
    param = getattr(err, "param", None)
    if isinstance(err, UnknownCommand) and ctx is not None:
        return _("{command} has no command {name!r}; commands: {commands}").format(
            command=command, name=err.name, commands=", ".join(_commands(ctx))
        )
    if isinstance(err, MissingParameter) and param is not None:
        wanted = _wanted(param)
        if wanted is None:
            return _("{command} needs {name} (see {command} --help)").format(
                command=command, name=_name(param)
            )
        return _("{command} needs {name}: {wanted}").format(
            command=command, name=_name(param), wanted=wanted
        )
    if isinstance(err, typer.BadParameter) and param is not None:
        wanted = _wanted(param)
        value = _refused(err)
        if wanted is not None and value is not None:
            return _("{option}: {value!r} is not {wanted}").format(
                option=_name(param), value=value, wanted=wanted
            )
        if wanted is not None:
            return _("{option} takes {wanted}").format(option=_name(param), wanted=wanted)
    if isinstance(err, NoSuchOption) and ctx is not None:
        return _("{command} has no option {option}; options: {options}").format(
            command=command, option=err.option_name, options=", ".join(_options(ctx))
        )
    if isinstance(err, BadOptionUsage):
        option = _option(ctx, err.option_name)
        if option is not None and option.is_flag:
            return _("{option} takes no value").format(option=err.option_name)
        wanted = _wanted(option) if option is not None else None
        if wanted is None:
            return _("{option} needs a value (see {command} --help)").format(
                option=err.option_name, command=command
            )
        return _("{option} needs a value: {wanted}").format(option=err.option_name, wanted=wanted)
    # Click's own English for the rest; two common ones are known by their text.
    message = err.format_message()
    extra = _EXTRA.match(message)
    if extra:
        return _("{command} does not take {arguments!r} (see {command} --help)").format(
            command=command, arguments=extra[1]
        )
    if message.startswith("Missing command") and ctx is not None:
        return _("{command} needs {name}: {wanted}").format(
            command=command,
            name="COMMAND",
            wanted=_("one of {choices}").format(choices=", ".join(_commands(ctx))),
        )
    return _("{problem} (see {command} --help)").format(problem=message, command=command)


def _refused(err: UsageError) -> Any:
    """The value a parameter refused, where the error keeps it (Typer's checks do, in the
    pydantic error they come from); None otherwise."""
    errors = getattr(err.__cause__, "errors", None)
    if callable(errors):
        try:
            found = errors()
        except Exception:
            return None
        if found and isinstance(found[0], dict):
            return found[0].get("input")
    return None


def _commands(ctx: Context) -> list[str]:
    group = ctx.command
    if not isinstance(group, TyperGroup):
        return []
    return [
        name
        for name in group.list_commands(ctx)
        if (cmd := group.get_command(ctx, name)) is not None and not cmd.hidden
    ]


def _options(ctx: Context) -> list[str]:
    shown = []
    for param in ctx.command.get_params(ctx):
        if isinstance(param, TyperOption) and not param.hidden:
            longest = max(param.opts, key=len)
            shown.append("/".join([longest, *param.secondary_opts]))
    return shown


def _option(ctx: Context | None, name: str) -> TyperOption | None:
    if ctx is None:
        return None
    for param in ctx.command.get_params(ctx):
        if isinstance(param, TyperOption) and name in (*param.opts, *param.secondary_opts):
            return param
    return None


def _name(param: Parameter) -> str:
    """An option as typed (its longest name), an argument by its metavar (``GAME``)."""
    if isinstance(param, TyperOption):
        return max(param.opts, key=len)
    return (param.metavar or (param.name or "").upper()).strip("[]").removesuffix("...")


def _wanted(param: Parameter) -> str | None:
    """What ``param`` allows, in words, where that is short; None otherwise."""
    if param.name == "game_name":
        return _("one of {choices}").format(choices=", ".join(game_names()))
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None:
        return None
    kind = descriptor.annotation
    low = descriptor.parameter_info.min
    high = descriptor.parameter_info.max
    if kind is int:
        if low is not None and high is not None:
            return _("a whole number from {low} to {high}").format(low=low, high=high)
        if low is not None:
            return _("a whole number of at least {low}").format(low=low)
        if high is not None:
            return _("a whole number of at most {high}").format(high=high)
        return _("a whole number")
    if kind is float:
        if low is not None and high is not None:
            return _("a number from {low} to {high}").format(low=f"{low:g}", high=f"{high:g}")
        if low is not None:
            return _("a number of at least {low}").format(low=f"{low:g}")
        if high is not None:
            return _("a number of at most {high}").format(high=f"{high:g}")
        return _("a number")
    return None
