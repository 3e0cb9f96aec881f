"""The hint button: Hard's suggested pass, play or moon option with a short reason code.

The web UI turns a reason code into words (``fi.json`` / ``en.json``); :data:`REASON_CODES`
lists every code. A reason comes from the Normal rule that proposes the same card when there is
one; when the search chose a card no rule would, the card is described by what it does (it
ducks, wins the trick, dumps the queen...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from hertta.ai.hard import HardPlayer
from hertta.ai.passing import explain_pass, pass_context
from hertta.ai.play_rules import PLAY_RULES
from hertta.ai.situation import KING_OF_SPADES, Situation, situation_of
from hertta.cards import Card, Rank, Suit
from hertta.errors import IllegalMoveError
from hertta.hearts.config import ACE_OF_SPADES, QUEEN_OF_SPADES
from hertta.hearts.observation import Observation
from hertta.hearts.round import Phase
from hertta.rng import SplitMix64

REASON_CODES: Final = (
    "only_card",
    "shoot_moon",
    "block_moon",
    "dump_queen",
    "take_bonus",
    "win_clean",
    "high_card_early",
    "duck",
    "forced_win",
    "win_trick",
    "score_aware",
    "dump_high_spade",
    "points_to_leader",
    "dump_heart",
    "void_suit",
    "flush_queen",
    "lead_low",
    "pass_queen",
    "pass_high_spades",
    "shorten_suit",
    "pass_high_hearts",
    "pass_high_cards",
    "moon_ends_match",
    "moon_best_chance",
)
"""Every reason code a hint can carry."""

PLAY_REASONS: Final = {
    "only_card": "only_card",
    "shoot_the_moon": "shoot_moon",
    "block_the_moon": "block_moon",
    "dump_queen_under_winner": "dump_queen",
    "take_bonus_card": "take_bonus",
    "win_clean_trick_last": "win_clean",
    "high_cards_early": "high_card_early",
    "duck_under_winner": "duck",
    "forced_to_win": "forced_win",
    "spare_the_player_near_the_limit": "score_aware",
    "dump_queen_when_void": "dump_queen",
    "dump_high_spades_when_void": "dump_high_spade",
    "save_hearts_for_the_leader": "points_to_leader",
    "keep_points_from_a_lone_taker": "block_moon",
    "dump_hearts": "dump_heart",
    "shed_high_card": "void_suit",
    "flush_the_queen": "flush_queen",
    "lead_bonus_card": "take_bonus",
    "lead_high_early": "high_card_early",
    "lead_low": "lead_low",
}
"""Normal's play rule -> reason code."""

PASS_REASONS: Final = {
    "moon_hand_pass": "shoot_moon",
    "unprotected_queen": "pass_queen",
    "high_spades": "pass_high_spades",
    "void_short_suits": "void_suit",
    "middle_heart_against_moon": "block_moon",
    "high_hearts": "pass_high_hearts",
    "shorten_short_suit": "shorten_suit",
    "highest_cards": "pass_high_cards",
}
"""Normal's pass rule -> reason code."""


@dataclass(frozen=True, slots=True)
class Hint:
    """``kind``: ``pass``, ``play`` or ``moon``; ``cards``: the suggested cards (empty for the
    moon); ``option``: the suggested moon option; ``reason_code``: one of
    :data:`REASON_CODES`."""

    kind: str
    cards: tuple[Card, ...]
    reason_code: str
    option: str | None = None


def play_reason(s: Situation, card: Card) -> str:
    """Why ``card`` is a good play here, as a reason code."""
    for name, rule in PLAY_RULES:
        if rule(s) == card:
            return PLAY_REASONS[name]
    return describe_play(s, card)


def describe_play(s: Situation, card: Card) -> str:
    """What ``card`` does when no Normal rule would play it."""
    if not s.trick:
        if card.suit is Suit.SPADES and card.rank < Rank.QUEEN and s.queens_out:
            return "flush_queen"
        if s.higher_unseen(card) == 0:
            return "high_card_early"
        return "lead_low"
    if card is QUEEN_OF_SPADES:
        return "dump_queen"
    wins = s.wins_if_played(card)
    if s.following:
        if not wins:
            return "duck"
        if s.rules.bonus_card in s.trick:
            return "take_bonus"
        if s.moon_threat() is not None:
            return "block_moon"
        return "win_clean" if s.last_to_play and s.trick_penalty == 0 else "win_trick"
    if card in (ACE_OF_SPADES, KING_OF_SPADES):
        return "dump_high_spade"
    if card.suit is Suit.HEARTS:
        return "block_moon" if s.moon_threat() is not None else "dump_heart"
    return "void_suit"


def pass_reason(obs: Observation, cards: tuple[Card, ...]) -> str:
    """The reason of the pass card Normal ranks first among ``cards``."""
    ranked = explain_pass(pass_context(obs), len(obs.hand))
    for card, name in ranked:
        if card in cards:
            return PASS_REASONS[name]
    return "pass_high_cards"  # pragma: no cover - every card of the hand is ranked


def hint(obs: Observation, rng: SplitMix64, player: HardPlayer | None = None) -> Hint:
    """Hard's suggestion for the decision ``obs.seat`` faces now; IllegalMoveError when no
    decision waits for that seat."""
    hard = player if player is not None else HardPlayer()
    if obs.phase is Phase.PASSING and obs.pass_to is not None and not obs.passed:
        cards = tuple(sorted(hard.choose_pass(obs, rng)))
        return Hint("pass", cards, pass_reason(obs, cards))
    if obs.phase is Phase.PLAYING and obs.turn == obs.seat and obs.legal_plays:
        card = hard.choose_play(obs, rng)
        return Hint("play", (card,), play_reason(situation_of(obs), card))
    if obs.phase is Phase.MOON_CHOICE and obs.moon_options:
        option = hard.choose_moon(obs, rng)
        points = dict(obs.moon_options)[option]
        ends = max(t + p for t, p in zip(obs.match_totals, points, strict=True))
        reason = "moon_ends_match" if ends >= obs.rules.score_limit else "moon_best_chance"
        return Hint("moon", (), reason, option)
    raise IllegalMoveError(f"no decision waits for seat {obs.seat} ({obs.phase.value})")
