"""``hertta hearts tournament``: duplicate tournaments between computer players.

``hertta hearts tournament --seats hard,normal,normal,normal --rounds N --preset standard
--workers W --seed S [--json] [--plot FILE.png]`` plays duplicate matches (every match once per
rotation of the seats, see :mod:`hertta.ai.tournament`) until N rounds per rotation are played,
with a progress bar on stderr, then prints a table per player level: mean points per round with
a 95% confidence interval, match wins, moons shot and moons suffered. ``--json`` prints the
figures as JSON instead; ``--plot`` draws the score distributions. Bad input: one line on
stderr and exit code 2.

The sub-app's owner calls :func:`register` on the ``hearts`` Typer app.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hertta.ai.tournament import (
    MAX_WORKERS,
    TournamentConfig,
    TournamentResult,
    parse_seats,
    result_to_json,
    run_tournament,
)
from hertta.cli.errors import EXIT_BAD_INPUT, MAX_SEED
from hertta.cli.plots import check_plot_path, save_png
from hertta.errors import HerttaError
from hertta.hearts.config import preset


def results_table(result: TournamentResult) -> Table:
    config = result.config
    table = Table(
        title=(
            f"{config.rules.preset}, seats {','.join(config.seats)}: "
            f"{result.match_codes} {'match' if result.match_codes == 1 else 'matches'} "
            f"x {config.players} rotations, "
            f"{result.rounds} rounds"
        ),
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("level")
    table.add_column("pts/round", justify="right", no_wrap=True)
    table.add_column("95% CI", justify="right", no_wrap=True)
    table.add_column("rounds", justify="right")
    table.add_column("match wins", justify="right", no_wrap=True)
    table.add_column("moons shot", justify="right")
    table.add_column("moons suffered", justify="right")  # seat-rounds of another's moon
    for s in result.levels:
        table.add_row(
            s.level,
            f"{s.mean:.2f}",
            # One match code is one cluster: no interval (JSON says null).
            f"[{s.ci_low:.2f}, {s.ci_high:.2f}]" if math.isfinite(s.ci_high - s.ci_low) else "–",
            str(s.seat_rounds),
            f"{s.match_wins:g}/{s.seat_matches} ({s.win_rate:.0%})",
            str(s.moons_shot),
            str(s.moons_suffered),
        )
    return table


def plot_distributions(result: TournamentResult, path: Path) -> None:
    """A bar chart of how often each round score occurred, per level (shares of rounds)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5))
    levels = result.levels
    width = 0.8 / max(len(levels), 1)
    for i, s in enumerate(levels):
        total = sum(s.points.values()) or 1
        xs = [k + (i - (len(levels) - 1) / 2) * width for k in s.points]
        ys = [v / total for v in s.points.values()]
        ax.bar(xs, ys, width=width, label=f"{s.level} (mean {s.mean:.2f})")
    ax.set_xlabel("points in a round")
    ax.set_ylabel("share of rounds")
    ax.set_yscale("log")
    ax.set_title(f"Round scores: {','.join(result.config.seats)} ({result.config.rules.preset})")
    ax.legend()
    fig.tight_layout()
    try:
        save_png(fig, path)
    finally:
        plt.close(fig)


def tournament(
    seats: Annotated[
        str, typer.Option(help="A level per seat, e.g. hard,normal,normal,normal.")
    ] = "hard,normal,normal,normal",
    rounds: Annotated[int, typer.Option(help="Rounds to play per rotation (at least).")] = 100,
    preset_name: Annotated[
        str, typer.Option("--preset", help="Rules preset (standard, omnibus, ...).")
    ] = "standard",
    workers: Annotated[
        int, typer.Option(min=0, max=MAX_WORKERS, help="Worker processes (default, 0: all cores).")
    ] = 0,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the match codes and the players.")
    ] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Write a PNG chart of the score distributions.")
    ] = None,
) -> None:
    """Play duplicate matches between computer players and compare the levels."""
    try:
        config = TournamentConfig(parse_seats(seats), rounds, preset(preset_name), seed)
        if plot is not None:
            check_plot_path(plot)
    except HerttaError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    cores = workers if workers > 0 else (os.cpu_count() or 1)
    console = Console(stderr=True)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=as_json,
        disable=not console.is_terminal,  # into a file or a pipe: no bar (only its last frame)
    ) as bar:
        task = bar.add_task("rounds per rotation", total=rounds)
        result = run_tournament(
            config, cores, lambda done: bar.update(task, completed=min(done, rounds))
        )
    if as_json:
        typer.echo(json.dumps(result_to_json(result)))
    else:
        Console().print(results_table(result))
    if plot is not None:
        plot_distributions(result, plot)


def register(app: typer.Typer) -> None:
    """Add the ``tournament`` command to ``app`` (the ``hertta hearts`` sub-app)."""
    app.command("tournament")(tournament)
