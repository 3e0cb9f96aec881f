"""Determinized Monte Carlo evaluation: Hard's search, shared by plays and passes.

One iteration ("world") samples the hidden cards consistently with what the seat knows
(:mod:`hertta.ai.sampling`), then plays every candidate in that same world and finishes the round
with the rollout policy (:mod:`hertta.ai.rollout`) for every seat. Using one world for all
candidates makes their comparison paired, so fewer worlds tell them apart. Each world has a
weight, how likely the other seats' past plays were in it (:mod:`hertta.ai.inference`), and the
means are weighted (self-normalised importance sampling).

The score of a finished round is this seat's utility: minus its points, and near the score limit
a bonus for ending the match as a winner (or a malus for ending it as a loser), or, when the
match goes on, what it is then worth to the seat (:func:`continuation_value`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MATCH_END_WEIGHT = 20.0
"""Utility of ending the match ahead (or cost of ending it behind), in round points."""
NEAR_END = 40
"""Within this many points of the score limit (the highest total before the round), a round that
does not end the match is worth the match as it then stands (:func:`continuation_value`)."""
LEADER_POINTS_PER_ROUND = 6.5
"""Points the seat closest to the limit takes in a round, on average (a quarter of 26)."""
SPREAD_PER_ROUND = 5.0
"""Logistic scale of one round's change in the difference of two seats' totals: that change has
a standard deviation of about 9 points (one seat's points in a round, about 7), and a logistic
of the same deviation has the scale 9 * sqrt(3) / pi."""


def round_utility(points: Sequence[int], seat: int, totals: Sequence[int], limit: int) -> float:
    """Minus ``seat``'s points, plus the match-end term when the round ends the match, or in
    the last :data:`NEAR_END` points of the match what the match is worth as it goes on."""
    new = [t + p for t, p in zip(totals, points, strict=True)]
    if max(new) >= limit:
        return _ended(points, seat, new)
    if max(totals) >= limit - NEAR_END:
        return continuation_value(new, seat, limit) - points[seat]
    return -float(points[seat])


def ending_utility(points: Sequence[int], seat: int, totals: Sequence[int], limit: int) -> float:
    """Minus ``seat``'s points, plus the match-end term when the round ends the match; a match
    that goes on is worth 0 (the utility until 2026-12-03, kept for measuring)."""
    new = [t + p for t, p in zip(totals, points, strict=True)]
    return _ended(points, seat, new) if max(new) >= limit else -float(points[seat])


def _ended(points: Sequence[int], seat: int, new: Sequence[int]) -> float:
    """A round that ends the match with the totals ``new``: minus the points, plus or minus
    the match-end term as the seat ends it ahead (a tie for the lowest counts) or behind."""
    return -points[seat] + (MATCH_END_WEIGHT if new[seat] == min(new) else -MATCH_END_WEIGHT)


def continuation_value(totals: Sequence[int], seat: int, limit: int) -> float:
    """What a match that goes on from ``totals`` is worth to ``seat`` on the match-end term's
    scale: ``MATCH_END_WEIGHT * (2p - 1)``, ``p`` the seat's chance to win it, a softmin of the
    totals whose scale grows with the rounds likely left. Without it a match that goes on was
    worth 0 against -20 for ending it behind, so a seat with no chance left would take points
    itself to keep another seat under the limit."""
    rounds_left = max(1.0, (limit - max(totals)) / LEADER_POINTS_PER_ROUND)
    scale = SPREAD_PER_ROUND * math.sqrt(rounds_left)
    low = min(totals)
    chances = [math.exp((low - t) / scale) for t in totals]
    share = chances[seat] / sum(chances)
    return MATCH_END_WEIGHT * (2 * share - 1)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Paired results: ``values[i][w]`` is candidate ``i``'s utility in world ``w``, and
    ``weights[w]`` that world's weight (all 1 when empty)."""

    values: tuple[tuple[float, ...], ...]
    weights: tuple[float, ...] = ()

    @property
    def worlds(self) -> int:
        return len(self.values[0]) if self.values else 0

    def _weights(self) -> Sequence[float]:
        return self.weights or [1.0] * self.worlds

    @property
    def effective_worlds(self) -> float:
        """Kish's effective sample size of the weights."""
        w = self._weights()
        square = sum(x * x for x in w)
        return sum(w) ** 2 / square if square else 0.0

    def mean(self, i: int) -> float:
        row = self.values[i]
        if not row:
            return 0.0
        w = self._weights()
        return sum(x * v for x, v in zip(w, row, strict=True)) / sum(w)

    def paired_gap(self, i: int, j: int) -> tuple[float, float]:
        """Weighted mean of ``values[i] - values[j]`` over the worlds and its standard error
        (with equal weights, the usual sample standard error)."""
        diffs = [a - b for a, b in zip(self.values[i], self.values[j], strict=True)]
        n = len(diffs)
        if n == 0:
            return 0.0, math.inf
        w = self._weights()
        total = sum(w)
        mean = sum(x * d for x, d in zip(w, diffs, strict=True)) / total
        if n == 1:
            return mean, math.inf
        spread = sum((x * (d - mean)) ** 2 for x, d in zip(w, diffs, strict=True))
        return mean, math.sqrt(spread * n / (n - 1)) / total

    def choose(self, prior: int, margin: float, z: float) -> int:
        """The best candidate by mean, unless it does not beat ``prior`` (the rule-based
        choice) by more than ``margin`` points and ``z`` standard errors: then ``prior``."""
        best = max(range(len(self.values)), key=lambda i: (self.mean(i), i == prior))
        if best == prior:
            return prior
        gap, error = self.paired_gap(best, prior)
        return best if gap > margin and gap > z * error else prior


World = Callable[[], tuple[float, Sequence[float]]]
"""Samples one world and returns its log-weight and every candidate's utility in it."""

Utility = Callable[[Sequence[int], int, Sequence[int], int], float]
"""A finished round's value to a seat: (points, seat, totals before the round, score limit)."""


class Collector:
    """Gathers worlds one at a time into an :class:`Evaluation`."""

    def __init__(self, candidates: int) -> None:
        self.rows: list[list[float]] = [[] for _ in range(candidates)]
        self.logs: list[float] = []

    def add(self, log_weight: float, values: Sequence[float]) -> None:
        self.logs.append(log_weight)
        for row, value in zip(self.rows, values, strict=True):
            row.append(value)

    def result(self) -> Evaluation:
        weights: tuple[float, ...] = ()
        if self.logs and any(x != self.logs[0] for x in self.logs):
            top = max(self.logs)
            weights = tuple(math.exp(x - top) for x in self.logs)
        return Evaluation(tuple(tuple(r) for r in self.rows), weights)


def evaluate(world: World, candidates: int, worlds: int) -> Evaluation:
    """Run ``worlds`` iterations of ``world`` (each scoring all ``candidates``)."""
    collector = Collector(candidates)
    for _ in range(worlds):
        collector.add(*world())
    return collector.result()
