"""The ``hertta`` command line, one module per command group:

- :mod:`hertta.cli.h2h`: ``hertta h2h show|new``; :mod:`hertta.cli.h2h_solver`: ``solve|survey``;
- :mod:`hertta.cli.hearts`: ``hertta hearts check``; :mod:`hertta.cli.tournament`:
  ``hertta hearts tournament``;
- :mod:`hertta.cli.serve`: ``hertta serve``.

Bad input of any kind ends in one line on stderr and exit code 2. This is the only place where
:class:`~hertta.errors.HerttaError` becomes an exit code.
"""

from __future__ import annotations

import sys

import typer

from hertta.cli import engine, h2h, h2h_solver, hearts, serve, tournament
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
app.add_typer(hearts.app, name="hearts")
serve.register(app)


def main(argv: list[str] | None = None) -> None:
    try:
        app(args=argv)
    except HerttaError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
