"""Match codes ``HM1-S4-ABCDEFG[-OPTION...]``: the rules, the table and every deal of a match.

- ``HM1``: Hearts match, code format 1. ``HM2`` (format 2) is the same with a 14-letter number
  (``HM2-S4-ABCDEFGHIJKLMN``): the matches the server deals in secret, whose number must not be
  found by trying every one against a hand a seat was dealt (26^7 numbers can be, in minutes).
- ``S4``: the rules preset letter (``S`` standard, ``O`` omnibus, ``J`` jack_of_diamonds,
  ``B`` black_lady, ``C`` cancellation) and the player count 3-6.
- ``ABCDEFG``: the match number, seven letters A-Z in base 26 (``A`` = 0, most significant
  first), like Heart to Heart's deal codes.
- Options that differ from the preset, each a two-letter key and a value, in this order:
  ``HP<n>`` heart_points, ``QP<n>`` queen_points, ``AP<n>`` ace_of_spades_points,
  ``BC<card>`` bonus_card (``BCTD``, ``BCJD``; ``BC0`` none), ``BP<n>`` bonus_points as its
  magnitude (``BP10`` = -10), ``MB0``/``MB1`` moon_needs_bonus, ``MRA``/``MRS``/``MRC``
  moon_rule add/subtract/choose, ``SL<n>`` score_limit, ``QB0``/``QB1`` queen_breaks_hearts,
  ``CX0``/``CX1`` cancellation.

Input is read case-insensitively with surrounding spaces trimmed and options in any order; the
canonical form (:func:`format_match_code`) is upper case with options in the order above. The
deal of round ``k`` (0 = first) is ``SplitMix64(derive_seed(MATCH_SALT_V1, number, k))``'s
exact Fisher-Yates shuffle of the rules' unshuffled deck, dealt by seat ``k % players``
(see ``docs/hearts-match-codes.md``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from hertta.cards import Card, parse_card
from hertta.errors import DealCodeError, HerttaError
from hertta.hearts.config import PRESET_NAMES, RulesConfig, overrides, preset, with_options
from hertta.hearts.deck import check_players
from hertta.rng import SplitMix64, derive_seed

FORMAT_PREFIX: Final = "HM1"
LETTERS: Final = 7
MATCH_COUNT: Final = 26**LETTERS
MATCH_SALT_V1: Final = 0x484D31
"""Format 1's fixed salt: the ASCII bytes of "HM1". Never changes within format 1."""
SECRET_VERSION: Final = 2
SECRET_LETTERS: Final = 14
SECRET_MATCH_COUNT: Final = 26**SECRET_LETTERS
"""Format 2's numbers: about 2^65.8, beyond the 64-bit seeds of its rounds."""
MATCH_SALT_V2: Final = 0x484D32
"""Format 2's fixed salt: the ASCII bytes of "HM2"."""
LETTERS_BY_VERSION: Final = {1: LETTERS, SECRET_VERSION: SECRET_LETTERS}
MASK64: Final = (1 << 64) - 1
EXPECTED_FORM: Final = (
    "HM1-S4-ABCDEFG (preset letter S/O/J/B/C, 3-6 players, 7 letters A-Z; "
    "HM2-...: 14 letters)"
)

PRESET_LETTERS: Final = dict(zip(PRESET_NAMES, "SOJBC", strict=True))
_PRESET_BY_LETTER: Final = {letter: name for name, letter in PRESET_LETTERS.items()}

_MOON_LETTERS: Final = {"add": "A", "subtract": "S", "choose": "C"}
_MOON_BY_LETTER: Final = {letter: rule for rule, letter in _MOON_LETTERS.items()}

# Option name -> two-letter key, in canonical order.
_KEYS: Final = {
    "heart_points": "HP",
    "queen_points": "QP",
    "ace_of_spades_points": "AP",
    "bonus_card": "BC",
    "bonus_points": "BP",
    "moon_needs_bonus": "MB",
    "moon_rule": "MR",
    "score_limit": "SL",
    "queen_breaks_hearts": "QB",
    "cancellation": "CX",
}
_NAME_BY_KEY: Final = {key: name for name, key in _KEYS.items()}
_HEAD_RE = re.compile(r"HM([12])-([SOJBC])([3-6])-([A-Z]{7}|[A-Z]{14})")
_NUMBER_RE = re.compile(r"0|[1-9][0-9]{0,8}")


