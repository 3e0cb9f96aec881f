"""Per-player settings shared by every game: what exists, the defaults, and validation.

A game adds its own entries to :data:`PREFERENCES`; the settings page lists them all. Stored
values that are no longer valid fall back to the default rather than failing a page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from hertta.errors import ConfigError
from hertta.store import Store
from hertta.web.i18n import DEFAULT_LANGUAGE, LANGUAGES

Value = bool | int | str


@dataclass(frozen=True, slots=True)
class Preference:
    key: str
    default: Value
    choices: tuple[Value, ...]
    kind: Literal["toggle", "choice"]

    def parse(self, text: str) -> Value:
        """A value from a form field; :class:`ConfigError` when it is not one of the choices."""
        for choice in self.choices:
            if _form_text(choice) == text.strip().lower():
                return choice
        raise ConfigError(
            f"setting {self.key!r}: {text!r} is not one of "
            f"{', '.join(_form_text(c) for c in self.choices)}"
        )


def _form_text(value: Value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


ANIMATION_SPEEDS: tuple[int, ...] = (0, 120, 250, 500)
"""Animation durations in ms: off, fast, normal, slow."""

PREFERENCES: dict[str, Preference] = {
    p.key: p
    for p in (
        Preference("lang", DEFAULT_LANGUAGE, LANGUAGES, "choice"),
        Preference("move_errors", False, (False, True), "toggle"),
        Preference("layout_assist", True, (False, True), "toggle"),
        Preference("winnable_only", False, (False, True), "toggle"),
        Preference("animation_ms", 250, ANIMATION_SPEEDS, "choice"),
        # Hearts: a completed trick and who took it stay in view a moment even with no motion.
        Preference("trick_pause", True, (False, True), "toggle"),
        # Shared tables: a short chime when a decision becomes the person's.
        Preference("sounds", True, (False, True), "toggle"),
    )
}


def form_text(value: Value) -> str:
    """How a value is written in a form (``on``/``off`` for toggles)."""
    return _form_text(value)


def player_preferences(store: Store, player_id: str) -> dict[str, Value]:
    """Every known setting of a player: stored values, defaults for the rest. Someone who has
    not chosen a language gets Finnish, whatever their browser asks for: Hertta speaks Finnish
    by default, and English is one press of the language button away."""
    return preferences_from(store.load_settings(player_id))


def preferences_from(stored: Mapping[str, Value]) -> dict[str, Value]:
    """Every known setting: the stored values that are still valid, defaults for the rest
    (``{}``: every default, as for someone whose settings cannot be read)."""
    values: dict[str, Value] = {}
    for key, pref in PREFERENCES.items():
        value = stored.get(key, pref.default)
        # bool is an int in Python: compare types too, so 1 never passes for True.
        valid = any(value == c and type(value) is type(c) for c in pref.choices)
        values[key] = value if valid else pref.default
    return values


def parse_form(fields: Mapping[str, str]) -> dict[str, Value]:
    """Known settings present in a submitted form, validated; unknown fields are ignored."""
    return {key: PREFERENCES[key].parse(text) for key, text in fields.items() if key in PREFERENCES}
