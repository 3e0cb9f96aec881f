"""The engine protocol of ``hertta hearts engine``: one JSON request in, one JSON answer out.

A request is one seat's knowledge in its JSON form (:mod:`hertta.hearts.knowledge_json`) plus
``id`` (any JSON value, echoed in the answer; null when left out) and ``decision``: ``pass``,
``play`` or ``moon``. The answer is ``{"id": ..., "cards": [three cards]}`` for a pass,
``{"id": ..., "card": "QS"}`` for a play, ``{"id": ..., "option": "add"}`` for a moon choice,
or ``{"id": ..., "error": "..."}`` when the request is malformed, describes no possible round
or asks for a decision the seat does not have to make. ``docs/engine-protocol.md`` is the
specification; :func:`parse_request`/:func:`format_request` and
:func:`parse_answer`/:func:`format_answer` read and write both sides (they round-trip).

Randomness: each request gets its own generator, seeded from the engine's seed and the
request's canonical form (its id left out), so the same seed and request give the same
answer whatever came before it, and an answer can be reproduced from its line alone.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from hertta.ai.protocol import Player
from hertta.cards import Card, parse_card
from hertta.errors import HerttaError, quoted
from hertta.hearts.config import MOON_OPTIONS
from hertta.hearts.deck import PASS_COUNT
from hertta.hearts.knowledge_json import KNOWLEDGE_KEYS, knowledge_from_json, knowledge_to_json
from hertta.hearts.observation import Observation
from hertta.hearts.round import Phase
from hertta.hearts.seat_knowledge import SeatKnowledge, observe_knowledge
from hertta.rng import SplitMix64, derive_seed
from hertta.strict_json import JSON_WHITESPACE, loads_strict

DECISIONS: Final = ("pass", "play", "moon")
MAX_REQUEST_CHARS: Final = 100_000
"""A whole Cancellation round is about 2,000 characters; anything far longer is refused."""
MAX_ERROR_CHARS: Final = 400
"""Error messages quote the input, cut to this length."""


class EngineRequestError(HerttaError):
    """A request line that cannot be answered; ``request_id`` is its id when it had one."""

    def __init__(self, message: str, request_id: Any = None) -> None:
        super().__init__(message)
        self.request_id = request_id


@dataclass(frozen=True, slots=True)
class EngineRequest:
    id: Any
    knowledge: SeatKnowledge
    decision: str


@dataclass(frozen=True, slots=True)
class PassAnswer:
    id: Any
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayAnswer:
    id: Any
    card: Card


@dataclass(frozen=True, slots=True)
class MoonAnswer:
    id: Any
    option: str


@dataclass(frozen=True, slots=True)
class ErrorAnswer:
    id: Any
    error: str


EngineAnswer = PassAnswer | PlayAnswer | MoonAnswer | ErrorAnswer


def _too_long(length: int) -> str:
    return f"the line is {length} characters long (at most {MAX_REQUEST_CHARS})"


def _decode(line: str) -> Any:
    """Strict JSON (no NaN or Infinity, nor a number that overflows to it, no key twice in an
    object, white space only as JSON has it around the value); every failure is a
    ValueError."""
    text = line.strip(JSON_WHITESPACE)
    if len(text) > MAX_REQUEST_CHARS:
        raise ValueError(_too_long(len(text)))
    return loads_strict(text)


def parse_request(line: str) -> EngineRequest:
    """Read one request line; EngineRequestError (carrying the id when there is one)."""
    try:
        data = _decode(line)
    except ValueError as err:
        raise EngineRequestError(
            f"not a JSON request {quoted(line.strip(JSON_WHITESPACE))}: {err}"
        ) from None
    if not isinstance(data, dict):
        raise EngineRequestError(f"a request must be a JSON object, got {quoted(data)}")
    request_id = data.get("id")
    unknown = sorted(set(data) - {"id", "decision", *KNOWLEDGE_KEYS})
    if unknown:
        raise EngineRequestError(
            f"unknown key {unknown[0]!r} (expected id, decision, {', '.join(KNOWLEDGE_KEYS)})",
            request_id,
        )
    decision = data.get("decision")
    if decision not in DECISIONS:
        raise EngineRequestError(
            f"decision must be one of {', '.join(DECISIONS)}, got {quoted(decision)}", request_id
        )
    try:
        knowledge = knowledge_from_json(data)
    except HerttaError as err:
        raise EngineRequestError(str(err), request_id) from None
    return EngineRequest(request_id, knowledge, str(decision))


def too_long_answer(start: str, length: int) -> str:
    """The answer to a line of ``length`` characters, too long to read whole, that begins with
    ``start``: the one :func:`respond` gives a long line it was handed whole."""
    message = f"not a JSON request {quoted(start.strip())}: {_too_long(length)}"
    return format_answer(ErrorAnswer(None, _clip(message)))


def format_request(request: EngineRequest) -> str:
    """The canonical line of ``request``: ``parse_request(format_request(r)) == r``."""
    data = {"id": request.id, **knowledge_to_json(request.knowledge)}
    data["decision"] = request.decision
    return json.dumps(data, separators=(", ", ": "))


def format_answer(answer: EngineAnswer) -> str:
    data: dict[str, Any] = {"id": answer.id}
    if isinstance(answer, PassAnswer):
        data["cards"] = [c.notation for c in answer.cards]
    elif isinstance(answer, PlayAnswer):
        data["card"] = answer.card.notation
    elif isinstance(answer, MoonAnswer):
        data["option"] = answer.option
    else:
        data["error"] = answer.error
    return json.dumps(data, separators=(", ", ": "))


def parse_answer(line: str) -> EngineAnswer:
    """Read one answer line (for clients and tests); EngineRequestError if malformed."""
    try:
        data = _decode(line)
    except ValueError as err:
        raise EngineRequestError(f"not a JSON answer: {err}") from None
    if not isinstance(data, dict) or "id" not in data or len(data) != 2:
        raise EngineRequestError(f"an answer is an object with id and one result: {quoted(data)}")
    answer_id = data["id"]
    try:
        if isinstance(data.get("cards"), list):
            return PassAnswer(answer_id, tuple(parse_card(c) for c in data["cards"]))
        if "card" in data:
            return PlayAnswer(answer_id, parse_card(data["card"]))
        if data.get("option") in MOON_OPTIONS:
            return MoonAnswer(answer_id, data["option"])
        if isinstance(data.get("error"), str):
            return ErrorAnswer(answer_id, data["error"])
    except HerttaError as err:
        raise EngineRequestError(f"bad answer {quoted(data)}: {err}", answer_id) from None
    raise EngineRequestError(f"not an engine answer: {quoted(data)}", answer_id)


def request_seed(request: EngineRequest, seed: int) -> int:
    """The generator seed of ``request``: ``seed`` and a hash of its canonical form, without
    ``passes_chosen``: who else has chosen a pass yet depends on when the question is asked
    (a client joined to a table saw its pass change from run to run with one seed), and says
    nothing about the cards. A request that names the dealer the engine would assume is the
    same request as one that leaves it out (and is seeded as that one always was)."""
    knowledge = dataclasses.replace(request.knowledge, passes_chosen=None)
    if knowledge.dealer is not None and _assumed_dealer(request) == knowledge.dealer:
        knowledge = dataclasses.replace(knowledge, dealer=None)
    canonical = json.dumps(
        {"decision": request.decision, **knowledge_to_json(knowledge)},
        sort_keys=True,
        separators=(",", ":"),
    )
    digest = hashlib.blake2b(canonical.encode("utf-8"), digest_size=8).digest()
    return derive_seed(seed, int.from_bytes(digest, "big"))


def _assumed_dealer(request: EngineRequest) -> int | None:
    """The dealer the engine would play with had ``request`` left ``dealer`` out."""
    unnamed = dataclasses.replace(request.knowledge, dealer=None)
    try:
        return request_observation(dataclasses.replace(request, knowledge=unnamed)).dealer
    except HerttaError:
        return None


def request_observation(request: EngineRequest) -> Observation:
    """The seat's view, checked to be a position where it makes ``request.decision``."""
    k = request.knowledge
    if request.decision == "play" and not k.plays and k.opening_leader is None:
        # Asked to play before any card is down: this seat leads the first trick.
        k = dataclasses.replace(k, opening_leader=k.seat)
    obs = observe_knowledge(k)
    seat = k.seat
    if request.decision == "pass":
        if obs.phase is not Phase.PASSING:
            raise EngineRequestError(
                f"seat {seat} cannot pass: the round is {obs.phase.value}", request.id
            )
        if obs.passed:
            raise EngineRequestError(
                f"seat {seat} has already passed {' '.join(c.notation for c in obs.passed)}",
                request.id,
            )
    else:
        wanted = Phase.PLAYING if request.decision == "play" else Phase.MOON_CHOICE
        if obs.phase is not wanted or obs.turn != seat:
            waiting = "" if obs.turn is None else f", waiting for seat {obs.turn}"
            raise EngineRequestError(
                f"seat {seat} has no {request.decision} decision to make: the round is "
                f"{obs.phase.value}{waiting}",
                request.id,
            )
    return obs


