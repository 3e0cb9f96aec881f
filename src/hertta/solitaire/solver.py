"""Exact winnability of Heart to Heart positions, and a winning line when there is one.

**The reservoir.** Stock and waste form one cyclic sequence: the waste bottom first up to its top,
then the stock top first. A flip moves the boundary one card on, a recycle (stock empty) moves it
back to the start, and a waste pair removes the card just before the boundary. So any reservoir
card can be brought to the waste top by flips and recycles alone, which change neither the heart
nor which cards are in the reservoir. Such moves are legal whenever a pair exists (the position is
then no dead end). Hence, for winnability, a position is its heart plus the *multiset of reservoir
ranks*: :class:`Abstraction`.

**Units.** A winning line removes each heart card either with another heart card of its rank (a
*pair*) or with a reservoir card of its rank (a *single*). Call the pairs and singles the line's
units. Let "x is above y" mean that the card at x covers y directly or through a chain of present
cards (``cone[y]`` holds every x above y); y is free only when nothing above it is present.

**Theorem.** A position is winnable if and only if its present heart cards can be split into units
such that (1) each pair holds two cards of one rank, neither above the other; (2) each rank ``r``
has at most ``counts[r]`` singles; (3) the *pair graph*, with an edge P -> Q when a card of P is
above a card of Q, has no cycle.

*Proof.* Only if: a winning line gives such units. A pair is removed when both cards are free, so
neither is above the other (1); each single uses its own reservoir card (2); every card above a
card of Q is removed before Q, so P -> Q means P goes earlier, and time admits no cycle (3).
If: remove the units in an order where every unit follows all units holding a card above one of
its cards. Such an order exists: a cycle among units, followed through the singles on it, is a
cycle of pairs (the covering relation alone is acyclic, and a cycle through one pair only breaks
(1)). When a unit's turn comes everything above its cards is gone, so its cards are free; a single
finds a reservoir card of its rank by (2), brought to the waste top as above. []

The search (:func:`winning_pairs`) picks a split rank by rank and checks (3). Its pruning rules,
each proved where it is applied and each switchable off in :class:`Rules` so that tests can
compare every rule with plain search over real moves:

- ``max_singles`` (:func:`rank_options`): use as many singles as the reservoir allows.
- ``incomparable_pairs`` (:func:`rank_options`): never pair two cards one above the other.
- ``partial_cycles`` (:func:`winning_pairs`): prune as soon as the pairs chosen so far form a cycle.
- ``forced_first`` (:func:`winning_pairs`): ranks with one option (or none) are settled first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from hertta.rng import SplitMix64
from hertta.solitaire.deal_codes import (
    deck_for_number,
    format_deal_code,
    random_deal_number,
)
from hertta.solitaire.game import WASTE, Move, Position, apply_move, is_won
from hertta.solitaire.layout import COVERED_BY_MASKS, COVERING, POSITION_COUNT, POSITIONS

RANKS = 13
NO_CARD = -1
FULL_MASK = (1 << POSITION_COUNT) - 1


def _cones() -> tuple[int, ...]:
    cone = [0] * (POSITION_COUNT + 1)
    # Covering cards always have higher position numbers, so descending order sees them first.
    for p in reversed(POSITIONS):
        for q in COVERING[p]:
            cone[p] |= (1 << (q - 1)) | cone[q]
    return tuple(cone)


CONE: tuple[int, ...] = _cones()
"""``CONE[p]``: mask of every position above ``p`` in the full heart (index 0 unused)."""


@dataclass(frozen=True, slots=True)
class Abstraction:
    """What decides winnability: the rank at each heart slot (``NO_CARD`` when removed), the mask
    of present slots (bit ``p - 1``) and the reservoir's count of each rank index 0..12."""

    ranks: tuple[int, ...]
    mask: int
    counts: tuple[int, ...]


def abstract(position: Position) -> Abstraction:
    ranks = tuple(NO_CARD if c is None else c.index % RANKS for c in position.heart)
    counts = [0] * RANKS
    for card in position.stock:
        counts[card.index % RANKS] += 1
    for card in position.waste:
        counts[card.index % RANKS] += 1
    return Abstraction(ranks, position.present_mask, tuple(counts))


