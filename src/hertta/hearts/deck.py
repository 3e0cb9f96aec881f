"""Decks per player count, the deal, pass directions and cycles, and the opening lead.

Seats are numbered clockwise from seat 0 (the person, south). "Left" is the next seat clockwise,
who also plays next, so a pass direction is a seat offset: left +1, right -1, across +n/2,
left2 +2, right2 -2 (RULES.md, "Hearts").

The deal of a shuffled deck ``d``: with ``h`` cards per hand, card ``d[i]`` for ``i < n*h`` goes
to seat ``(dealer + 1 + i) % n`` (one at a time, clockwise, starting at the dealer's left); the
cards left over, ``d[n*h:]``, form Cancellation's kitty.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from typing import Final

from hertta.cards import ALL_CARDS, Card, Rank, Suit
from hertta.errors import ConfigError, quoted
from hertta.hearts.config import RulesConfig
from hertta.rng import SplitMix64

PASS_COUNT: Final = 3
"""Every pass is three cards, whatever the player count."""


class PassDirection(StrEnum):
    """Where each seat's three cards go; the value is the record notation."""

    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    LEFT2 = "left2"
    RIGHT2 = "right2"
    NONE = "none"


_DIRECTION_VALUES: Final = tuple(d.value for d in PassDirection)

PASS_CYCLES: Final[dict[int, tuple[PassDirection, ...]]] = {
    3: (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.NONE),
    4: (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE),
    5: (
        PassDirection.LEFT,
        PassDirection.RIGHT,
        PassDirection.LEFT2,
        PassDirection.RIGHT2,
        PassDirection.NONE,
    ),
    6: (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.NONE),
}

_REMOVED: Final[dict[int, tuple[Card, ...]]] = {
    3: (Card(Rank.TWO, Suit.CLUBS),),
    4: (),
    5: (Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.DIAMONDS)),
    # The seed's list of three would leave 49 cards; RULES.md removes four so 48 divide by 6.
    6: (
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.THREE, Suit.CLUBS),
        Card(Rank.TWO, Suit.DIAMONDS),
        Card(Rank.THREE, Suit.DIAMONDS),
    ),
}


_DIRECTION_ALIASES: Final[dict[str, PassDirection]] = {
    # Names other programs use for the round without a pass, and the two-seat passes of five
    # players written the other way round ("2 left", RULES.md's wording). Read, never written.
    "hold": PassDirection.NONE,
    "keep": PassDirection.NONE,
    "keeper": PassDirection.NONE,
    "nopass": PassDirection.NONE,
    "2left": PassDirection.LEFT2,
    "2right": PassDirection.RIGHT2,
}


def parse_pass_direction(text: object) -> PassDirection:
    """A direction from its name: the record notation (``left``, ``right``, ``across``,
    ``left2``, ``right2``, ``none``), in any case, with white space, ``_`` or ``-`` anywhere,
    or one of the aliases above (``hold``, ``2 left``...)."""
    if isinstance(text, PassDirection):
        return text
    if isinstance(text, str):
        key = "".join(ch for ch in text.lower() if not ch.isspace() and ch not in "_-")
        if key in _DIRECTION_VALUES:
            return PassDirection(key)
        if key in _DIRECTION_ALIASES:
            return _DIRECTION_ALIASES[key]
    names = ", ".join(_DIRECTION_VALUES)
    raise ConfigError(f"unknown pass direction {quoted(text, 60)} (expected one of {names})")


def wrong_player_count(rules: RulesConfig, players: object) -> str | None:
    """Why ``players`` cannot play ``rules`` (3-6; Cancellation 5-6), or None when they can."""
    whole = isinstance(players, int) and not isinstance(players, bool)
    if whole and players in rules.player_counts:
        return None
    counts = ", ".join(map(str, rules.player_counts))
    # Two decks (Cancellation, or its option on another preset) set the counts, not the
    # preset's name: "standard is for 5, 6 players" misled.
    what = rules.preset
    if rules.cancellation and rules.preset != "cancellation":
        what = f"{rules.preset} with two decks (cancellation)"
    return f"{what} is for {counts} players, not {players!r}"


def check_players(rules: RulesConfig, players: int) -> None:
    """ConfigError unless ``players`` can play ``rules`` and the bonus card, if any, is in
    their deck."""
    wrong = wrong_player_count(rules, players)
    if wrong is not None:
        raise ConfigError(wrong)
    bonus = rules.bonus_card
    if bonus is not None and not rules.cancellation and bonus in _REMOVED[players]:
        # Nobody could ever take it (and a moon that needs it could never be shot).
        raise ConfigError(
            f"bonus_card {bonus.notation!r} is taken out of the deck with {players} players"
        )


