"""Headless fixtures for the solo ladder tests (the UI tests' own: dummy drivers, a temporary home)."""

from tests.ui.conftest import DT, app, button, click, home, key, move, read_texts, step_until, steps  # noqa: F401