def deal_abstraction(number: int) -> Abstraction:
    """The abstraction of a deal's starting position, without building the position."""
    deck = deck_for_number(number)
    ranks = tuple(card.index % RANKS for card in deck[:POSITION_COUNT])
    counts = [0] * RANKS
    for card in deck[POSITION_COUNT:]:
        counts[card.index % RANKS] += 1
    return Abstraction(ranks, FULL_MASK, tuple(counts))


def is_dead(state: Abstraction) -> bool:
    """The rules' dead end: no free card has a partner free in the heart or in the reservoir.
    A won position (empty heart) is not dead."""
    seen: set[int] = set()
    mask = state.mask
    for p in POSITIONS:
        if (mask >> (p - 1)) & 1 and not mask & COVERED_BY_MASKS[p]:
            r = state.ranks[p - 1]
            if r in seen or state.counts[r]:
                return False
            seen.add(r)
    return bool(seen)


@dataclass(frozen=True, slots=True)
class Rules:
    """Switches for the pruning rules (all on by default; tests turn them off one by one)."""

    max_singles: bool = True
    incomparable_pairs: bool = True
    partial_cycles: bool = True
    forced_first: bool = True


ALL_RULES = Rules()


@dataclass(frozen=True, slots=True)
class Plan:
    """A winning split into units: heart pairs ``(a, b)`` and singles (heart positions), listed
    in an order in which they can be removed."""

    pairs: tuple[tuple[int, int], ...]
    singles: tuple[int, ...]
    order: tuple[tuple[int, ...], ...]
    """Every unit (a pair or a 1-tuple single) in a removable order."""


def present_cones(mask: int) -> tuple[int, ...]:
    """``cone[p]`` restricted to present cards: the present x with a chain of present cards
    from x down to p. In every reachable position a removed card's coverers are removed too, so
    this is simply ``CONE[p] & mask``; hand-made positions may break chains, hence the general
    computation for them."""
    closed = True
    for p in POSITIONS:
        if not (mask >> (p - 1)) & 1 and mask & COVERED_BY_MASKS[p]:
            closed = False
            break
    if closed:
        return tuple(c & mask for c in CONE)
    cone = [0] * (POSITION_COUNT + 1)
    for p in reversed(POSITIONS):
        for q in COVERING[p]:
            if (mask >> (q - 1)) & 1:
                cone[p] |= (1 << (q - 1)) | cone[q]
    return tuple(cone)


