"""``hertta hearts engine``: a Hearts engine for other programs, one JSON line at a time.

``hertta hearts engine [--level easy|normal|hard|expert] [--seed S]`` reads one request per line on
stdin and writes one answer per line on stdout, flushed at once, until stdin ends (the
protocol: :mod:`hertta.ai.engine`, ``docs/engine-protocol.md``). A bad request gets an error
answer and the engine reads on; blank lines are skipped. Only a bad ``--level`` ends it: one
line on stderr and exit code 2.

The sub-app's owner calls :func:`register` on the ``hearts`` Typer app.
"""

from __future__ import annotations

import sys
from typing import Annotated, BinaryIO, TextIO

import typer

from hertta.ai.engine import ErrorAnswer, format_answer, respond
from hertta.ai.protocol import Player
from hertta.ai.registry import LEVEL_NAMES, make_player
from hertta.cli.errors import EXIT_BAD_INPUT, MAX_SEED
from hertta.errors import HerttaError


def serve_lines(source: BinaryIO, sink: TextIO, player: Player, seed: int) -> None:
    """Answer every line of ``source`` on ``sink`` until ``source`` ends."""
    for raw in source:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            answer = format_answer(ErrorAnswer(None, f"the line is not UTF-8 text: {err}"))
        else:
            if not line.strip():
                continue
            answer = respond(line, player, seed)
        sink.write(answer + "\n")
        sink.flush()


def engine(
    level: Annotated[str, typer.Option(help=f"Player level: {', '.join(LEVEL_NAMES)}.")] = "hard",
    seed: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_SEED,
            help="Seed of the answers: the same seed and request, the same answer.",
        ),
    ] = 0,
) -> None:
    """Answer Hearts decisions: one JSON request per line on stdin, one answer per line."""
    try:
        player = make_player(level)
    except HerttaError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    try:
        serve_lines(sys.stdin.buffer, sys.stdout, player, seed)
    except (BrokenPipeError, KeyboardInterrupt):
        # The client went away or the user pressed Ctrl-C: nobody is left to answer.
        return


def register(app: typer.Typer) -> None:
    """Add the ``engine`` command to ``app`` (the ``hertta hearts`` sub-app)."""
    app.command("engine")(engine)
