"""Deal codes ``HH1-N-XXXXXXX`` and the deal each one reproduces, forever.

``HH1`` names the game and deal format 1, ``N`` the mode (normal, the only one), and the seven
letters are the deal number in base 26 (``A`` = 0, most significant first): ``HH1-N-AAAAAAM`` is
deal 12. There are ``26**7`` deals.

Format 1's generator (specified in ``docs/deal-codes.md``):

1. ``seed = derive_seed(SALT_V1, number)`` (see :func:`hertta.rng.derive_seed`).
2. The unshuffled deck is ``d[k] = rank(k % 13)`` for k = 0..51 with ranks A, 2, ..., K.
3. ``SplitMix64(seed).shuffle(deck)`` (exact Fisher-Yates from the end).

``SALT_V1`` was found by ``scripts/find_salt.py`` as the smallest salt for which deal 12 is the
deal the rules text describes (10♥ at position 1, 4♥ at the point, A♥ on the waste, no 4 in the
first eight stock cards and a 4♥ as the ninth, and a win from there). Changing it would change
every deal: it never changes within format 1.
"""

from __future__ import annotations

import re

from hertta.cards import Card, Rank, Suit
from hertta.errors import DealCodeError
from hertta.rng import SplitMix64, derive_seed

FORMAT_PREFIX = "HH1"
MODE_NORMAL = "N"
LETTERS = 7
DEAL_COUNT = 26**LETTERS
EXPECTED_FORM = "HH1-N-XXXXXXX (seven letters A-Z, e.g. HH1-N-AAAAAAM)"

SALT_V1 = 334045
"""Format 1's fixed salt (chosen once by ``scripts/find_salt.py``; never change it)."""

RANK_ORDER: tuple[Rank, ...] = (Rank.ACE, *[Rank(r) for r in range(2, 14)])
"""Ranks in the unshuffled deck's order: A, 2, ..., K."""

_CODE_RE = re.compile(r"HH1-N-([A-Z]{7})")


def format_deal_code(number: int) -> str:
    """``format_deal_code(12) == "HH1-N-AAAAAAM"``."""
    if not isinstance(number, int) or not 0 <= number < DEAL_COUNT:
        raise DealCodeError(f"deal number out of range 0..{DEAL_COUNT - 1}: {number!r}")
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return f"{FORMAT_PREFIX}-{MODE_NORMAL}-{''.join(reversed(letters))}"


def parse_deal_code(text: str) -> int:
    """The deal number of a code; case-insensitive, surrounding spaces ignored."""
    if not isinstance(text, str):
        raise DealCodeError(f"not a deal code: {text!r}; expected {EXPECTED_FORM}")
    # Any white space around it goes (a code pasted from a page may bring a no-break space);
    # then ASCII only: upper() would turn a few other letters into ASCII ones ("ı" -> "I").
    code = text.strip()
    match = _CODE_RE.fullmatch(code.upper()) if code.isascii() else None
    if match is None:
        raise DealCodeError(f"not a deal code: {text!r}; expected {EXPECTED_FORM}")
    number = 0
    for letter in match.group(1):
        number = number * 26 + ord(letter) - ord("A")
    return number


def normalize_deal_code(text: str) -> str:
    """The canonical spelling of a code (``" hh1-n-aaaaaam "`` -> ``"HH1-N-AAAAAAM"``)."""
    return format_deal_code(parse_deal_code(text))


def deck_for_number(number: int, salt: int = SALT_V1) -> tuple[Card, ...]:
    """The shuffled 52-card order ``d[0..51]`` of deal ``number``."""
    if not 0 <= number < DEAL_COUNT:
        raise DealCodeError(f"deal number out of range 0..{DEAL_COUNT - 1}: {number!r}")
    deck = [Card(RANK_ORDER[k % 13], Suit.HEARTS) for k in range(52)]
    return tuple(SplitMix64(derive_seed(salt, number)).shuffle(deck))


def deck_for_code(code: str) -> tuple[Card, ...]:
    return deck_for_number(parse_deal_code(code))


def random_deal_number(rng: SplitMix64) -> int:
    """A uniformly random deal number (dead deals included; see ``game.new_game_code``)."""
    return rng.below(DEAL_COUNT)
