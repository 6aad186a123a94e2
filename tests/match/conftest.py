from tests.ui.conftest import DT, app, home, step_until, steps  # noqa: F401
