"""Deal survey statistics (pure): what share of deals can be won or are dead at the deal.

The process pool, the clock and the progress bar live in :mod:`hertta.cli.h2h_solver`; this
module classifies deals and summarises numbers.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hertta.solitaire.solver import deal_abstraction, is_dead, winning_pairs

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Share:
    """``count`` out of ``total``, with a Wilson score interval."""

    count: int
    total: int
    low: float
    high: float

    @property
    def share(self) -> float:
        return self.count / self.total if self.total else 0.0

    def as_json(self) -> dict[str, object]:
        return {
            "count": self.count,
            "total": self.total,
            "share": self.share,
            "ci95": [self.low, self.high],
        }


def wilson_interval(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial share: unlike the normal approximation it stays
    inside [0, 1] and behaves for shares near 0 or 1 and small samples."""
    if total <= 0:
        return (0.0, 1.0)
    p = successes / total
    z2 = z * z
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = z * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    return (max(0.0, centre - half), min(1.0, centre + half))


def share_of(count: int, total: int) -> Share:
    low, high = wilson_interval(count, total)
    return Share(count, total, low, high)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile (``q`` in 0..100) of ascending values; 0.0 when empty."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def median(values: Sequence[float]) -> float:
    """The median: the middle value, or the mean of the two middle ones (0.0 when empty). A
    whole number stays an int, so 68 moves print as 68 and 68 and 75 as 71.5."""
    if not values:
        return 0.0
    middle = statistics.median(values)
    return int(middle) if float(middle).is_integer() and isinstance(values[0], int) else middle


def classify_deal(number: int) -> tuple[bool, bool]:
    """(dead at the start, winnable) for deal ``number``."""
    state = deal_abstraction(number)
    return is_dead(state), winning_pairs(state) is not None


def distribution(values: Iterable[int]) -> dict[int, int]:
    """How many times each value occurs, by ascending value."""
    return dict(sorted(Counter(values).items()))