def answer_request(request: EngineRequest, player: Player, seed: int) -> EngineAnswer:
    """``player``'s decision for ``request``; HerttaError when there is none to make."""
    obs = request_observation(request)
    rng = SplitMix64(request_seed(request, seed))
    if request.decision == "pass":
        cards = tuple(sorted(player.choose_pass(obs, rng)))
        if len(cards) != PASS_COUNT or Counter(cards) - Counter(obs.hand):
            raise AssertionError(f"{player.name} passed {cards} from {obs.hand}")
        return PassAnswer(request.id, cards)
    if request.decision == "play":
        card = player.choose_play(obs, rng)
        if card not in obs.legal_plays:
            raise AssertionError(f"{player.name} played {card} not in {obs.legal_plays}")
        return PlayAnswer(request.id, card)
    option = player.choose_moon(obs, rng)
    if option not in MOON_OPTIONS:
        raise AssertionError(f"{player.name} chose moon option {option!r}")
    return MoonAnswer(request.id, option)


def respond(line: str, player: Player, seed: int) -> str:
    """The answer line for one request line. Never raises: whatever the line holds, the
    answer is a decision or an error, so one bad request cannot end an engine session."""
    request_id: Any = None
    try:
        request = parse_request(line)
        request_id = request.id
        answer: EngineAnswer = answer_request(request, player, seed)
    except EngineRequestError as err:
        answer = ErrorAnswer(err.request_id, _clip(str(err)))
    except HerttaError as err:
        answer = ErrorAnswer(request_id, _clip(str(err)))
    except Exception as err:  # a bug must cost one answer, not the session
        answer = ErrorAnswer(request_id, _clip(f"internal error: {type(err).__name__}: {err}"))
    try:
        return format_answer(answer)
    except (ValueError, TypeError, RecursionError):
        # The id cannot be written back (nested too deeply for the encoder).
        return format_answer(ErrorAnswer(None, "the request id cannot be written back as JSON"))


def _clip(message: str) -> str:
    if len(message) <= MAX_ERROR_CHARS:
        return message
    return message[: MAX_ERROR_CHARS - 3] + "..."
