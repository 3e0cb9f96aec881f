"""The rules of a Hearts game as data: one frozen :class:`RulesConfig` and its presets.

Every option is a field with a documented default (the standard game); a variant is a preset,
and a table may override any option of a preset (``with_options(preset("omnibus"),
moon_rule="choose")``). Round records and match codes store a preset name plus the options that
differ from it, so the JSON/code forms stay short and readable.

Options (name, default, meaning):

- ``heart_points`` (1): penalty points of each heart.
- ``queen_points`` (13): penalty points of the Q♠ (Black Lady: 25). 0 makes it an ordinary card.
- ``ace_of_spades_points`` (0): penalty points of the A♠ (the Black Lady option uses 7).
- ``bonus_card`` (None): a card that scores ``bonus_points`` for whoever takes it
  (Omnibus: 10♦, option J♦; Jack of Diamonds: J♦). Never a heart, Q♠ or A♠.
- ``bonus_points`` (-10): the bonus card's value; negative (it reduces the taker's points).
  Each card's points are at most :data:`MAX_CARD_POINTS` (a million) in size: beyond any game,
  and far enough from what a float can hold that the computer players' sums of squares never
  overflow (points of 10^155 did).
- ``moon_needs_bonus`` (False): the moon also needs the bonus card (Omnibus).
- ``moon_rule`` ("add"): ``add`` (others + the deck's penalty total), ``subtract`` (the shooter
  minus that total) or ``choose`` (the shooter picks one of the two after the round).
- ``score_limit`` (100): the match ends after the round in which a total reaches it.
- ``queen_breaks_hearts`` (False): playing the Q♠ also breaks hearts.
- ``cancellation`` (False): Cancellation Hearts: two decks, 5 or 6 players, identical cards
  in one trick cancel each other, leftover cards form a kitty for the first trick's taker.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from hertta.cards import Card, Rank, Suit, parse_card
from hertta.errors import ConfigError, NotationError

MOON_RULES: Final = ("add", "subtract", "choose")
MOON_OPTIONS: Final = ("add", "subtract")
"""What a shooter may pick when the moon rule is ``choose``."""

QUEEN_OF_SPADES: Final = Card(Rank.QUEEN, Suit.SPADES)
ACE_OF_SPADES: Final = Card(Rank.ACE, Suit.SPADES)
TEN_OF_DIAMONDS: Final = Card(Rank.TEN, Suit.DIAMONDS)
JACK_OF_DIAMONDS: Final = Card(Rank.JACK, Suit.DIAMONDS)

_INT_OPTIONS = (
    "heart_points",
    "queen_points",
    "ace_of_spades_points",
    "bonus_points",
    "score_limit",
)
_BOOL_OPTIONS = ("moon_needs_bonus", "queen_breaks_hearts", "cancellation")
_POINT_OPTIONS = ("heart_points", "queen_points", "ace_of_spades_points", "bonus_points")
MAX_CARD_POINTS: Final = 1_000_000
"""How many points one card may score at most, either way."""


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """Every rule option of Hearts (see the module docstring for each one)."""

    preset: str = "standard"
    heart_points: int = 1
    queen_points: int = 13
    ace_of_spades_points: int = 0
    bonus_card: Card | None = None
    bonus_points: int = -10
    moon_needs_bonus: bool = False
    moon_rule: str = "add"
    score_limit: int = 100
    queen_breaks_hearts: bool = False
    cancellation: bool = False

    def __post_init__(self) -> None:
        for name in _INT_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError(f"rule option {name} must be a whole number, got {value!r}")
        for name in _BOOL_OPTIONS:
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ConfigError(f"rule option {name} must be true or false, got {value!r}")
        for name in _POINT_OPTIONS:
            value = getattr(self, name)
            if abs(value) > MAX_CARD_POINTS:
                raise ConfigError(
                    f"{name} must be at most {MAX_CARD_POINTS:,} in size, got {value!r}"
                )
        if self.heart_points < 1:
            raise ConfigError(f"heart_points must be at least 1, got {self.heart_points!r}")
        if self.queen_points < 0 or self.ace_of_spades_points < 0:
            raise ConfigError(
                "queen_points and ace_of_spades_points cannot be negative, got "
                f"{self.queen_points!r} and {self.ace_of_spades_points!r}"
            )
        if self.bonus_points >= 0:
            raise ConfigError(f"bonus_points must be negative, got {self.bonus_points!r}")
        if self.moon_rule not in MOON_RULES:
            raise ConfigError(
                f"unknown moon_rule {self.moon_rule!r} (expected one of {', '.join(MOON_RULES)})"
            )
        if self.score_limit < 1:
            raise ConfigError(f"score_limit must be a positive number, got {self.score_limit!r}")
        if self.bonus_card is not None:
            if not isinstance(self.bonus_card, Card):
                raise ConfigError(f"bonus_card must be a card, got {self.bonus_card!r}")
            if self.bonus_card.suit is Suit.HEARTS or self.bonus_card in (
                QUEEN_OF_SPADES,
                ACE_OF_SPADES,
            ):
                raise ConfigError(
                    f"bonus_card cannot be a penalty card, got {self.bonus_card.notation!r}"
                )
        elif self.moon_needs_bonus:
            raise ConfigError("moon_needs_bonus needs a bonus_card")
        if not isinstance(self.preset, str) or self.preset not in PRESET_NAMES:
            raise ConfigError(f"unknown rules preset {self.preset!r}")

    @property
    def decks(self) -> int:
        """How many 52-card decks are shuffled together (2 for Cancellation)."""
        return 2 if self.cancellation else 1

    @property
    def player_counts(self) -> tuple[int, ...]:
        return (5, 6) if self.cancellation else (3, 4, 5, 6)

    def card_value(self, card: Card) -> int:
        """Points for taking ``card``: its penalty, or the (negative) bonus, or 0."""
        if card.suit is Suit.HEARTS:
            return self.heart_points
        if card is QUEEN_OF_SPADES:
            return self.queen_points
        if card is ACE_OF_SPADES:
            return self.ace_of_spades_points
        if card is self.bonus_card:
            return self.bonus_points
        return 0

    def is_penalty(self, card: Card) -> bool:
        """A penalty card: it scores positive points (no such card on the first trick)."""
        return self.card_value(card) > 0

    @property
    def penalty_per_deck(self) -> int:
        """All penalty points in one 52-card deck (26 standard, 38 Black Lady, 45 with A♠)."""
        return 13 * self.heart_points + self.queen_points + self.ace_of_spades_points

    @property
    def moon_total(self) -> int:
        """The deck's penalty total: what a moon is worth (Cancellation doubles it: 52)."""
        return self.decks * self.penalty_per_deck


