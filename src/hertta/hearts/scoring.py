"""A round's points: the cards each seat took, the moon, and the moon rule.

A moon is shot when one seat takes every penalty card of the deck (and the bonus card too when the
rules say ``moon_needs_bonus``, as Omnibus does). Its worth is the deck's penalty total
(``moon_total``: 26; Black Lady 38, 45 with the A♠; Cancellation 52):

- ``add``: the shooter scores 0 penalty points, every other seat + moon_total;
- ``subtract``: the shooter scores - moon_total, the others 0;
- ``choose``: the shooter picks ``add`` or ``subtract`` after the round.

Bonus cards always count for whoever took them, moon or not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hertta.errors import IllegalMoveError
from hertta.hearts.compiled import CompiledRules
from hertta.hearts.config import MOON_OPTIONS


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The outcome of a finished round.

    ``points``: what each seat adds to its match total. ``penalty`` and ``bonus``: the points of
    the cards each seat took (penalty >= 0, bonus <= 0). ``shooter``: the seat that shot the moon,
    or None. ``moon_option``: ``"add"`` or ``"subtract"`` when a moon was scored, else None.
    """

    points: tuple[int, ...]
    penalty: tuple[int, ...]
    bonus: tuple[int, ...]
    shooter: int | None
    moon_option: str | None

    @property
    def taken(self) -> tuple[int, ...]:
        """Points of the cards taken per seat, before any moon adjustment."""
        return tuple(p + b for p, b in zip(self.penalty, self.bonus, strict=True))


def find_shooter(rules: CompiledRules, penalty: Sequence[int], bonus: Sequence[int]) -> int | None:
    """The seat that shot the moon, or None (see the module docstring)."""
    for seat, points in enumerate(penalty):
        if points == rules.moon_total and (
            not rules.moon_needs_bonus or bonus[seat] == rules.bonus_total
        ):
            return seat
    return None


def moon_points(
    rules: CompiledRules, shooter: int, bonus: Sequence[int], option: str
) -> tuple[int, ...]:
    """Each seat's points for a moon by ``shooter`` scored as ``option`` (add / subtract)."""
    if option not in MOON_OPTIONS:
        raise IllegalMoveError(
            f"unknown moon option {option!r} (expected one of {', '.join(MOON_OPTIONS)})"
        )
    total = rules.moon_total
    if option == "add":
        return tuple(b + (0 if s == shooter else total) for s, b in enumerate(bonus))
    return tuple(b - (total if s == shooter else 0) for s, b in enumerate(bonus))


def score_round(
    rules: CompiledRules,
    penalty: Sequence[int],
    bonus: Sequence[int],
    moon_choice: str | None = None,
) -> RoundScore:
    """Score a finished round from the points each seat took. ``moon_choice`` is the shooter's
    pick under ``choose`` (required then: IllegalMoveError without it) and ignored otherwise."""
    shooter = find_shooter(rules, penalty, bonus)
    penalty_t = tuple(penalty)
    bonus_t = tuple(bonus)
    if shooter is None:
        points = tuple(p + b for p, b in zip(penalty_t, bonus_t, strict=True))
        return RoundScore(points, penalty_t, bonus_t, None, None)
    rule = rules.rules.moon_rule
    if rule == "choose":
        if moon_choice is None:
            raise IllegalMoveError(f"seat {shooter} shot the moon and must choose add or subtract")
        option = moon_choice
    else:
        option = rule
    return RoundScore(
        moon_points(rules, shooter, bonus_t, option), penalty_t, bonus_t, shooter, option
    )
