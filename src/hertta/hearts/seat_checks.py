"""The checks behind :class:`~hertta.hearts.seat_knowledge.SeatKnowledge`: shapes and the deck,
the cards each seat is known to hold, the opening lead, and why a play is impossible.

Split from :mod:`hertta.hearts.seat_knowledge` to keep each module readable; nothing here is
public API beyond :class:`SeatKnowledgeError`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hertta.cards import ALL_CARDS, Card, Suit, parse_card
from hertta.errors import HerttaError, NotationError
from hertta.hearts.compiled import SUIT_MASKS, mask_cards
from hertta.hearts.deck import deck_for, hand_size
from hertta.hearts.fast import FastRound

if TYPE_CHECKING:
    from hertta.hearts.seat_knowledge import SeatKnowledge


class SeatKnowledgeError(HerttaError):
    """Seat knowledge that is malformed, or that no real round could have produced."""


def check_seat(value: object, players: int, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise SeatKnowledgeError(
            f"{what} must be a seat 0..{players - 1} at a {players}-player table, got {value!r}"
        )


def card_names(cards: Sequence[Card]) -> str:
    return " ".join(c.notation for c in cards) or "(none)"


def to_card(value: object, what: str, deck: Counter[Card]) -> Card:
    """A card of the deck (a :class:`Card` or its notation)."""
    try:
        card = value if isinstance(value, Card) else parse_card(value)  # type: ignore[arg-type]
    except NotationError as err:
        raise SeatKnowledgeError(f"{what}: {err}") from None
    if deck[card] == 0:
        raise SeatKnowledgeError(f"{what}: {card.notation} is not in this game's deck")
    return card


def sorted_cards(value: object, what: str, deck: Counter[Card]) -> tuple[Card, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SeatKnowledgeError(f"{what} must be a list of cards, got {value!r}")
    return tuple(sorted(to_card(item, what, deck) for item in value))


def check_copies(held: Counter[Card], deck: Counter[Card], what: str) -> None:
    for card, count in sorted(held.items()):
        if count > deck[card]:
            raise SeatKnowledgeError(
                f"{card.notation} appears {count} times in {what}; the deck has {deck[card]}"
            )


def checked_plays(
    value: object, players: int, size: int, deck: Counter[Card]
) -> tuple[tuple[int, Card], ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SeatKnowledgeError(f"plays must be a list of (seat, card) pairs, got {value!r}")
    if len(value) > players * size:
        raise SeatKnowledgeError(
            f"a round has {players * size} plays, got {len(value)}: more than a whole round"
        )
    out = []
    for number, item in enumerate(value, 1):
        if isinstance(item, str) or not isinstance(item, Sequence) or len(item) != 2:
            raise SeatKnowledgeError(f"play {number} must be a (seat, card) pair, got {item!r}")
        check_seat(item[0], players, f"play {number}: the seat")
        out.append((item[0], to_card(item[1], f"play {number}", deck)))
    return tuple(out)


def checked_totals(value: object, players: int) -> tuple[int, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise SeatKnowledgeError(f"match_totals must be a list of {players} numbers, got {value!r}")
    totals = tuple(value)
    if not totals:
        return (0,) * players
    if len(totals) != players or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in totals
    ):
        raise SeatKnowledgeError(
            f"match_totals must be {players} whole numbers, one per seat, got {value!r}"
        )
    return totals


def pass_ends(k: SeatKnowledge) -> tuple[int | None, int | None]:
    offset = k.pass_offset
    if not offset:
        return None, None
    return (k.seat + offset) % k.players, (k.seat - offset) % k.players


def cards_without(hand: Sequence[Card], removed: Sequence[Card]) -> tuple[Card, ...]:
    left = Counter(hand)
    left.subtract(removed)
    return tuple(sorted(left.elements()))


def known_hands(k: SeatKnowledge) -> list[Counter[Card]]:
    """The cards each seat is known to hold when play starts: this seat its whole hand; the
    others the cards they play, and the receiver also the three cards this seat passed."""
    n = k.players
    known: list[Counter[Card]] = [Counter() for _ in range(n)]
    for seat, card in k.plays:
        if seat != k.seat:
            known[seat][card] += 1
    receiver, _ = pass_ends(k)
    if receiver is not None:
        known[receiver] |= Counter(k.passed)
    known[k.seat] = Counter(cards_without(k.dealt_hand, k.passed)) + Counter(k.received)
    size = hand_size(k.rules, n)
    for seat, cards in enumerate(known):
        if cards.total() > size:
            raise SeatKnowledgeError(
                f"seat {seat} would hold {cards.total()} cards, more than a hand of {size}: "
                f"{card_names(sorted(cards.elements()))} (the cards it plays"
                + (
                    f" and the cards {card_names(k.passed)} passed to it)"
                    if seat == receiver
                    else ")"
                )
            )
    everything = sum(known, Counter()) + Counter(k.kitty or ())
    deck = Counter(deck_for(k.rules, n))
    for card, count in sorted(everything.items()):
        if count > deck[card]:
            places = [f"seat {s}" for s in range(n) if known[s][card]]
            if card in (k.kitty or ()):
                places.append("the kitty")
            raise SeatKnowledgeError(
                f"{card.notation} is held or played {count} times ({', '.join(places)}); "
                f"the deck has {deck[card]}"
            )
    return known


def clockwise_from_left_of(dealer: int, players: int) -> list[int]:
    return [(dealer + step) % players for step in range(1, players + 1)]


def opening_lead(k: SeatKnowledge, known: list[Counter[Card]]) -> tuple[int, int]:
    """``(leader, opening card index)`` of the first trick (-1: the card is not known and not
    needed: another seat leads and has not played yet)."""
    n = k.players
    deck = Counter(deck_for(k.rules, n))
    lowest = min(c for c in deck if c.suit is Suit.CLUBS)
    first = k.plays[0] if k.plays else None
    hint = k.opening_leader
    located = sum(hand[lowest] for hand in known) == deck[lowest]
    card: Card | None
    if not k.rules.cancellation:
        card = lowest  # one deck: every card is dealt, so the lowest club is in some hand
    elif first is not None:
        card = first[1]
    elif located:
        card = lowest
    elif hint == k.seat:
        mine = [c for c in known[k.seat] if c.suit is Suit.CLUBS]
        if not mine:
            raise SeatKnowledgeError(f"seat {k.seat} cannot lead the first trick: it has no club")
        card = min(mine)
    else:
        card = None
    if card is not None:
        lower = [c for hand in known for c in hand if c.suit is Suit.CLUBS and c < card]
        if card.suit is not Suit.CLUBS or lower:
            holder = min(lower) if lower else None
            raise SeatKnowledgeError(
                f"the round opens with the lowest club held, not {card.notation}"
                + (
                    f" (seat {next(s for s in range(n) if known[s][holder])} holds "
                    f"{holder.notation})"
                    if holder is not None
                    else ""
                )
            )
    order = clockwise_from_left_of(k.dealer if k.dealer is not None else 0, n)
    holders = [] if card is None else [s for s in order if known[s][card]]
    all_located = card is not None and sum(h[card] for h in known) == deck[card]
    if first is not None:
        leader = first[0]
    elif hint is not None:
        leader = hint
    elif all_located and (len(holders) == 1 or k.dealer is not None):
        leader = holders[0]
    else:
        raise SeatKnowledgeError(
            f"seat {k.seat} cannot know who leads the first trick: give opening_leader"
        )
    if hint is not None and hint != leader:
        raise SeatKnowledgeError(
            f"opening_leader is {hint}, but seat {leader} leads the first trick"
        )
    if card is not None:
        if leader not in holders and (all_located or leader == k.seat):
            where = (
                f"held by seat {', '.join(map(str, holders))}"
                if holders
                else f"which seat {leader} does not hold"
            )
            raise SeatKnowledgeError(
                f"seat {leader} cannot lead the first trick: it opens with {card.notation}, "
                + where
            )
        if k.dealer is not None and leader in holders and holders[0] != leader:
            raise SeatKnowledgeError(
                f"seat {leader} cannot lead {card.notation}: seat {holders[0]} also holds it "
                f"and comes first clockwise from dealer {k.dealer}'s left"
            )
    return leader, -1 if card is None else card.index


_SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")


def why_impossible(engine: FastRound, seat: int, viewer: int) -> str:
    """Why the rules refuse a card ``seat`` is known to have; for another seat, which of
    the cards it is known to hold make the play impossible."""
    hand = engine.hands[seat]
    if not engine.trick and engine.opening >= 0:
        return f"the round opens with {ALL_CARDS[engine.opening].notation}"
    if not engine.trick:
        evidence = [c for c in mask_cards(hand) if c // 13 != Suit.HEARTS]
        why = "hearts are not broken"
    else:
        suit = engine.trick[0] // 13
        evidence = mask_cards(hand & SUIT_MASKS[suit])
        why = f"{_SUIT_NAMES[suit]} were led"
        if not evidence:
            evidence = mask_cards(hand & engine.rules.safe_first_mask)
            why = "no penalty card on the first trick while holding others"
    if seat == viewer:
        return why
    cards = " ".join(ALL_CARDS[c].notation for c in evidence)
    return f"{why}, and it is known to hold {cards} (it plays them later, or was passed them)"