PRESET_NAMES: Final = ("standard", "omnibus", "jack_of_diamonds", "black_lady", "cancellation")

_PRESET_OPTIONS: dict[str, dict[str, Any]] = {
    "standard": {},
    "omnibus": {"bonus_card": TEN_OF_DIAMONDS, "moon_needs_bonus": True},
    "jack_of_diamonds": {"bonus_card": JACK_OF_DIAMONDS},
    "black_lady": {"queen_points": 25},
    "cancellation": {"cancellation": True},
}
PRESETS: Final[Mapping[str, RulesConfig]] = {
    name: RulesConfig(preset=name, **opts) for name, opts in _PRESET_OPTIONS.items()
}

OPTION_NAMES: Final = tuple(f.name for f in dataclasses.fields(RulesConfig) if f.name != "preset")


def preset(name: str) -> RulesConfig:
    """The rules of a preset by name (``"standard"``, ``"omnibus"``, ...); else ConfigError."""
    if isinstance(name, str):
        found = PRESETS.get(name.strip().lower())
        if found is not None:
            return found
    raise ConfigError(f"unknown rules preset {name!r} (expected one of {', '.join(PRESET_NAMES)})")


def with_options(rules: RulesConfig, **options: Any) -> RulesConfig:
    """``rules`` with some options changed; ConfigError names an unknown option or bad value."""
    for name in options:
        if name not in OPTION_NAMES:
            raise ConfigError(
                f"unknown rule option {name!r} (expected one of {', '.join(OPTION_NAMES)})"
            )
    return dataclasses.replace(rules, **options)


def overrides(rules: RulesConfig) -> dict[str, Any]:
    """The options of ``rules`` that differ from its preset, in field order."""
    return dict(_overrides(rules))


@functools.lru_cache(maxsize=256)
def _overrides(rules: RulesConfig) -> tuple[tuple[str, Any], ...]:
    # Remembered: a server's every view of a table spells its rules out again (rules are
    # immutable values, so a remembered answer is the answer).
    base = preset(rules.preset)
    return tuple(
        (name, getattr(rules, name))
        for name in OPTION_NAMES
        if getattr(rules, name) != getattr(base, name)
    )


def rules_to_json(rules: RulesConfig) -> str | dict[str, Any]:
    """The record form: the preset name, or ``{"preset": name, option: value, ...}``."""
    changed = overrides(rules)
    if not changed:
        return rules.preset
    result: dict[str, Any] = {"preset": rules.preset}
    for name, value in changed.items():
        result[name] = value.notation if isinstance(value, Card) else value
    return result


def rules_from_json(value: object) -> RulesConfig:
    """Read the record form written by :func:`rules_to_json`; ConfigError quotes what is wrong."""
    if isinstance(value, str):
        return preset(value)
    if not isinstance(value, Mapping):
        raise ConfigError(f"rules must be a preset name or an object, got {value!r}")
    if "preset" not in value:
        raise ConfigError(f"rules object needs a 'preset' key, got {dict(value)!r}")
    base = preset(value["preset"])
    options: dict[str, Any] = {}
    for name, raw in value.items():
        if name == "preset":
            continue
        if name == "bonus_card" and raw is not None:
            try:
                options[name] = parse_card(raw)
            except NotationError as err:
                raise ConfigError(f"bonus_card: {err}") from None
        else:
            options[name] = raw
    return with_options(base, **options)
