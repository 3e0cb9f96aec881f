"""Deal the cards a seat cannot see into hands consistent with everything it knows.

A sample (a "determinization") gives every other seat exactly as many cards as it holds, never a
card of a suit it is known to be out of, every card it is known to hold (the cards passed to it),
and the rest of the unseen cards to the face-down kitty when there is one.

The cards go out one at a time in random order, the most constrained suits first, each to a seat
chosen with probability proportional to the room left in its hand. Without voids that is exactly
a uniformly random deal; with voids it is close to one. A random attempt can paint itself into a
corner (a seat left with room only for a suit that has run out); after a few failed attempts the
deal is made with a feasibility check before each card (Hall's condition on the suits), which
always succeeds when the knowledge is consistent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hertta.ai.knowledge import Knowledge
from hertta.cards import Card, Suit
from hertta.errors import HerttaError
from hertta.hearts.dealing import random_permutation
from hertta.rng import SplitMix64

RANDOM_ATTEMPTS = 6
"""Plain random attempts before the checked deal (they almost always succeed)."""


class SamplingError(HerttaError):
    """The knowledge admits no deal (only possible for an inconsistent hand-made observation)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A determinization: every seat's current holding (``hands[seat]`` is the seat's own hand)
    and the whole kitty (seen or guessed)."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


def _holders(knowledge: Knowledge) -> tuple[list[int], list[int], list[frozenset[Suit]]]:
    """Holders of hidden cards: the other seats, then the kitty (index ``players``) when hidden.
    Returns ``(holder ids, room left after the known cards, suits each may not receive)``."""
    ids: list[int] = []
    room: list[int] = []
    banned: list[frozenset[Suit]] = []
    for seat in range(knowledge.players):
        if seat == knowledge.seat:
            continue
        ids.append(seat)
        room.append(knowledge.hand_sizes[seat] - len(knowledge.known[seat]))
        banned.append(knowledge.voids[seat])
    if knowledge.hidden_kitty:
        ids.append(knowledge.players)
        room.append(knowledge.hidden_kitty)
        banned.append(frozenset())
    return ids, room, banned


def _free_cards(knowledge: Knowledge) -> list[Card]:
    """The unseen cards less the ones known to be in some hand."""
    left = Counter(knowledge.unseen)
    for cards in knowledge.known:
        left.subtract(cards)
    if any(count < 0 for count in left.values()):
        raise SamplingError("a card known to be held is not among the unseen cards")
    return sorted(left.elements())


def _feasible(remaining: list[int], room: list[int], banned: list[frozenset[Suit]]) -> bool:
    """Hall's condition: for every set of suits, the cards left in them fit into the room of
    the holders that may take at least one of those suits."""
    for subset in range(1, 16):
        need = 0
        for suit in range(4):
            if subset >> suit & 1:
                need += remaining[suit]
        if not need:
            continue
        space = 0
        for index, suits in enumerate(banned):
            if any(subset >> suit & 1 and Suit(suit) not in suits for suit in range(4)):
                space += room[index]
        if need > space:
            return False
    return True


def _weighted_pick(options: list[int], room: list[int], rng: SplitMix64) -> int:
    total = sum(room[i] for i in options)
    pick = rng.below(total)
    for i in options:
        pick -= room[i]
        if pick < 0:
            return i
    return options[-1]  # pragma: no cover - the weights sum to total


def _random_attempt(
    cards: list[Card], room: list[int], banned: list[frozenset[Suit]], rng: SplitMix64
) -> list[list[Card]] | None:
    room = room[:]
    out: list[list[Card]] = [[] for _ in room]
    for card in cards:
        options = [i for i, suits in enumerate(banned) if room[i] and card.suit not in suits]
        if not options:
            return None
        i = _weighted_pick(options, room, rng)
        out[i].append(card)
        room[i] -= 1
    return out


def _checked_attempt(
    cards: list[Card], room: list[int], banned: list[frozenset[Suit]], rng: SplitMix64
) -> list[list[Card]]:
    room = room[:]
    remaining = [0, 0, 0, 0]
    for card in cards:
        remaining[card.suit] += 1
    if not _feasible(remaining, room, banned):
        raise SamplingError("no deal of the unseen cards fits the known voids and hand sizes")
    out: list[list[Card]] = [[] for _ in room]
    for card in cards:
        remaining[card.suit] -= 1
        options = [i for i, suits in enumerate(banned) if room[i] and card.suit not in suits]
        while True:
            i = _weighted_pick(options, room, rng)
            room[i] -= 1
            if _feasible(remaining, room, banned):
                break
            room[i] += 1
            options.remove(i)
        out[i].append(card)
    return out


def _most_constrained_first(
    cards: list[Card], banned: list[frozenset[Suit]], rng: SplitMix64
) -> list[Card]:
    shuffled = rng.shuffle(cards)
    takers = {suit: sum(1 for suits in banned if suit not in suits) for suit in Suit}
    # A stable sort keeps the random order within each level of constraint.
    return sorted(shuffled, key=lambda card: takers[card.suit])


def sample_deal(knowledge: Knowledge, rng: SplitMix64) -> Deal:
    """One random deal of the hidden cards consistent with ``knowledge``."""
    ids, room, banned = _holders(knowledge)
    cards = _free_cards(knowledge)
    if sum(room) != len(cards) or min(room, default=0) < 0:
        raise SamplingError(
            f"{len(cards)} unseen cards do not fill {sum(room)} places in the other hands"
        )
    dealt: list[list[Card]] | None = None
    if any(banned):
        order = _most_constrained_first(cards, banned, rng)
        for _ in range(RANDOM_ATTEMPTS):
            dealt = _random_attempt(order, room, banned, rng)
            if dealt is not None:
                break
        if dealt is None:
            dealt = _checked_attempt(order, room, banned, rng)
    else:
        # No voids: a random order cut into the holders' places is a uniform deal.
        order = [cards[i] for i in random_permutation(range(len(cards)), rng)]
        dealt = []
        start = 0
        for places in room:
            dealt.append(order[start : start + places])
            start += places
    hands: list[tuple[Card, ...]] = [() for _ in range(knowledge.players)]
    hands[knowledge.seat] = tuple(knowledge.hand)
    kitty: tuple[Card, ...] = knowledge.kitty
    for holder, got in zip(ids, dealt, strict=True):
        if holder == knowledge.players:
            kitty = tuple(sorted(got))
        else:
            hands[holder] = tuple(sorted((*knowledge.known[holder], *got)))
    return Deal(tuple(hands), kitty)
