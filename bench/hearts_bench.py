"""Random 4-player standard Hearts rounds per second: hertta's engine against OpenSpiel's.

Each round is a deal, a pass (hertta cycles left, right, across, none; OpenSpiel draws the
direction at its first chance node), 52 random legal plays and the scoring. Measured:

- ``hertta stepwise``: the unchecked engine driven card by card through its general API, the
  exact match-code deal from a seed (``deal_indices``), then ``legal_mask()``/``play()`` with
  every pick from ``SplitMix64.below``; ``hertta stepwise pool``: the same with
  ``random_deal_indices`` and the picks of :class:`DigitPicker`;
- ``hertta playout``: the same engine as Monte Carlo search drives it: ``random_deal_indices``
  and ``FastRound.random_playout``, whose picks take digits of shared 64-bit draws;
- ``hertta validated``: the immutable, validated path (``deal_round``, ``submit_pass``,
  ``play_card``) that people, bots and replays use;
- ``openspiel below`` / ``openspiel pool``: ``pyspiel.load_game("hearts",
  {"qs_breaks_hearts": False})`` (the ``bench`` extra, ``pip install open-spiel``) driven from
  Python: at chance nodes (the pass direction, then the deal card by card) a uniform pick from
  ``chance_outcomes()``, otherwise from ``legal_actions()``; picks from ``SplitMix64.below``
  (as stepwise) or from shared-draw digits (:class:`DigitPicker`, as stepwise pool and playout).

So each ratio compares the two engines with the same kind of random picks. Every figure is the
median of ``--runs`` runs of ``--seconds`` seconds of process CPU time, the runs of all engines
interleaved (the machine is shared and its load drifts); the ratios are the median of the
per-run ratios.

Run: ``.venv/bin/python bench/hearts_bench.py`` (about 90 s with the defaults).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import bench_cli
from hertta.hearts.compiled import CompiledRules, compile_rules
from hertta.hearts.config import preset
from hertta.hearts.dealing import DigitPicker, deal_indices, random_deal_indices
from hertta.hearts.deck import PASS_CYCLES, pass_offset
from hertta.hearts.fast import FastRound
from hertta.hearts.round import Phase, deal_round, play_card, submit_pass
from hertta.rng import SplitMix64

PLAYERS = 4
OFFSETS = [pass_offset(d, PLAYERS) for d in PASS_CYCLES[PLAYERS]]


def random_passes(hands: list[list[int]], below: Callable[[int], int]) -> list[list[int]]:
    passes = []
    for hand in hands:
        pool = list(hand)
        passes.append([pool.pop(below(len(pool))) for _ in range(3)])
    return passes


def stepwise_round(
    rules: CompiledRules, rng: SplitMix64, index: int, pool: DigitPicker | None = None
) -> tuple[int, ...]:
    """One random round card by card through ``legal_mask()`` and ``play()``. Without
    ``pool``: the exact match-code deal from a seed and every pick from ``rng.below``; with it:
    ``random_deal_indices`` and every pick from ``pool.below``."""
    dealer = index % PLAYERS
    below: Callable[[int], int]
    if pool is None:
        hands, kitty = deal_indices(rules, dealer, rng.next_u64())
        below = rng.below
    else:
        hands, kitty = random_deal_indices(rules, dealer, rng)
        below = pool.below
    game = FastRound.start(rules, dealer, hands, kitty)
    offset = OFFSETS[index % len(OFFSETS)]
    if offset:
        game.exchange(random_passes(hands, below), offset)
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
        game.exchange(random_passes(hands, DigitPicker(rng).below), offset)
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
    """Rounds per second of this process's CPU time, over about ``seconds`` seconds of CPU
    time. CPU time rather than wall time: the machine is shared, and time spent waiting for a
    core is nobody's engine (OpenSpiel's C++ runs in this thread, so it is counted too)."""
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        one_round(count)
        count += 1
        if count % 16 == 0 and time.process_time() >= deadline:
            break
    return count / (time.process_time() - start)


def measure(
    engines: dict[str, Callable[[int], object]], seconds: float, runs: int
) -> dict[str, list[float]]:
    """``runs`` rounds of runs, one run of every engine per round, interleaved so that a change
    in the machine's load (it is shared) hits every engine alike."""
    rates: dict[str, list[float]] = {name: [] for name in engines}
    for run in range(runs):
        for name, one_round in engines.items():
            print(f"  run {run + 1}/{runs}: {name}", file=sys.stderr, flush=True)
            rates[name].append(rate(one_round, seconds))
    for name, values in rates.items():
        shown = ", ".join(f"{r:,.0f}" for r in values)
        print(f"{name:18s} {statistics.median(values):10,.0f} rounds/s   (runs: {shown})")
    return rates


def ratio(rates: dict[str, list[float]], ours: str, theirs: str) -> str:
    """The median of the per-run ratios, and the ratio of the medians."""
    paired = statistics.median(a / b for a, b in zip(rates[ours], rates[theirs], strict=True))
    medians = statistics.median(rates[ours]) / statistics.median(rates[theirs])
    return f"{paired:.2f}x (median of per-run ratios; ratio of medians {medians:.2f}x)"


def main() -> None:
    parser = argparse.ArgumentParser(description=bench_cli.description(__doc__))
    parser.add_argument("--seconds", type=bench_cli.seconds, default=5.0, help="length of one run")
    parser.add_argument(
        "--runs", type=bench_cli.count, default=3, help="runs per engine (median shown)",
    )
    parser.add_argument("--seed", type=bench_cli.whole, default=2024)
    args = parser.parse_args()

    rules = compile_rules(preset("standard"), PLAYERS)
    rngs = [SplitMix64(args.seed + k) for k in range(6)]
    ours_pool = DigitPicker(rngs[4])
    spiel_pool = DigitPicker(rngs[5])
    engines: dict[str, Callable[[int], object]] = {
        "hertta stepwise": lambda i: stepwise_round(rules, rngs[0], i),
        "hertta stepwise pool": lambda i: stepwise_round(rules, rngs[1], i, ours_pool),
        "hertta playout": lambda i: playout_round(rules, rngs[2], i),
        "hertta validated": lambda i: validated_round(rngs[3], i),
    }
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
        spiel_rng = SplitMix64(args.seed + 6)
        engines["openspiel below"] = lambda i: openspiel_round(game, spiel_rng.below)
        engines["openspiel pool"] = lambda i: openspiel_round(game, spiel_pool.below)
    rates = measure(engines, args.seconds, args.runs)
    if pyspiel is None:
        print("openspiel not installed (pip install open-spiel): no ratio")
        return
    pairs = [
        ("hertta stepwise", "openspiel below"),
        ("hertta stepwise pool", "openspiel pool"),
        ("hertta playout", "openspiel pool"),
    ]
    for ours, theirs in pairs:
        print(f"ratio {ours} / {theirs}: {ratio(rates, ours, theirs)}")
    print("(goal: at least 2.0x)")


if __name__ == "__main__":
    bench_cli.run(main)
