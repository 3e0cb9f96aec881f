"""The moon choice (moon rule ``choose``): which scoring serves the shooter best.

The choice has no hidden information: both options' points are in the observation. Normal
compares the totals each option leaves: a match that ends is judged by whether this seat wins
it; otherwise by this seat's margin to the best other total (:func:`best_moon_option`). Hard
refines the same comparison by playing the rest of the match out (:func:`match_playout_choice`):
random deals, each round passed as the match's cycle goes on (every seat by Normal's rules) and
played by the rollout policy, the same rounds for every option.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hertta.ai.passing import PassContext, normal_pass
from hertta.ai.rollout import final_points, play_out
from hertta.ai.rollout_tables import PolicyTables, policy_tables
from hertta.cards import Card
from hertta.hearts.compiled import CompiledRules, compile_rules
from hertta.hearts.dealing import random_deal_indices
from hertta.hearts.deck import (
    PASS_CYCLES,
    PassDirection,
    pass_direction_for_round,
    pass_offset,
)
from hertta.hearts.fast import FastRound
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64

MAX_FUTURE_ROUNDS = 200
"""A match that has not ended after this many more rounds is left as it stands."""

MATCH_RESULT_WEIGHT = 1000
"""Ending the match as a winner (or not) outweighs any margin."""


def option_value(totals: Sequence[int], points: Sequence[int], seat: int, limit: int) -> float:
    """How good ``points`` added to ``totals`` are for ``seat``."""
    new = [t + p for t, p in zip(totals, points, strict=True)]
    margin = min(v for s, v in enumerate(new) if s != seat) - new[seat]
    if max(new) >= limit:
        won = new[seat] == min(new)
        return margin + (MATCH_RESULT_WEIGHT if won else -MATCH_RESULT_WEIGHT)
    return margin


def moon_options(obs: Observation) -> dict[str, tuple[int, ...]]:
    return dict(obs.moon_options)


def best_moon_option(obs: Observation) -> str:
    """The option with the best :func:`option_value`; ``add`` on a tie."""
    options = moon_options(obs)
    if not options:
        return "add"
    return max(
        sorted(options),
        key=lambda name: (
            option_value(obs.match_totals, options[name], obs.seat, obs.rules.score_limit),
            name == "add",
        ),
    )


def match_playout_choice(obs: Observation, rng: SplitMix64, samples: int) -> str:
    """Hard's choice: exact (:func:`best_moon_option`) when an option ends the match;
    otherwise the option under which this seat wins the rest of the match most often over
    ``samples`` sampled continuations (ties: :func:`option_value`, then ``add``)."""
    options = moon_options(obs)
    if len(options) < 2:
        return best_moon_option(obs)
    limit = obs.rules.score_limit
    totals = obs.match_totals
    outcomes = {
        name: [t + p for t, p in zip(totals, points, strict=True)]
        for name, points in options.items()
    }
    if any(max(new) >= limit for new in outcomes.values()):
        return best_moon_option(obs)
    wins = {name: 0.0 for name in options}
    compiled = compile_rules(obs.rules, obs.players)
    tables = policy_tables(compiled)
    for _ in range(samples):
        future = future_rounds(compiled, tables, obs, outcomes, rng)
        for name, start in outcomes.items():
            wins[name] += match_share(start, future, obs.seat, limit)
    best = max(wins.values())
    leaders = [name for name in sorted(options) if wins[name] == best]
    if len(leaders) == 1:
        return leaders[0]
    return max(
        leaders,
        key=lambda name: (option_value(totals, options[name], obs.seat, limit), name == "add"),
    )


def next_directions(players: int, current: PassDirection) -> Iterator[PassDirection]:
    """The passes of the rounds after one that passed ``current``, as the match's cycle goes
    on (from the cycle's start when ``current`` is not in it: an engine request may send any
    direction its player count allows)."""
    cycle = PASS_CYCLES[players]
    round_index = cycle.index(current) + 1 if current in cycle else 0
    while True:
        yield pass_direction_for_round(players, round_index)
        round_index += 1


def passed_deal(
    compiled: CompiledRules, dealer: int, direction: PassDirection, rng: SplitMix64
) -> FastRound:
    """A random deal after its pass: every seat passes Normal's three cards in ``direction``.
    (Normal's pass is the model of every seat here, as in Hard's pass search.)"""
    hands, kitty = random_deal_indices(compiled, dealer, rng)
    game = FastRound.start(compiled, dealer, hands, kitty)
    if direction is not PassDirection.NONE:
        rules = compiled.rules
        passes = [
            [card.index for card in normal_pass(PassContext(_cards(hand), rules))]
            for hand in hands
        ]
        game.exchange(passes, pass_offset(direction, compiled.players))
    return game


def _cards(indices: Sequence[int]) -> tuple[Card, ...]:
    return tuple(Card.from_index(i) for i in indices)


def future_rounds(
    compiled: CompiledRules,
    tables: PolicyTables,
    obs: Observation,
    outcomes: dict[str, list[int]],
    rng: SplitMix64,
) -> list[list[int]]:
    """Round points of sampled future rounds, enough to end the match under every option."""
    limit = obs.rules.score_limit
    n = obs.players
    running = {name: list(start) for name, start in outcomes.items()}
    rounds: list[list[int]] = []
    dealer = obs.dealer
    directions = next_directions(n, obs.pass_direction)
    while any(max(t) < limit for t in running.values()) and len(rounds) < MAX_FUTURE_ROUNDS:
        dealer = (dealer + 1) % n
        game = passed_deal(compiled, dealer, next(directions), rng)
        play_out(game, tables)
        points = final_points(game)
        rounds.append(points)
        for t in running.values():
            if max(t) < limit:
                for s in range(n):
                    t[s] += points[s]
    return rounds


def match_share(
    start: Sequence[int], rounds: Sequence[Sequence[int]], seat: int, limit: int
) -> float:
    """1 when ``seat`` wins the match that goes on from ``start`` through ``rounds`` (shared
    among tied winners), else 0."""
    totals = list(start)
    for points in rounds:
        if max(totals) >= limit:
            break
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    best = min(totals)
    if totals[seat] != best:
        return 0.0
    return 1.0 / totals.count(best)