def pass_offset(direction: PassDirection, players: int) -> int:
    """The seat offset of a pass (0 for none). Across needs an even count; left2 and right2
    need at least 5 players (with fewer they would repeat another direction)."""
    if direction is PassDirection.NONE:
        return 0
    if direction is PassDirection.LEFT:
        return 1
    if direction is PassDirection.RIGHT:
        return players - 1
    if direction is PassDirection.ACROSS:
        if players % 2:
            raise ConfigError(f"pass 'across' needs an even number of players, not {players}")
        return players // 2
    if players < 5:
        raise ConfigError(f"pass {direction.value!r} needs 5 or more players, not {players}")
    return 2 if direction is PassDirection.LEFT2 else players - 2


def pass_direction_for_round(players: int, round_index: int) -> PassDirection:
    """The pass of round ``round_index`` (0 = the first round) in the player count's cycle."""
    cycle = PASS_CYCLES[players]
    return cycle[round_index % len(cycle)]


def removed_cards(rules: RulesConfig, players: int) -> tuple[Card, ...]:
    """Cards taken out so the deck divides evenly (none for Cancellation: it has a kitty)."""
    check_players(rules, players)
    return () if rules.cancellation else _REMOVED[players]


def deck_for(rules: RulesConfig, players: int) -> tuple[Card, ...]:
    """The unshuffled deck in card index order; Cancellation: the 52 cards, then 52 again."""
    removed = removed_cards(rules, players)
    one = tuple(c for c in ALL_CARDS if c not in removed)
    return one * rules.decks


def hand_size(rules: RulesConfig, players: int) -> int:
    return len(deck_for(rules, players)) // players


def kitty_size(rules: RulesConfig, players: int) -> int:
    """Cards left over after an even deal: 4 with 5 players, 2 with 6 (Cancellation), else 0."""
    return len(deck_for(rules, players)) % players


def shuffled_deck(rules: RulesConfig, players: int, seed: int) -> tuple[Card, ...]:
    """``SplitMix64(seed).shuffle(deck_for(rules, players))``: exact and reproducible."""
    return tuple(SplitMix64(seed).shuffle(deck_for(rules, players)))


def deal(
    order: Sequence[Card], players: int, dealer: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal a shuffled deck: ``(hands, kitty)``, each hand sorted, seat 0 first."""
    size = len(order) // players
    dealt = size * players
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % players].append(order[i])
    return tuple(tuple(sorted(h)) for h in hands), tuple(sorted(order[dealt:]))


def opening_lead(hands: Sequence[Sequence[Card]], dealer: int) -> tuple[int, Card] | None:
    """``(seat, card)`` of the opening lead: the lowest club in any hand, led by its holder; with
    two copies in different hands (Cancellation), by the first holder clockwise from the
    dealer's left. None when nobody holds a club (only possible in a hand-made position)."""
    players = len(hands)
    lowest: Card | None = None
    for hand in hands:
        for card in hand:
            if card.suit is Suit.CLUBS and (lowest is None or card < lowest):
                lowest = card
    if lowest is None:
        return None
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if lowest in hands[seat]:
            return seat, lowest
    return None  # pragma: no cover - lowest came from some hand


def check_cards(
    rules: RulesConfig, players: int, hands: Sequence[Sequence[Card]]
) -> tuple[Card, ...]:
    """Check dealt hands against the deck; return the kitty (the cards of the deck not in any
    hand). ConfigError names a wrong hand size, an unknown, extra or duplicate card."""
    check_players(rules, players)
    if len(hands) != players:
        raise ConfigError(f"expected {players} hands, got {len(hands)}")
    size = hand_size(rules, players)
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise ConfigError(f"seat {seat} has {len(hand)} cards, expected {size}")
    deck = Counter(deck_for(rules, players))
    held = Counter(card for hand in hands for card in hand)
    for card, count in sorted(held.items()):
        if count > deck[card]:
            if deck[card] == 0:
                raise ConfigError(f"card {card.notation} is not in the {players}-player deck")
            raise ConfigError(
                f"card {card.notation} is dealt {count} times (the deck has {deck[card]})"
            )
    return tuple(sorted((deck - held).elements()))
