"""``hertta hearts engine``: a Hearts engine for other programs, one JSON line at a time.

``hertta hearts engine [--level easy|normal|hard|expert] [--seed S]`` reads one request per line on
stdin and writes one answer per line on stdout, flushed at once, until stdin ends (the
protocol: :mod:`hertta.ai.engine`, ``docs/engine-protocol.md``). A bad request gets an error
answer and the engine reads on; blank lines are skipped. A line is never held whole beyond
what a request may be, so one endless line costs no more memory than a long request. Only a
bad ``--level`` ends it: one line on stderr and exit code 2.

The sub-app's owner calls :func:`register` on the ``hearts`` Typer app.
"""

from __future__ import annotations

import sys
from typing import Annotated, BinaryIO, Final, TextIO

import typer

from hertta.ai.engine import (
    MAX_REQUEST_CHARS,
    ErrorAnswer,
    format_answer,
    respond,
    too_long_answer,
)
from hertta.ai.protocol import Player
from hertta.ai.registry import LEVEL_NAMES, make_player
from hertta.cli.errors import EXIT_BAD_INPUT, MAX_SEED
from hertta.errors import HerttaError
from hertta.strict_json import JSON_WHITESPACE

MAX_LINE_BYTES: Final = 4 * MAX_REQUEST_CHARS + len(b"\r\n")
"""The longest line read whole: a request's most characters at 4 bytes of UTF-8 each, and
its line end. A longer line is too long whatever its characters are."""
SKIP_BYTES: Final = 1 << 16
"""The rest of a longer line is read past in pieces of this size, none of them kept."""
START_BYTES: Final = 480
"""Of a line too long, the answer quotes the characters in its first bytes (120 or more)."""
_CONTINUATION_BYTES: Final = bytes(range(0x80, 0xC0))
BYTE_ORDER_MARK: Final = "\ufeff".encode()


def serve_lines(source: BinaryIO, sink: TextIO, player: Player, seed: int) -> None:
    """Answer every line of ``source`` on ``sink`` until ``source`` ends. A byte order mark
    before the first line is passed over (JSON's RFC 8259 lets a reader ignore it; editors on
    Windows write one)."""
    first = True
    while raw := source.readline(MAX_LINE_BYTES + 1):
        if first and raw.startswith(BYTE_ORDER_MARK):
            raw = raw[len(BYTE_ORDER_MARK):]
        first = False
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            start = raw[:START_BYTES].decode("utf-8", "replace")
            answer = too_long_answer(start, _skip_line(source, raw))
        else:
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as err:
                answer = format_answer(ErrorAnswer(None, f"the line is not UTF-8 text: {err}"))
            else:
                if not line.strip(JSON_WHITESPACE):
                    continue
                answer = respond(line, player, seed)
        sink.write(answer + "\n")
        sink.flush()


def _skip_line(source: BinaryIO, start: bytes) -> int:
    """Read past the rest of the line that begins with ``start`` (up to its newline or the end
    of ``source``) and return its length in characters, its newline left out: the bytes that
    begin a UTF-8 character, counted piece by piece so that no more than a piece is held."""
    length = 0
    piece = start
    while piece:
        length += len(piece.translate(None, _CONTINUATION_BYTES))
        if piece.endswith(b"\n"):
            return length - len(b"\n")
        piece = source.readline(SKIP_BYTES)
    return length


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
