"""``hertta h2h solve`` and ``hertta h2h survey`` (registered on the ``h2h`` sub-app).

The survey runs here rather than in :mod:`hertta.solitaire.survey` because it needs a clock, a
process pool and a progress bar, which the pure rules package never touches.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from hertta.cli.plots import check_plot_path, save_png
from hertta.errors import ConfigError
from hertta.solitaire.deal_codes import DEAL_COUNT, format_deal_code, parse_deal_code
from hertta.solitaire.game import is_dead_end, new_game
from hertta.solitaire.optimal import SearchLimitError, fewest_moves
from hertta.solitaire.solver import (
    deal_abstraction,
    is_dead,
    is_winnable,
    winning_moves,
    winning_pairs,
)
from hertta.solitaire.survey import Share, distribution, median, percentile, share_of

DEFAULT_START = "HH1-N-AAAAAAA"
T = TypeVar("T")
R = TypeVar("R")


def solve_report(code: str, optimal: bool) -> dict[str, object]:
    """The ``solve`` command's result as JSON-ready data (keys fixed by the issue)."""
    game = new_game(code)
    start = game.start
    winnable = is_winnable(start)
    solution = None
    if winnable:
        solution = fewest_moves(start) if optimal else winning_moves(start)
    return {
        "code": game.code,
        "winnable": winnable,
        "dead_at_start": is_dead_end(start),
        "moves": None if solution is None else len(solution),
        "solution": None if solution is None else [move.notation for move in solution],
    }