def _matchings(
    positions: Sequence[int], cone: Sequence[int], incomparable: bool
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every perfect matching of ``positions`` (optionally only incomparable pairs)."""
    if not positions:
        yield ()
        return
    first, rest = positions[0], positions[1:]
    for i, other in enumerate(rest):
        if incomparable and (
            (cone[first] >> (other - 1)) & 1 or (cone[other] >> (first - 1)) & 1
        ):
            continue
        for tail in _matchings((*rest[:i], *rest[i + 1 :]), cone, incomparable):
            yield ((first, other), *tail)


def rank_options(
    positions: Sequence[int], reservoir: int, cone: Sequence[int], rules: Rules = ALL_RULES
) -> list[tuple[tuple[int, int], ...]]:
    """The ways to split one rank's present cards into units: each option lists its pairs, the
    other cards being singles (each needs one of the ``reservoir`` cards of that rank).

    Rule ``max_singles``: with ``h`` cards and ``c`` reservoir cards only the options with the
    most singles allowed are listed: ``h`` if ``c >= h``, else ``c`` or ``c - 1``, whichever has
    the parity of ``h`` (the paired cards are even in number). No option when that is negative.
    *Proof*: take a valid split (theorem above) with fewer singles; it has at least two singles
    to spare under this rank's bound, so split one of its pairs {a, b} into two singles. Every
    cycle of the new pair graph is a cycle of the old one (its pairs are old pairs, and edges
    between them are unchanged), so the split stays valid; repeat up to the maximum.

    Rule ``incomparable_pairs``: pairs with one card above the other are never listed. *Proof*:
    such a pair breaks condition (1) of the theorem: the lower card is never free while the
    upper one is present, so the two cannot go together. (With the rule off they are listed and
    the cycle check rejects them: a pair whose card is above its other card blocks itself.)
    """
    h = len(positions)
    if rules.max_singles:
        best = h if reservoir >= h else reservoir - ((h - reservoir) & 1)
        sizes = [best] if best >= 0 else []
    else:
        sizes = [s for s in range(min(reservoir, h), -1, -1) if (h - s) % 2 == 0]
    options: list[tuple[tuple[int, int], ...]] = []
    for size in sizes:
        for singles in combinations(positions, size):
            paired = [p for p in positions if p not in singles]
            options.extend(_matchings(paired, cone, rules.incomparable_pairs))
    return options


Unit = tuple[int, int]
"""(cards mask, mask of present cards above any of its cards) of a pair."""


def _pair_unit(pair: tuple[int, int], cone: Sequence[int]) -> Unit:
    a, b = pair
    return ((1 << (a - 1)) | (1 << (b - 1)), cone[a] | cone[b])


def pairs_acyclic(units: Sequence[Unit]) -> bool:
    """Condition (3): the pair graph has no cycle. Repeatedly drop a pair that no remaining pair
    is above (no card of a remaining pair in its cone); a cycle is left exactly when we get
    stuck. A pair whose own card is above its other card is in its own cone and never drops."""
    pending = list(units)
    blocking = 0
    for cards, _ in pending:
        blocking |= cards
    while pending:
        left = []
        for unit in pending:
            if unit[1] & blocking:
                left.append(unit)
            else:
                blocking &= ~unit[0]
        if len(left) == len(pending):
            return False
        pending = left
    return True


def find_plan(state: Abstraction, rules: Rules = ALL_RULES) -> Plan | None:
    """A winning split of ``state`` into units in a removable order, or None when the position
    cannot be won (see :func:`winning_pairs`)."""
    pairs = winning_pairs(state, rules)
    if pairs is None:
        return None
    return _plan_from_pairs(pairs, state.mask)


def winning_pairs(state: Abstraction, rules: Rules = ALL_RULES) -> list[tuple[int, int]] | None:
    """The heart pairs of a winning split of ``state`` (every other card is a single), or None
    when the position cannot be won.

    Ranks are decided one at a time, each over its :func:`rank_options`; undecided ranks count
    as all singles.

    Rule ``partial_cycles``: after each decision, if the pairs chosen so far already form a
    cycle, no completion helps. *Proof*: completing the choice only adds pairs to the pair
    graph; it keeps every existing edge, so the cycle stays.

    Rule ``forced_first``: ranks with no option end the search (a rank with no valid split makes
    the theorem's conditions unsatisfiable: a rank-count bound, e.g. three cards and no
    reservoir card of their rank); ranks with one option join every candidate, and ranks with
    fewer options are decided first. This orders the search only; it never drops a candidate.
    """
    mask = state.mask
    if mask == 0:
        return []
    cone = present_cones(mask)
    by_rank: dict[int, list[int]] = {}
    for p in POSITIONS:
        if (mask >> (p - 1)) & 1:
            by_rank.setdefault(state.ranks[p - 1], []).append(p)
    fixed: list[tuple[int, int]] = []
    choices: list[list[tuple[tuple[int, int], ...]]] = []
    for r, positions in by_rank.items():
        options = rank_options(positions, state.counts[r], cone, rules)
        if not options:
            if rules.forced_first:
                return None
            choices.append(options)
        elif len(options) == 1 and rules.forced_first:
            fixed.extend(options[0])
        else:
            choices.append(options)
    if rules.forced_first:
        choices.sort(key=len)
    fixed_units = [_pair_unit(pair, cone) for pair in fixed]
    if rules.partial_cycles and not pairs_acyclic(fixed_units):
        return None
    return _choose(choices, 0, fixed, fixed_units, cone, rules)


def _choose(
    choices: Sequence[Sequence[tuple[tuple[int, int], ...]]],
    depth: int,
    pairs: list[tuple[int, int]],
    units: list[Unit],
    cone: Sequence[int],
    rules: Rules,
) -> list[tuple[int, int]] | None:
    if depth == len(choices):
        if rules.partial_cycles or pairs_acyclic(units):
            return list(pairs)
        return None
    for option in choices[depth]:
        added = [_pair_unit(pair, cone) for pair in option]
        units.extend(added)
        pairs.extend(option)
        if not rules.partial_cycles or not added or pairs_acyclic(units):
            found = _choose(choices, depth + 1, pairs, units, cone, rules)
            if found is not None:
                return found
        del units[len(units) - len(added) :]
        del pairs[len(pairs) - len(option) :]
    return None


def _plan_from_pairs(pairs: Sequence[tuple[int, int]], mask: int) -> Plan:
    """Order the units: repeatedly take every unit whose cards are all free (the theorem's
    "if" direction guarantees progress)."""
    paired = 0
    for a, b in pairs:
        paired |= (1 << (a - 1)) | (1 << (b - 1))
    singles = tuple(p for p in POSITIONS if (mask >> (p - 1)) & 1 and not (paired >> (p - 1)) & 1)
    pending: list[tuple[int, ...]] = [*pairs, *((p,) for p in singles)]
    order: list[tuple[int, ...]] = []
    present = mask
    while pending:
        left = []
        for unit in pending:
            if any(present & COVERED_BY_MASKS[p] for p in unit):
                left.append(unit)
            else:
                order.append(unit)
                for p in unit:
                    present &= ~(1 << (p - 1))
        if len(left) == len(pending):  # pragma: no cover - excluded by the theorem
            raise AssertionError("a plan with a cycle")
        pending = left
    return Plan(tuple(pairs), singles, tuple(order))


def is_winnable(position: Position) -> bool:
    """Whether some sequence of legal moves from ``position`` empties the heart."""
    return winning_pairs(abstract(position)) is not None


def is_deal_winnable(number: int) -> bool:
    return winning_pairs(deal_abstraction(number)) is not None


def winning_moves(position: Position) -> list[Move] | None:
    """A winning move list from ``position`` (not the shortest), or None if it cannot be won.

    Follows a :class:`Plan`: whenever a planned pair is free it is played; otherwise, among the
    free planned singles, the one whose rank comes soonest in the reservoir's cycle is played
    after the flips (and recycle) that bring such a card to the waste top. Every move goes
    through :func:`~hertta.solitaire.game.apply_move`, so the list is legal by construction.
    """
    plan = find_plan(abstract(position))
    if plan is None:
        return None
    moves: list[Move] = []
    pairs = list(plan.pairs)
    singles = list(plan.singles)
    while not is_won(position):
        free = set(position.free_positions())
        ready = [pair for pair in pairs if pair[0] in free and pair[1] in free]
        if ready:
            for pair in ready:
                pairs.remove(pair)
                move = Move.pair(*pair)
                position = apply_move(position, move)
                moves.append(move)
            continue
        candidates = [p for p in singles if p in free]
        if not candidates:  # pragma: no cover - excluded by the theorem
            raise AssertionError("the plan got stuck")
        flips, single = min((_reach(position, _rank_at(position, p)), p) for p in candidates)
        for _ in range(flips):
            move = Move.flip() if position.stock else Move.recycle()
            position = apply_move(position, move)
            moves.append(move)
        singles.remove(single)
        move = Move.pair(single, WASTE)
        position = apply_move(position, move)
        moves.append(move)
    return moves


def _rank_at(position: Position, p: int) -> int:
    card = position.heart[p - 1]
    assert card is not None
    return card.index % RANKS


def _reach(position: Position, rank: int) -> int:
    """Flips and recycles needed to bring a reservoir card of ``rank`` to the waste top."""
    if position.waste and position.waste[-1].index % RANKS == rank:
        return 0
    for i, card in enumerate(position.stock):
        if card.index % RANKS == rank:
            return i + 1
    for i, card in enumerate(position.waste):
        if card.index % RANKS == rank:
            return len(position.stock) + 1 + i + 1
    raise AssertionError(f"no reservoir card of rank index {rank}")  # pragma: no cover


def winnable_game_code(rng: SplitMix64) -> str:
    """A uniformly random deal code among those whose deal the solver proves winnable (about 29%
    of all deals, so a few draws on average). Same code format as every other code."""
    while True:
        number = random_deal_number(rng)
        if is_deal_winnable(number):
            return format_deal_code(number)
