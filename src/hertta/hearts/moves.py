"""The error of an illegal pass, play or moon choice, with a machine-readable reason."""

from __future__ import annotations

from typing import Final

from hertta.cards import Card
from hertta.errors import IllegalMoveError

REASONS: Final = (
    "wrong_phase",
    "not_your_turn",
    "not_in_hand",
    "must_follow_suit",
    "hearts_not_broken",
    "no_points_first_trick",
    "must_lead_opening_club",
    "already_passed",
    "wrong_pass_count",
    "unknown_moon_option",
)
"""Every ``HeartsMoveError.reason``: what the web UI explains after an illegal tap."""


class HeartsMoveError(IllegalMoveError):
    """An illegal pass, play or moon choice. ``reason`` is one of :data:`REASONS`; ``seat`` and
    ``card`` say who tried what (``card`` is None for passes and moon choices)."""

    def __init__(self, message: str, reason: str, seat: int, card: Card | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.card = card
