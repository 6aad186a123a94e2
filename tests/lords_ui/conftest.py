"""The Lords of Vegas screens' tests share the UI tests' app (a temporary home, fast animation)."""

from ..ui.conftest import app, home, read_texts  # noqa: F401
