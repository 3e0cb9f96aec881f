"""Deals as card indices: the exact match deal, and a cheaper random one for search.

:func:`deal_indices` deals exactly what :func:`hertta.hearts.deck.shuffled_deck` and
:func:`hertta.hearts.deck.deal` deal for a seed (the match-code deal; a test pins it);
:func:`random_permutation` spends fewer 64-bit draws for search and benchmarks, where deals need
only be uniformly random, not reproducible from a code.
"""

from __future__ import annotations

from collections.abc import Sequence

from hertta.hearts.compiled import CompiledRules
from hertta.rng import SplitMix64

_TWO64 = 1 << 64
REFILL = 1 << 32
"""Draw a new 64-bit word once the randomness left in the pool spans fewer values than this."""


def deal_indices(rules: CompiledRules, dealer: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """``(hands, kitty)`` as card indices: the same deal as
    :func:`hertta.hearts.deck.shuffled_deck` and :func:`hertta.hearts.deck.deal` give for
    ``seed`` (hands in deal order, not sorted), without building Card objects."""
    return _deal_order(rules, dealer, SplitMix64(seed).shuffle(rules.deck_indices))


def random_permutation(items: Sequence[int], rng: SplitMix64) -> list[int]:
    """A uniformly random order of ``items`` for search and benchmarks (not for match deals,
    which use :func:`deal_indices`). Fisher-Yates whose swaps take digits of
    shared 64-bit draws: ``j = pool % bound; pool //= bound``, refilled once fewer than 2**32
    values are left, so each pick's bias is below bound / 2**32 (< 3e-8) and 52 cards cost
    about 8 draws instead of 51."""
    deck = list(items)
    pool = 0
    span = 1
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        if span < REFILL:
            pool = rng.next_u64()
            span = _TWO64
        j = pool % bound
        pool //= bound
        span //= bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class DigitPicker:
    """Uniform picks in ``[0, bound)`` taken as digits of shared 64-bit draws, as
    :func:`random_permutation` takes its swaps (bias below ``bound / 2**32``): for code that
    picks one at a time (Cancellation's random playouts, the benchmarks). The one-deck
    playout, :meth:`hertta.hearts.fast.FastRound.random_playout`, inlines the same digits for
    speed."""

    __slots__ = ("pool", "rng", "span")

    def __init__(self, rng: SplitMix64) -> None:
        self.rng = rng
        self.pool = 0
        self.span = 1

    def below(self, bound: int) -> int:
        if self.span < REFILL:
            self.pool = self.rng.next_u64()
            self.span = _TWO64
        pick = self.pool % bound
        self.pool //= bound
        self.span //= bound
        return pick


def random_deal_indices(
    rules: CompiledRules, dealer: int, rng: SplitMix64
) -> tuple[list[list[int]], list[int]]:
    """A random deal ``(hands, kitty)`` as card indices from :func:`random_permutation`."""
    return _deal_order(rules, dealer, random_permutation(rules.deck_indices, rng))


def _deal_order(
    rules: CompiledRules, dealer: int, order: list[int]
) -> tuple[list[list[int]], list[int]]:
    """Deal ``order`` one card at a time from the dealer's left; the rest is the kitty."""
    n = rules.players
    dealt = rules.hand_size * n
    hands: list[list[int]] = [[] for _ in range(n)]
    for start in range(n):
        hands[(dealer + 1 + start) % n] = order[start:dealt:n]
    return hands, order[dealt:]