def solve(
    code: str = typer.Argument(..., help="Deal code, e.g. HH1-N-AAAAAAM."),
    optimal: bool = typer.Option(False, "--optimal", help="Find the fewest moves (slower)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Say whether the deal of CODE can be won and give a winning move list.

    Moves: F flip, R recycle, a+b pair heart positions a and b,
    a+W pair position a with the waste's top card.
    Positions 1-25 run row by row (see `hertta h2h show`).
    """
    report = solve_report(code, optimal)
    if as_json:
        typer.echo(json.dumps(report))
        return
    dead = "dead at the start" if report["dead_at_start"] else "not dead at the start"
    verdict = "winnable" if report["winnable"] else "cannot be won"
    typer.echo(f"{report['code']}: {verdict}; {dead}")
    solution = report["solution"]
    if isinstance(solution, list):
        kind = "fewest moves" if optimal else "not necessarily the fewest"
        typer.echo(f"winning line, {report['moves']} moves ({kind}):")
        typer.echo(" ".join(str(move) for move in solution))


@dataclass(slots=True)
class ChunkResult:
    dead: int = 0
    winnable: int = 0
    seconds: list[float] = field(default_factory=list)
    first_winnable: list[int] = field(default_factory=list)


def survey_chunk(job: tuple[int, int, int]) -> ChunkResult:
    """Classify deals ``start .. start + count - 1``, timing each winnability proof alone (the
    deal's shuffle is not included) in CPU time of this thread, so that other processes on a
    busy machine do not inflate it. Keeps the first ``keep`` winnable deal numbers."""
    start, count, keep = job
    result = ChunkResult()
    clock = time.thread_time
    for number in range(start, start + count):
        state = deal_abstraction(number)
        began = clock()
        won = winning_pairs(state) is not None
        result.seconds.append(clock() - began)
        if is_dead(state):
            result.dead += 1
        if won:
            result.winnable += 1
            if len(result.first_winnable) < keep:
                result.first_winnable.append(number)
    return result


def optimal_job(job: tuple[int, float]) -> tuple[int, int | None, float]:
    """(deal number, fewest moves or None when the time cap ran out, seconds spent)."""
    number, cap = job
    began = time.perf_counter()
    deadline = began + cap
    try:
        moves = fewest_moves(
            new_game(format_deal_code(number)).start, stop=lambda: time.perf_counter() > deadline
        )
    except SearchLimitError:
        return number, None, time.perf_counter() - began
    return number, None if moves is None else len(moves), time.perf_counter() - began


@dataclass(slots=True)
class SurveyRun:
    start: int
    count: int
    workers: int
    dead: int = 0
    winnable: int = 0
    seconds: list[float] = field(default_factory=list)
    sample: list[tuple[int, int | None, float]] = field(default_factory=list)
    elapsed: float = 0.0


def _chunks(start: int, count: int, workers: int, keep: int) -> list[tuple[int, int, int]]:
    size = max(50, min(5000, count // max(1, workers * 20)))
    return [(s, min(size, start + count - s), keep) for s in range(start, start + count, size)]


def _run_pool(worker: Callable[[T], R], jobs: Sequence[T], workers: int) -> Iterator[R]:
    """Results of ``worker`` over ``jobs`` in completion order, in ``workers`` processes."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(worker, jobs)
        return
    with get_context("fork").Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap_unordered(worker, jobs)


def run_survey(
    start: int,
    count: int,
    workers: int,
    optimal_sample: int = 0,
    optimal_cap: float = 10.0,
    progress: Callable[[str, int, int], None] | None = None,
) -> SurveyRun:
    """Survey deals ``start .. start + count - 1`` with ``workers`` processes; then the fewest
    moves of the first ``optimal_sample`` winnable deals, each capped at ``optimal_cap`` s.
    ``progress(phase, done, total)`` is called as work completes."""
    if count < 1:
        raise ValueError(f"a survey needs at least one deal, got count={count!r}")
    format_deal_code(start + count - 1)  # a DealCodeError when the range runs past the last deal
    run = SurveyRun(start, count, workers)
    began = time.perf_counter()
    first: list[int] = []
    done = 0
    for chunk in _run_pool(survey_chunk, _chunks(start, count, workers, optimal_sample), workers):
        run.dead += chunk.dead
        run.winnable += chunk.winnable
        run.seconds.extend(chunk.seconds)
        first.extend(chunk.first_winnable)
        done += len(chunk.seconds)
        if progress:
            progress("deals", done, count)
    run.seconds.sort()
    numbers = sorted(first)[:optimal_sample]
    jobs = [(number, optimal_cap) for number in numbers]
    for item in _run_pool(optimal_job, jobs, workers):
        run.sample.append(item)
        if progress:
            progress("fewest moves", len(run.sample), len(jobs))
    run.sample.sort()
    run.elapsed = time.perf_counter() - began
    return run


def survey_report(run: SurveyRun, optimal_cap: float) -> dict[str, object]:
    """The survey's result as JSON-ready data."""
    ms = [s * 1000 for s in run.seconds]
    solved = [moves for _, moves, _ in run.sample if moves is not None]
    times = sorted(seconds for _, _, seconds in run.sample)
    moves_summary = (
        {"median": median(solved), "min": min(solved), "max": max(solved)}
        if solved
        else None
    )
    return {
        "start": format_deal_code(run.start),
        "end": format_deal_code(run.start + run.count - 1),
        "count": run.count,
        "workers": run.workers,
        "winnable": share_of(run.winnable, run.count).as_json(),
        "dead_at_start": share_of(run.dead, run.count).as_json(),
        "solve_time_ms": {
            "median": median(ms),
            "p99": percentile(ms, 99),
            "max": ms[-1] if ms else 0.0,
        },
        "fewest_moves_sample": {
            "size": len(run.sample),
            "solved": len(solved),
            "capped": len(run.sample) - len(solved),
            "cap_seconds": optimal_cap,
            "codes": [format_deal_code(number) for number, _, _ in run.sample],
            "moves": moves_summary,
            "distribution": {str(k): v for k, v in distribution(solved).items()},
            "time_s": {"median": median(times), "max": times[-1] if times else 0.0},
        },
        "elapsed_s": run.elapsed,
        "codes_per_second": run.count / run.elapsed if run.elapsed else 0.0,
    }


def _share_line(label: str, share: Share) -> str:
    return (
        f"{label:<15}{share.count:>9} ({share.share:.2%}; 95% interval "
        f"{share.low:.2%} - {share.high:.2%})"
    )


def survey_text(run: SurveyRun, report: dict[str, object]) -> str:
    times = report["solve_time_ms"]
    sample = report["fewest_moves_sample"]
    assert isinstance(times, dict) and isinstance(sample, dict)
    lines = [
        f"Survey of {run.count} deals, {report['start']} .. {report['end']} "
        f"({run.workers} worker{'' if run.workers == 1 else 's'}, {run.elapsed:.1f} s)",
        _share_line("winnable", share_of(run.winnable, run.count)),
        _share_line("dead at start", share_of(run.dead, run.count)),
        f"{'solve time':<15}median {times['median']:.3f} ms, p99 {times['p99']:.3f} ms, "
        f"max {times['max']:.3f} ms (CPU time per proof)",
        f"fewest moves on the first {sample['size']} winnable deals (cap "
        f"{sample['cap_seconds']} s each): {sample['solved']} solved, {sample['capped']} capped",
    ]
    moves = sample["moves"]
    if isinstance(moves, dict):
        lines.append(
            f"{'':<15}median {moves['median']}, min {moves['min']}, max {moves['max']} moves"
        )
        dist = sample["distribution"]
        assert isinstance(dist, dict)
        lines.extend(f"{'':<15}{k:>4} moves: {'#' * v} {v}" for k, v in dist.items())
    return "\n".join(lines)


def write_plot(run: SurveyRun, path: Path) -> None:
    """A PNG: the fewest-moves distribution of the sample and the solve-time histogram."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import MaxNLocator, NullFormatter, ScalarFormatter

    solved = [moves for _, moves, _ in run.sample if moves is not None]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    counts = distribution(solved)
    left.bar(list(counts), list(counts.values()), width=0.8, color="#b3122e")
    left.set_title(f"Fewest moves to win ({len(solved)} winnable deals)")
    left.set_xlabel("moves")
    left.set_ylabel("deals")
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    micros = [max(s * 1e6, 0.1) for s in run.seconds]
    bins = np.geomspace(min(micros), max(micros) * 1.01 + 0.1, 60)
    right.hist(micros, bins=bins, color="#555555", log=True)
    right.set_xscale("log")
    right.xaxis.set_major_formatter(ScalarFormatter())
    right.xaxis.set_minor_formatter(NullFormatter())
    right.set_title(f"Winnability proof CPU time ({run.count} deals)")
    right.set_xlabel("microseconds (log scale)")
    right.set_ylabel("deals (log scale)")
    figure.tight_layout()
    try:
        save_png(figure, path, dpi=110)
    finally:
        plt.close(figure)


def survey(
    count: int = typer.Option(..., "--count", min=1, help="How many consecutive deals."),
    start: str = typer.Option(DEFAULT_START, "--start", help="First deal code."),
    workers: int = typer.Option(0, "--workers", min=0, help="Processes (default, 0: every core)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write a PNG chart to this file.")
    ] = None,
    optimal_sample: int = typer.Option(
        20, "--optimal-sample", min=0, help="Winnable deals to solve for the fewest moves."
    ),
    optimal_cap: float = typer.Option(
        10.0, "--optimal-cap", min=0.01, help="Seconds allowed per fewest-moves search."
    ),
) -> None:
    """Survey consecutive deals: winnable and dead shares, solve times, fewest moves."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskID,
        TimeRemainingColumn,
    )

    first = parse_deal_code(start)
    if first + count > DEAL_COUNT:
        last = format_deal_code(DEAL_COUNT - 1)
        raise ConfigError(f"--count {count} from {start!r} runs past the last deal, {last}")
    if plot is not None:
        check_plot_path(plot)
    workers = workers if workers > 0 else os.cpu_count() or 1
    console = Console(stderr=True)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,  # into a file or a pipe: nothing (it left a newline)
    ) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(phase: str, done: int, total: int) -> None:
            if phase not in tasks:
                tasks[phase] = bar.add_task(phase, total=total)
            bar.update(tasks[phase], completed=done)

        run = run_survey(first, count, workers, optimal_sample, optimal_cap, progress)
    report = survey_report(run, optimal_cap)
    typer.echo(json.dumps(report) if as_json else survey_text(run, report))
    if plot is not None:  # after the report: a chart that fails costs the chart only
        write_plot(run, plot)


def register(app: typer.Typer) -> None:
    """Add the solver commands to ``app``."""
    app.command("solve")(solve)
    app.command("survey")(survey)

