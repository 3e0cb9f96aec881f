"""Exact winnability of Heart to Heart positions.

With unlimited recycles the stock and the waste form a reservoir: any reservoir card can be brought
to the waste top by flips and recycles without changing anything else, so a position's fate depends
only on which heart cards remain and the multiset of reservoir ranks, not their order.
"""

from __future__ import annotations

from functools import cache

from hertta.solitaire.game import Position
from hertta.solitaire.layout import COVERED_BY_MASKS, POSITIONS

FULL_MASK = (1 << 25) - 1


def abstract_state(position: Position) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """(rank of each heart slot (0 if empty), present mask, reservoir count per rank 1..13)."""
    ranks = tuple(0 if c is None else _rank_index(c.rank) for c in position.heart)
    counts = [0] * 14
    for card in (*position.stock, *position.waste):
        counts[_rank_index(card.rank)] += 1
    return ranks, position.present_mask, tuple(counts)


def _rank_index(rank: int) -> int:
    return 1 if rank == 14 else int(rank)


def is_winnable(position: Position) -> bool:
    ranks, mask, counts = abstract_state(position)
    return _winnable(ranks, mask, counts)


def _winnable(ranks: tuple[int, ...], mask: int, counts: tuple[int, ...]) -> bool:
    @cache
    def solve(mask: int, counts: tuple[int, ...]) -> bool:
        if mask == 0:
            return True
        free = [p for p in POSITIONS if (mask >> (p - 1)) & 1 and not mask & COVERED_BY_MASKS[p]]
        for i, p in enumerate(free):
            r = ranks[p - 1]
            for q in free[i + 1 :]:
                if ranks[q - 1] == r and solve(mask & ~(1 << (p - 1)) & ~(1 << (q - 1)), counts):
                    return True
            if counts[r]:
                c = list(counts)
                c[r] -= 1
                if solve(mask & ~(1 << (p - 1)), tuple(c)):
                    return True
        return False

    return solve(mask, counts)
