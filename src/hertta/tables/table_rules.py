"""The rules a person chooses for a Hearts match they start, alone or at a shared table.

A choice is a JSON object: ``preset``, ``players``, ``score_limit``, ``moon_rule``, and the
options RULES.md names for the variants, offered where they belong:

- ``bonus_card``: Omnibus's bonus card, ``"TD"`` (its own) or ``"JD"`` ("option: J♦ instead");
- ``ace_of_spades_points``: Black Lady's A♠, ``0`` (off, its own) or ``7``;
- ``queen_breaks_hearts``: the Q♠ also breaks hearts ("an option may turn that on"), any preset.

The solo page's ``new`` and ``POST /api/tables`` read the same object here, so both offer and
check the same choices; :func:`rules_json` writes it back (the options only where they differ
from the preset), the form a shared table keeps and shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from hertta.cards import Card, parse_card
from hertta.errors import ConfigError, NotationError
from hertta.hearts import PRESET_NAMES, preset, with_options
from hertta.hearts.config import MOON_RULES, RulesConfig, overrides
from hertta.tables.model import JsonObject

MAX_SCORE_LIMIT: Final = 1000
BONUS_CARDS: Final[dict[str, tuple[str, ...]]] = {"omnibus": ("TD", "JD")}
"""The bonus cards a preset may be played with (the first is its own)."""
ACE_OF_SPADES_POINTS: Final[dict[str, tuple[int, ...]]] = {"black_lady": (0, 7)}
"""The A♠'s penalty points a preset may be played with (the first is its own)."""
OPTION_KEYS: Final = ("bonus_card", "ace_of_spades_points", "queen_breaks_hearts")
"""The variants' options a choice may hold (beside the preset, players, limit and moon rule)."""
CHOICE_KEYS: Final = ("preset", "players", "score_limit", "moon_rule", *OPTION_KEYS)
CHOICE_TYPES: Final[dict[str, type]] = {
    "preset": str, "players": int, "score_limit": int, "moon_rule": str,
    "bonus_card": str, "ace_of_spades_points": int, "queen_breaks_hearts": bool,
}
"""The JSON type of each choice (an int is never a bool nor a float such as ``4.0``)."""


def offered_choices() -> dict[str, Any]:
    """The options each preset offers, for the pages' forms."""
    return {
        "bonus_cards": {name: list(cards) for name, cards in BONUS_CARDS.items()},
        "ace_of_spades_points": {name: list(p) for name, p in ACE_OF_SPADES_POINTS.items()},
    }


def rules_from_json(value: object) -> tuple[RulesConfig, int]:
    """The rules and player count a choice asks for; ConfigError quotes what is wrong."""
    if not isinstance(value, Mapping):
        raise ConfigError(f"'rules' must be an object, got {value!r}")
    unknown = set(value) - set(CHOICE_KEYS)
    if unknown:
        raise ConfigError(f"unknown rules {sorted(unknown)!r}")
    name = value.get("preset", "standard")
    if name not in PRESET_NAMES:
        raise ConfigError(f"unknown preset {name!r} (have {', '.join(PRESET_NAMES)})")
    rules = preset(str(name))
    options: dict[str, object] = {}
    limit = value.get("score_limit", rules.score_limit)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_SCORE_LIMIT:
        raise ConfigError(f"score_limit must be 1..{MAX_SCORE_LIMIT}, got {limit!r}")
    options["score_limit"] = limit
    moon = value.get("moon_rule", rules.moon_rule)
    if moon not in MOON_RULES:
        raise ConfigError(f"moon_rule must be one of {', '.join(MOON_RULES)}, got {moon!r}")
    options["moon_rule"] = moon
    if "bonus_card" in value:
        options["bonus_card"] = _bonus_card(rules.preset, value["bonus_card"])
    if "ace_of_spades_points" in value:
        options["ace_of_spades_points"] = _ace_points(rules.preset, value["ace_of_spades_points"])
    if "queen_breaks_hearts" in value:
        breaks = value["queen_breaks_hearts"]
        if not isinstance(breaks, bool):
            raise ConfigError(f"queen_breaks_hearts must be true or false, got {breaks!r}")
        options["queen_breaks_hearts"] = breaks
    rules = with_options(rules, **options)
    players = value.get("players", 4)
    if isinstance(players, bool) or players not in rules.player_counts:
        raise ConfigError(f"{rules.preset} is played by {rules.player_counts}, not {players!r}")
    return rules, int(players)


def rules_json(rules: RulesConfig, players: int) -> JsonObject:
    """The choice that gives ``rules`` (the offered options only where they are not the
    preset's own); :func:`rules_from_json` reads it back."""
    return {
        "preset": rules.preset,
        "players": players,
        "score_limit": rules.score_limit,
        "moon_rule": rules.moon_rule,
        **rule_options_json(rules),
    }


def rule_options_json(rules: RulesConfig) -> JsonObject:
    """The offered options of ``rules`` that are not its preset's own (``{}``: none)."""
    changed = overrides(rules)
    return {
        key: value.notation if isinstance(value, Card) else value
        for key in OPTION_KEYS
        # No bonus card at all is no choice the forms offer (a match code can say it: BC0).
        if key in changed and (value := changed[key]) is not None
    }


def _bonus_card(preset_name: str, value: object) -> object:
    offered = BONUS_CARDS.get(preset_name, ())
    if not offered:
        raise ConfigError(f"{preset_name} has no bonus card to choose, got {value!r}")
    card = None
    if isinstance(value, str):
        try:
            card = parse_card(value)
        except NotationError:
            card = None
    if card is None or card.notation not in offered:
        raise ConfigError(f"bonus_card must be one of {', '.join(offered)}, got {value!r}")
    return card


def _ace_points(preset_name: str, value: object) -> int:
    offered = ACE_OF_SPADES_POINTS.get(preset_name, ())
    if not offered:
        raise ConfigError(f"{preset_name} does not score the A♠, got {value!r}")
    if isinstance(value, bool) or not isinstance(value, int) or value not in offered:
        raise ConfigError(
            f"ace_of_spades_points must be one of {', '.join(map(str, offered))}, got {value!r}"
        )
    return value
