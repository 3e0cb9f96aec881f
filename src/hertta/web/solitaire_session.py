"""Heart to Heart over the WebSocket: intents go through the table layer, views leave out the
stock's cards and order (only its count) and every waste card but the top.

Ops: ``tap`` {target: 1..25 | "stock" | "waste"}, ``undo``, ``new``, ``restart`` and
``code`` {code}. The game is saved (code + move list + timer) after every move, before the reply.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, ClassVar

from hertta.errors import HerttaError
from hertta.rng import SplitMix64
from hertta.solitaire.game import (
    Game,
    Position,
    Status,
    new_game,
    new_game_code,
    parse_moves,
    replay,
)
from hertta.solitaire.solver import winnable_game_code
from hertta.solitaire.taps import (
    Selection,
    TapSettings,
    TapState,
    Target,
    assist,
    new_tap_state,
    parse_target,
    tap,
)
from hertta.solitaire.taps import (
    restart as restart_table,
)
from hertta.solitaire.taps import (
    undo as undo_table,
)
from hertta.store import SavedGame, Store
from hertta.web.preferences import Value
from hertta.web.protocol import Intent, OpSpec, text
from hertta.web.timer import Clock, GameTimer

log = logging.getLogger(__name__)

KIND = "h2h"
OPS: dict[str, OpSpec] = {
    "tap": OpSpec(required={"target": parse_target}),
    "undo": OpSpec(),
    "new": OpSpec(),
    "restart": OpSpec(),
    "code": OpSpec(required={"code": text(64)}),
}


def table_settings(preferences: Mapping[str, Value]) -> TapSettings:
    return TapSettings(
        move_errors=preferences.get("move_errors") is True,
        layout_assist=preferences.get("layout_assist", True) is True,
    )


def winnable_only_setting(preferences: Mapping[str, Value]) -> bool:
    """Whether New game deals only codes the solver proves winnable. Kept out of the view on
    purpose: the game screen never tells whether the current deal can be won."""
    return preferences.get("winnable_only") is True


def _sorted_targets(targets: frozenset[Selection]) -> list[int | str]:
    return sorted(targets, key=lambda t: (isinstance(t, str), t if isinstance(t, int) else 0))


HeartView = tuple[list[str | None], list[int]]
"""The heart in notation and its free positions (both depend on the heart's cards only)."""


def heart_view(position: Position) -> HeartView:
    cards = [None if card is None else card.notation for card in position.heart]
    return cards, position.free_positions()


def solitaire_view(
    table: TapState, status: Status, heart: HeartView | None = None
) -> dict[str, Any]:
    """What the player may see (without the timer and version, which the session adds). The
    stock is a count; the waste is its top and its count."""
    game = table.game
    position = game.position
    cards, free = heart if heart is not None else heart_view(position)
    hints = assist(table)
    top = position.waste_top
    return {
        "game": KIND,
        "code": game.code,
        "heart": cards,
        "free": free,
        "stock": len(position.stock),
        "waste": {"count": len(position.waste), "top": None if top is None else top.notation},
        "moves": position.moves,
        "score": position.score,
        "status": status.value,
        "can_undo": game.can_undo,
        "started": game.started,
        "selection": table.selection,
        "message": table.message,
        "assist": {
            "circled": _sorted_targets(hints.circled),
            "darkened": _sorted_targets(hints.darkened),
        },
        "settings": {
            "move_errors": table.settings.move_errors,
            "layout_assist": table.settings.layout_assist,
        },
    }


class SolitaireSession:
    """One player's Heart to Heart game, resumed from the store when there is one."""

    kind: ClassVar[str] = KIND
    ops: ClassVar[Mapping[str, OpSpec]] = OPS

    def __init__(
        self,
        store: Store,
        player_id: str,
        preferences: Mapping[str, Value],
        rng: SplitMix64,
        clock: Clock,
    ) -> None:
        self.store = store
        self.player_id = player_id
        self.rng = rng
        self.version = 0
        self.active = False
        self._view: tuple[TapState | None, dict[str, Any]] = (None, {})
        self._status: tuple[Game | None, Status] = (None, Status.PLAYING)
        self._heart: tuple[tuple[object, ...] | None, HeartView] = (None, ([], []))
        saved = store.load_game(player_id, KIND)
        game = _resume(saved) if saved is not None else None
        settings = table_settings(preferences)
        self.winnable_only = winnable_only_setting(preferences)
        if saved is None or game is None:
            self.table = new_tap_state(new_game(self._new_code()), settings)
            self.timer = GameTimer(0, clock)
            self.result_id: int | None = None
            self.record: tuple[str, ...] = ()
            self._save()
        else:
            self.table = TapState(game, settings)
            self.record = tuple(move.notation for move in game.log)
            self.timer = GameTimer(saved.elapsed_ms, clock)
            result_id = saved.data.get("result_id")
            self.result_id = result_id if isinstance(result_id, int) else None

    @property
    def game(self) -> Game:
        return self.table.game

    # -- GameSession -----------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        # Tables are immutable, so the view of one is computed once (replies, other tabs and
        # hellos share it); only the version and the running clock are fresh each time.
        if self._view[0] is not self.table:
            # Flips and recycles keep the heart tuple itself, so its part of the view is kept.
            heart = self.game.position.heart
            if self._heart[0] is not heart:
                self._heart = (heart, heart_view(self.game.position))
            self._view = (self.table, solitaire_view(self.table, self.status, self._heart[1]))
        timer = {"elapsed_ms": self.timer.elapsed_ms, "running": self.timer.running}
        return {**self._view[1], "version": self.version, "timer": timer}

    @property
    def status(self) -> Status:
        """The game's status, computed once per game state (the core derives it each time)."""
        game = self.table.game
        if self._status[0] is not game:
            self._status = (game, game.status)
        return self._status[1]

    def handle(self, intent: Intent) -> list[dict[str, Any]]:
        if intent.op == "tap":
            events = self._tap(parse_target(intent.args["target"]))
        elif intent.op == "undo":
            events = self._undo()
        elif intent.op == "new":
            events = self._start(new_game(self._new_code()), "new")
        elif intent.op == "restart":
            events = self._start(None, "restart")
        elif intent.op == "code":
            # new_game raises DealCodeError for a bad code before anything changes.
            events = self._start(new_game(str(intent.args["code"])), "code")
        else:  # pragma: no cover - the hub only passes ops listed in OPS
            raise ProtocolViolation(intent.op)
        self.version += 1
        return events

    def set_active(self, active: bool) -> None:
        was_running = self.timer.running
        self.active = active
        self._sync_timer()
        if was_running and not self.timer.running:
            self._save()  # keep the paused time across a restart of the server

    def apply_preferences(self, preferences: Mapping[str, Value]) -> None:
        self.table = replace(self.table, settings=table_settings(preferences))
        self.winnable_only = winnable_only_setting(preferences)
        self.version += 1

    def close(self) -> None:
        self.active = False
        self._sync_timer()
        self._save()

    # -- intents ---------------------------------------------------------------------------

    def _tap(self, target: Target) -> list[dict[str, Any]]:
        result = tap(self.table, target)
        event: dict[str, Any] = {"type": "tap", "target": target, "effect": result.effect.value}
        if result.move is None:
            self.table = result.state
            return [event]
        event["move"] = result.move.notation
        with self._rollback_on_error():
            if self.result_id is None:  # the game's first move: it now counts as played
                self.result_id = self.store.open_result(self.player_id, KIND, self._code())
            self.table = result.state
            self.record = (*self.record, result.move.notation)
            self._sync_timer()
            self._save()
            if self.status is Status.WON:
                self._close_result("won")
        return [event, *self._status_events()]

    def _undo(self) -> list[dict[str, Any]]:
        undone = self.game.log[-1].notation if self.game.log else None
        table = undo_table(self.table)  # raises IllegalMoveError: nothing to undo, or won
        with self._rollback_on_error():
            self.table = table
            self.record = self.record[:-1]
            self._sync_timer()
            self._save()
        return [{"type": "undo", "move": undone}, *self._status_events()]

    def _start(self, game: Game | None, how: str) -> list[dict[str, Any]]:
        """A new game, an entered code, or (``game`` None) the same deal from the start."""
        with self._rollback_on_error():
            self._abandon()
            if game is None:
                self.table = restart_table(self.table)
            else:
                self.table = new_tap_state(game, self.table.settings)
            self.timer.reset()
            self.result_id = None
            self.record = ()
            self._save()
        return [{"type": how}, *self._status_events()]

    @contextmanager
    def _rollback_on_error(self) -> Iterator[None]:
        """One transaction; if storing fails, the session goes back to how it was, so memory
        never runs ahead of what is saved."""
        table, result_id, record = self.table, self.result_id, self.record
        elapsed, running = self.timer.elapsed_ms, self.timer.running
        try:
            with self.store.transaction():
                yield
        except BaseException:
            self.table, self.result_id, self.record = table, result_id, record
            self.timer = GameTimer(elapsed, self.timer.clock)
            self.timer.run(running)
            raise

    # -- helpers ---------------------------------------------------------------------------

    def _status_events(self) -> list[dict[str, Any]]:
        status = self.status
        if status is Status.WON:
            return [{"type": "won"}]
        if status is Status.DEAD_END:
            return [{"type": "dead_end"}]
        return []

    def _new_code(self) -> str:
        """A random deal code; only proven-winnable ones with the setting on (an entered code is
        still dealt as it is)."""
        return winnable_game_code(self.rng) if self.winnable_only else new_game_code(self.rng)

    def _code(self) -> str:
        code = self.game.code
        if code is None:  # pragma: no cover - web games always come from a code
            raise ProtocolViolation("game without a code")
        return code

    def _sync_timer(self) -> None:
        # The clock starts with the game's first move and keeps going even if every move is
        # undone again (the game was begun: it counts as played, so its time counts too).
        begun = self.result_id is not None
        self.timer.run(self.active and begun and self.status is Status.PLAYING)

    def _save(self) -> None:
        data: dict[str, Any] = {} if self.result_id is None else {"result_id": self.result_id}
        # ``record`` mirrors game.log in notation, kept move by move: formatting the whole log
        # again on every save would cost time in proportion to the game's length.
        saved = SavedGame(self._code(), " ".join(self.record), self.timer.elapsed_ms, data)
        self.store.save_game(self.player_id, KIND, saved)

    def _abandon(self) -> None:
        """Leaving a started game that is not won counts as a loss."""
        if self.result_id is not None and self.status is not Status.WON:
            self._close_result("lost")

    def _close_result(self, outcome: str) -> None:
        if self.result_id is None:
            return
        position = self.game.position
        self.store.close_result(
            self.result_id,
            "won" if outcome == "won" else "lost",
            score=position.score,
            moves=position.moves,
            elapsed_ms=self.timer.elapsed_ms,
        )


class ProtocolViolation(HerttaError):
    """An op the session does not know reached it (a bug in the platform)."""


def _resume(saved: SavedGame) -> Game | None:
    """The saved game replayed move by move; None (and a log line) if the record is bad."""
    try:
        return replay(saved.code, parse_moves(saved.moves))
    except HerttaError:
        log.warning("discarding an unreadable saved game %r", saved.code, exc_info=True)
        return None
