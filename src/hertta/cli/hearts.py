"""``hertta hearts``: Hearts from the command line.

``hertta hearts check FILE [--json]`` validates a round record (``hertta-hearts-round/1``, see
``docs/hearts-records.md``): it prints every decision, every trick and the points. Exit codes:
0 when every move is legal (a complete round, or an incomplete one so far), 2 for the first
illegal move (reported with its play number, seat, card and the legal set) and 2 for a file that
cannot be read, is over :data:`MAX_RECORD_BYTES` or is a malformed record (one line on stderr,
never a traceback).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Final

import typer

from hertta.cli.errors import EXIT_BAD_INPUT
from hertta.errors import HerttaError
from hertta.hearts.records import (
    check_record,
    check_report_to_json,
    format_check_report,
    parse_record,
)

MAX_RECORD_BYTES: Final = 1 << 20
"""A record is read up to this size and refused beyond it, so that ``/dev/zero`` or an
endless pipe end in one line rather than in all the memory there is. The longest round
record, six-player Cancellation, is 1.6 KB as ``format_record`` writes it and 4 KB
pretty-printed with one card a line (``tests/hearts/golden/cancellation_6p_carry.json``): a
mebibyte is 250 times that, and small enough that any JSON in it parses in little memory."""

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
    name = repr(str(file))  # quoted: a name with a newline in it must not split the line
    try:
        with file.open("rb") as stream:
            data = stream.read(MAX_RECORD_BYTES + 1)
        if len(data) > MAX_RECORD_BYTES:
            _fail(f"{name} is over {MAX_RECORD_BYTES} bytes, too big for a round record", as_json)
            return
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        _fail(f"cannot read {name}: {reason}", as_json)
        return
    try:
        report = check_record(parse_record(text))
    except HerttaError as err:
        _fail(f"{name}: {err}", as_json)
        return
    if as_json:
        typer.echo(json.dumps(check_report_to_json(report), ensure_ascii=False))
    else:
        for line in format_check_report(report):
            typer.echo(line)
    if not report.ok:
        raise typer.Exit(EXIT_BAD_INPUT)
