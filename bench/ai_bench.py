"""Computer players: decision times per level and strength from duplicate tournaments.

1. **Decision time**: each level plays 4-player standard rounds (one seat of the level against
   three Normal players) in this process; every pass and play decision of that seat is timed
   with ``time.perf_counter``. Printed: the number of decisions, p50, p95 and the maximum, for
   passes, plays and both together. Goal: Hard's p95 <= 300 ms.
2. **Strength**: two duplicate tournaments (:mod:`hertta.ai.tournament`, every match once per
   rotation of the seats, on all cores): Normal vs three Easy, and Hard vs three Normal. Printed:
   mean points per round with 95% confidence intervals, the gap, whether the intervals overlap,
   and the number of rounds. Goals: Normal at least 1.5 points per round below Easy, Hard at
   least 1.0 below Normal, with intervals that do not overlap.

3. **Head to head in OpenSpiel's Hearts** (``--openspiel LEVEL``, :mod:`openspiel_duel`): one
   seat of LEVEL against three of OpenSpiel's IS-MCTS (``--ismcts-sims``, default 1600) and
   the reverse (``--lone ours|ismcts|both``), ``--deals`` duplicate deals in four rotations.
   Printed: each side's mean points per round, the IS-MCTS mean minus ours with 95% intervals
   over deals, moons per 100 rounds of our seats, and decision times (wall and CPU).
4. **Level against level** (``--versus expert,hard``, ``--versus-rounds`` per rotation,
   ``--versus-both`` for the reverse too): a duplicate tournament of one seat of the first level
   against three of the second, in our own engine, with the paired difference per match code.

Run: ``.venv/bin/python bench/ai_bench.py`` (defaults: 12 timing rounds per level, 150 and 250
rounds per rotation; about 12-15 minutes on 2 shared cores). ``--quick`` runs a small version.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from typing import Any

import bench_cli
from hertta.ai.driver import play_round
from hertta.ai.protocol import Player
from hertta.ai.registry import make_player
from hertta.ai.tournament import LevelStats, TournamentConfig, run_tournament
from hertta.cards import Card, format_cards
from hertta.hearts.config import preset
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.observation import Observation
from hertta.hearts.round import deal_round
from hertta.rng import SplitMix64, derive_seed
from openspiel_duel import Summary, mean_ci, run_duel, summarize


class Timed:
    """Wraps a player and records how long each decision takes by ``clock`` (wall time by
    default; ``time.process_time`` for CPU time)."""

    def __init__(self, player: Player, clock: Callable[[], float] = time.perf_counter) -> None:
        self.player = player
        self.name = player.name
        self.clock = clock
        self.times: dict[str, list[float]] = {"pass": [], "play": []}
        self.decisions = hashlib.sha256()

    def choose_pass(self, obs: Observation, rng: SplitMix64) -> list[Card]:
        start = self.clock()
        cards = self.player.choose_pass(obs, rng)
        self.times["pass"].append(self.clock() - start)
        self.decisions.update(f"{format_cards(cards)};".encode())
        return cards

    def choose_play(self, obs: Observation, rng: SplitMix64) -> Card:
        start = self.clock()
        card = self.player.choose_play(obs, rng)
        self.times["play"].append(self.clock() - start)
        self.decisions.update(f"{card};".encode())
        return card

    def choose_moon(self, obs: Observation, rng: SplitMix64) -> str:
        return self.player.choose_moon(obs, rng)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def time_level(level: str, rounds: int, seed: int, preset_name: str, players: int) -> Timed:
    rules = preset(preset_name)
    timed = Timed(make_player(level))
    cycle = PASS_CYCLES[players]
    for index in range(rounds):
        seat = index % players
        seating: list[Player] = [make_player("normal") for _ in range(players)]
        seating[seat] = timed
        state = deal_round(
            rules, players, index % players, cycle[index % len(cycle)], derive_seed(seed, index)
        )
        rngs = [SplitMix64(derive_seed(seed, index, s)) for s in range(players)]
        play_round(state, seating, rngs)
    return timed


def print_times(timed: Timed) -> None:
    both = timed.times["pass"] + timed.times["play"]
    for kind, values in (
        ("pass", timed.times["pass"]),
        ("play", timed.times["play"]),
        ("all", both),
    ):
        if not values:
            continue
        print(
            f"  {timed.name:7} {kind:5} n={len(values):4}  "
            f"p50 {percentile(values, 0.5) * 1000:7.1f} ms  "
            f"p95 {percentile(values, 0.95) * 1000:7.1f} ms  "
            f"max {max(values) * 1000:7.1f} ms"
        )
    # The same code makes the same decisions on any machine: a speed change that keeps this
    # fingerprint changed no decision of the run.
    print(f"  {timed.name:7} decisions' fingerprint {timed.decisions.hexdigest()[:16]}")


def strength(
    seats: str,
    rounds: int,
    workers: int,
    seed: int,
    options: dict[str, dict[str, Any]] | None = None,
) -> tuple[Any, float]:
    level_options = tuple(
        (level, tuple(sorted(values.items()))) for level, values in (options or {}).items()
    )
    config = TournamentConfig(
        tuple(seats.split(",")), rounds, preset("standard"), seed, level_options
    )
    start = time.perf_counter()

    def tell(done: float) -> None:
        # Whole matches are played, so the rounds may pass the count asked for; they count
        # up to it (the rest are played to finish a match, then left out).
        elapsed = time.perf_counter() - start
        print(
            f"  [{seats}] {min(done, rounds):.0f}/{rounds} rounds per rotation, {elapsed:.0f} s",
            file=sys.stderr,
            flush=True,
        )

    result = run_tournament(config, workers, tell)
    return result, time.perf_counter() - start


def paired_gap(result: Any) -> tuple[float, float, float]:
    """The second level's mean points per round minus the first's, per match code (its
    rotations share the deals), with a 95% interval over the codes."""
    first = result.config.seats[0]
    by_code: dict[int, list[list[float]]] = {}
    for match in result.matches:
        sums = by_code.setdefault(match.index, [[0.0, 0.0], [0.0, 0.0]])
        for points in match.round_points:
            for seat, p in enumerate(points):
                side = sums[0] if match.seating[seat] == first else sums[1]
                side[0] += p
                side[1] += 1
    gaps = [b[0] / b[1] - a[0] / a[1] for a, b in by_code.values()]
    return mean_ci(gaps)


def print_strength(title: str, result: Any, seconds: float, goal: float) -> None:
    strong: LevelStats = result.levels[0]
    weak: LevelStats = result.levels[1]
    print(
        f"\n{title}: {result.match_codes} match codes x {result.config.players} rotations = "
        f"{len(result.matches)} matches, {result.rounds} rounds "
        f"({result.rounds / result.config.players:.1f} per rotation), {seconds:.0f} s"
    )
    for s in (strong, weak):
        print(
            f"  {s.level:7} {s.mean:6.2f} points/round  95% CI "
            f"{bench_cli.interval(s.ci_low, s.ci_high, '5.2f')}"
            f"  seat-rounds {s.seat_rounds:5}  match wins {s.match_wins:g}/{s.seat_matches}"
            f"  moons shot {s.moons_shot}, suffered {s.moons_suffered}"
        )
    gap = weak.mean - strong.mean
    apart = strong.ci_high < weak.ci_low
    verdict = "met" if gap >= goal and apart else "NOT met"
    print(
        f"  gap {gap:.2f} points/round (goal >= {goal}); intervals "
        f"{'do not overlap' if apart else 'OVERLAP'}: goal {verdict}"
    )


def _times(label: str, wall: list[float], cpu: list[float]) -> None:
    if not wall:
        return
    print(
        f"  {label:16} decisions {len(wall):5}  wall p50 {percentile(wall, 0.5) * 1000:6.1f} "
        f"p95 {percentile(wall, 0.95) * 1000:6.1f} max {max(wall) * 1000:7.1f} ms   "
        f"CPU p50 {percentile(cpu, 0.5) * 1000:6.1f} p95 {percentile(cpu, 0.95) * 1000:6.1f} "
        f"max {max(cpu) * 1000:7.1f} ms"
    )


def _ci(values: tuple[float, float, float]) -> str:
    mean, low, high = values
    return f"{mean:6.2f} {bench_cli.interval(low, high, '5.2f')}"


def openspiel_duels(
    level: str,
    sims: list[int],
    lone: str,
    deals: int,
    seed: int,
    options: dict[str, Any],
    dump: str | None = None,
) -> None:
    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    sides = ("ours", "ismcts") if lone == "both" else (lone,)
    for count in sims:
        for side in sides:
            start = time.perf_counter()
            stats = run_duel(
                level, lambda: make_player(level, **options), side, deals, count, seed, progress
            )
            result: Summary = summarize(stats, side)
            if dump:
                rows = [
                    {
                        "deal": r.deal,
                        "lone_seat": r.lone_seat,
                        "points": r.points,
                        "shooter": r.shooter,
                        "passes": r.passes,
                        "plays": r.plays,
                    }
                    for r in stats.results
                ]
                with open(f"{dump}.{side}.{count}.json", "w") as out:
                    json.dump(
                        {"level": level, "lone": side, "sims": count, "seed": seed, "rounds": rows},
                        out,
                    )
            title = (
                f"one {level} seat vs three IS-MCTS-{count}"
                if side == "ours"
                else f"one IS-MCTS-{count} seat vs three {level}"
            )
            print(
                f"\n{title}: {deals} deals x 4 rotations = {result.rounds} rounds, "
                f"{time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.2f}"
            )
            print(
                "  IS-MCTS repeatable (same position and seed, same card): "
                + ("yes" if stats.repeatable else "no: setarch -R is not permitted here")
            )
            print(f"  {level:16} {_ci(result.ours)} points/round")
            print(f"  IS-MCTS-{count:<8} {_ci(result.theirs)} points/round")
            print(f"  IS-MCTS minus {level}: {_ci(result.gap)} points/round (+: ours better)")
            per100 = 100 / result.our_seat_rounds
            print(
                f"  moons per 100 {level} seat-rounds: shot {result.ours_shot * per100:.1f}, "
                f"suffered {result.ours_suffered * per100:.1f} "
                f"({result.ours_shot} / {result.ours_suffered} in {result.our_seat_rounds}); "
                f"IS-MCTS shot in {result.theirs_shot} of {result.rounds} rounds"
            )
            _times(level, stats.our_times, stats.our_cpu)
            _times(f"IS-MCTS-{count}", stats.their_times, stats.their_cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--timing-rounds", type=bench_cli.count, default=12)
    parser.add_argument("--timing-levels", default="easy,normal,hard", help="e.g. hard,expert")
    parser.add_argument("--easy-rounds", type=bench_cli.count, default=150, help="per rotation")
    parser.add_argument("--hard-rounds", type=bench_cli.count, default=250, help="per rotation")
    parser.add_argument("--workers", type=bench_cli.count, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=bench_cli.whole, default=2024)
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--skip-strength", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a small run to try the script")
    parser.add_argument("--openspiel", metavar="LEVEL", help="duel LEVEL with OpenSpiel IS-MCTS")
    parser.add_argument("--ismcts-sims", default="1600", help="comma-separated, e.g. 1600,10000")
    parser.add_argument("--lone", choices=("ours", "ismcts", "both"), default="both")
    parser.add_argument(
        "--deals", type=bench_cli.count, default=24, help="duplicate deals per duel",
    )
    parser.add_argument(
        "--level-options",
        type=bench_cli.json_object,
        default="{}",
        help="JSON options for the --openspiel level, e.g. '{\"play_noise\": null}'",
    )
    parser.add_argument("--dump", metavar="PREFIX", help="write each duel's rounds as JSON")
    parser.add_argument("--versus", metavar="A,B", help="one A seat against three B")
    parser.add_argument("--versus-rounds", type=bench_cli.count, default=100, help="per rotation")
    parser.add_argument("--versus-both", action="store_true", help="also B alone against three A")
    parser.add_argument("--versus-goal", type=float, default=0.5, help="points per round")
    parser.add_argument(
        "--versus-options",
        type=bench_cli.json_object,
        default="{}",
        help='JSON constructor options per level, e.g. \'{"expert": {"prior_margin": 0.7}}\'',
    )
    args = parser.parse_args()
    if args.openspiel or args.versus:
        print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
        if args.openspiel:
            try:
                sims = [bench_cli.count(x) for x in args.ismcts_sims.split(",")]
            except argparse.ArgumentTypeError as error:
                parser.error(f"--ismcts-sims: {error}")
            options = args.level_options
            if options:
                print(f"{args.openspiel} options: {options}")
            openspiel_duels(
                args.openspiel, sims, args.lone, args.deals, args.seed, options, args.dump
            )
        if args.versus:
            levels = args.versus.split(",")
            if len(levels) != 2:
                parser.error(f"--versus takes two levels, A,B: {args.versus!r}")
            first, second = levels
            pairs = [(first, second), (second, first)] if args.versus_both else [(first, second)]
            level_options = args.versus_options
            if level_options:
                print(f"level options: {level_options}")
            for a, b in pairs:
                result, seconds = strength(
                    ",".join([a, b, b, b]),
                    args.versus_rounds,
                    args.workers,
                    args.seed,
                    level_options,
                )
                print_strength(f"{a} vs 3 {b}", result, seconds, args.versus_goal)
                print(
                    f"  {b} minus {a}, paired by match code: {_ci(paired_gap(result))} "
                    "points/round (+: the first better)"
                )
        print(f"\nload average at the end {os.getloadavg()[0]:.2f}")
        return
    if args.quick:
        args.timing_rounds, args.easy_rounds, args.hard_rounds = 2, 10, 4
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    if not args.skip_timing:
        print(f"\nDecision time, 4-player standard, {args.timing_rounds} rounds per level:")
        for level in args.timing_levels.split(","):
            print_times(time_level(level, args.timing_rounds, args.seed, "standard", 4))
        print(
            f"\nDecision time, Cancellation with 6 players, {args.timing_rounds // 2 or 1} rounds:"
        )
        print_times(time_level("hard", args.timing_rounds // 2 or 1, args.seed, "cancellation", 6))
    if not args.skip_strength:
        result, seconds = strength(
            "normal,easy,easy,easy", args.easy_rounds, args.workers, args.seed
        )
        print_strength("Normal vs 3 Easy", result, seconds, 1.5)
        result, seconds = strength(
            "hard,normal,normal,normal", args.hard_rounds, args.workers, args.seed
        )
        print_strength("Hard vs 3 Normal", result, seconds, 1.0)
    print(f"\nload average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    bench_cli.run(main)
