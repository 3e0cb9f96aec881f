"""Cancellation's two decks on the fast engine (:mod:`hertta.hearts.fast`): a hand may hold a
card twice (``doubles``), identical cards in a trick cancel, a trick in which every card
cancelled carries over to the next trick's winner, and the kitty goes with the first trick's
cards.

:meth:`FastRound.start <hertta.hearts.fast.FastRound.start>` and ``restore`` return this class
when the rules say Cancellation; nothing else needs to name it.
"""

from __future__ import annotations

from collections.abc import Sequence

from hertta.hearts.compiled import lowest_card, mask_cards, trick_winner_index
from hertta.hearts.dealing import DigitPicker
from hertta.hearts.fast import FastRound
from hertta.rng import SplitMix64


class CancellationRound(FastRound):
    """Two decks: duplicate cards in hands (``doubles``), cancelling, carry-over, the kitty."""

    __slots__ = ()

    def others(self, seat: int) -> int:
        out = 0
        for other, hand in enumerate(self.hands):
            if other != seat:
                out |= hand
        return out

    def _add(self, seat: int, card: int) -> None:
        bit = 1 << card
        if self.hands[seat] & bit:
            self.doubles[seat] |= bit
        else:
            self.hands[seat] |= bit

    def _remove(self, seat: int, card: int) -> None:
        bit = 1 << card
        if self.doubles[seat] & bit:
            self.doubles[seat] ^= bit
        else:
            self.hands[seat] ^= bit

    def exchange(self, passes: Sequence[Sequence[int]], offset: int) -> None:
        for seat, cards in enumerate(passes):
            for card in cards:
                self._remove(seat, card)
        for seat, cards in enumerate(passes):
            for card in cards:
                self._add((seat + offset) % self.n, card)
        self._set_opening_lead()

    def hand(self, seat: int) -> list[int]:
        doubles = self.doubles[seat]
        out = []
        for card in mask_cards(self.hands[seat]):
            out.append(card)
            if doubles >> card & 1:
                out.append(card)
        return out

    def random_playout(self, rng: SplitMix64) -> None:
        picker = DigitPicker(rng)
        while self.tricks_left:
            mask = self.legal_mask()
            count = mask.bit_count()
            if count > 1:
                skip = picker.below(count)
                while skip:
                    mask &= mask - 1
                    skip -= 1
            self.play(lowest_card(mask))

    def play(self, card: int) -> None:
        seat = self.turn
        self._remove(seat, card)
        trick = self.trick
        trick.append(card)
        if (1 << card) & self.rules.breaks_mask:
            self.hearts_broken = True
        if len(trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        index = trick_winner_index(trick, True)
        self.trick = []
        self.first_trick = False
        self.opening = -1
        self.tricks_left -= 1
        if index < 0 and self.tricks_left > 0:
            # Every card cancelled: the cards wait for the next trick's winner; same leader.
            self.carried.extend(trick)
            self.turn = self.leader
            self.last_winner = -1
            return
        # On the last trick an all-cancelled trick goes to its leader.
        winner = self.leader if index < 0 else (self.leader + index) % self.n
        taken = trick + self.carried
        self.carried = []
        if self.kitty_taker < 0 and self.kitty:
            # The kitty goes with the first trick's cards, to whoever finally takes them.
            self.kitty_taker = winner
            taken.extend(self.kitty)
        penalty = self.rules.penalty
        bonus = self.rules.bonus
        self.penalty[winner] += sum(penalty[c] for c in taken)
        self.bonus[winner] += sum(bonus[c] for c in taken)
        self.leader = self.turn = self.last_winner = winner
