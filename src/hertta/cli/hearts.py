"""``hertta hearts``: Hearts from the command line.

``hertta hearts check FILE [--json]`` validates a round record (``hertta-hearts-round/1``, see
``docs/hearts-records.md``): it prints every decision, every trick and the points. Exit codes:
0 when every move is legal (a complete round, or an incomplete one so far), 2 for the first
illegal move (reported with its play number, seat, card and the legal set) and 2 for a file that
cannot be read or a malformed record (one line on stderr, never a traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from hertta.cli.errors import EXIT_BAD_INPUT
from hertta.errors import HerttaError
from hertta.hearts.records import (
    check_record,
    check_report_to_json,
    format_check_report,
    parse_record,
)

app = typer.Typer(
    help="Hearts: check round records, run tournaments, answer as an engine, join a table.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def hearts() -> None:
    """Hearts: rules tools (round records)."""


def _fail(message: str, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"ok": False, "error": {"kind": "malformed", "message": message}}))
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT)


@app.command()
def check(
    file: Annotated[Path, typer.Argument(help="A round record (JSON, hertta-hearts-round/1).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Replay a round record: each decision, each trick, the points; exit 2 if illegal."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        _fail(f"cannot read {str(file)!r}: {reason}", as_json)
        return
    try:
        report = check_record(parse_record(text))
    except HerttaError as err:
        _fail(f"{file}: {err}", as_json)
        return
    if as_json:
        typer.echo(json.dumps(check_report_to_json(report), ensure_ascii=False))
    else:
        for line in format_check_report(report):
            typer.echo(line)
    if not report.ok:
        raise typer.Exit(EXIT_BAD_INPUT)
