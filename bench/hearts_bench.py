"""Random 4-player standard Hearts rounds per second: hertta's engine against OpenSpiel's.

Each round is a deal from a fresh seed, a pass (cycling left, right, across, none), 52 random
legal plays and the scoring. Both engines draw every random choice from the same kind of
generator (``hertta.rng.SplitMix64.below``), so the driver costs the same on both sides; only the
engines differ. OpenSpiel (``pip install open-spiel``, the ``bench`` extra) is driven from Python
with ``pyspiel.load_game("hearts", {"qs_breaks_hearts": False})``: at chance nodes (the pass
direction, then the deal card by card) a uniform pick from ``chance_outcomes()``, otherwise from
``legal_actions()``.

Reported: the median of ``--runs`` runs of ``--seconds`` seconds for each engine:

- ``hertta fast``: the unchecked search path (:class:`hertta.hearts.fast.FastRound`);
- ``hertta validated``: the immutable, validated path (``deal_round``, ``submit_pass``,
  ``play_card``) that people, bots and replays use;
- ``openspiel`` and the ratio fast / openspiel (the goal is at least 2.0).

Run: ``.venv/bin/python bench/hearts_bench.py`` (about 40 s with the defaults).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from hertta.hearts.compiled import CompiledRules, compile_rules
from hertta.hearts.config import preset
from hertta.hearts.dealing import REFILL, deal_indices, random_deal_indices
from hertta.hearts.deck import PASS_CYCLES, pass_offset
from hertta.hearts.fast import FastRound
from hertta.hearts.round import Phase, deal_round, play_card, submit_pass
from hertta.rng import SplitMix64

PLAYERS = 4
OFFSETS = [pass_offset(d, PLAYERS) for d in PASS_CYCLES[PLAYERS]]


class PoolPicker:
    """Uniform picks in ``[0, k)`` taken as digits of shared SplitMix64 draws (as
    :func:`hertta.hearts.dealing.random_permutation` does; bias below 3e-8)."""

    __slots__ = ("pool", "rng", "span")

    def __init__(self, rng: SplitMix64) -> None:
        self.rng = rng
        self.pool = 0
        self.span = 1

    def below(self, k: int) -> int:
        if self.span < REFILL:
            self.pool = self.rng.next_u64()
            self.span = 1 << 64
        pick = self.pool % k
        self.pool //= k
        self.span //= k
        return pick


def random_passes(hands: list[list[int]], below: Callable[[int], int]) -> list[list[int]]:
    passes = []
    for hand in hands:
        pool = list(hand)
        passes.append([pool.pop(below(len(pool))) for _ in range(3)])
    return passes


def stepwise_round(rules: CompiledRules, rng: SplitMix64, index: int) -> tuple[int, ...]:
    """One random round card by card through ``legal_mask()`` and ``play()``: the exact
    match-code deal from a seed, then every pick from ``rng.below``."""
    dealer = index % PLAYERS
    hands, kitty = deal_indices(rules, dealer, rng.next_u64())
    game = FastRound.start(rules, dealer, hands, kitty)
    offset = OFFSETS[index % len(OFFSETS)]
    if offset:
        game.exchange(random_passes(hands, rng.below), offset)
    below = rng.below
    play = game.play
    legal_mask = game.legal_mask
    while game.tricks_left:
        mask = legal_mask()
        skip = below(mask.bit_count())
        while skip:
            mask &= mask - 1
            skip -= 1
        play((mask & -mask).bit_length() - 1)
    return game.score().points


def playout_round(rules: CompiledRules, rng: SplitMix64, index: int) -> tuple[int, ...]:
    """One random round as search code plays it: ``random_deal_indices``, random passes and
    ``random_playout`` (picks from digits of shared 64-bit draws)."""
    dealer = index % PLAYERS
    hands, kitty = random_deal_indices(rules, dealer, rng)
    game = FastRound.start(rules, dealer, hands, kitty)
    offset = OFFSETS[index % len(OFFSETS)]
    if offset:
        game.exchange(random_passes(hands, PoolPicker(rng).below), offset)
    game.random_playout(rng)
    return game.score().points


def validated_round(rng: SplitMix64, index: int) -> tuple[int, ...]:
    """One random round through the validated, immutable path."""
    cycle = PASS_CYCLES[PLAYERS]
    state = deal_round(
        preset("standard"), PLAYERS, index % PLAYERS, cycle[index % len(cycle)], rng.next_u64()
    )
    for seat in state.waiting_for if state.phase is Phase.PASSING else ():
        hand = list(state.hands[seat])
        state = submit_pass(state, seat, [hand.pop(rng.below(len(hand))) for _ in range(3)])
    while state.phase is Phase.PLAYING:
        legal = state.legal_plays
        state = play_card(state, state.turn or 0, legal[rng.below(len(legal))])
    score = state.score
    assert score is not None
    return score.points


def openspiel_round(game: Any, below: Callable[[int], int]) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[below(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply_action(actions[below(len(actions))])
    return list(state.returns())


def rate(one_round: Callable[[int], object], seconds: float) -> float:
    """Rounds per second over about ``seconds`` seconds."""
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        one_round(count)
        count += 1
        if count % 16 == 0 and time.perf_counter() >= deadline:
            break
    return count / (time.perf_counter() - start)


def median_rate(name: str, one_round: Callable[[int], object], seconds: float, runs: int) -> float:
    rates = [rate(one_round, seconds) for _ in range(runs)]
    value = statistics.median(rates)
    shown = ", ".join(f"{r:,.0f}" for r in rates)
    print(f"{name:18s} {value:10,.0f} rounds/s   (runs: {shown})")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=3, help="runs per engine (median shown)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rules = compile_rules(preset("standard"), PLAYERS)
    seconds, runs = args.seconds, args.runs
    rng_a = SplitMix64(args.seed)
    stepwise = median_rate(
        "hertta stepwise", lambda i: stepwise_round(rules, rng_a, i), seconds, runs
    )
    rng_b = SplitMix64(args.seed)
    playout = median_rate("hertta playout", lambda i: playout_round(rules, rng_b, i), seconds, runs)
    rng_c = SplitMix64(args.seed)
    median_rate(
        "hertta validated", lambda i: validated_round(rng_c, i), max(1.0, seconds / 2), runs
    )
    try:
        import pyspiel
    except ImportError:
        print("openspiel          not installed (pip install open-spiel): no ratio")
        return
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    rng_d = SplitMix64(args.seed)
    spiel_below = median_rate(
        "openspiel below", lambda i: openspiel_round(game, rng_d.below), seconds, runs
    )
    pool = PoolPicker(SplitMix64(args.seed))
    spiel_pool = median_rate(
        "openspiel pool", lambda i: openspiel_round(game, pool.below), seconds, runs
    )
    print(f"ratio stepwise / openspiel below: {stepwise / spiel_below:.2f}x")
    print(f"ratio playout  / openspiel pool:  {playout / spiel_pool:.2f}x (goal >= 2.0x)")


if __name__ == "__main__":
    main()
