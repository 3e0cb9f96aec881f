"""A finished Hearts match laid open round by round, for its replay page.

A match is its code and its decision log (``docs/hearts-decisions.md``): replaying the log on
the code through the rules' one path gives every round back. Each round is shown as it was
dealt, what each seat passed, every trick in order (who led, who played what, who took it and
its points) and the round's points and totals. Only finished matches are laid open: the caller
checks that the match is over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hertta.hearts import MatchState, Phase
from hertta.hearts.decisions import Decision, NextRound, apply_decision
from hertta.hearts.match import new_match
from hertta.tables.hearts_view import public_trick_json, reveal_json, summary_json


def _round_json(match: MatchState) -> dict[str, Any]:
    state = match.round
    return {
        "index": match.round_index,
        "dealer": state.dealer,
        "pass_direction": state.pass_direction.value,
        **reveal_json(state),
        "tricks": [public_trick_json(trick) for trick in state.tricks],
        "summary": summary_json(match),
    }


def match_rounds(code: str, decisions: Sequence[Decision]) -> list[dict[str, Any]]:
    """Every finished round of the match of ``code`` after ``decisions``, in order."""
    match = new_match(code)
    rounds: list[dict[str, Any]] = []
    for decision in decisions:
        if isinstance(decision, NextRound) and match.round.phase is Phase.ROUND_OVER:
            rounds.append(_round_json(match))
        match = apply_decision(match, decision)
    if match.round.phase is Phase.ROUND_OVER and len(rounds) == match.round_index:
        rounds.append(_round_json(match))
    return rounds
