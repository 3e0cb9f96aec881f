"""Reading one seat's state at a shared table: what the seat owes, what it knows, the op it
sends, and the match's result. No I/O (:mod:`hertta.ai.table_client` carries the messages).

The state is the ``state`` of every ``snapshot`` and ``update`` on the table socket
(``docs/tables.md``): ``table`` (the public table, ``you``: this connection's seat, ``ready``:
seats that said ``next``) and ``game`` (the Hearts view of ``docs/hearts-web.md`` for that seat,
with its ``observation`` as :func:`~hertta.hearts.observation_to_json` writes it).

A decision is made from what the seat knows and nothing else: the observation is turned into
the seat's knowledge, the body of a ``hertta hearts engine`` request
(:func:`engine_knowledge`), and the engine's own path answers it
(:func:`hertta.ai.engine.answer_request`: :class:`~hertta.hearts.SeatKnowledge`,
:func:`~hertta.hearts.observe_knowledge`, then the player with a generator seeded from the seed
and the request). So the client's decision is exactly the one ``hertta hearts engine --level L
--seed S`` answers for the same request, and a bot in another language can do the same with
the engine over a pipe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hertta.ai.engine import EngineRequest, MoonAnswer, PassAnswer, PlayAnswer, answer_request
from hertta.ai.protocol import Player
from hertta.errors import HerttaError
from hertta.hearts.knowledge_json import knowledge_from_json

State = Mapping[str, Any]
"""A table socket state: ``{"version", "table", "game"}``."""

DECISION_OPS: Final = ("pass", "play", "moon", "next")


class TableStateError(HerttaError):
    """A state that does not read as the protocol says (a server of another version?)."""


def _game(state: State) -> Mapping[str, Any] | None:
    game = state.get("game")
    return game if isinstance(game, Mapping) else None


def seat_of(state: State) -> int | None:
    """This connection's seat, or None (a guest or a spectator)."""
    seat = state["table"].get("you")
    return seat if isinstance(seat, int) else None


def owed(state: State) -> str | None:
    """The decision this seat owes now, from its own view: ``pass`` (passing and not passed
    yet), ``play`` (its turn), ``moon`` (it shot the moon under the ``choose`` rule), ``next``
    (a round's result is shown and it has not said ``next``), or None."""
    game = _game(state)
    seat = seat_of(state)
    if game is None or seat is None or "observation" not in game:
        return None
    status = game["status"]
    obs = game["observation"]
    if status == "passing" and not obs["passed"]:
        return "pass"
    if status == "playing" and obs["turn"] == seat:
        return "play"
    if status == "moon_choice" and obs["turn"] == seat:
        return "moon"
    if status == "round_over" and seat not in state["table"].get("ready", []):
        # The last round's result ends the match on its own (the table's decision): a
        # ``next`` then would be refused, so nobody owes one.
        summary = game["summary"]
        if summary is not None and max(summary["totals"]) < game["score_limit"]:
            return "next"
    return None


def _plays(obs: Mapping[str, Any]) -> list[list[Any]]:
    """Every card played this round, in order, with its seat: the tricks, then the trick on
    the table."""
    plays: list[list[Any]] = []
    for trick in [*obs["tricks"], obs["trick"]]:
        pairs = zip(trick["seats"], trick["cards"], strict=True)
        plays.extend([seat, card] for seat, card in pairs)
    return plays


def dealt_hand(obs: Mapping[str, Any], plays: Sequence[Sequence[Any]]) -> list[str]:
    """The hand as dealt: what it holds, plus what it played, plus what it passed, less what it
    received (counted as a multiset: Cancellation has two copies of each card)."""
    seat = obs["seat"]
    cards = Counter(obs["hand"])
    cards.update(card for by, card in plays if by == seat)
    cards.update(obs["passed"])
    cards.subtract(obs["received"])
    if any(count < 0 for count in cards.values()):
        raise TableStateError(f"received cards {obs['received']} are neither held nor played")
    return sorted(cards.elements())


def engine_knowledge(game: Mapping[str, Any]) -> dict[str, Any]:
    """The seat's knowledge in the engine's JSON form (``docs/engine-protocol.md``), from the
    seat's view alone: the rules, its dealt hand, its pass, every card played, the totals and
    the public facts the view shows (dealer, opening leader, who has passed, the kitty once
    this seat took it, the moon choice once made)."""
    obs = game["observation"]
    rules = obs["rules"]
    plays = _plays(obs)
    knowledge: dict[str, Any] = {
        "rules": {"preset": rules, "players": obs["players"]}
        if isinstance(rules, str)
        else {**rules, "players": obs["players"]},
        "seat": obs["seat"],
        "hand": dealt_hand(obs, plays),
        "pass_direction": obs["pass_direction"],
        "passed": list(obs["passed"]),
        "received": list(obs["received"]),
        "plays": plays,
        "totals": list(obs["match_totals"]),
        "dealer": obs["dealer"],
    }
    phase = obs["phase"]
    if plays:
        knowledge["opening_leader"] = plays[0][0]
    elif phase == "playing":
        knowledge["opening_leader"] = obs["turn"]  # nobody has played: whoever is on turn leads
    if phase == "passing":
        knowledge["passes_chosen"] = list(obs["passes_chosen"])
    if obs["kitty_taker"] == obs["seat"] and obs["kitty"]:
        knowledge["kitty"] = list(obs["kitty"])
    summary = game.get("summary")
    if phase == "round_over" and summary is not None and summary.get("moon_option"):
        knowledge["moon_choice"] = summary["moon_option"]
    return knowledge


def decide(state: State, player: Player, seed: int) -> tuple[str, dict[str, Any]] | None:
    """The op this seat sends now and its arguments, or None when it owes nothing.
    HerttaError when the view describes no real round."""
    kind = owed(state)
    if kind is None:
        return None
    if kind == "next":
        return "next", {}
    game = _game(state)
    assert game is not None  # owed() found a decision in it
    request = EngineRequest(None, knowledge_from_json(engine_knowledge(game)), kind)
    answer = answer_request(request, player, seed)
    if isinstance(answer, PassAnswer):
        return "pass", {"cards": [card.notation for card in answer.cards]}
    if isinstance(answer, PlayAnswer):
        return "play", {"card": answer.card.notation}
    if isinstance(answer, MoonAnswer):
        return "moon", {"option": answer.option}
    raise TableStateError(f"no decision for {kind}: {answer}")


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A finished match as this seat saw it: the final totals, the winners and losers (ties
    share), and every seat's name."""

    seat: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    losers: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "totals": list(self.totals), "winners": list(self.winners),
                "losers": list(self.losers)}


def match_result(state: State) -> MatchResult | None:
    """The result once the match is over (``game.status == "match_over"``), else None."""
    game = _game(state)
    seat = seat_of(state)
    if game is None or seat is None or game["status"] != "match_over":
        return None
    summary = game["summary"]
    return MatchResult(
        seat=seat,
        names=tuple(str(s["name"]) for s in game["seats"]),
        totals=tuple(summary["totals"]),
        winners=tuple(summary["winners"]),
        losers=tuple(summary["losers"]),
    )
