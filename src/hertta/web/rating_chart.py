"""A small line chart of a rating over matches, as numbers for an inline SVG drawn by the
page's template (no chart library, no script: the server works the coordinates out)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

WIDTH: Final = 320
HEIGHT: Final = 120
LEFT: Final = 40
"""Room for the axis labels."""
RIGHT: Final = 8
TOP: Final = 10
BOTTOM: Final = 10


@dataclass(frozen=True, slots=True)
class RatingChart:
    """``values``: what is drawn, oldest first; ``points``: the polyline's ``x,y`` pairs;
    ``dots``: the same as pairs; ``low``/``high``: the values at the bottom and top of the plot
    (at ``low_y`` and ``high_y``)."""

    values: tuple[float, ...]
    width: int
    height: int
    points: str
    dots: tuple[tuple[float, float], ...]
    low: float
    high: float
    low_y: float
    high_y: float
    left: int


def rating_chart(values: Sequence[float]) -> RatingChart | None:
    """The chart of ``values`` (oldest first); None with fewer than two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < 1:
        # A flat line is drawn across the middle of a band one point high.
        middle = (high + low) / 2
        low, high = middle - 0.5, middle + 0.5
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    step = plot_w / (len(values) - 1)
    dots = tuple(
        (round(LEFT + index * step, 1), round(TOP + (high - value) / (high - low) * plot_h, 1))
        for index, value in enumerate(values)
    )
    points = " ".join(f"{x},{y}" for x, y in dots)
    return RatingChart(
        tuple(values), WIDTH, HEIGHT, points, dots, low, high, TOP + plot_h, TOP, LEFT
    )
