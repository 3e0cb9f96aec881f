"""The trick-play engine on integers: the one implementation of the play rules.

:class:`FastRound` is mutable and unchecked: it trusts that every card it is given is legal (take
it from :meth:`FastRound.legal_mask`). It exists for search code (Monte Carlo playouts) and for
benchmarks; everything else goes through the validated, immutable :mod:`hertta.hearts.round`,
which wraps a private FastRound, so both paths share these rules.

Cards are their index 0..51 (``suit * 13 + rank - 2``; clubs 0-12, diamonds 13-25, spades 26-38,
hearts 39-51), so a suit is a run of 13 bits and "higher in the same suit" is "larger index". A
hand is two bitmasks: ``hands[s]`` has a bit for every card the seat holds, ``doubles[s]`` for
every card it holds twice (only Cancellation's two decks have duplicates).
"""

from __future__ import annotations

from collections.abc import Sequence

from hertta.hearts.compiled import (
    CLUBS_MASK,
    NOT_HEARTS_MASK,
    SUIT_MASKS,
    CompiledRules,
    lowest_card,
    mask_cards,
)
from hertta.hearts.dealing import REFILL
from hertta.hearts.scoring import RoundScore, find_shooter, score_round
from hertta.rng import SplitMix64

_BITS = tuple(1 << card for card in range(52))
_TWO64 = 1 << 64


