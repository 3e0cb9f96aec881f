"""Determinized Monte Carlo evaluation: Hard's search, shared by plays and passes.

One iteration ("world") samples the hidden cards consistently with what the seat knows
(:mod:`hertta.ai.sampling`), then plays every candidate in that same world and finishes the round
with the rollout policy (:mod:`hertta.ai.rollout`) for every seat. Using one world for all
candidates makes their comparison paired, so fewer worlds tell them apart.

The score of a finished round is this seat's utility: minus its points, and near the score limit
a bonus for ending the match as a winner (or a malus for ending it as a loser).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MATCH_END_WEIGHT = 20.0
"""Utility of ending the match ahead (or cost of ending it behind), in round points."""


def round_utility(points: Sequence[int], seat: int, totals: Sequence[int], limit: int) -> float:
    """Minus ``seat``'s points, plus the match-end term when the round ends the match."""
    value = -float(points[seat])
    new = [t + p for t, p in zip(totals, points, strict=True)]
    if max(new) >= limit:
        value += MATCH_END_WEIGHT if new[seat] == min(new) else -MATCH_END_WEIGHT
    return value


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Paired results: ``values[i][w]`` is candidate ``i``'s utility in world ``w``."""

    values: tuple[tuple[float, ...], ...]

    @property
    def worlds(self) -> int:
        return len(self.values[0]) if self.values else 0

    def mean(self, i: int) -> float:
        row = self.values[i]
        return sum(row) / len(row) if row else 0.0

    def paired_gap(self, i: int, j: int) -> tuple[float, float]:
        """Mean of ``values[i] - values[j]`` over the worlds and its standard error."""
        diffs = [a - b for a, b in zip(self.values[i], self.values[j], strict=True)]
        n = len(diffs)
        if n == 0:
            return 0.0, math.inf
        mean = sum(diffs) / n
        if n == 1:
            return mean, math.inf
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean, math.sqrt(var / n)

    def choose(self, prior: int, margin: float, z: float) -> int:
        """The best candidate by mean, unless it does not beat ``prior`` (the rule-based
        choice) by more than ``margin`` points and ``z`` standard errors: then ``prior``."""
        best = max(range(len(self.values)), key=lambda i: (self.mean(i), i == prior))
        if best == prior:
            return prior
        gap, error = self.paired_gap(best, prior)
        return best if gap > margin and gap > z * error else prior


World = Callable[[], Sequence[float]]
"""Samples one world and returns every candidate's utility in it."""


def evaluate(world: World, candidates: int, worlds: int) -> Evaluation:
    """Run ``worlds`` iterations of ``world`` (each scoring all ``candidates``)."""
    rows: list[list[float]] = [[] for _ in range(candidates)]
    for _ in range(worlds):
        for i, value in enumerate(world()):
            rows[i].append(value)
    return Evaluation(tuple(tuple(r) for r in rows))
