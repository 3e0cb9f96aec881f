"""Heart to Heart at the table platform: a table with one seat, whose decisions are moves and
undos.

Decisions in the log: a move in the game's notation (``F``, ``R``, ``23+24``, ``25+W``) or
``U`` (undo the last move). The setup is ``{"code": "HH1-N-AAAAAAM"}``. A checkpoint (the
whole game, :mod:`hertta.solitaire.checkpoint`) is written every :data:`CHECKPOINT_EVERY`
decisions, so resuming a game of any length replays at most that many.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final

from hertta.errors import ConfigError, RecordError
from hertta.solitaire.checkpoint import format_checkpoint, parse_checkpoint
from hertta.solitaire.game import Game, Move, Status, new_game, parse_move, play, undo
from hertta.tables.game import BotRequest
from hertta.tables.model import JsonObject, Seat, TableRow
from hertta.tables.storage import SeatResult

KIND: Final = "h2h"
CHECKPOINT_EVERY: Final = 200
UNDO_TEXT: Final = "U"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last move."""


H2HDecision = Move | Undo


def solo_seats(player: str) -> tuple[Seat]:
    return (Seat(player=player),)


def setup_for(code: str) -> JsonObject:
    return {"code": code}


class HeartToHeartTables:
    kind = KIND
    checkpoint_every = CHECKPOINT_EVERY

    def deal(self, setup: JsonObject) -> Game:
        code = setup.get("code")
        if not isinstance(code, str):
            raise ConfigError(f"a Heart to Heart table needs a deal code, got {code!r}")
        return new_game(code)

    def parse_decision(self, text: str) -> H2HDecision:
        return Undo() if text == UNDO_TEXT else parse_move(text)

    def format_decision(self, decision: H2HDecision) -> str:
        return UNDO_TEXT if isinstance(decision, Undo) else decision.notation

    def decision_seat(self, decision: H2HDecision) -> int | None:
        return 0

    def apply(self, state: Game, decision: H2HDecision) -> Game:
        return undo(state) if isinstance(decision, Undo) else play(state, decision)

    def format_checkpoint(self, state: Game) -> str | None:
        return format_checkpoint(state)

    def parse_checkpoint(self, setup: JsonObject, text: str) -> Game:
        game = parse_checkpoint(text)
        if game.code != self.deal(setup).code:
            raise RecordError(f"checkpoint of {game.code!r} for a table of {setup!r}")
        return game

    def is_over(self, state: Game) -> bool:
        return state.status is Status.WON

    def result(self, state: Game, seat: int, elapsed_ms: int, *, left: bool) -> SeatResult:
        won = state.status is Status.WON and not left
        position = state.position
        return SeatResult("won" if won else "lost", position.score, position.moves, elapsed_ms)

    def result_code(self, setup: JsonObject) -> str:
        return str(setup.get("code"))

    def bot_requests(self, row: TableRow, state: Game) -> Sequence[BotRequest]:
        return ()

    def table_decision(self, state: Game) -> H2HDecision | None:
        return None

    def owed_phase(self, state: Game) -> Hashable:
        """Each move is a decision of its own (the solitaire has no turn clock)."""
        return state.position.moves
