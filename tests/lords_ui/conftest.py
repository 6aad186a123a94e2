"""The Lords of Vegas screens' tests share the UI tests' app (a temporary home, fast animation)."""

from ..ui.conftest import app, home, lang, read_texts, small_app  # noqa: F401
