"""Normal's passing rules: the seed's "Korttien vaihtostrategia" as explicit, ordered rules.

Each rule looks at the hand and the cards already chosen and proposes more cards; the first three
proposals are the pass. In order:

1. ``moon_hand_pass``: a hand fit for shooting the moon passes its low losers instead;
2. ``unprotected_queen``: the Q♠ without enough low spades below it (3; 4 in Black Lady);
3. ``high_spades``: the A♠ and K♠ without enough low spades (the A♠ always when it scores);
4. ``void_short_suits``: a whole short club or diamond suit that fits in the places left;
5. ``middle_heart_against_moon``: after passing two top cards, a middle heart (8-J) rather than
   another card, so the receiver cannot run every heart;
6. ``high_hearts``: the A♥, K♥ and Q♥ (low hearts 2-7 are kept: they rarely win a trick);
7. ``shorten_short_suit``: the highest card of the shortest club or diamond suit;
8. ``highest_cards``: the highest cards left, low hearts last.

The bonus card (10♦ / J♦) is never passed: it is worth taking. The rules work on a plain hand, so
Hard can call them for the other seats of a sampled deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hertta.ai.situation import KING_OF_SPADES
from hertta.cards import Card, Rank, Suit
from hertta.hearts.config import ACE_OF_SPADES, QUEEN_OF_SPADES, RulesConfig
from hertta.hearts.deck import PASS_COUNT
from hertta.hearts.observation import Observation

LOW_HEART_TOP = Rank.SEVEN
"""Hearts up to this rank are kept: they seldom win a trick."""
MIDDLE_HEARTS = (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK)


@dataclass(frozen=True, slots=True)
class PassContext:
    """What passing depends on: the hand, the rules and how far behind this seat is."""

    hand: tuple[Card, ...]
    rules: RulesConfig
    desperate: bool = False
    """Far behind near the limit: a riskier moon hand is worth trying."""


PassRule = Callable[[PassContext, list[Card]], list[Card]]


def low_spades(hand: Sequence[Card]) -> list[Card]:
    """Spades below the Q♠: the cards that let a hand duck spade tricks."""
    return [c for c in hand if c.suit is Suit.SPADES and c.rank < Rank.QUEEN]


def queen_guard_needed(rules: RulesConfig) -> int:
    """Low spades needed to keep the Q♠ (more when the queen is worth more)."""
    return 4 if rules.queen_points > 13 or rules.decks > 1 else 3


def moon_hand(hand: Sequence[Card], relaxed: bool = False) -> bool:
    """A hand that can take every trick it needs to: many top hearts and high cards, few low
    cards outside hearts."""
    hearts = [c for c in hand if c.suit is Suit.HEARTS]
    top_hearts = [c for c in hearts if c.rank >= Rank.QUEEN]
    high = [c for c in hand if c.rank >= Rank.QUEEN]
    low_others = [c for c in hand if c.suit is not Suit.HEARTS and c.rank <= Rank.NINE]
    need_high = len(hand) // 2 + (0 if relaxed else 1)
    return (
        len(hearts) >= 5
        and len(top_hearts) >= (2 if relaxed else 3)
        and len(high) >= need_high
        and len(low_others) <= 3
    )


def moon_hand_pass(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    if not moon_hand(ctx.hand, relaxed=ctx.desperate):
        return []
    # The lowest side cards are the ones that could lose a trick; keep every heart.
    side = [c for c in ctx.hand if c.suit is not Suit.HEARTS]
    return sorted(side, key=lambda c: (c.rank, c.suit))


def unprotected_queen(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    if QUEEN_OF_SPADES not in ctx.hand or not ctx.rules.queen_points:
        return []
    if len(low_spades(ctx.hand)) >= queen_guard_needed(ctx.rules):
        return []
    return [QUEEN_OF_SPADES] * ctx.hand.count(QUEEN_OF_SPADES)


def high_spades(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    guard = len(low_spades(ctx.hand))
    out = []
    if ACE_OF_SPADES in ctx.hand and (
        guard < queen_guard_needed(ctx.rules) or ctx.rules.ace_of_spades_points
    ):
        out.append(ACE_OF_SPADES)
    if KING_OF_SPADES in ctx.hand and guard < queen_guard_needed(ctx.rules):
        out.append(KING_OF_SPADES)
    return out


def _side_suits(ctx: PassContext, chosen: list[Card]) -> list[list[Card]]:
    """Club and diamond cards still in hand, per suit, shortest suit first (ties: the suit
    with the higher top card). A suit holding the bonus card is not for passing."""
    suits = []
    for suit in (Suit.CLUBS, Suit.DIAMONDS):
        cards = [c for c in ctx.hand if c.suit is suit and c not in chosen]
        if cards and ctx.rules.bonus_card not in cards:
            suits.append(cards)
    suits.sort(key=lambda cards: (len(cards), -max(c.rank for c in cards)))
    return suits


def void_short_suits(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    room = PASS_COUNT - len(chosen)
    for cards in _side_suits(ctx, chosen):
        if len(cards) <= room:
            return sorted(cards, key=lambda c: -c.rank)
    return []


def middle_heart_against_moon(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    strong = [c for c in chosen if c.rank >= Rank.KING]
    if len(strong) < 2:
        return []
    middle = [c for c in ctx.hand if c.suit is Suit.HEARTS and c.rank in MIDDLE_HEARTS]
    return sorted(middle, key=lambda c: -c.rank)[:1]


def high_hearts(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    top = [c for c in ctx.hand if c.suit is Suit.HEARTS and c.rank >= Rank.QUEEN]
    return sorted(top, key=lambda c: -c.rank)


def shorten_short_suit(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    suits = _side_suits(ctx, chosen)
    if not suits:
        return []
    return [max(suits[0], key=lambda c: c.rank)]


def highest_cards(ctx: PassContext, chosen: list[Card]) -> list[Card]:
    def danger(card: Card) -> tuple[int, int, int]:
        low_heart = card.suit is Suit.HEARTS and card.rank <= LOW_HEART_TOP
        return (int(low_heart), int(card is ctx.rules.bonus_card), -card.rank)

    return sorted(ctx.hand, key=lambda c: (*danger(c), c.suit))


PASS_RULES: tuple[tuple[str, PassRule], ...] = (
    ("moon_hand_pass", moon_hand_pass),
    ("unprotected_queen", unprotected_queen),
    ("high_spades", high_spades),
    ("void_short_suits", void_short_suits),
    ("middle_heart_against_moon", middle_heart_against_moon),
    ("high_hearts", high_hearts),
    ("shorten_short_suit", shorten_short_suit),
    ("highest_cards", highest_cards),
)
"""Normal's passing rules in priority order (see the module docstring)."""


def explain_pass(ctx: PassContext, count: int = PASS_COUNT) -> list[tuple[Card, str]]:
    """The pass with the rule that chose each card: ``[(card, rule name), ...]``. With a
    ``count`` above 3 the rules go on choosing: the next cards Normal would pass (Hard's
    candidates)."""
    chosen: list[Card] = []
    reasons: list[tuple[Card, str]] = []
    count = min(count, len(ctx.hand))
    for name, rule in PASS_RULES:
        for card in rule(ctx, chosen):
            if len(chosen) == count:
                break
            if card in chosen and chosen.count(card) >= ctx.hand.count(card):
                continue
            chosen.append(card)
            reasons.append((card, name))
        if len(chosen) == count:
            break
    return reasons


def normal_pass(ctx: PassContext) -> list[Card]:
    """Normal's three cards for ``ctx`` (see :data:`PASS_RULES`)."""
    return sorted(card for card, _ in explain_pass(ctx))


def pass_context(obs: Observation) -> PassContext:
    totals = obs.match_totals
    mine = totals[obs.seat]
    limit = obs.rules.score_limit
    desperate = mine > min(totals) + limit // 4 and max(totals) + obs.rules.moon_total >= limit
    return PassContext(obs.hand, obs.rules, desperate)
