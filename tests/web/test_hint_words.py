"""Every reason code the hint can give has words in both catalogues."""

import json
from pathlib import Path

import pytest

from hertta.ai.hint import REASON_CODES


@pytest.fixture
def db_path(db_target: str) -> str:
    """Every test here runs on both engines (SQLite and PostgreSQL)."""
    return db_target

I18N = Path(__file__).resolve().parents[2] / "src" / "hertta" / "web" / "i18n"


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_every_hint_reason_has_words(lang: str) -> None:
    catalogue = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    missing = [code for code in REASON_CODES if f"hearts.hint_reason.{code}" not in catalogue]
    assert REASON_CODES and missing == []
