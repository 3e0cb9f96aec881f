"""``hertta hearts join``: a computer player takes a seat at a shared table and plays it.

``hertta hearts join INVITE_URL [--level easy|normal|hard|expert] [--name NAME] [--seed S]
[--timeout SECONDS] [--retries N] [--json]`` plays over the table's public socket
(:mod:`hertta.ai.table_client`, ``docs/join.md``) until the match is over, prints the final
totals and exits 0. Anything that stops it (a bad link, an unknown or full table, a server
that cannot be reached or went away, the time-out) prints one line on stderr and exits 2.

The sub-app's owner calls :func:`register` on the ``hearts`` Typer app.
"""

from __future__ import annotations

import json
import signal
from typing import Annotated, Final

import typer

from hertta.ai.registry import LEVEL_NAMES, make_player
from hertta.ai.table_client import (
    DEFAULT_TIMEOUT_S,
    RECONNECT_TRIES,
    TableClient,
    parse_invite,
)
from hertta.ai.table_state import MatchResult
from hertta.cli.errors import EXIT_BAD_INPUT, MAX_SEED
from hertta.errors import HerttaError

MAX_NAME: Final = 20
"""The server's limit on display names (``docs/tables.md``)."""


MAX_TIMEOUT_S: Final = 30 * 24 * 3600.0
"""Longer than any match; far below the socket library's own limit (about 9.2e9 s, beyond
which it failed with a traceback)."""


def default_name(level: str) -> str:
    return f"Bot-{level.strip().lower()}"[:MAX_NAME]


def format_result(result: MatchResult) -> str:
    """The plain-text report: one line per seat, then the winners and the losers."""
    width = max(len(name) for name in result.names)
    lines = []
    for seat, (name, total) in enumerate(zip(result.names, result.totals, strict=True)):
        marks = [m for m, seats in (("winner", result.winners), ("loser", result.losers))
                 if seat in seats]
        if seat == result.seat:
            marks.append("this client")
        note = f"  ({', '.join(marks)})" if marks else ""
        lines.append(f"seat {seat}  {name:<{width}}  {total:>4}{note}")

    def named(seats: tuple[int, ...]) -> str:
        return ", ".join(f"{result.names[s]} (seat {s})" for s in seats)

    lines.append(f"winners: {named(result.winners)}")
    lines.append(f"losers: {named(result.losers)}")
    return "\n".join(lines)


def join(
    invite_url: Annotated[
        str, typer.Argument(help="The table's invite link, http(s)://HOST:PORT/t/ID?invite=TOKEN "
                                 "(or a public table's http(s)://HOST:PORT/t/ID).")
    ],
    level: Annotated[str, typer.Option(help=f"Player level: {', '.join(LEVEL_NAMES)}.")] = "normal",
    name: Annotated[
        str | None, typer.Option(help="Display name at the table (default Bot-LEVEL).")
    ] = None,
    seed: Annotated[
        int,
        typer.Option(min=0, max=MAX_SEED,
                     help="Seed of the decisions: the same seed and view, the same decision."),
    ] = 0,
    timeout: Annotated[
        float, typer.Option(help="Give up (exit 2) when the match has not ended after this many "
                                 "seconds.")
    ] = DEFAULT_TIMEOUT_S,
    retries: Annotated[
        int, typer.Option(help="Tries to reconnect after a dropped connection (backoff 0.25 s "
                               "doubling to 8 s).")
    ] = RECONNECT_TRIES,
    json_output: Annotated[
        bool, typer.Option("--json", help='Print {"seat", "totals", "winners", "losers"}.')
    ] = False,
) -> None:
    """Take a seat at a shared Hearts table as a computer player; play until the match ends."""
    try:
        player = make_player(level)
        if not 0 < timeout <= MAX_TIMEOUT_S:
            given = repr(timeout).removesuffix(".0")  # as typed: 2592001, not 2.592e+06
            raise HerttaError(f"--timeout must be a positive number of seconds up to "
                              f"{MAX_TIMEOUT_S:.0f} (30 days), got {given}")
        if retries < 0:
            raise HerttaError(f"--retries must be 0 or more, got {retries}")
        client = TableClient(
            parse_invite(invite_url), player, name=default_name(level) if name is None else name,
            seed=seed, timeout_s=timeout, reconnect_tries=retries,
        )
        signal.signal(signal.SIGTERM, _terminate)
        result = client.play()
    except HerttaError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except Terminated:
        typer.echo("error: terminated", err=True)
        raise typer.Exit(128 + signal.SIGTERM) from None
    except KeyboardInterrupt:
        typer.echo("error: interrupted", err=True)
        raise typer.Exit(130) from None
    if json_output:
        typer.echo(json.dumps(result.to_json()))
    else:
        typer.echo(format_result(result))


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, a service manager stopping the bot): ended as Ctrl-C ends it, so a
    seat taken before the match began is given up, not held by a player who is gone."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def register(app: typer.Typer) -> None:
    """Add the ``join`` command to ``app`` (the ``hertta hearts`` sub-app)."""
    app.command("join")(join)
