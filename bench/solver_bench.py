"""Heart to Heart solver speed: winnability per deal, fewest moves, survey throughput.

Run: .venv/bin/python bench/solver_bench.py [--codes 20000] [--optimal 200] [--survey-codes 20000]

1. Winnability: ``is_winnable(position)`` on the starting positions of deals 0 .. codes-1 (the
   deal is built outside the timing; the timing includes reading the position). The slowest few
   deals are re-timed (best of 5) to tell real work from a preempted process.
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

from hertta.h2h_solver_cli import run_survey
from hertta.solitaire.deal_codes import deck_for_number, format_deal_code
from hertta.solitaire.game import Position, deal_position
from hertta.solitaire.optimal import SearchLimitError, fewest_moves
from hertta.solitaire.solver import is_winnable
from hertta.solitaire.survey import percentile


def timed_winnability(position: Position) -> tuple[float, bool]:
    began = time.perf_counter()
    won = is_winnable(position)
    return time.perf_counter() - began, won


def winnability(codes: int) -> list[int]:
    times: list[tuple[float, int]] = []
    winnable: list[int] = []
    for number in range(codes):
        position = deal_position(deck_for_number(number))
        seconds, won = timed_winnability(position)
        times.append((seconds, number))
        if won:
            winnable.append(number)
    times.sort()
    ms = [s * 1000 for s, _ in times]
    print(f"winnability over {codes} deals ({len(winnable)} winnable):")
    print(
        f"  median {percentile(ms, 50):.4f} ms   mean {statistics.fmean(ms):.4f} ms   "
        f"p99 {percentile(ms, 99):.4f} ms   max {ms[-1]:.4f} ms"
    )
    slowest = times[-5:]
    retimed = []
    for _, number in slowest:
        position = deal_position(deck_for_number(number))
        retimed.append((min(timed_winnability(position)[0] for _ in range(5)) * 1000, number))
    print(
        "  slowest 5 re-timed (best of 5): "
        + ", ".join(f"{format_deal_code(n)} {ms_:.3f} ms" for ms_, n in sorted(retimed))
    )
    median_ok = percentile(ms, 50) <= 0.25
    print(f"  goal median <= 0.25 ms: {'met' if median_ok else 'MISSED'}; "
          f"goal max < 20 ms: {'met' if ms[-1] < 20 else 'MISSED'}")
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
    print(f"survey throughput with {workers} workers: {codes} deals in {run.elapsed:.2f} s = "
          f"{rate:,.0f} deals/s")
    print(f"  1,000,000 deals extrapolated: {million:.0f} s = {million / 60:.1f} min "
          f"(goal < 10 min: {'met' if million < 600 else 'MISSED'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--codes", type=int, default=20_000)
    parser.add_argument("--optimal", type=int, default=200)
    parser.add_argument("--optimal-cap", type=float, default=120.0)
    parser.add_argument("--survey-codes", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"command: {' '.join(sys.argv)}")
    print(f"python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}")
    winnable = winnability(args.codes)
    optimal(winnable, args.optimal, args.optimal_cap)
    throughput(args.survey_codes, args.workers)


if __name__ == "__main__":
    main()
