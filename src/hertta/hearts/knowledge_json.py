"""The JSON form of :class:`~hertta.hearts.seat_knowledge.SeatKnowledge`: the body of a
``hertta hearts engine`` request (``docs/engine-protocol.md``).

.. code-block:: json

    {"rules": {"preset": "standard", "players": 4}, "seat": 0,
     "hand": ["2C", "..."], "pass_direction": "left",
     "passed": ["AS", "KS", "9C"], "received": ["QH", "4D", "7S"],
     "plays": [[1, "3C"], [2, "KC"]], "totals": [12, 40, 3, 18]}

``rules`` is an object with ``preset``, ``players`` and any rule option that differs from the
preset (``bonus_card`` in notation). ``hand`` is the hand as dealt. Optional keys:
``passed``, ``received``, ``plays`` and ``totals`` (empty when left out), ``dealer``,
``opening_leader``, ``passes_chosen``, ``kitty``, ``moon_choice`` (see the seat API for what
each means). Cards are in notation (``QS``, ``TH``; ``10H`` and lower case are read too).
:func:`knowledge_from_json` refuses anything else with a :class:`SeatKnowledgeError` that
quotes it; :func:`knowledge_to_json` writes the canonical form, which reads back equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hertta.cards import Card
from hertta.hearts.config import RulesConfig, rules_from_json, rules_to_json
from hertta.hearts.seat_knowledge import SeatKnowledge, SeatKnowledgeError

REQUIRED_KEYS: Final = ("rules", "seat", "hand", "pass_direction")
OPTIONAL_KEYS: Final = (
    "passed",
    "received",
    "plays",
    "totals",
    "dealer",
    "opening_leader",
    "passes_chosen",
    "kitty",
    "moon_choice",
)
KNOWLEDGE_KEYS: Final = REQUIRED_KEYS + OPTIONAL_KEYS


def _short(value: object, limit: int = 120) -> str:
    """``repr(value)`` cut to ``limit`` characters: messages quote input, not megabytes."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def knowledge_from_json(data: Mapping[str, Any]) -> SeatKnowledge:
    """A :class:`SeatKnowledge` from the decoded JSON object (keys not in
    :data:`KNOWLEDGE_KEYS` are the caller's: a request adds ``id`` and ``decision``)."""
    if not isinstance(data, Mapping):
        raise SeatKnowledgeError(f"seat knowledge must be a JSON object, got {_short(data)}")
    for key in REQUIRED_KEYS:
        if key not in data:
            raise SeatKnowledgeError(f"missing key {key!r} (required: {', '.join(REQUIRED_KEYS)})")
    rules_data = data["rules"]
    if not isinstance(rules_data, Mapping) or "players" not in rules_data:
        raise SeatKnowledgeError(
            'rules must be an object like {"preset": "standard", "players": 4}, '
            f"got {_short(rules_data)}"
        )
    players = rules_data["players"]
    rules = rules_from_json({k: v for k, v in rules_data.items() if k != "players"})
    try:
        return _knowledge(data, rules, players)
    except SeatKnowledgeError as err:
        # The seat API's messages name its fields; a JSON client knows them by these keys.
        message = str(err)
        for field, key in _JSON_KEYS.items():
            message = message.replace(field, key)
        raise SeatKnowledgeError(message) from None


_JSON_KEYS: Final = {"dealt_hand": "hand", "match_totals": "totals"}


def _knowledge(data: Mapping[str, Any], rules: RulesConfig, players: Any) -> SeatKnowledge:
    return SeatKnowledge(
        rules=rules,
        players=players,
        seat=data["seat"],
        dealer=data.get("dealer"),
        dealt_hand=_list(data, "hand"),
        pass_direction=data["pass_direction"],
        passed=_list(data, "passed"),
        received=_list(data, "received"),
        plays=_list(data, "plays"),
        match_totals=_list(data, "totals"),
        opening_leader=data.get("opening_leader"),
        passes_chosen=data.get("passes_chosen"),
        kitty=data.get("kitty"),
        moon_choice=data.get("moon_choice"),
    )


def _list(data: Mapping[str, Any], key: str) -> Any:
    """A list value (JSON arrays only: a string would read as a list of letters)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise SeatKnowledgeError(f"{key} must be a JSON list, got {_short(value)}")
    return value


def _notations(cards: tuple[Card, ...]) -> list[str]:
    return [c.notation for c in cards]


def knowledge_to_json(knowledge: SeatKnowledge) -> dict[str, Any]:
    """The canonical JSON object of ``knowledge`` (optional keys only when they are set)."""
    k = knowledge
    rules = rules_to_json(k.rules)
    rules_data: dict[str, Any] = {"preset": rules} if isinstance(rules, str) else dict(rules)
    rules_data["players"] = k.players
    data: dict[str, Any] = {
        "rules": rules_data,
        "seat": k.seat,
        "hand": _notations(k.dealt_hand),
        "pass_direction": k.pass_direction.value,
        "passed": _notations(k.passed),
        "received": _notations(k.received),
        "plays": [[seat, card.notation] for seat, card in k.plays],
        "totals": list(k.match_totals),
    }
    if k.dealer is not None:
        data["dealer"] = k.dealer
    if k.opening_leader is not None:
        data["opening_leader"] = k.opening_leader
    if k.passes_chosen is not None:
        data["passes_chosen"] = list(k.passes_chosen)
    if k.kitty is not None:
        data["kitty"] = _notations(k.kitty)
    if k.moon_choice is not None:
        data["moon_choice"] = k.moon_choice
    return data
