"""Hearts: the rules core (pure: no I/O, no clock, no global random).

- :mod:`~hertta.hearts.config`: :class:`RulesConfig`, presets and options.
- :mod:`~hertta.hearts.deck`: decks per player count, the deal, pass directions, opening lead.
- :mod:`~hertta.hearts.round`: :class:`RoundState` and the validated moves
  :func:`submit_pass`, :func:`play_card`, :func:`choose_moon`.
- :mod:`~hertta.hearts.fast`: :class:`FastRound`, the unchecked integer engine for search
  (Cancellation's two decks: :mod:`~hertta.hearts.fast_cancellation`).
- :mod:`~hertta.hearts.scoring`: moons and round points.
- :mod:`~hertta.hearts.match` and :mod:`~hertta.hearts.codes`: matches and match codes.
- :mod:`~hertta.hearts.records`: round records ``hertta-hearts-round/1``.
- :mod:`~hertta.hearts.observation`: one seat's view; :mod:`~hertta.hearts.seat_knowledge`:
  that view built from what the seat alone knows (:class:`SeatKnowledge`).
"""

from hertta.hearts.codes import MatchCode, format_match_code, parse_match_code
from hertta.hearts.compiled import CompiledRules, compile_rules
from hertta.hearts.config import PRESET_NAMES, PRESETS, RulesConfig, preset, with_options
from hertta.hearts.deck import PASS_CYCLES, PassDirection
from hertta.hearts.fast import FastRound
from hertta.hearts.match import MatchState, finish_round, new_match, with_round
from hertta.hearts.observation import Observation, observation_to_json, observe
from hertta.hearts.records import RoundRecord, check_record, parse_record, replay_record
from hertta.hearts.round import (
    REASONS,
    HeartsMoveError,
    Phase,
    RoundState,
    Trick,
    choose_moon,
    deal_round,
    play_card,
    round_from_hands,
    submit_pass,
)
from hertta.hearts.scoring import RoundScore
from hertta.hearts.seat_knowledge import (
    SeatKnowledge,
    SeatKnowledgeError,
    knowledge_of,
    observe_knowledge,
)

__all__ = [
    "PASS_CYCLES",
    "PRESETS",
    "PRESET_NAMES",
    "REASONS",
    "CompiledRules",
    "FastRound",
    "HeartsMoveError",
    "MatchCode",
    "MatchState",
    "Observation",
    "PassDirection",
    "Phase",
    "RoundRecord",
    "RoundScore",
    "RoundState",
    "RulesConfig",
    "SeatKnowledge",
    "SeatKnowledgeError",
    "Trick",
    "check_record",
    "choose_moon",
    "compile_rules",
    "deal_round",
    "finish_round",
    "format_match_code",
    "knowledge_of",
    "new_match",
    "observation_to_json",
    "observe",
    "observe_knowledge",
    "parse_match_code",
    "parse_record",
    "play_card",
    "preset",
    "replay_record",
    "round_from_hands",
    "submit_pass",
    "with_options",
    "with_round",
]
