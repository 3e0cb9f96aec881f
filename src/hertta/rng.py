"""Our own seeded, versioned random numbers: SplitMix64 and an exact Fisher-Yates shuffle.

Nothing in deals uses Python's ``random`` module: its algorithms are not promised to stay the same
across versions. SplitMix64 (Steele, Lea and Flood, 2014) is tiny, fully specified by the
constants below and passes BigCrush; the same seed gives the same stream on every machine forever.

``below(n)`` draws an exactly uniform integer in ``[0, n)`` by rejection: a 64-bit draw ``x`` is
rejected while ``x >= 2**64 - (2**64 % n)``, then ``x % n`` is returned. No floats anywhere.

``shuffle`` is Fisher-Yates from the end: for ``i`` from ``len-1`` down to ``1``, swap item ``i``
with item ``below(i + 1)``. ``docs/deal-codes.md`` restates all of this for reimplementation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """SplitMix64's output function (a bijection on 64-bit integers)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """A SplitMix64 stream. ``state`` advances by the golden gamma; outputs are ``mix64(state)``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """An exactly uniform integer in ``[0, n)``, ``1 <= n <= 2**64``."""
        if not 1 <= n <= 1 << 64:
            raise ValueError(f"below() needs 1 <= n <= 2**64, got {n!r}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Return a shuffled copy of ``items`` (exact Fisher-Yates from the end)."""
        deck = list(items)
        for i in range(len(deck) - 1, 0, -1):
            j = self.below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits, for AI play (never for deals)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def fork(self, label: int) -> SplitMix64:
        """An independent stream derived from this one and ``label`` (e.g. a seat number)."""
        return SplitMix64(mix64(self.next_u64() ^ mix64(label & MASK64)))


def derive_seed(*parts: int) -> int:
    """Combine integers into one 64-bit seed: ``h = mix64(h ^ mix64(part))`` from ``h = 0``."""
    h = 0
    for part in parts:
        h = mix64((h ^ mix64(part & MASK64)) & MASK64)
    return h
