"""The Lords of Vegas screens' tests share the UI tests' app (a temporary home, fast animation)."""

import pytest

from ..conftest import app, home, lang, read_texts, small_app  # noqa: F401


@pytest.fixture
def lit_lots(monkeypatch):
    """Every ``board.highlight`` drawn from now on, as (lots, width)."""
    from lasvegas.ui.lords import board

    lit: list = []
    real = board.highlight

    def spy(surface, lots, colour, width=3):
        lit.append((tuple(lots), width))
        return real(surface, lots, colour, width)
    monkeypatch.setattr(board, "highlight", spy)
    return lit
