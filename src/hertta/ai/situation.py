"""The facts Normal's rules look at, computed once per decision from an observation.

Everything here is derived from the :class:`~hertta.hearts.Observation` and the seat's
:class:`~hertta.ai.knowledge.Knowledge`: the trick on the table (who is winning it, its points,
who still plays), the Q♠ and the bonus card, a possible moon (someone else's or our own) and the
match scores.
"""

from __future__ import annotations

from dataclasses import dataclass

from hertta.ai.knowledge import Knowledge, knowledge_of
from hertta.cards import Card, Rank, Suit
from hertta.hearts.compiled import trick_winner_index
from hertta.hearts.config import RulesConfig
from hertta.hearts.observation import Observation

KING_OF_SPADES = Card(Rank.KING, Suit.SPADES)

MOON_THREAT_SHARE = 0.3
"""Someone who alone has taken this share of the deck's penalty points may be shooting."""
FEED_SHARE = 0.1
"""From this share of the deck's points (3 of 26) taken by one seat alone, the others, void,
throw it no points (a moon needs every one); :data:`MOON_THREAT_SHARE` starts the rest of the
blocking. Measured against xinxin with 3 points here and 2 in the rollout
(:data:`hertta.ai.rollout_tables.FEED_SHARE`)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """One decision's facts (see the module docstring). ``trick`` lists the cards on the table
    in play order, ``winner`` the seat currently winning it (None when the table is empty or
    every card so far cancelled), ``later`` the seats that play after this one."""

    obs: Observation
    know: Knowledge
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    winner: int | None
    winning_card: Card | None
    trick_penalty: int
    trick_bonus: int
    later: tuple[int, ...]

    @property
    def rules(self) -> RulesConfig:
        return self.obs.rules

    @property
    def seat(self) -> int:
        return self.obs.seat

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.obs.hand

    @property
    def legal(self) -> tuple[Card, ...]:
        return self.obs.legal_plays

    @property
    def led(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

    @property
    def last_to_play(self) -> bool:
        return bool(self.trick) and not self.later

    @property
    def following(self) -> bool:
        """This seat can follow the led suit (so every legal card is of that suit)."""
        led = self.led
        return led is not None and any(c.suit is led for c in self.hand)

    @property
    def kitty_pending(self) -> bool:
        """A face-down kitty goes to this trick's taker (Cancellation's first trick)."""
        return self.obs.kitty_size > 0 and self.obs.kitty_taker is None

    def wins_if_played(self, card: Card) -> bool:
        """Would this seat be winning the trick right after playing ``card``?"""
        cards = [c.index for c in (*self.trick, card)]
        return trick_winner_index(cards, self.rules.cancellation) == len(self.trick)

    def higher_unseen(self, card: Card) -> int:
        """Unseen cards of ``card``'s suit that beat it."""
        return sum(1 for c in self.know.unseen if c.suit is card.suit and c.rank > card.rank)

    def lower_unseen(self, card: Card) -> int:
        return sum(1 for c in self.know.unseen if c.suit is card.suit and c.rank < card.rank)

    def is_penalty(self, card: Card) -> bool:
        return self.rules.is_penalty(card)

    def is_bonus(self, card: Card) -> bool:
        return card is self.rules.bonus_card

    @property
    def queens_out(self) -> int:
        return self.know.queens_out

    @property
    def high_spades_danger(self) -> bool:
        """A♠/K♠ can still catch a Q♠ that someone else holds."""
        return self.queens_out > 0

    def others_penalty(self) -> int:
        return sum(p for s, p in enumerate(self.know.penalty) if s != self.seat)

    def moon_threat(self, share: float | None = None) -> int | None:
        """Another seat that has taken every penalty point so far, and enough of them
        (``share`` of the deck's points, by default :data:`MOON_THREAT_SHARE`) to be shooting
        the moon (and the bonus card too where the moon needs it)."""
        penalty = self.know.penalty
        takers = [s for s, p in enumerate(penalty) if p > 0]
        if len(takers) != 1 or takers[0] == self.seat:
            return None
        threat = takers[0]
        needed = MOON_THREAT_SHARE if share is None else share
        if penalty[threat] < max(1, round(needed * self.rules.moon_total)):
            return None
        if self.rules.moon_needs_bonus and any(
            b < 0 for s, b in enumerate(self.know.bonus) if s != threat
        ):
            return None
        return threat

    def match_leader(self) -> int:
        """The other seat with the lowest match total (the one to keep points on)."""
        totals = self.obs.match_totals
        others = [s for s in range(self.obs.players) if s != self.seat]
        return min(others, key=lambda s: (totals[s], s))

    def near_limit(self) -> bool:
        """A moon or a bad round could end the match this round."""
        limit = self.rules.score_limit
        return max(self.obs.match_totals) + self.rules.moon_total >= limit

    def round_total(self, seat: int) -> int:
        """``seat``'s match total if the round ended now (visible points only)."""
        return self.obs.match_totals[seat] + self.know.penalty[seat] + self.know.bonus[seat]

    def am_lowest(self) -> bool:
        """This seat would win the match if it ended with the points visible now."""
        mine = self.round_total(self.seat)
        return all(mine <= self.round_total(s) for s in range(self.obs.players))


def situation_of(obs: Observation, know: Knowledge | None = None) -> Situation:
    """The facts of ``obs`` (pass ``know`` when it is already computed)."""
    know = knowledge_of(obs) if know is None else know
    trick = obs.trick_cards
    seats = obs.trick_seats
    winner: int | None = None
    winning: Card | None = None
    penalty = bonus = 0
    if trick:
        index = trick_winner_index([c.index for c in trick], obs.rules.cancellation)
        if index >= 0:
            winner = seats[index]
            winning = trick[index]
        for card in (*trick, *obs.carried):
            value = obs.rules.card_value(card)
            if value > 0:
                penalty += value
            else:
                bonus += value
    later: tuple[int, ...] = ()
    if trick:
        n = obs.players
        later = tuple((obs.seat + i) % n for i in range(1, n - len(trick)))
    return Situation(
        obs=obs,
        know=know,
        trick=trick,
        trick_seats=seats,
        winner=winner,
        winning_card=winning,
        trick_penalty=penalty,
        trick_bonus=bonus,
        later=later,
    )
