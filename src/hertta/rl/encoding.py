"""Actions and the observation vector of the Hearts environment (``docs/rl.md``).

Actions are numbers 0..53: ``0..51`` play (or pass) the card of that index, ``suit * 13 +
rank - 2`` with suits clubs, diamonds, spades, hearts (``0`` = 2C, ``12`` = AC, ``13`` = 2D,
``50`` = KH, ``51`` = AH); ``52`` scores a moon as *add*, ``53`` as *subtract* (only for the
shooter under the ``choose`` moon rule).

The observation is one ``np.int8`` vector from the observing seat's own view
(:class:`~hertta.hearts.Observation`, nothing hidden). Seats appear relative to the observer:
slot 0 is the observer, slot 1 the seat to its left (the next to play), and so on; slots past
the player count stay 0, so every rule set and player count has the same layout. The blocks
are listed in :data:`BLOCKS` (name, length, lowest and highest value, meaning), in order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from hertta.cards import ALL_CARDS, Card
from hertta.hearts.config import MOON_OPTIONS, MOON_RULES
from hertta.hearts.deck import PassDirection
from hertta.hearts.observation import Observation
from hertta.hearts.round import Phase

CARD_ACTIONS: Final = 52
MOON_ACTIONS: Final = {option: CARD_ACTIONS + i for i, option in enumerate(MOON_OPTIONS)}
ACTION_COUNT: Final = CARD_ACTIONS + len(MOON_OPTIONS)
MAX_SEATS: Final = 6
PLAYER_COUNTS: Final = (3, 4, 5, 6)
PHASES: Final = (Phase.PASSING, Phase.PLAYING, Phase.MOON_CHOICE)
DIRECTIONS: Final = tuple(PassDirection)
INT8_MIN: Final = -128
INT8_MAX: Final = 127


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of the observation vector."""

    name: str
    size: int
    low: int
    high: int
    meaning: str


def _seat_block(name: str, low: int, high: int, meaning: str) -> Block:
    return Block(name, MAX_SEATS, low, high, meaning)


def _card_block(name: str, high: int, meaning: str, low: int = 0) -> Block:
    return Block(name, CARD_ACTIONS, low, high, meaning)


def _seat_cards_block(name: str, high: int, meaning: str) -> Block:
    return Block(name, MAX_SEATS * CARD_ACTIONS, 0, high, meaning)


BLOCKS: Final = (
    _card_block("hand", 2, "copies of each card in the hand (less the pass being chosen)"),
    _card_block("passing", 2, "the cards this seat passes (chosen so far, or passed)"),
    _card_block("received", 2, "the cards this seat received in the exchange"),
    _seat_cards_block(
        "trick", 1, "per relative seat, 52 entries: the card it played to the current trick"
    ),
    _seat_cards_block(
        "played", 2, "per relative seat, 52 entries: the cards it played to finished tricks"
    ),
    _seat_cards_block(
        "taken",
        2,
        "per relative seat, 52 entries: the cards it took (won tricks, carried-over cards, "
        "the kitty once this seat has seen it)",
    ),
    _card_block("carried", 2, "cards of all-cancelled tricks waiting on the table"),
    _card_block("kitty", 2, "the kitty's cards once this seat has seen them"),
    _card_block(
        "card_value",
        INT8_MAX,
        "the points each card scores under the rules (bonus card negative), clipped to int8",
        INT8_MIN,
    ),
    Block("players", len(PLAYER_COUNTS), 0, 1, "one-hot player count: 3, 4, 5, 6"),
    Block("phase", len(PHASES), 0, 1, "one-hot: passing, playing, moon choice (0s: over)"),
    Block(
        "pass_direction",
        len(DIRECTIONS),
        0,
        1,
        "one-hot: " + ", ".join(d.value for d in DIRECTIONS),
    ),
    _seat_block(
        "trick_leader", 0, 1,
        "one-hot relative seat that leads the current trick (once the tricks are over, as "
        "during a moon choice: the seat that took the last one)",
    ),
    _seat_block(
        "turn", 0, 1, "one-hot relative seat to play or to choose the moon option (0s: passing)"
    ),
    _seat_block("hand_sizes", 0, 20, "cards each relative seat holds"),
    _seat_block(
        "points_taken",
        INT8_MIN,
        INT8_MAX,
        "points of the cards each relative seat took, as this seat can see them, clipped",
    ),
    _seat_block(
        "passes_chosen", 0, 1, "each relative seat has chosen its pass (all 1 once play starts)"
    ),
    _seat_block("kitty_taker", 0, 1, "one-hot relative seat that took the kitty"),
    Block("kitty_size", 1, 0, 4, "cards in the kitty (Cancellation: 4 or 2, else 0)"),
    Block(
        "flags",
        5,
        0,
        1,
        "hearts broken, first trick, Cancellation, Q♠ breaks hearts, moon needs the bonus card",
    ),
    Block("moon_rule", len(MOON_RULES), 0, 1, "one-hot: " + ", ".join(MOON_RULES)),
)


