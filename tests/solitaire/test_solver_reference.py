"""Reference searches the solver is tested against, and tests of the references themselves.

``real_fewest_moves`` is plain breadth-first search over real moves (``legal_moves`` and
``apply_move``, stock order and recycles included): no abstraction, no pruning. Its state space
is finite (cards only leave; the reservoir's boundary takes finitely many places), so it needs
no depth bound; instances are kept small so that it stays quick. ``naive_winnable`` is the
unpruned memoised search over the reservoir abstraction (any free heart pair, or a free card with
any reservoir card of its rank).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from functools import cache

from hertta.cards import Card
from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import DEAL_COUNT, deck_for_number
from hertta.solitaire.game import (
    MoveKind,
    Position,
    Status,
    apply_move,
    deal_position,
    is_won,
    legal_moves,
    status_of,
)
from hertta.solitaire.layout import COVERED_BY_MASKS, POSITIONS
from hertta.solitaire.solver import Abstraction, abstract, is_winnable

from .helpers import position_from


def real_fewest_moves(position: Position, limit: int = 400_000) -> int | None:
    """Fewest real moves to a win, or None when no sequence of legal moves wins."""
    def key(p: Position) -> tuple[object, ...]:
        return (p.heart, p.stock, p.waste)

    seen = {key(position)}
    queue = deque([(position, 0)])
    while queue:
        current, depth = queue.popleft()
        if is_won(current):
            return depth
        for move in legal_moves(current):
            child = apply_move(current, move)
            k = key(child)
            if k not in seen:
                seen.add(k)
                queue.append((child, depth + 1))
        assert len(seen) < limit, "instance too large for the reference search"
    return None


def naive_winnable(state: Abstraction) -> bool:
    ranks = state.ranks

    @cache
    def solve(mask: int, counts: tuple[int, ...]) -> bool:
        if mask == 0:
            return True
        free = [p for p in POSITIONS if (mask >> (p - 1)) & 1 and not mask & COVERED_BY_MASKS[p]]
        for i, p in enumerate(free):
            r = ranks[p - 1]
            for q in free[i + 1 :]:
                if ranks[q - 1] == r and solve(mask & ~(1 << (p - 1)) & ~(1 << (q - 1)), counts):
                    return True
            if counts[r]:
                fewer = list(counts)
                fewer[r] -= 1
                if solve(mask & ~(1 << (p - 1)), tuple(fewer)):
                    return True
        return False

    return solve(state.mask, state.counts)


def late_position(rng: SplitMix64, heart_cards: int) -> Position:
    """A real deal (mostly a winnable one) played forward, mostly along winnable lines so that
    wins stay common, until at most ``heart_cards`` cards remain in the heart or the game ends."""
    position = deal_position(deck_for_number(rng.below(DEAL_COUNT)))
    while not is_winnable(position) and rng.below(10) < 8:
        position = deal_position(deck_for_number(rng.below(DEAL_COUNT)))
    while position.cards_left_in_heart > heart_cards and status_of(position) is Status.PLAYING:
        moves = legal_moves(position)
        keeping = [m for m in moves if is_winnable(apply_move(position, m))]
        pool = keeping if keeping and rng.below(10) < 9 else moves
        pairs = [m for m in pool if m.kind is MoveKind.PAIR]
        move = rng.choice(pairs) if pairs and rng.below(10) < 6 else rng.choice(pool)
        position = apply_move(position, move)
    return position


def small_positions(seed: int, count: int, heart_cards: int = 8, reservoir: int = 10) -> Iterator[
    Position
]:
    """Late positions of random deals with a small reservoir: mostly cards of ranks still in
    the heart, some others, in their real order, split at a random place into waste and stock."""
    rng = SplitMix64(seed)
    for _ in range(count):
        position = late_position(rng, 2 + rng.below(heart_cards - 1))
        in_heart = {c.rank for c in position.heart if c is not None}
        cards = [*position.waste, *position.stock]
        # One copy of each heart rank at least (mostly), then others at random, in real order.
        firsts = {c.rank: i for i, c in reversed(list(enumerate(cards))) if c.rank in in_heart}
        wanted = {i for i in firsts.values() if rng.below(100) < 90}
        extra = [i for i in range(len(cards)) if i not in wanted and rng.below(100) < 25]
        wanted.update(extra[: max(0, reservoir - len(wanted))])
        kept = [cards[i] for i in sorted(wanted)]
        cut = rng.below(len(kept) + 1)
        yield Position(position.heart, tuple(kept[cut:]), tuple(kept[:cut]))


def cards(letters: str) -> tuple[Card, ...]:
    return position_from("." * 25, letters, "").stock


def test_reference_search_counts_real_moves() -> None:
    empty = position_from("." * 25, "", "A")
    assert real_fewest_moves(empty) == 0
    # The point alone, its partner second in the stock: F, F, 25+W.
    alone = position_from("." * 24 + "7", "A7", "")
    assert real_fewest_moves(alone) == 3
    # Partner on the waste under another card: F (nothing), R, F, F... the stock order matters.
    buried = position_from("." * 24 + "7", "", "7A")
    assert real_fewest_moves(buried) == 3  # R, F (7 on top), 25+W
    assert real_fewest_moves(position_from("." * 24 + "7", "AK", "Q")) is None


def test_reference_searches_agree_on_small_positions() -> None:
    wins = 0
    for position in small_positions(seed=11, count=40):
        real = real_fewest_moves(position)
        assert naive_winnable(abstract(position)) == (real is not None)
        wins += real is not None
    assert 5 <= wins <= 35
