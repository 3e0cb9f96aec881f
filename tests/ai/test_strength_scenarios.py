"""Hard in the kinds of positions where it was seen losing points against OpenSpiel's IS-MCTS.

Each test builds one seat's view of a position with the seat API (its dealt hand and the cards
played, nothing else: :func:`~tests.ai.helpers.seat_view`) and asks Hard (the default budget)
for its card with several seeds: the search is Monte Carlo, so a class is fixed when the right
card (or a card of the right set) comes out for the seeds, not by luck of one.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from hertta.ai.hard import _history
from hertta.ai.inference import log_play_likelihood, starting_hands
from hertta.ai.knowledge import knowledge_of
from hertta.ai.play_rules import normal_play
from hertta.ai.rollout_tables import policy_tables
from hertta.ai.sampling import sample_deal
from hertta.ai.situation import situation_of
from hertta.cards import Card, Suit
from hertta.hearts.compiled import compile_rules
from hertta.hearts.config import QUEEN_OF_SPADES
from hertta.hearts.observation import Observation
from hertta.rng import SplitMix64

from .helpers import card, hard_cards, seat_view

# --- a high spade over a lower one with the Q♠ out ----------------------------------------

SPADE_DUCK = seat_view("4C 5C 6C 7C 8C 9C 5D 8D TD 9S KS 3H 7H", 1, "2C AC 3C 4C JS 3S")


def test_hard_ducks_the_jack_of_spades_with_the_nine_not_the_king() -> None:
    # Seat 2 led the J♠, seat 3 followed low; seat 0 holds K♠ 9♠, the Q♠ is unseen and seat
    # 1 still plays. The K♠ would win the trick the Q♠ can drop on; the 9♠ ducks it.
    obs = SPADE_DUCK
    assert obs.turn == 0 and QUEEN_OF_SPADES not in obs.hand
    assert hard_cards(obs, range(8)) == [card("9S")] * 8


def test_the_jack_lead_makes_the_leader_an_unlikely_queen_holder() -> None:
    # Why the 9♠: a seat that holds the Q♠ does not lead a spade, so the worlds where the
    # leader has it weigh little and the Q♠ sits more often with the seats still to play.
    obs = SPADE_DUCK
    assert _queen_share(obs, 2, weighted=True) < 0.6 * _queen_share(obs, 2, weighted=False)


def _share(
    obs: Observation,
    test: Callable[[Sequence[Sequence[Card]]], bool],
    weighted: bool,
    worlds: int = 600,
) -> float:
    """Share of the (weighted) sampled worlds whose hands pass ``test``."""
    know = knowledge_of(obs)
    compiled = compile_rules(obs.rules, obs.players)
    tables = policy_tables(compiled)
    history = _history(obs)
    rng = SplitMix64(7)
    logs: list[float] = []
    hits: list[bool] = []
    for _ in range(worlds):
        deal = sample_deal(know, rng)
        start = starting_hands(deal.hands, history, obs.players)
        logs.append(
            log_play_likelihood(compiled, tables, obs.dealer, start, history, obs.seat)
            if weighted
            else 0.0
        )
        hits.append(test(deal.hands))
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    return sum(w for w, h in zip(weights, hits, strict=True) if h) / sum(weights)


def _queen_share(obs: Observation, seat: int, weighted: bool) -> float:
    """Share of the (weighted) sampled worlds in which ``seat`` holds the Q♠."""
    return _share(obs, lambda hands: QUEEN_OF_SPADES in hands[seat], weighted)


# --- a seat that ducked probably lacked the card -----------------------------------------


def test_a_seat_that_follows_the_ace_of_spades_low_probably_has_no_queen() -> None:
    # Seat 2 leads the A♠, seat 3 follows with the 4♠: with the Q♠ it would have dropped it.
    obs = seat_view("4C 5C 6C 7C 8C 9C TC JC QC 2D 3D 5S 6S", 1, "2C AC 3C 4C AS 4S")
    assert obs.turn == 0
    # Play is trusted only in part (the noise of the play model), so not near zero.
    assert _queen_share(obs, 3, weighted=True) < 0.7 * _queen_share(obs, 3, weighted=False)


# --- moons: the search must see a shooter coming -----------------------------------------

MOON_THREAT = seat_view(
    "2C 5C 6C 7C 8C 9C 3S 4S 5S 5H 6H 7H JH", 0, "2C AC 3C 4C AS QS 2S 3S AD 2D 3D"
)


def test_hard_does_not_feed_a_shooter_its_hearts() -> None:
    # Seat 1 has taken the Q♠ and leads its aces; seat 0, void in diamonds, must not throw a
    # heart on the shooter's trick (the J♥ and the length behind it are what can stop it).
    obs = MOON_THREAT
    assert obs.turn == 0 and obs.points_taken == (0, 13, 0, 0)
    cards = hard_cards(obs, range(8))
    assert sum(c.suit is not Suit.HEARTS for c in cards) >= 6, cards


def test_even_a_loose_prior_keeps_the_hearts_from_the_shooter() -> None:
    # The class was first seen with a looser rule prior than today's and uniform worlds:
    # then the search threw hearts on the shooter's trick in most seeds. Since the rollout's
    # blockers keep their high hearts (a void blocker with nothing but points gives the
    # lowest heart), the searched value of keeping them shows even so, weighted or not.
    # (Every seat blocks in these rollouts, as when the class was seen; the default Hard,
    # which counts on nobody else, is the test above.)
    loose = {"prior_margin": 0.15, "prior_z": 1.0, "lone_blocker": False}
    uniform = hard_cards(MOON_THREAT, range(8), play_noise=None, **loose)
    assert sum(c.suit is not Suit.HEARTS for c in uniform) >= 6, uniform
    weighed = hard_cards(MOON_THREAT, range(8), **loose)
    assert sum(c.suit is not Suit.HEARTS for c in weighed) >= 6, weighed


# --- moon attempts that lead into the Q♠ --------------------------------------------------

MOON_ATTEMPT = seat_view(
    "9C TC JC QC KC JD QD KD AD AS QH KH AH",
    1,
    "2C 3C 4C KC AD 2H 2D 3D AH 3H 6H 9H KH 4H 7H TH QH 5H 8H JH",
)


def test_a_moon_attempt_leads_its_spade_ace_last_while_the_queen_is_out() -> None:
    # Seat 0 has taken every point (13 hearts) and holds top diamonds, clubs under the
    # unseen A♣, and the A♠ with the Q♠ and K♠ out. Leading the A♠ now lets the Q♠ holder
    # keep its queen (or drop it while the moon can still fail); the other suits come first.
    obs = MOON_ATTEMPT
    assert obs.turn == 0 and obs.points_taken == (13, 0, 0, 0)
    assert normal_play(situation_of(obs)).suit is not Suit.SPADES
    assert all(c.suit is not Suit.SPADES for c in hard_cards(obs, range(4)))


# --- moons: a shooter that does not play the way our model shoots -------------------------

SHOOTER_LEADS_LOW = seat_view(
    "5C TC AC 5D 6D TD JD 2S 3S 5S 9H TH QH",
    0,
    "2C 6C 4C AC TD 2D KD 4D TS KS 5S 4S 8S 3S 7S JS QD 7D JD AD 9C QC 7C TC 8C QS 5C 3C "
    "9D 8D 6D 3D JH 5H",
    seat=3,
)
"""Seen against IS-MCTS (duel seed 2028, deal 11): seat 1 has taken every point, the Q♠
among them, and leads the J♥ while holding the A♥ and K♥; seat 3 holds Q♥ T♥ 9♥."""


def test_hard_takes_a_heart_trick_from_a_shooter_that_leads_low() -> None:
    # The Q♥ takes the trick and the moon with it (seat 0, last, may still hold the A♥ or
    # K♥, but seat 1 holds them in the worlds that matter). Ducking with the 9♥ let seat 1 run
    # every heart.
    obs = SHOOTER_LEADS_LOW
    assert obs.turn == 3 and obs.points_taken == (0, 13, 0, 0)
    assert normal_play(situation_of(obs)) == card("QH")
    cards = hard_cards(obs, range(6))
    assert cards.count(card("QH")) >= 5, cards


def test_a_possible_shooter_is_not_judged_by_our_way_of_shooting() -> None:
    # Our model of a shooter leads its top hearts first. Seat 1 led the J♥: had that play
    # counted against the worlds in which it holds the A♥ and K♥, those worlds (the moon)
    # would weigh little. A seat that alone has taken points and holds a moon hand in a
    # world is not judged by its plays in that world.
    obs = SHOOTER_LEADS_LOW
    weighted = _share(obs, _holds(1, "AH KH"), weighted=True)
    uniform = _share(obs, _holds(1, "AH KH"), weighted=False)
    assert weighted > 0.8 * uniform, (weighted, uniform)


def _holds(seat: int, cards: str) -> Callable[[Sequence[Sequence[Card]]], bool]:
    wanted = [card(c) for c in cards.split()]
    return lambda hands: all(c in hands[seat] for c in wanted)


SHOOTER_LEADS_LOW_AGAIN = seat_view(
    "5C TC AC 5D 6D TD JD 2S 3S 5S 9H TH QH",
    0,
    "2C 6C 4C AC TD AD QD 8D 4S JS AS 5S 9S 3S 7S TS 8C 7C 5C JC 2D KD 7D JD QC QS TC 3C "
    "9D 4D 6D 3D JH 8H",
    seat=3,
)
"""The same deal played otherwise (seed 2028, deal 11, after the changes above): seat 1 has
taken the Q♠, leads the J♥ with A♥ K♥ 6♥ 3♥ behind it; seat 3 holds Q♥ T♥ 9♥. Ducking lets
it run the A♥ and K♥ through seat 3's two hearts and then the small ones."""


def test_a_wary_searcher_takes_the_heart_trick_itself() -> None:
    # In rollouts where every other seat blocks too, seat 0 (last to play) stops the moon in
    # the worlds where it holds a top heart, so ducking looks cheaper than it is against
    # players who do not block. Counting on nobody else (lone_blocker), Hard takes the trick
    # in most seeds (12 of these 16 with the default budget of 50,000; 22 of 24 with 25,000,
    # whose fewer worlds keep Normal's Q♥ more often), the trusting search mostly ducks.
    obs = SHOOTER_LEADS_LOW_AGAIN
    assert obs.turn == 3 and obs.points_taken == (0, 13, 0, 0)
    assert normal_play(situation_of(obs)) == card("QH")
    wary = hard_cards(obs, range(16), lone_blocker=True)
    assert wary.count(card("QH")) >= 11, wary
    trusting = hard_cards(obs, range(16), lone_blocker=False)
    assert trusting.count(card("9H")) >= 9, trusting
