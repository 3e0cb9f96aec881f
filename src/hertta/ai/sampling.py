"""Deal the cards a seat cannot see into hands consistent with everything it knows.

A sample (a "determinization") gives every other seat exactly as many cards as it holds, never a
card of a suit it is known to be out of, every card it is known to hold (the cards passed to it),
and the rest of the unseen cards to the face-down kitty when there is one.

The cards go out one at a time in random order, the most constrained suits first, each to a seat
chosen with probability proportional to the room left in its hand. Without voids that is exactly
a uniformly random deal; with voids it is close to one. When every seat that may take a card is
already full, cards move along a chain of seats to one with room (an augmenting path, as in
bipartite matching), so a deal is always found when the knowledge is consistent.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass

from hertta.ai.knowledge import Knowledge
from hertta.cards import Card, Suit
from hertta.errors import HerttaError
from hertta.hearts.dealing import random_permutation
from hertta.rng import SplitMix64


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


def _weighted_pick(options: list[int], room: list[int], rng: SplitMix64) -> int:
    total = sum(room[i] for i in options)
    pick = rng.below(total)
    for i in options:
        pick -= room[i]
        if pick < 0:
            return i
    return options[-1]  # pragma: no cover - the weights sum to total


def _make_room(
    suit: Suit,
    out: list[list[Card]],
    room: list[int],
    banned: list[frozenset[Suit]],
    rng: SplitMix64,
) -> int:
    """Every holder that may take ``suit`` is full: free a place in one of them by moving cards
    along a chain of holders to one with room (an augmenting path, found breadth first), and
    return that holder. SamplingError when no chain exists (the knowledge is inconsistent)."""
    start = [i for i, suits in enumerate(banned) if suit not in suits]
    parent: dict[int, tuple[int, Suit] | None] = dict.fromkeys(start)
    queue = deque(start)
    while queue:
        holder = queue.popleft()
        if room[holder]:
            end = holder
            break
        for moved in sorted({c.suit for c in out[holder]}):
            for other, suits in enumerate(banned):
                if other not in parent and moved not in suits:
                    parent[other] = (holder, moved)
                    queue.append(other)
    else:
        raise SamplingError("no deal of the unseen cards fits the known voids and hand sizes")
    room[end] -= 1
    while (link := parent[end]) is not None:
        source, moved = link
        choices = [k for k, c in enumerate(out[source]) if c.suit is moved]
        out[end].append(out[source].pop(choices[rng.below(len(choices))]))
        end = source
    room[end] += 1
    return end


def _deal_with_voids(
    cards: list[Card], room: list[int], banned: list[frozenset[Suit]], rng: SplitMix64
) -> list[list[Card]]:
    room = room[:]
    out: list[list[Card]] = [[] for _ in room]
    for card in cards:
        options = [i for i, suits in enumerate(banned) if room[i] and card.suit not in suits]
        i = (
            _weighted_pick(options, room, rng)
            if options
            else _make_room(card.suit, out, room, banned, rng)
        )
        out[i].append(card)
        room[i] -= 1
    return out


def _most_constrained_first(
    cards: list[Card], takers: dict[Suit, int], rng: SplitMix64
) -> list[Card]:
    shuffled = rng.shuffle(cards)
    # A stable sort keeps the random order within each level of constraint.
    return sorted(shuffled, key=lambda card: takers[card.suit])


class DealSampler:
    """Random deals of the hidden cards consistent with ``knowledge``: what does not change
    from one deal to the next (the holders, the free cards, how constrained each suit is) is
    worked out once, since a search samples hundreds of deals from the same knowledge.
    SamplingError at once when the cards cannot fill the hands."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.ids, self.room, self.banned = _holders(knowledge)
        self.cards = _free_cards(knowledge)
        if sum(self.room) != len(self.cards) or min(self.room, default=0) < 0:
            raise SamplingError(
                f"{len(self.cards)} unseen cards do not fill {sum(self.room)} places in the "
                "other hands"
            )
        self.takers = (
            {suit: sum(1 for suits in self.banned if suit not in suits) for suit in Suit}
            if any(self.banned)
            else None
        )
        self.own_indices = [c.index for c in knowledge.hand]
        self.known_indices = [[c.index for c in cards] for cards in knowledge.known]
        self.kitty_indices = [c.index for c in knowledge.kitty]

    def _deal(self, rng: SplitMix64) -> list[list[Card]]:
        """The free cards dealt to the holders (``self.ids``), in the order dealt."""
        cards = self.cards
        if self.takers is not None:
            return _deal_with_voids(
                _most_constrained_first(cards, self.takers, rng), self.room, self.banned, rng
            )
        # No voids: a random order cut into the holders' places is a uniform deal.
        order = [cards[i] for i in random_permutation(range(len(cards)), rng)]
        dealt = []
        start = 0
        for places in self.room:
            dealt.append(order[start : start + places])
            start += places
        return dealt

    def sample(self, rng: SplitMix64) -> Deal:
        """One random deal (hands and kitty sorted)."""
        knowledge = self.knowledge
        hands: list[tuple[Card, ...]] = [() for _ in range(knowledge.players)]
        hands[knowledge.seat] = tuple(knowledge.hand)
        kitty: tuple[Card, ...] = knowledge.kitty
        for holder, got in zip(self.ids, self._deal(rng), strict=True):
            if holder == knowledge.players:
                kitty = tuple(sorted(got))
            else:
                hands[holder] = tuple(sorted((*knowledge.known[holder], *got)))
        return Deal(tuple(hands), kitty)

    def sample_indices(self, rng: SplitMix64) -> tuple[list[list[int]], list[int]]:
        """The same deal as :meth:`sample` would make from the same generator state, as card
        indices in no particular order: ``(hands, kitty)``, for search code that turns a deal
        into masks anyway (it need not build and sort card objects per deal)."""
        players = self.knowledge.players
        hands = [known[:] for known in self.known_indices]
        hands[self.knowledge.seat] = self.own_indices[:]
        kitty = self.kitty_indices[:]
        for holder, got in zip(self.ids, self._deal(rng), strict=True):
            if holder == players:
                kitty = [c.index for c in got]
            else:
                hands[holder].extend(c.index for c in got)
        return hands, kitty


def sample_deal(knowledge: Knowledge, rng: SplitMix64) -> Deal:
    """One random deal of the hidden cards consistent with ``knowledge`` (a search that samples
    many should keep a :class:`DealSampler`)."""
    return DealSampler(knowledge).sample(rng)