@dataclass(frozen=True, slots=True)
class MatchCode:
    """What a match code says: the rules, the player count and the match number (of code
    format ``version``: 1, or 2 for the long numbers of secret deals)."""

    rules: RulesConfig
    players: int
    number: int
    version: int = 1

    def __post_init__(self) -> None:
        check_players(self.rules, self.players)
        if self.version not in LETTERS_BY_VERSION:
            raise DealCodeError(f"no match code format {self.version!r} (have 1 and 2)")
        count = 26 ** LETTERS_BY_VERSION[self.version]
        if not isinstance(self.number, int) or not 0 <= self.number < count:
            raise DealCodeError(f"match number out of range 0..{count - 1}: {self.number!r}")

    def __str__(self) -> str:
        return format_match_code(self)

    def round_seed(self, round_index: int) -> int:
        """The 64-bit seed of round ``round_index``'s shuffle (format 2 mixes in every bit of
        its number: the low 64, then the rest)."""
        if self.version == 1:
            return derive_seed(MATCH_SALT_V1, self.number, round_index)
        return derive_seed(MATCH_SALT_V2, self.number & MASK64, self.number >> 64, round_index)


def _format_value(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if name == "bonus_card":
        return "0" if value is None else str(value.notation)
    if name == "bonus_points":
        return str(-value)
    if name == "moon_rule":
        return _MOON_LETTERS[value]
    return str(value)


def format_match_code(code: MatchCode) -> str:
    """The canonical text of ``code``, e.g. ``"HM1-S4-AAAAAAM"`` or ``"HM1-O4-AAAAAAM-MRC"``."""
    number = code.number
    letters = []
    for _ in range(LETTERS_BY_VERSION[code.version]):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    parts = [
        f"HM{code.version}",
        f"{PRESET_LETTERS[code.rules.preset]}{code.players}",
        "".join(reversed(letters)),
    ]
    parts.extend(
        _KEYS[name] + _format_value(name, value) for name, value in overrides(code.rules).items()
    )
    return "-".join(parts)


def _parse_value(name: str, text: str, code: str) -> Any:
    def bad() -> DealCodeError:
        return DealCodeError(
            f"not a match code: {code!r}: bad value {text!r} for {_KEYS[name]} ({name}); "
            f"expected {EXPECTED_FORM}"
        )

    if name in ("moon_needs_bonus", "queen_breaks_hearts", "cancellation"):
        if text not in ("0", "1"):
            raise bad()
        return text == "1"
    if name == "moon_rule":
        if text not in _MOON_BY_LETTER:
            raise bad()
        return _MOON_BY_LETTER[text]
    if name == "bonus_card":
        if text == "0":
            return None
        try:
            card: Card = parse_card(text)
        except HerttaError:
            raise bad() from None
        if card.notation != text:  # the card's own two letters: no space inside, no "10D"
            raise bad()
        return card
    if not _NUMBER_RE.fullmatch(text):
        raise bad()
    return -int(text) if name == "bonus_points" else int(text)


def parse_match_code(text: str) -> MatchCode:
    """Read a match code (any case, spaces around it ignored); DealCodeError quotes bad input."""
    if not isinstance(text, str):
        raise DealCodeError(f"not a match code: {text!r}; expected {EXPECTED_FORM}")
    code = text.strip()  # any white space around it, as for deal codes; then ASCII only
    parts = code.upper().split("-")
    head = _HEAD_RE.fullmatch("-".join(parts[:3])) if code.isascii() else None
    if head is None:
        raise DealCodeError(f"not a match code: {text!r}; expected {EXPECTED_FORM}")
    options: dict[str, Any] = {}
    for token in parts[3:]:
        name = _NAME_BY_KEY.get(token[:2])
        if name is None:
            raise DealCodeError(f"not a match code: {text!r}: unknown option {token!r}")
        if len(token) < 3:  # "BP-5": the minus sign split the option from its value
            raise DealCodeError(f"not a match code: {text!r}: option {token!r} has no value")
        if name in options:
            raise DealCodeError(f"not a match code: {text!r}: option {token[:2]} given twice")
        options[name] = _parse_value(name, token[2:], text)
    version, letters = int(head.group(1)), head.group(4)
    if len(letters) != LETTERS_BY_VERSION[version]:
        raise DealCodeError(
            f"not a match code: {text!r}: HM{version} has {LETTERS_BY_VERSION[version]} "
            f"letters; expected {EXPECTED_FORM}"
        )
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("A")
    try:
        rules = with_options(preset(_PRESET_BY_LETTER[head.group(2)]), **options)
        return MatchCode(rules, int(head.group(3)), number, version)
    except DealCodeError:
        raise
    except HerttaError as err:
        raise DealCodeError(f"not a valid match code: {text!r}: {err}") from None


def normalize_match_code(text: str) -> str:
    """The canonical spelling of a code (``" hm1-s4-aaaaaam "`` -> ``"HM1-S4-AAAAAAM"``)."""
    return format_match_code(parse_match_code(text))


def random_match_code(rules: RulesConfig, players: int, rng: SplitMix64) -> MatchCode:
    """A match with a uniformly random number (the rng is injected; nothing global)."""
    return MatchCode(rules, players, rng.below(MATCH_COUNT))