class FastRound:
    """A round in the play phase (after passing), mutable and unchecked; one deck.

    :meth:`start` and :meth:`restore` return a
    :class:`~hertta.hearts.fast_cancellation.CancellationRound` for Cancellation's
    two decks. Public fields (read them; change them only through the methods): ``rules``
    (:class:`CompiledRules`), ``n``, ``dealer``, ``hands``/``doubles`` (masks per seat),
    ``turn`` (seat to play), ``leader``, ``trick`` (card indices of the current trick in play
    order; seat of ``trick[i]`` is ``(leader + i) % n``), ``hearts_broken``, ``first_trick`` (the
    round's first trick is still being played), ``opening`` (the card that must open the round
    while the first trick is on, else -1),
    ``tricks_left`` (0 when the round is over), ``penalty``/``bonus`` (points taken so far per
    seat), ``carried`` (cards of all-cancelled tricks waiting for a winner), ``kitty`` (card
    indices), ``kitty_taker`` (-1 until taken) and ``last_winner`` (winner of the trick just
    completed, -1 when it carried over).
    """

    __slots__ = (
        "bonus",
        "carried",
        "dealer",
        "doubles",
        "first_trick",
        "hands",
        "hearts_broken",
        "kitty",
        "kitty_taker",
        "last_winner",
        "leader",
        "n",
        "opening",
        "penalty",
        "rules",
        "trick",
        "tricks_left",
        "turn",
    )

    rules: CompiledRules
    n: int
    dealer: int
    hands: list[int]
    doubles: list[int]
    turn: int
    leader: int
    trick: list[int]
    hearts_broken: bool
    first_trick: bool
    opening: int
    tricks_left: int
    penalty: list[int]
    bonus: list[int]
    carried: list[int]
    kitty: tuple[int, ...]
    kitty_taker: int
    last_winner: int

    @staticmethod
    def _blank(rules: CompiledRules, dealer: int, hands: Sequence[Sequence[int]]) -> FastRound:
        cls: type[FastRound] = FastRound
        if rules.cancellation:
            # Two decks are a subclass in a module of its own, which imports this one.
            from hertta.hearts.fast_cancellation import CancellationRound

            cls = CancellationRound
        self = cls.__new__(cls)
        self.rules = rules
        self.n = rules.players
        self.dealer = dealer
        if rules.cancellation:
            singles = []
            doubles = []
            for hand in hands:
                single = double = 0
                for card in hand:
                    bit = 1 << card
                    if single & bit:
                        double |= bit
                    else:
                        single |= bit
                singles.append(single)
                doubles.append(double)
        else:
            # One deck has no duplicates, so OR is a sum (map keeps the loop in C).
            singles = [sum(map(_BITS.__getitem__, hand)) for hand in hands]
            doubles = [0] * len(hands)
        self.hands = singles
        self.doubles = doubles
        self.last_winner = -1
        return self

    @staticmethod
    def start(
        rules: CompiledRules,
        dealer: int,
        hands: Sequence[Sequence[int]],
        kitty: Sequence[int] = (),
    ) -> FastRound:
        """The first trick of a round from its hands (as card indices); call
        :meth:`exchange` first if the cards still have to be passed."""
        self = FastRound._blank(rules, dealer, hands)
        n = self.n
        self.trick = []
        self.hearts_broken = False
        self.first_trick = True
        self.tricks_left = len(hands[0])
        self.penalty = [0] * n
        self.bonus = [0] * n
        self.carried = []
        self.kitty = tuple(kitty)
        self.kitty_taker = -1
        self._set_opening_lead()
        return self

    @staticmethod
    def restore(
        rules: CompiledRules,
        *,
        dealer: int,
        hands: Sequence[Sequence[int]],
        leader: int,
        trick: Sequence[int],
        hearts_broken: bool,
        first_trick: bool,
        opening: int,
        tricks_left: int,
        penalty: Sequence[int],
        bonus: Sequence[int],
        carried: Sequence[int] = (),
        kitty: Sequence[int] = (),
        kitty_taker: int = -1,
    ) -> FastRound:
        """A position in the middle of a round (e.g. a determinized observation for search)."""
        self = FastRound._blank(rules, dealer, hands)
        self.leader = leader
        self.trick = list(trick)
        self.turn = (leader + len(trick)) % self.n
        self.hearts_broken = hearts_broken
        self.first_trick = first_trick
        self.opening = opening
        self.tricks_left = tricks_left
        self.penalty = list(penalty)
        self.bonus = list(bonus)
        self.carried = list(carried)
        self.kitty = tuple(kitty)
        self.kitty_taker = kitty_taker
        return self

    def _set_opening_lead(self) -> None:
        """The lowest club in any hand opens; with two copies (Cancellation) the first holder
        clockwise from the dealer's left leads it."""
        clubs = 0
        for mask in self.hands:
            clubs |= mask & CLUBS_MASK
        self.leader = (self.dealer + 1) % self.n
        self.opening = -1
        if clubs:
            card = lowest_card(clubs)
            bit = 1 << card
            for step in range(1, self.n + 1):
                seat = (self.dealer + step) % self.n
                if self.hands[seat] & bit:
                    self.leader = seat
                    self.opening = card
                    break
        self.turn = self.leader

    def exchange(self, passes: Sequence[Sequence[int]], offset: int) -> None:
        """Pass ``passes[s]`` from each seat ``s`` to seat ``s + offset`` at once (before the
        first play), then find the opening lead again."""
        n = self.n
        hands = self.hands
        moved = []
        for seat, cards in enumerate(passes):
            mask = 0
            for card in cards:
                mask |= 1 << card
            hands[seat] ^= mask
            moved.append(mask)
        for seat, mask in enumerate(moved):
            hands[(seat + offset) % n] |= mask
        self._set_opening_lead()

    def clone(self) -> FastRound:
        cls = self.__class__
        other = cls.__new__(cls)
        other.rules = self.rules
        other.n = self.n
        other.dealer = self.dealer
        other.hands = self.hands[:]
        other.doubles = self.doubles[:]
        other.turn = self.turn
        other.leader = self.leader
        other.trick = self.trick[:]
        other.hearts_broken = self.hearts_broken
        other.first_trick = self.first_trick
        other.opening = self.opening
        other.tricks_left = self.tricks_left
        other.penalty = self.penalty[:]
        other.bonus = self.bonus[:]
        other.carried = self.carried[:]
        other.kitty = self.kitty
        other.kitty_taker = self.kitty_taker
        other.last_winner = self.last_winner
        return other

    @property
    def is_over(self) -> bool:
        return self.tricks_left == 0

    def hand(self, seat: int) -> list[int]:
        """The card indices ``seat`` holds, ascending (a duplicate listed twice)."""
        return mask_cards(self.hands[seat])

    def legal_mask(self) -> int:
        """The cards the seat to move may play, as a mask (never empty before the end)."""
        hand = self.hands[self.turn]
        trick = self.trick
        if not trick:
            if self.opening >= 0:
                return 1 << self.opening
            if not self.hearts_broken:
                others = hand & NOT_HEARTS_MASK
                if others:
                    return others
            return hand
        follow = hand & SUIT_MASKS[trick[0] // 13]
        if follow:
            return follow
        if self.first_trick:
            safe = hand & self.rules.safe_first_mask
            if safe:
                return safe
        return hand

    def others(self, seat: int) -> int:
        """The cards every seat but ``seat`` holds, as one mask (search code's "cards out").
        One deck's hands are disjoint, so their union is their sum, which loops in C."""
        hands = self.hands
        return sum(hands) - hands[seat]

    def legal_cards(self) -> list[int]:
        return mask_cards(self.legal_mask())

    def play(self, card: int) -> None:
        """Play ``card`` for the seat to move. Unchecked: ``card`` must be in legal_mask()."""
        seat = self.turn
        bit = 1 << card
        self.hands[seat] ^= bit
        trick = self.trick
        trick.append(card)
        rules = self.rules
        if bit & rules.breaks_mask:
            self.hearts_broken = True
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        # Inlined for search speed: the highest card of the led suit wins.
        lead = trick[0]
        low = lead - lead % 13
        best = lead
        best_index = 0
        for i in range(1, n):
            other = trick[i]
            if other > best and other - low < 13:
                best = other
                best_index = i
        winner = (self.leader + best_index) % n
        table = rules.penalty
        points = 0
        for other in trick:
            points += table[other]
        self.penalty[winner] += points
        if rules.has_bonus:
            table = rules.bonus
            points = 0
            for other in trick:
                points += table[other]
            self.bonus[winner] += points
        self.trick = []
        self.leader = self.turn = self.last_winner = winner
        self.first_trick = False
        self.opening = -1
        self.tricks_left -= 1

    def random_playout(self, rng: SplitMix64) -> None:
        """Play uniformly random legal cards to the end of the round (Monte Carlo playouts).
        The same rules as :meth:`legal_mask` and :meth:`play`, inlined into one loop; picks
        take digits of shared 64-bit draws as :func:`random_permutation` does."""
        rules = self.rules
        hands = self.hands
        n = self.n
        penalty_table = rules.penalty
        bonus_table = rules.bonus if rules.has_bonus else None
        breaks = rules.breaks_mask
        safe = rules.safe_first_mask
        suits = SUIT_MASKS
        not_hearts = NOT_HEARTS_MASK
        trick = self.trick
        turn = self.turn
        leader = self.leader
        broken = self.hearts_broken
        first = self.first_trick
        opening = self.opening
        left = self.tricks_left
        penalty = self.penalty
        bonus = self.bonus
        winner = self.last_winner
        pool = 0
        span = 1
        while left:
            hand = hands[turn]
            if trick:
                mask = hand & suits[trick[0] // 13]
                if not mask:
                    mask = hand
                    if first and hand & safe:
                        mask = hand & safe
            elif opening >= 0:
                mask = 1 << opening
            elif broken or not hand & not_hearts:
                mask = hand
            else:
                mask = hand & not_hearts
            count = mask.bit_count()
            if count > 1:
                if span < REFILL:
                    pool = rng.next_u64()
                    span = _TWO64
                skip = pool % count
                pool //= count
                span //= count
                while skip:
                    mask &= mask - 1
                    skip -= 1
            bit = mask & -mask
            hands[turn] ^= bit
            trick.append(bit.bit_length() - 1)
            if bit & breaks:
                broken = True
            if len(trick) < n:
                turn = (turn + 1) % n
                continue
            lead = trick[0]
            low = lead - lead % 13
            best = lead
            best_index = 0
            for i in range(1, n):
                other = trick[i]
                if other > best and other - low < 13:
                    best = other
                    best_index = i
            winner = (leader + best_index) % n
            points = 0
            for other in trick:
                points += penalty_table[other]
            penalty[winner] += points
            if bonus_table is not None:
                points = 0
                for other in trick:
                    points += bonus_table[other]
                bonus[winner] += points
            trick.clear()
            leader = turn = winner
            first = False
            opening = -1
            left -= 1
        self.turn = turn
        self.leader = leader
        self.hearts_broken = broken
        self.first_trick = first
        self.opening = opening
        self.tricks_left = left
        self.last_winner = winner

    def points_taken(self) -> list[int]:
        """Points taken so far per seat (penalty plus bonus), before any moon adjustment."""
        return [p + b for p, b in zip(self.penalty, self.bonus, strict=True)]

    def moon_shooter(self) -> int | None:
        """The seat that shot the moon (meaningful once the round is over), or None."""
        return find_shooter(self.rules, self.penalty, self.bonus)

    def score(self, moon_choice: str | None = None) -> RoundScore:
        """The finished round's points (see :func:`hertta.hearts.scoring.score_round`)."""
        return score_round(self.rules, self.penalty, self.bonus, moon_choice)
