"""Heart to Heart solver speed: winnability per deal, fewest moves, survey throughput.

Run: .venv/bin/python bench/solver_bench.py [--codes 20000] [--optimal 200] [--survey-codes 20000]

1. Winnability: ``is_winnable(position)`` on the starting positions of deals 0 .. codes-1 (the
   deal is built outside the timing; the timing includes reading the position), timed once by
   the wall clock and once in thread CPU time (which a preempted process does not inflate). The
   wall clock's slowest few deals are re-timed (best of 5) to tell real work from preemption.
2. Fewest moves: ``fewest_moves`` on the first ``--optimal`` winnable deals from deal 0, each
   capped at ``--optimal-cap`` seconds (capped deals are counted, not hidden).
3. Survey throughput: ``hertta h2h survey``'s runner on ``--survey-codes`` deals with
   ``--workers`` processes (shuffle + proof per deal, wall clock), extrapolated to 1,000,000.

Goals (issue 7): winnability median <= 0.25 ms and max < 20 ms; 1,000,000 codes in under
10 minutes with 2 workers.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable

import bench_cli
from hertta.cli.h2h_solver import run_survey
from hertta.solitaire.deal_codes import deck_for_number, format_deal_code
from hertta.solitaire.game import Position, deal_position
from hertta.solitaire.optimal import SearchLimitError, fewest_moves
from hertta.solitaire.solver import is_winnable
from hertta.solitaire.survey import percentile


def timed_winnability(position: Position, clock: Callable[[], float]) -> tuple[float, bool]:
    began = clock()
    won = is_winnable(position)
    return clock() - began, won


def winnability(codes: int) -> list[int]:
    positions = [deal_position(deck_for_number(number)) for number in range(codes)]
    winnable = [n for n, position in enumerate(positions) if is_winnable(position)]
    print(f"winnability over {codes} deals ({len(winnable)} winnable):")
    summary: dict[str, tuple[float, float]] = {}
    for label, clock in (("wall", time.perf_counter), ("cpu", time.thread_time)):
        times = sorted(
            (timed_winnability(position, clock)[0], n) for n, position in enumerate(positions)
        )
        ms = [s * 1000 for s, _ in times]
        summary[label] = (percentile(ms, 50), ms[-1])
        print(
            f"  {label:<4} median {percentile(ms, 50):.4f} ms   mean {statistics.fmean(ms):.4f} ms"
            f"   p99 {percentile(ms, 99):.4f} ms   max {ms[-1]:.4f} ms"
            f" ({format_deal_code(times[-1][1])})"
        )
        if label == "wall":
            retimed = []
            for _, number in times[-5:]:
                best = min(timed_winnability(positions[number], clock)[0] for _ in range(5))
                retimed.append((best * 1000, number))
            print(
                "       its slowest 5 re-timed (best of 5): "
                + ", ".join(f"{format_deal_code(n)} {t:.3f} ms" for t, n in sorted(retimed))
            )
    verdicts = [
        f"{label} median {'met' if median <= 0.25 else 'MISSED'}, max "
        f"{'met' if worst < 20 else 'MISSED'}"
        for label, (median, worst) in summary.items()
    ]
    print(f"  goals (median <= 0.25 ms, max < 20 ms): {'; '.join(verdicts)}")
    return winnable


def optimal(winnable: list[int], count: int, cap: float) -> None:
    chosen = winnable[:count]
    seconds: list[float] = []
    lengths: list[int] = []
    capped: list[str] = []
    for number in chosen:
        code = format_deal_code(number)
        position = deal_position(deck_for_number(number))
        began = time.perf_counter()
        deadline = began + cap
        try:
            moves = fewest_moves(position, stop=lambda d=deadline: time.perf_counter() > d)
        except SearchLimitError:
            capped.append(code)
            moves = None
        seconds.append(time.perf_counter() - began)
        if moves is not None:
            lengths.append(len(moves))
    seconds.sort()
    print(f"fewest moves over the first {len(chosen)} winnable deals (cap {cap:g} s each):")
    print(
        f"  median {percentile(seconds, 50):.3f} s   mean {statistics.fmean(seconds):.3f} s   "
        f"p90 {percentile(seconds, 90):.3f} s   max {seconds[-1]:.3f} s   "
        f"capped {len(capped)} {capped if capped else ''}"
    )
    if lengths:
        print(
            f"  moves: median {statistics.median(lengths):g}, "
            f"min {min(lengths)}, max {max(lengths)}"
        )


def throughput(codes: int, workers: int) -> None:
    run = run_survey(0, codes, workers, optimal_sample=0)
    rate = codes / run.elapsed
    million = 1_000_000 / rate
    print(
        f"survey throughput with {workers} workers: {codes} deals in {run.elapsed:.2f} s = "
        f"{rate:,.0f} deals/s"
    )
    print(
        f"  1,000,000 deals extrapolated: {million:.0f} s = {million / 60:.1f} min "
        f"(goal < 10 min: {'met' if million < 600 else 'MISSED'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--codes", type=bench_cli.count, default=20_000)
    parser.add_argument("--optimal", type=bench_cli.count, default=200)
    parser.add_argument("--optimal-cap", type=bench_cli.seconds, default=120.0)
    parser.add_argument("--survey-codes", type=bench_cli.count, default=20_000)
    parser.add_argument("--workers", type=bench_cli.count, default=2)
    args = parser.parse_args()
    print(f"command: {' '.join(sys.argv)}")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    winnable = winnability(args.codes)
    optimal(winnable, args.optimal, args.optimal_cap)
    throughput(args.survey_codes, args.workers)


if __name__ == "__main__":
    bench_cli.run(main)
