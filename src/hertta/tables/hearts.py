"""Hearts at the table platform: seats for people and computer players, decisions from
:mod:`hertta.hearts.decisions`, a checkpoint at the start of every round.

The setup is ``{"code": "HM1-...", "code_public": false}``. A match the server deals gets its
number from the server's secret key and the table's id (:func:`dealt_code`), so nobody who lacks
the key can work out the hands, and the same key and id always deal the same match; its code
reproduces every hand, so it is public only once the match is over, unless the person entered
it themselves (``code_public``).

Computer players decide from their own seat's observation in a worker process
(:class:`HeartsBotTask`); their generators derive from the match number, the table version and
the seat, so the same match and the same decisions give the same bot decisions.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from hertta.ai.hard import HardPlayer
from hertta.ai.hint import hint
from hertta.ai.registry import LEVEL_NAMES, answer_floor, make_player
from hertta.errors import ConfigError, RecordError
from hertta.hearts.checkpoint import (
    at_round_start,
    format_match_checkpoint,
    parse_match_checkpoint,
)
from hertta.hearts.codes import SECRET_MATCH_COUNT, SECRET_VERSION, MatchCode, parse_match_code
from hertta.hearts.config import RulesConfig
from hertta.hearts.decisions import (
    Decision,
    MoonDecision,
    NextRound,
    PassDecision,
    PlayDecision,
    apply_decision,
    decision_needed,
    decision_seat,
    format_decision,
    parse_decision,
)
from hertta.hearts.match import MatchState, is_last_round, new_match, totals_before_round
from hertta.hearts.observation import Observation, observe
from hertta.hearts.round import Phase
from hertta.rng import SplitMix64, derive_seed
from hertta.tables.game import BotRequest
from hertta.tables.model import JsonObject, Seat, StaleTableError, TableRow
from hertta.tables.storage import SeatResult

if TYPE_CHECKING:
    from hertta.tables.service import LoadedTable

KIND: Final = "hearts"
BOT_SALT: Final = 0x484254  # "HBT": computer players' generators derive from the match and step
HINT_SALT: Final = 99
HINT_BUDGET: Final = 6000
DEFAULT_NAMES: Final = ("Aino", "Eero", "Liisa", "Ville", "Saara")
LEVELS: Final = LEVEL_NAMES


def dealt_code(secret: str, table_id: str, rules: RulesConfig, players: int) -> MatchCode:
    """The match the server deals at table ``table_id``: HMAC-SHA256 of the table id under the
    server's secret, its first 16 bytes as a number modulo format 2's 26^14 match numbers (the
    bias of the modulo is below 1e-19). Format 2, not 1: a seat's first hand picks out one of
    format 1's 26^7 numbers in minutes of trying, and with it every hand of the match."""
    digest = hmac.new(secret.encode(), f"hearts-deal:{table_id}".encode(), hashlib.sha256)
    number = int.from_bytes(digest.digest()[:16], "big") % SECRET_MATCH_COUNT
    return MatchCode(rules, players, number, SECRET_VERSION)


def setup_for(code: MatchCode | str, *, public: bool) -> JsonObject:
    return {"code": str(code), "code_public": public}


def code_is_public(setup: JsonObject, match: MatchState) -> bool:
    """Whether the seats may see the match code now."""
    return setup.get("code_public") is True or match.over


def made_before_now(match: MatchState, version: int, decision: Decision, made_at: int) -> bool:
    """Whether a person's decision, made on the state after ``made_at`` of the table's
    ``version`` decisions, was meant for a position that is gone: a card chosen just as the
    clock, a stand-in or another tab played the seat's turn must not land on its next turn.
    A play, a moon choice or a "next" is owed by one seat alone, so any decision since means
    the position moved on; a pass is simultaneous, so only the round's earlier passes (other
    seats') may lie between. A count the table has not reached is stale too."""
    if made_at > version:
        return True
    if isinstance(decision, PassDecision) and not match.over and match.round.phase is Phase.PASSING:
        passes_this_round = sum(cards is not None for cards in match.round.passes)
        return made_at < version - passes_this_round
    return made_at != version


def check_made_at(table: LoadedTable[MatchState], decision: Decision, made_at: int | None) -> None:
    """StaleTableError, nothing applied, when a person's decision names a count of decisions
    the table has moved past (:func:`made_before_now`); a decision naming none passes."""
    if made_at is not None and made_before_now(table.state, table.version, decision, made_at):
        raise StaleTableError(
            f"table {table.id!r}: a decision made after {made_at} decisions, meant for a position "
            f"that has moved on ({table.version} decisions now)"
        )


def bot_rng_seed(match: MatchState, version: int, seat: int) -> int:
    return derive_seed(BOT_SALT, match.code.number, version, seat)


