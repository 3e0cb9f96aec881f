"""One seat of a level against the other seats of another, in single duplicate rounds of our own
engine, dumped for ``bench/duel_report.py``.

    .venv/bin/python bench/level_duel.py --level expert --against hard --deals 40 --seed 2040 \\
        [--options '{"play_noise": 0.4}'] [--against-options '{"moon_plan": false}'] \\
        [--workers 2] [--dump FILE]

Deal ``d`` (its cards from the seed, dealer ``d mod n``, the ``d``-th pass direction of the cycle:
left, right, across, hold with 4 players) is played once per seat with LEVEL in that seat alone;
match totals are zero, or with ``--totals 88,72,60,45`` those totals before the round, turned by one
seat per deal (seat ``s`` of deal ``d`` has the ``(s + d) mod n``-th), so that the rounds are played
as the last rounds of a match, where the seats' search weighs ending it. Every seat's generator is
derived from (seed, deal, seat) only, so two runs of the same deals with two versions of LEVEL play
every round alike until the lone seat first decides differently, and every other seat of AGAINST
answers alike where the position is alike: paired by deal (``bench/duel_report.py BASE.json
VARIANT.json``) the difference of two versions keeps little but the effect of their different
choices. ``--versus`` in ``bench/ai_bench.py`` plays whole matches instead, whose rounds drift apart
after the first difference.

Printed: rounds, the gap (AGAINST's mean minus LEVEL's, per round) with a 95% interval over
deals (Student's t), moons, CPU per decision of the lone seat, and with ``--totals`` the rounds
that end the match and the matches the lone seat wins in them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from multiprocessing import get_context
from typing import Any

import bench_cli
from ai_bench import Timed, percentile
from duel_report import breakdown, gaps_by_deal, rounds_of
from hertta.ai.driver import play_round
from hertta.ai.protocol import Player
from hertta.ai.registry import make_player
from hertta.hearts.config import preset
from hertta.hearts.deck import PASS_CYCLES
from hertta.hearts.match import tied_lowest
from hertta.hearts.round import deal_round
from hertta.rng import SplitMix64, derive_seed
from openspiel_duel import mean_ci

DUEL_SALT = 0x4C44  # "LD": keeps these deals apart from the tournaments' and the timing rounds'


Job = tuple[str, str, dict[str, Any], dict[str, Any], str, int, int, int, int, tuple[int, ...]]
"""(level, against, level's options, against's options, preset, players, seed, deal, lone seat,
totals to turn)."""


def deal_totals(totals: Sequence[int], players: int, deal: int) -> list[int]:
    """The match totals before deal ``deal``: ``totals`` turned by one seat per deal (all 0
    when empty)."""
    if not totals:
        return [0] * players
    return [totals[(seat + deal) % players] for seat in range(players)]


def play_job(job: Job) -> dict[str, Any]:
    level, against, options, against_options, preset_name, players, seed, deal, lone, turned = job
    rules = preset(preset_name)
    cycle = PASS_CYCLES[players]
    state = deal_round(
        rules,
        players,
        deal % players,
        cycle[deal % len(cycle)],
        derive_seed(DUEL_SALT, seed, deal),
    )
    timed = Timed(make_player(level, **options), clock=time.process_time)
    seating: list[Player] = [make_player(against, **against_options) for _ in range(players)]
    seating[lone] = timed
    rngs = [SplitMix64(derive_seed(DUEL_SALT, seed, deal, seat)) for seat in range(players)]
    totals = deal_totals(turned, players, deal)
    final = play_round(state, seating, rngs, totals)
    score = final.score
    assert score is not None
    return {
        "deal": deal,
        "lone_seat": lone,
        "points": list(score.points),
        "totals": totals,
        "shooter": score.shooter,
        "cpu": timed.times["pass"] + timed.times["play"],
        # Every decision, for duel_report's "where the runs part".
        "passes": [[str(c) for c in passed or ()] for passed in final.passes],
        "plays": [
            [seat, str(card)]
            for trick in final.tricks
            for seat, card in zip(trick.seats, trick.cards, strict=True)
        ],
    }


def run(jobs: Sequence[Job], workers: int) -> list[dict[str, Any]]:
    start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with get_context("fork").Pool(max(1, min(workers, len(jobs)))) as pool:
        for row in pool.imap_unordered(play_job, jobs):
            rows.append(row)
            elapsed = time.perf_counter() - start
            print(f"  {len(rows)}/{len(jobs)} rounds, {elapsed:.0f} s", file=sys.stderr, flush=True)
    return sorted(rows, key=lambda r: (r["deal"], r["lone_seat"]))


def summary(data: dict[str, Any]) -> list[str]:
    """The printed figures of a dump (``bench/duel_report.py``'s gap and moons)."""
    level, against = data["level"], data["against"]
    rounds = rounds_of(data)
    gaps = gaps_by_deal(rounds)
    mean, low, high = mean_ci(list(gaps.values()))
    moons = breakdown(rounds)
    cpu = [t for row in data["rounds"] for t in row["cpu"]] or [0.0]
    lines = [
        f"one {level} seat vs {against}: {len(rounds)} rounds, {len(gaps)} deals",
        f"  {against} minus {level}: {mean:+.2f} {bench_cli.interval(low, high)} points/round"
        f" (+: {level} better)",
        f"  moons: {level} shot {moons.moons_shot}, suffered {moons.moons_suffered}",
        f"  {level} CPU per decision: p50 {percentile(cpu, 0.5) * 1000:.0f} ms,"
        f" p95 {percentile(cpu, 0.95) * 1000:.0f} ms",
    ]
    ends = match_ends(data["rounds"], data.get("score_limit", 100))
    if ends[0]:
        count, won, par = ends
        lines.append(
            f"  the match ends in {count} rounds; {level} wins {won:.2f} of them"
            f" ({against} seats {par:.2f} each)"
        )
    return lines


def match_ends(rows: Sequence[dict[str, Any]], limit: int) -> tuple[int, float, float]:
    """Rounds that end the match (a total reaches ``limit``), the matches the lone seat wins
    among them (a tie shares the win) and an other seat's mean share."""
    count, lone_wins, other_wins = 0, 0.0, 0.0
    for row in rows:
        before = row.get("totals") or [0] * len(row["points"])  # dumps before --totals
        totals = [t + p for t, p in zip(before, row["points"], strict=True)]
        if max(totals) < limit:
            continue
        count += 1
        winners = tied_lowest(tuple(totals))
        for seat in winners:
            share = 1 / len(winners)
            if seat == row["lone_seat"]:
                lone_wins += share
            else:
                other_wins += share
    others = len(rows[0]["points"]) - 1 if rows else 1
    return count, lone_wins, other_wins / others


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--level", required=True)
    parser.add_argument("--against", default="hard")
    parser.add_argument("--options", type=bench_cli.json_object, default="{}",
                        help="JSON constructor options for --level")
    parser.add_argument("--against-options", type=bench_cli.json_object, default="{}",
                        help="JSON constructor options for --against")
    parser.add_argument("--deals", type=bench_cli.count, default=40)
    parser.add_argument("--first-deal", type=bench_cli.whole, default=0)
    parser.add_argument("--seed", type=bench_cli.whole, default=2040)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--players", type=bench_cli.count, default=4)
    parser.add_argument("--workers", type=bench_cli.count, default=os.cpu_count() or 1)
    parser.add_argument("--dump", metavar="FILE", help="write the rounds as JSON")
    parser.add_argument(
        "--totals", default="", help="match totals before each round, turned by deal: 88,72,60,45"
    )
    args = parser.parse_args()
    options, against_options = args.options, args.against_options
    try:
        totals = tuple(int(t) for t in args.totals.split(",")) if args.totals else ()
    except ValueError:
        parser.error(f"--totals takes whole numbers separated by commas: {args.totals!r}")
    if totals and len(totals) != args.players:
        parser.error(f"--totals needs {args.players} numbers: {args.totals!r}")
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}")
    print(f"{args.level} options: {options}; {args.against} options: {against_options}")
    deals = range(args.first_deal, args.first_deal + args.deals)
    jobs: list[Job] = [
        (args.level, args.against, options, against_options, args.preset, args.players,
         args.seed, d, s, totals)
        for d in deals
        for s in range(args.players)
    ]
    start = time.perf_counter()
    data = {
        "level": args.level,
        "against": args.against,
        "options": options,
        "against_options": against_options,
        "lone": "ours",
        "seed": args.seed,
        "score_limit": preset(args.preset).score_limit,
        "rounds": run(jobs, args.workers),
    }
    print("\n".join(summary(data)))
    print(f"  {time.perf_counter() - start:.0f} s; load average {os.getloadavg()[0]:.2f}")
    if args.dump:
        with open(args.dump, "w") as out:
            json.dump(data, out)


if __name__ == "__main__":
    bench_cli.run(main)
