"""The ``hertta`` command line. Bad input of any kind ends in one line on stderr and exit code 2.

This is the only place where :class:`~hertta.errors.HerttaError` becomes an exit code.
"""

from __future__ import annotations

import sys

import typer

from hertta.ai_cli import register as register_tournament_command
from hertta.errors import HerttaError
from hertta.h2h_cli import app as h2h_app
from hertta.h2h_solver_cli import register as register_solver_commands
from hertta.hearts_cli import app as hearts_app

app = typer.Typer(
    name="hertta",
    help="Hertta: Heart to Heart solitaire and Hearts.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)
register_solver_commands(h2h_app)
app.add_typer(h2h_app, name="h2h")

register_tournament_command(hearts_app)
app.add_typer(hearts_app, name="hearts")


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to bind."),
    port: int = typer.Option(8000, help="Port to listen on."),
    db: str = typer.Option("", help="SQLite database path (default: the user's data directory)."),
) -> None:
    """Run the web app (Heart to Heart and Hearts in the browser)."""
    from hertta.web.server import run

    run(host=host, port=port, db_path=db or None)


EXIT_BAD_INPUT = 2


def main(argv: list[str] | None = None) -> None:
    try:
        app(args=argv)
    except HerttaError as error:
        typer.echo(f"error: {error}", err=True)
        sys.exit(EXIT_BAD_INPUT)