def seat_observation(match: MatchState, seat: int) -> Observation:
    return observe(match.round, seat, totals_before_round(match))


@dataclass(frozen=True, slots=True)
class HeartsBotTask:
    """A computer player's decision, computed in a worker process from its seat's view only."""

    level: str
    kind: str
    observation: Observation
    seed: int

    def run(self) -> str:
        player = make_player(self.level)
        rng = SplitMix64(self.seed)
        obs = self.observation
        decision: Decision
        if self.kind == "pass":
            decision = PassDecision(obs.seat, tuple(player.choose_pass(obs, rng)))
        elif self.kind == "play":
            decision = PlayDecision(obs.seat, player.choose_play(obs, rng))
        else:
            decision = MoonDecision(obs.seat, player.choose_moon(obs, rng))
        return format_decision(decision)


@dataclass(frozen=True, slots=True)
class HeartsHintTask:
    """Hard's suggestion for a person's decision (the hint button), also off the event loop."""

    observation: Observation
    seed: int
    budget: int = HINT_BUDGET

    def run(self) -> dict[str, Any]:
        rng = SplitMix64(self.seed)
        found = hint(self.observation, rng, HardPlayer(budget=self.budget, pass_budget=self.budget))
        return {
            "type": "hint",
            "kind": found.kind,
            "cards": [card.notation for card in found.cards],
            "option": found.option,
            "reason": found.reason_code,
        }


def hint_task(match: MatchState, version: int, seat: int) -> HeartsHintTask:
    return HeartsHintTask(
        seat_observation(match, seat), derive_seed(BOT_SALT, match.code.number, version, HINT_SALT)
    )


class HeartsTables:
    kind = KIND
    checkpoint_every = 1
    """Every round start is a checkpoint moment (a round has at most a few dozen decisions)."""

    def deal(self, setup: JsonObject) -> MatchState:
        code = setup.get("code")
        if not isinstance(code, str):
            raise ConfigError(f"a Hearts table needs a match code, got {code!r}")
        return new_match(parse_match_code(code))

    def parse_decision(self, text: str) -> Decision:
        return parse_decision(text)

    def format_decision(self, decision: Decision) -> str:
        return format_decision(decision)

    def decision_seat(self, decision: Decision) -> int | None:
        return decision_seat(decision)

    def apply(self, state: MatchState, decision: Decision) -> MatchState:
        return apply_decision(state, decision)

    def format_checkpoint(self, state: MatchState) -> str | None:
        return format_match_checkpoint(state) if at_round_start(state) else None

    def parse_checkpoint(self, setup: JsonObject, text: str) -> MatchState:
        match = parse_match_checkpoint(text)
        if str(match.code) != str(self.deal(setup).code):
            raise RecordError(f"checkpoint of {match.code} for a table of {setup.get('code')!r}")
        return match

    def is_over(self, state: MatchState) -> bool:
        return state.over

    def result(self, state: MatchState, seat: int, elapsed_ms: int, *, left: bool) -> SeatResult:
        won = state.over and not left and seat in state.winners
        rounds = len(state.results)
        data = {
            "rounds": rounds,
            "points": sum(score.points[seat] for score in state.results),
            "moons": sum(1 for score in state.results if score.shooter == seat),
        }
        return SeatResult("won" if won else "lost", state.totals[seat], rounds, elapsed_ms, data)

    def result_code(self, setup: JsonObject) -> str:
        return str(setup.get("code"))

    def bot_requests(self, row: TableRow, state: MatchState) -> Sequence[BotRequest]:
        needed = decision_needed(state)
        if needed.kind not in ("pass", "play", "moon"):
            return ()
        requests = []
        for seat in needed.seats:
            level = row.seats[seat].level
            if level is None:
                continue
            task = HeartsBotTask(
                level, needed.kind, seat_observation(state, seat),
                bot_rng_seed(state, row.version, seat),
            )
            requests.append(BotRequest(seat, row.version, task, answer_floor(level)))
        return requests

    def table_decision(self, state: MatchState) -> Decision | None:
        """The last round's result ends the match by itself: nobody needs to ask for it."""
        if decision_needed(state).kind == "next" and is_last_round(state):
            return NextRound()
        return None

    def owed_phase(self, state: MatchState) -> Hashable:
        """The round and the kind of decision it waits on; a play's key also counts the cards
        played (each play is a decision of its own, a pass the same until every seat passed)."""
        kind = decision_needed(state).kind
        return (state.round_index, kind, len(state.round.plays) if kind == "play" else 0)


def solo_seats(player: str, opponents: Sequence[tuple[str, str]]) -> tuple[Seat, ...]:
    """Seat 0 for the person, then a computer player (name, level) per other seat."""
    return (Seat(player=player), *(Seat(level=level, name=name) for name, level in opponents))
