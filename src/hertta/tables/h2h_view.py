"""What the person sees of a Heart to Heart table: the heart, the waste's top, counts, the
selection and the layout assist. The stock is only a count; of the waste only the top is named
(no message ever names a face-down card or the stock's order).
"""

from __future__ import annotations

from typing import Any

from hertta.solitaire.game import Position, Status
from hertta.solitaire.taps import Selection, TapState, assist

HeartView = tuple[list[str | None], list[int]]
"""The heart in notation and its free positions (both depend on the heart's cards only)."""


def heart_view(position: Position) -> HeartView:
    cards = [None if card is None else card.notation for card in position.heart]
    return cards, position.free_positions()


def _sorted_targets(targets: frozenset[Selection]) -> list[int | str]:
    return sorted(targets, key=lambda t: (isinstance(t, str), t if isinstance(t, int) else 0))


def h2h_view(taps: TapState, status: Status, heart: HeartView | None = None) -> dict[str, Any]:
    """The view without the clock and version (the session adds them). ``heart`` may be passed
    in when already computed for the same heart."""
    game = taps.game
    position = game.position
    cards, free = heart if heart is not None else heart_view(position)
    hints = assist(taps)
    top = position.waste_top
    return {
        "game": "h2h",
        "code": game.code,
        "heart": cards,
        "free": free,
        "stock": len(position.stock),
        "waste": {"count": len(position.waste), "top": None if top is None else top.notation},
        "moves": position.moves,
        "score": position.score,
        "status": status.value,
        "can_undo": game.can_undo,
        "started": game.started,
        "selection": taps.selection,
        "message": taps.message,
        "assist": {
            "circled": _sorted_targets(hints.circled),
            "darkened": _sorted_targets(hints.darkened),
        },
        "settings": {
            "move_errors": taps.settings.move_errors,
            "layout_assist": taps.settings.layout_assist,
        },
    }
