"""The ``hertta`` command line, one module per command group:

- :mod:`hertta.cli.h2h`: ``hertta h2h show|new``; :mod:`hertta.cli.h2h_solver`: ``solve|survey``;
- :mod:`hertta.cli.hearts`: ``hertta hearts check``; :mod:`hertta.cli.tournament`:
  ``hertta hearts tournament``; :mod:`hertta.cli.engine`: ``hertta hearts engine``;
  :mod:`hertta.cli.join`: ``hertta hearts join``;
- :mod:`hertta.cli.serve`: ``hertta serve``.

Bad input of any kind ends in one line on stderr and exit code 2. This is the only place where
:class:`~hertta.errors.HerttaError` becomes an exit code.
"""

from __future__ import annotations

import sys

import typer

from hertta.cli import engine, h2h, h2h_solver, hearts, join, serve, tournament
from hertta.cli.errors import EXIT_BAD_INPUT
from hertta.errors import HerttaError

app = typer.Typer(
    name="hertta",
    help="Hertta: Heart to Heart solitaire and Hearts.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
h2h_solver.register(h2h.app)
app.add_typer(h2h.app, name="h2h")
tournament.register(hearts.app)
engine.register(hearts.app)
join.register(hearts.app)
app.add_typer(hearts.app, name="hearts")
serve.register(app)


def _usage_error(error: Exception, args: list[str]) -> tuple[int, str] | None:
    """(exit code, message) of a command-line usage error, else None. Typer carries its own
    copy of Click whose exception classes are not public, so they are told by what they are
    (a ``format_message`` and an ``exit_code``) rather than by their class."""
    exit_code = getattr(error, "exit_code", None)
    format_message = getattr(error, "format_message", None)
    if not isinstance(exit_code, int) or not callable(format_message):
        return None
    # Not every usage error knows its command (a missing option value does not): the words
    # of the command line that name commands say which it was.
    command = getattr(getattr(error, "ctx", None), "command_path", None) or _command_of(args)
    message = " ".join(str(format_message()).split())
    given = _value_given(getattr(error, "param", None), args)
    if given is not None and repr(given) not in message:
        message = f"{message.rstrip('.')}, got {given!r}"
    return exit_code, f"{command}: {message} (see {command} --help)"


def _command_of(args: list[str]) -> str:
    """``hertta hearts engine`` for ``["hearts", "engine", "--level"]``."""
    words, command = ["hertta"], typer.main.get_command(app)
    for arg in args:
        subcommands = getattr(command, "commands", None)
        if not isinstance(subcommands, dict) or arg not in subcommands:
            break
        words.append(arg)
        command = subcommands[arg]
    return " ".join(words)


def _value_given(param: object, args: list[str]) -> str | None:
    """What the command line gave the option ``param`` (so a message can quote it): its last
    value, the one Click takes when an option is given twice."""
    names = getattr(param, "opts", None)
    if not isinstance(names, list):
        return None
    given = None
    for i, arg in enumerate(args):
        for name in names:
            if arg == name and i + 1 < len(args):
                given = args[i + 1]
            elif arg.startswith(f"{name}="):
                given = arg.split("=", 1)[1]
    return given


def main(argv: list[str] | None = None) -> None:
    """Run the command line; usage mistakes and bad input end in one line and exit code 2."""
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        result = app(args=args, standalone_mode=False)
    except HerttaError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except typer.Abort:
        typer.echo("error: interrupted", err=True)
        sys.exit(130)
    except Exception as error:
        if type(error).__name__ == "NoArgsIsHelpError":
            sys.exit(0)  # a bare command group: Typer has shown its help, as --help would
        usage = _usage_error(error, args)
        if usage is None:
            raise
        typer.echo(f"error: {usage[1]}", err=True)
        sys.exit(EXIT_BAD_INPUT if usage[0] else 0)
    sys.exit(result if isinstance(result, int) else 0)
