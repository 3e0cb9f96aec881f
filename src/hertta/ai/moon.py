"""The moon choice (moon rule ``choose``): which scoring serves the shooter best.

The choice has no hidden information: both options' points are in the observation. Normal
compares the totals each option leaves: a match that ends is judged by whether this seat wins
it; otherwise by this seat's margin to the best other total. Hard refines the same comparison
by playing the rest of the match out (:func:`hertta.ai.hard.HardPlayer.choose_moon`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hertta.hearts.observation import Observation

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
