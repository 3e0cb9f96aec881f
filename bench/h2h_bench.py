"""Heart to Heart engine speed: random-play games per second and one dead-end check's cost.

Run: .venv/bin/python bench/h2h_bench.py [--seconds 5] [--runs 3]

A random game plays uniformly random legal moves through the validated API (`play`) from a
random deal until it is won, dead, or 400 moves long (recycling forever is legal). Figures are
the median of --runs timed runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

import bench_cli
from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import DEAL_COUNT, format_deal_code
from hertta.solitaire.game import Status, is_dead_end, legal_moves, new_game, play

MOVE_CAP = 400


def random_games(seconds: float, rng: SplitMix64) -> tuple[int, int, int]:
    games = moves = wins = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        game = new_game(format_deal_code(rng.below(DEAL_COUNT)))
        while game.status is Status.PLAYING and game.position.moves < MOVE_CAP:
            game = play(game, rng.choice(legal_moves(game.position)))
            moves += 1
        wins += game.status is Status.WON
        games += 1
    return games, moves, wins


def dead_end_cost(rng: SplitMix64, count: int = 20_000) -> float:
    positions = [new_game(format_deal_code(rng.below(DEAL_COUNT))).position for _ in range(200)]
    start = time.perf_counter()
    for i in range(count):
        is_dead_end(positions[i % len(positions)])
    return (time.perf_counter() - start) / count


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--seconds", type=bench_cli.seconds, default=5.0)
    parser.add_argument("--runs", type=bench_cli.count, default=3)
    args = parser.parse_args()
    rates, move_rates, checks = [], [], []
    for run in range(args.runs):
        rng = SplitMix64(run)
        games, moves, wins = random_games(args.seconds, rng)
        rates.append(games / args.seconds)
        move_rates.append(moves / args.seconds)
        checks.append(dead_end_cost(rng))
        print(f"run {run + 1}: {games} games ({wins} won), {moves} moves in {args.seconds:.1f} s")
    print(f"random-play games per second: {statistics.median(rates):,.0f}")
    print(f"validated moves per second:   {statistics.median(move_rates):,.0f}")
    print(f"one dead-end check:           {statistics.median(checks) * 1e6:.1f} us")


if __name__ == "__main__":
    bench_cli.run(main)
