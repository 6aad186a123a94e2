"""The game registry's tests share the UI tests' app (a temporary home, fast animation)."""

from ..ui.conftest import app, home  # noqa: F401