def _offsets() -> dict[str, int]:
    out = {}
    at = 0
    for block in BLOCKS:
        out[block.name] = at
        at += block.size
    return out


OFFSETS: Final = _offsets()
OBSERVATION_SIZE: Final = sum(block.size for block in BLOCKS)
LOW: Final = np.concatenate([np.full(b.size, b.low, dtype=np.int8) for b in BLOCKS])
HIGH: Final = np.concatenate([np.full(b.size, b.high, dtype=np.int8) for b in BLOCKS])


def card_action(card: Card) -> int:
    return card.index


def action_card(action: int) -> Card:
    """The card of a card action (0..51)."""
    return ALL_CARDS[action]


def _clip(value: int) -> int:
    return max(INT8_MIN, min(INT8_MAX, value))


def _add_cards(vector: npt.NDArray[np.int8], start: int, cards: Sequence[Card]) -> None:
    for card in cards:
        vector[start + card.index] += 1


def _one_hot(vector: npt.NDArray[np.int8], name: str, index: int | None) -> None:
    if index is not None:
        vector[OFFSETS[name] + index] = 1


def encode_observation(obs: Observation, pending: Sequence[Card] = ()) -> npt.NDArray[np.int8]:
    """The observation vector of ``obs``; ``pending`` are pass cards chosen so far (the
    environment passes one card per step, the rules take all three at once)."""
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.int8)
    n = obs.players

    def slot(seat: int) -> int:
        return (seat - obs.seat) % n

    def relative(seat: int | None) -> int | None:
        return None if seat is None else slot(seat)

    hand = Counter(obs.hand)
    hand.subtract(pending)
    _add_cards(vector, OFFSETS["hand"], sorted(hand.elements()))
    _add_cards(vector, OFFSETS["passing"], obs.passed or tuple(pending))
    _add_cards(vector, OFFSETS["received"], obs.received)
    for seat, card in zip(obs.trick_seats, obs.trick_cards, strict=True):
        vector[OFFSETS["trick"] + slot(seat) * CARD_ACTIONS + card.index] = 1
    for trick in obs.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            vector[OFFSETS["played"] + slot(seat) * CARD_ACTIONS + card.index] += 1
        if trick.winner is not None:
            start = OFFSETS["taken"] + slot(trick.winner) * CARD_ACTIONS
            _add_cards(vector, start, (*trick.cards, *trick.carried_in, *trick.kitty))
    _add_cards(vector, OFFSETS["carried"], obs.carried)
    _add_cards(vector, OFFSETS["kitty"], obs.kitty)
    values = OFFSETS["card_value"]
    for card in ALL_CARDS:
        vector[values + card.index] = _clip(obs.rules.card_value(card))
    _one_hot(vector, "players", PLAYER_COUNTS.index(n))
    _one_hot(vector, "phase", PHASES.index(obs.phase) if obs.phase in PHASES else None)
    _one_hot(vector, "pass_direction", DIRECTIONS.index(obs.pass_direction))
    _one_hot(vector, "trick_leader", relative(obs.trick_leader))
    _one_hot(vector, "turn", relative(obs.turn))
    for seat in range(n):
        at = slot(seat)
        vector[OFFSETS["hand_sizes"] + at] = obs.hand_sizes[seat] - (
            len(pending) if seat == obs.seat else 0
        )
        vector[OFFSETS["points_taken"] + at] = _clip(obs.points_taken[seat])
        vector[OFFSETS["passes_chosen"] + at] = obs.passes_chosen[seat]
    _one_hot(vector, "kitty_taker", relative(obs.kitty_taker))
    vector[OFFSETS["kitty_size"]] = obs.kitty_size
    rules = obs.rules
    flags = (
        obs.hearts_broken,
        obs.first_trick,
        rules.cancellation,
        rules.queen_breaks_hearts,
        rules.moon_needs_bonus,
    )
    for i, flag in enumerate(flags):
        vector[OFFSETS["flags"] + i] = flag
    _one_hot(vector, "moon_rule", MOON_RULES.index(rules.moon_rule))
    return vector


def layout_rows() -> list[str]:
    """The layout as Markdown table rows (``docs/rl.md`` shows them; a test compares)."""
    rows = []
    for block in BLOCKS:
        start = OFFSETS[block.name]
        rows.append(
            f"| `{block.name}` | {start}-{start + block.size - 1} | {block.size} | "
            f"{block.low}..{block.high} | {block.meaning} |"
        )
    return rows
