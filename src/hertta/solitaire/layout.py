"""The heart: 25 positions in 7 rows (4, 6, 5, 4, 3, 2, 1) and which cards cover which.

Positions are numbered 1..25 row by row, top to bottom, left to right. Each position has a row and
an x coordinate in half-card units; a card at (row r, x) is covered by the cards of row r+1 at x-1
and x+1 that exist. The covering relation is derived from this data, never from pixels.
"""

from __future__ import annotations

ROW_XS: tuple[tuple[int, ...], ...] = (
    (-4, -2, 2, 4),
    (-5, -3, -1, 1, 3, 5),
    (-4, -2, 0, 2, 4),
    (-3, -1, 1, 3),
    (-2, 0, 2),
    (-1, 1),
    (0,),
)
"""x coordinates (half-card units) of each row's slots, top row first."""

POSITION_COUNT = 25
POSITIONS: tuple[int, ...] = tuple(range(1, POSITION_COUNT + 1))
POINT = 25
"""The heart's point: the bottom card, the only one free at the start."""


def _build() -> tuple[dict[int, tuple[int, int]], dict[int, tuple[int, ...]]]:
    coords: dict[int, tuple[int, int]] = {}
    by_coord: dict[tuple[int, int], int] = {}
    pos = 1
    for row, xs in enumerate(ROW_XS, start=1):
        for x in xs:
            coords[pos] = (row, x)
            by_coord[(row, x)] = pos
            pos += 1
    covering: dict[int, tuple[int, ...]] = {}
    for p, (row, x) in coords.items():
        covering[p] = tuple(
            by_coord[(row + 1, cx)] for cx in (x - 1, x + 1) if (row + 1, cx) in by_coord
        )
    return coords, covering


COORDINATES, COVERING = _build()
"""``COORDINATES[p] = (row, x)``; ``COVERING[p]``: the positions whose cards cover ``p``."""

COVERED_BY_MASKS: tuple[int, ...] = (
    0,
    *(sum(1 << (q - 1) for q in COVERING[p]) for p in POSITIONS),
)
"""Masks of ``COVERING`` (bit ``q-1`` for position ``q``), indexed by position; index 0 unused."""


def is_free(position: int, present_mask: int) -> bool:
    """Whether the card at ``position`` is present and uncovered, given the present-cards mask."""
    return (present_mask >> (position - 1)) & 1 == 1 and (
        present_mask & COVERED_BY_MASKS[position]
    ) == 0
