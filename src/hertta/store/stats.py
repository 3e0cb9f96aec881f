"""Statistics computed from result rows (pure: no database, no clock)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hertta.store.store import GameResult


def whole_percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` in whole percent, a half rounded up as the browser's numbers are
    (5 of 8 is 63, where round() gave the even 62); 0 of nothing is 0."""
    return (200 * part + whole) // (2 * whole) if whole else 0


@dataclass(frozen=True, slots=True)
class SolitaireStats:
    """Heart to Heart statistics. A game counts as played from its first move."""

    played: int
    won: int
    current_streak: int
    best_streak: int
    best_time_ms: int | None
    fewest_moves: int | None

    @property
    def win_percent(self) -> int:
        return whole_percent(self.won, self.played)


def solitaire_stats(results: Sequence[GameResult]) -> SolitaireStats:
    """Statistics of results in the order they were started.

    Streaks run over decided games: a game still open (the one in progress, or a dead end the
    player may still undo) neither extends nor breaks a streak until it is won or abandoned.
    """
    wins = [r for r in results if r.outcome == "won"]
    best = current = 0
    for result in results:
        if result.outcome == "won":
            current += 1
            best = max(best, current)
        elif result.outcome == "lost":
            current = 0
    return SolitaireStats(
        played=len(results),
        won=len(wins),
        current_streak=current,
        best_streak=best,
        best_time_ms=min((r.elapsed_ms for r in wins), default=None),
        fewest_moves=min((r.moves for r in wins), default=None),
    )


@dataclass(frozen=True, slots=True)
class HeartsStats:
    """Hearts statistics of one player (seat 0 of every match). A match counts as played
    from its first decision; one left unfinished counts as played and not won."""

    played: int
    won: int
    rounds: int
    points: int
    moons: int

    @property
    def average_points(self) -> float | None:
        """Points per round (None before any round is finished)."""
        return self.points / self.rounds if self.rounds else None

    @property
    def win_percent(self) -> int:
        return whole_percent(self.won, self.played)


def _whole(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def hearts_stats(results: Sequence[GameResult]) -> HeartsStats:
    """Statistics from result rows of kind ``hearts`` (open ones count as played)."""
    rounds = points = moons = 0
    for result in results:
        rounds += _whole(result.data.get("rounds"))
        points += _whole(result.data.get("points"))
        moons += _whole(result.data.get("moons"))
    return HeartsStats(
        played=len(results),
        won=sum(1 for r in results if r.outcome == "won"),
        rounds=rounds,
        points=points,
        moons=moons,
    )
