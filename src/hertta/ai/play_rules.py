"""Normal's play rules: the seed's strategy as small named rules, tried in order.

Each rule takes the :class:`~hertta.ai.situation.Situation` and returns a card or None (the rule
does not apply); :func:`normal_play` returns the first card a rule proposes. The rules only ever
propose legal cards. The order (see :data:`PLAY_RULES`):

- ``only_card``: a single legal card;
- ``shoot_the_moon``: while this seat has taken every point so far with a hand of top cards,
  take every trick (lead and follow high, spades last while a Q♠ is out, discard low cards,
  never a heart);
- ``block_the_moon``: someone else has taken every point so far and many of them: take a trick
  with points from them, or give one heart early to someone else;
- following suit: ``dump_queen_under_winner``, ``take_bonus_card`` (Omnibus and Jack of
  Diamonds), ``win_clean_trick_last``, ``high_cards_early``, ``duck_under_winner``,
  ``forced_to_win``;
- void in the led suit: ``spare_the_player_near_the_limit`` (score awareness),
  ``dump_queen_when_void``, ``dump_high_spades_when_void``, ``save_hearts_for_the_leader``
  (points go to the match leader), ``keep_points_from_a_lone_taker`` (no heart for a seat that
  alone has taken points), ``dump_hearts``, ``shed_high_card``;
- leading: ``flush_the_queen``, ``lead_bonus_card``, ``lead_high_early``, ``lead_low``.

Variants: the bonus card is chased and never thrown to others, penalty spades follow the rules
(Black Lady: the Q♠ is worth 25, the A♠ optionally 7), and every "would this card win" question
is answered by the engine's own trick rule, so Cancellation's cancelling pairs are judged right.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hertta.ai import situation
from hertta.ai.passing import moon_hand
from hertta.ai.situation import KING_OF_SPADES, Situation
from hertta.cards import Card, Rank, Suit
from hertta.hearts.config import ACE_OF_SPADES, QUEEN_OF_SPADES

PlayRule = Callable[[Situation], Card | None]


def _highest(cards: Sequence[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, -c.suit))


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def _without_bonus(s: Situation, cards: Sequence[Card]) -> list[Card]:
    """``cards`` less the bonus card, unless that leaves nothing."""
    kept = [c for c in cards if not s.is_bonus(c)]
    return kept or list(cards)


def _safe(s: Situation, cards: Sequence[Card]) -> list[Card]:
    """Cards that score nothing against their taker."""
    return [c for c in cards if not s.is_penalty(c)]


# --- the moon ---------------------------------------------------------------------------


def attempting_moon(s: Situation) -> bool:
    """This seat goes for the moon: nobody else has taken a point, it has taken some (or holds
    a moon hand), and nearly every card it holds is a top card of its suit."""
    if s.others_penalty() > 0 or not s.hand:
        return False
    if s.rules.moon_needs_bonus and any(
        b < 0 for seat, b in enumerate(s.know.bonus) if seat != s.seat
    ):
        return False
    behind = s.near_limit() and not s.am_lowest()
    if s.know.penalty[s.seat] == 0 and not moon_hand(s.hand, relaxed=behind):
        return False
    losers = sum(1 for c in s.hand if s.higher_unseen(c) > 1)
    return losers <= (1 if behind else 0)


def shoot_the_moon(s: Situation) -> Card | None:
    if not attempting_moon(s):
        return None
    legal = s.legal
    if not s.trick:
        hearts = [c for c in legal if c.suit is Suit.HEARTS]
        tops = [c for c in (hearts or legal) if s.higher_unseen(c) == 0]
        if s.queens_out:
            # Spades last while another seat holds the Q♠: the other suits run out its guards.
            tops = [c for c in tops if c.suit is not Suit.SPADES] or tops
        return _highest(tops or hearts or legal)
    if s.following:
        return _highest(legal)
    others = [c for c in legal if not s.is_penalty(c)]
    return _lowest(others or legal)


def block_the_moon(s: Situation) -> Card | None:
    threat = s.moon_threat()
    if threat is None:
        return None
    legal = s.legal
    if not s.trick:
        hearts = [c for c in legal if c.suit is Suit.HEARTS and s.higher_unseen(c) == 0]
        return _highest(hearts) if hearts else None
    threat_done = threat in s.trick_seats
    if s.following:
        if s.winner == threat or not threat_done:
            winners = [c for c in legal if s.wins_if_played(c)]
            if winners and (s.trick_penalty > 0 or s.led is Suit.HEARTS or not threat_done):
                return _highest(winners)
        return None
    if threat_done and s.winner != threat:
        hearts = [c for c in legal if c.suit is Suit.HEARTS]
        if hearts:
            return _highest(hearts)
    safe = _safe(s, legal)
    if safe:
        return _highest(_without_bonus(s, safe))
    # Nothing but points: the lowest heart, keeping the high ones to take a trick from it later.
    hearts = [c for c in legal if c.suit is Suit.HEARTS]
    return _lowest(hearts) if hearts else None


# --- following suit ---------------------------------------------------------------------


def dump_queen_under_winner(s: Situation) -> Card | None:
    if QUEEN_OF_SPADES in s.legal and s.following and not s.wins_if_played(QUEEN_OF_SPADES):
        return QUEEN_OF_SPADES if s.rules.queen_points else None
    return None


def take_bonus_card(s: Situation) -> Card | None:
    """Omnibus / Jack of Diamonds: win the trick that holds (or will hold) the -10 card."""
    bonus = s.rules.bonus_card
    if bonus is None or not s.following or s.led is not bonus.suit:
        return None
    value = -s.rules.card_value(bonus)
    if s.trick_penalty >= value:
        return None
    legal = s.legal
    winners = [c for c in legal if s.wins_if_played(c)]
    if bonus in s.trick and winners:
        if s.last_to_play:
            return _lowest(winners)
        sure = [c for c in winners if s.higher_unseen(c) == 0]
        return _highest(sure) if sure else None
    if bonus in legal and bonus in winners and (s.last_to_play or s.higher_unseen(bonus) == 0):
        return bonus
    return None


def win_clean_trick_last(s: Situation) -> Card | None:
    """Last to play and nothing to lose in the trick: win it with the highest card, getting
    rid of a card that could later win a trick full of points."""
    if not (s.following and s.last_to_play) or s.trick_penalty > 0 or s.kitty_pending:
        return None
    safe = _without_bonus(s, _safe(s, s.legal))
    return _highest(safe) if safe and not all(s.is_bonus(c) for c in safe) else None


def _suit_led_before(s: Situation, suit: Suit) -> bool:
    return any(t.cards[0].suit is suit for t in s.obs.tricks)


def high_cards_early(s: Situation) -> Card | None:
    """Before points appear, play a high card that will win a pointless trick: on the first
    trick (no points allowed), or the first round of a suit nobody can be void in yet."""
    if not s.following or s.kitty_pending or s.trick_penalty > 0 or s.led is Suit.HEARTS:
        return None
    led = s.led
    assert led is not None
    if not s.obs.first_trick:
        if _suit_led_before(s, led) or s.obs.hearts_broken:
            return None
        if any(led in s.know.voids[seat] for seat in s.later):
            return None
    candidates = _without_bonus(s, _safe(s, s.legal))
    if led is Suit.SPADES and s.high_spades_danger:
        candidates = [c for c in candidates if c.rank < Rank.QUEEN]
    if s.rules.bonus_card is not None and s.rules.bonus_card.suit is led:
        return None  # the bonus card might fall on this trick: leave it to take_bonus_card
    return _highest(candidates) if candidates else None


def duck_under_winner(s: Situation) -> Card | None:
    if not s.following:
        return None
    ducks = [c for c in s.legal if not s.wins_if_played(c)]
    ducks = _without_bonus(s, ducks)
    if not ducks or all(s.is_bonus(c) for c in ducks):
        return None
    return _highest(ducks)


def forced_to_win(s: Situation) -> Card | None:
    """Every card wins for now: the highest safe one, unless a Q♠ can still fall on a spade
    trick, then the lowest (a later, higher spade may take it instead)."""
    if not s.following:
        return None
    pool = _without_bonus(s, _safe(s, s.legal) or list(s.legal))
    if s.led is Suit.SPADES and s.high_spades_danger and not s.last_to_play:
        return _lowest(pool)
    return _highest(pool)


# --- void in the led suit ---------------------------------------------------------------


def _bad_target(s: Situation) -> bool:
    """Points on this trick would end the match while this seat is not the one ahead."""
    winner = s.winner
    if winner is None or winner == s.seat or not s.near_limit():
        return False
    if s.round_total(winner) + s.rules.queen_points < s.rules.score_limit:
        return False
    return not s.am_lowest()


def spare_the_player_near_the_limit(s: Situation) -> Card | None:
    """Score awareness: don't push a player over the limit when that ends a match this seat
    would not win; shed a harmless card instead."""
    if s.following or not s.trick or not _bad_target(s):
        return None
    safe = _without_bonus(s, _safe(s, s.legal))
    safe = [c for c in safe if not (c.suit is Suit.SPADES and c.rank > Rank.QUEEN)]
    return _highest(safe) if safe else None


def dump_queen_when_void(s: Situation) -> Card | None:
    if s.following or not s.trick or not s.rules.queen_points:
        return None
    return QUEEN_OF_SPADES if QUEEN_OF_SPADES in s.legal else None


def dump_high_spades_when_void(s: Situation) -> Card | None:
    if s.following or not s.trick:
        return None
    if ACE_OF_SPADES in s.legal and s.is_penalty(ACE_OF_SPADES):
        return ACE_OF_SPADES
    if not s.high_spades_danger:
        return None
    high = [c for c in s.legal if c in (ACE_OF_SPADES, KING_OF_SPADES)]
    return _highest(high) if high else None


def save_hearts_for_the_leader(s: Situation) -> Card | None:
    """Void with hearts while the trick goes to someone well behind the match leader: shed a
    high side card and keep the hearts for a trick the leader takes."""
    if s.following or not s.trick or s.winner is None:
        return None
    leader = s.match_leader()
    totals = s.obs.match_totals
    if s.winner == leader or totals[s.winner] - totals[leader] < 20:
        return None
    if not any(c.suit is Suit.HEARTS for c in s.legal):
        return None
    side = [
        c
        for c in _without_bonus(s, _safe(s, s.legal))
        if c.suit is not Suit.HEARTS and c.rank >= Rank.JACK and not s.is_bonus(c)
    ]
    return _highest(side) if side else None


def keep_points_from_a_lone_taker(s: Situation) -> Card | None:
    """Void on a trick that the one seat holding every point so far (and
    :data:`~hertta.ai.situation.FEED_SHARE` of them) is winning: throw a safe card, not a
    heart it needs for the moon."""
    if s.following or not s.trick or s.winner is None:
        return None
    if s.winner != s.moon_threat(situation.FEED_SHARE):
        return None
    safe = [c for c in _without_bonus(s, _safe(s, s.legal)) if not s.is_bonus(c)]
    return _highest(safe) if safe else None


def dump_hearts(s: Situation) -> Card | None:
    if s.following or not s.trick:
        return None
    hearts = [c for c in s.legal if c.suit is Suit.HEARTS]
    return _highest(hearts) if hearts else None


def shed_high_card(s: Situation) -> Card | None:
    """Void and nothing to dump: throw the highest card, from the shortest suit on a tie
    (emptying it makes the next void)."""
    if s.following or not s.trick:
        return None
    pool = _without_bonus(s, s.legal)
    length = {suit: sum(1 for c in s.hand if c.suit is suit) for suit in Suit}
    return max(pool, key=lambda c: (c.rank, -length[c.suit], -c.suit))


# --- leading ----------------------------------------------------------------------------


def flush_the_queen(s: Situation) -> Card | None:
    """A Q♠ is out and this hand holds no card it could catch it with: lead a low spade so the
    queen's holder must eventually play it under someone's higher spade."""
    if s.trick or not s.high_spades_danger or not s.rules.queen_points:
        return None
    if any(c in s.hand for c in (QUEEN_OF_SPADES, KING_OF_SPADES, ACE_OF_SPADES)):
        return None
    low = [c for c in s.legal if c.suit is Suit.SPADES and c.rank < Rank.QUEEN]
    return _lowest(low) if low else None


def lead_bonus_card(s: Situation) -> Card | None:
    """Lead the -10 card when nothing unseen can beat it and nobody has shown a void in it."""
    bonus = s.rules.bonus_card
    if s.trick or bonus is None or bonus not in s.legal or s.higher_unseen(bonus) > 0:
        return None
    if s.know.unseen_count(bonus) or any(bonus.suit in v for v in s.know.voids):
        return None
    return bonus


def _points_played(s: Situation) -> bool:
    return any(s.is_penalty(c) for c in s.know.played)


def lead_high_early(s: Situation) -> Card | None:
    """Before points appear, lead a top card of a fresh side suit that everyone can follow."""
    if s.trick or _points_played(s):
        return None
    n = s.obs.players
    for card in sorted(s.legal, key=lambda c: (-c.rank, c.suit)):
        if card.suit in (Suit.HEARTS, Suit.SPADES) or s.is_bonus(card):
            continue
        if card.rank < Rank.KING or s.higher_unseen(card) > 0 or _suit_led_before(s, card.suit):
            continue
        if len(s.know.unseen_of_suit(card.suit)) <= 2 * (n - 1):
            continue
        if any(card.suit in v for v in s.know.voids):
            continue
        return card
    return None


def lead_low(s: Situation) -> Card | None:
    """Lead the card least likely to win: fewest unseen cards below it, from a short suit;
    no spades while holding the Q♠ (or A♠/K♠ with a Q♠ out)."""
    legal = list(s.legal)
    if QUEEN_OF_SPADES in s.hand or (
        s.high_spades_danger and any(c in s.hand for c in (ACE_OF_SPADES, KING_OF_SPADES))
    ):
        legal = [c for c in legal if c.suit is not Suit.SPADES] or legal
    legal = _without_bonus(s, legal)
    length = {suit: sum(1 for c in s.hand if c.suit is suit) for suit in Suit}

    def risk(card: Card) -> tuple[float, int, int, int]:
        unseen = len(s.know.unseen_of_suit(card.suit))
        share = s.lower_unseen(card) / unseen if unseen else 1.0
        return (share, int(s.is_penalty(card)), length[card.suit], card.rank)

    return min(legal, key=risk)


def only_card(s: Situation) -> Card | None:
    return s.legal[0] if len(set(s.legal)) == 1 else None


PLAY_RULES: tuple[tuple[str, PlayRule], ...] = (
    ("only_card", only_card),
    ("shoot_the_moon", shoot_the_moon),
    ("block_the_moon", block_the_moon),
    ("dump_queen_under_winner", dump_queen_under_winner),
    ("take_bonus_card", take_bonus_card),
    ("win_clean_trick_last", win_clean_trick_last),
    ("high_cards_early", high_cards_early),
    ("duck_under_winner", duck_under_winner),
    ("forced_to_win", forced_to_win),
    ("spare_the_player_near_the_limit", spare_the_player_near_the_limit),
    ("dump_queen_when_void", dump_queen_when_void),
    ("dump_high_spades_when_void", dump_high_spades_when_void),
    ("save_hearts_for_the_leader", save_hearts_for_the_leader),
    ("keep_points_from_a_lone_taker", keep_points_from_a_lone_taker),
    ("dump_hearts", dump_hearts),
    ("shed_high_card", shed_high_card),
    ("flush_the_queen", flush_the_queen),
    ("lead_bonus_card", lead_bonus_card),
    ("lead_high_early", lead_high_early),
    ("lead_low", lead_low),
)
"""Normal's play rules in priority order (see the module docstring)."""


def explain_play(s: Situation) -> tuple[Card, str]:
    """Normal's card and the name of the rule that chose it."""
    for name, rule in PLAY_RULES:
        card = rule(s)
        if card is not None:
            return card, name
    raise AssertionError("lead_low always proposes a card")  # pragma: no cover


def normal_play(s: Situation) -> Card:
    return explain_play(s)[0]
