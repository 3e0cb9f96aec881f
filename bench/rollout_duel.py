"""Hard's rollout policy in one seat against a table of a baseline policy, in the fast engine.

    .venv/bin/python bench/rollout_duel.py [--deals 6000] [--preset standard] [--players 4]

Duplicate deals: each deal is played once with the baseline in every seat and once per seat
with the current policy in that seat alone; the figure is the baseline seat's points minus the
current policy's in the same seat of the same deal (positive: the current policy is better),
with a 95% interval over deals. Both policies are deterministic, so the pairing is exact and a
few thousand deals (seconds) measure a tenth of a point. Passes: none (every deal is a hold
round), so the figure is about card play alone.

The named baseline, ``lowest-rank lead``, is the current policy with the lead it had until
2026-12-02: the lowest rank of its hand (after flushing the Q♠ and keeping its spades), where
the current policy leads as Normal's ``lead_low`` does. It lives here only as that baseline.

A stronger player in this duel is not by itself a better model of opponents for the search, but
the rollout also plays the searching seat's own later cards, and its moves are Normal's: a
better rollout player makes Hard's evaluation better where the opponents play well.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import bench_cli
from hertta.ai import rollout
from hertta.ai.rollout_tables import PolicyTables, out_mask, policy_tables
from hertta.ai.tournament import ratio_interval
from hertta.hearts.compiled import SUIT_MASKS, compile_rules
from hertta.hearts.config import preset
from hertta.hearts.dealing import random_deal_indices
from hertta.hearts.fast import FastRound
from hertta.rng import SplitMix64

Policy = Callable[[FastRound, PolicyTables], int]


def lowest_rank_lead(game: FastRound, mask: int, tables: PolicyTables) -> int:
    """The baseline's lead: the rollout's own pool of leads (flush the Q♠, keep spades while
    holding danger), then the lowest rank of any suit."""
    pool = rollout.lead_pool(game, mask, tables, out_mask(game))
    best, best_rank = -1, 99
    for suit in range(4):
        part = pool & SUIT_MASKS[suit]
        if part:
            card = (part & -part).bit_length() - 1
            if card - 13 * suit < best_rank:
                best, best_rank = card, card - 13 * suit
    return best


@contextmanager
def _leading_with(lead: Callable[[FastRound, int, PolicyTables], int]) -> Iterator[None]:
    saved = rollout._lead
    rollout._lead = lead
    try:
        yield
    finally:
        rollout._lead = saved


def baseline_policy(game: FastRound, tables: PolicyTables) -> int:
    with _leading_with(lowest_rank_lead):
        return rollout.fast_choice(game, tables)


def duel(preset_name: str, players: int, deals: int, seed: int) -> tuple[float, float]:
    """Mean and 95% half-width of (baseline minus current) points per round over ``deals``."""
    compiled = compile_rules(preset(preset_name), players)
    tables = policy_tables(compiled)

    def play(hands: list[list[int]], kitty: list[int], seats: list[Policy]) -> list[int]:
        game = FastRound.start(compiled, 0, hands, kitty)
        while game.tricks_left:
            game.play(seats[game.turn](game, tables))
        return rollout.final_points(game)

    diffs = []
    for index in range(deals):
        hands, kitty = random_deal_indices(compiled, 0, SplitMix64(seed + index))
        base = play(hands, kitty, [baseline_policy] * players)
        total = 0
        for seat in range(players):
            seats: list[Policy] = [baseline_policy] * players
            seats[seat] = rollout.fast_choice
            total += base[seat] - play(hands, kitty, seats)[seat]
        diffs.append(total / players)
    mean, _, high = ratio_interval([(d, 1.0) for d in diffs])
    return mean, high - mean


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--deals", type=bench_cli.count, default=6000)
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--players", type=bench_cli.count, default=4)
    parser.add_argument("--seed", type=bench_cli.whole, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    mean, half = duel(args.preset, args.players, args.deals, args.seed)
    print(
        f"rollout policy, one seat vs the others on baseline 'lowest-rank lead', {args.preset} "
        f"{args.players} players, {args.deals} deals: baseline minus current "
        f"{mean:+.3f} {bench_cli.interval(mean - half, mean + half, '+.3f')} points per round "
        f"(+: current better; {time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    bench_cli.run(main)
