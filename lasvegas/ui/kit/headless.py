"""Running the game without a screen: SDL's dummy drivers and a home of its own.

Used by the screenshot, the UI benchmark and the smoke test.  Imports no pygame:
the environment must be set before pygame is first imported.
"""

from __future__ import annotations

import os
import sys
import tempfile
from contextlib import contextmanager
from typing import Iterator


def has_display() -> bool:
    """Whether a real screen may be there (always assumed on Windows and macOS)."""
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


@contextmanager
def headless(*, keep_display: bool = False, fresh_home: bool = False) -> Iterator[None]:
    """Run the block with SDL's dummy video and audio drivers and a throw-away ``LASVEGAS_HOME``.

    ``keep_display``: use a real screen where there is one (the smoke test
    of a build also checks the real display); the dummy drivers otherwise.
    ``fresh_home``: a new temporary home even when ``LASVEGAS_HOME`` is set;
    otherwise a set ``LASVEGAS_HOME`` is kept, and only the player's own
    folders are replaced.  Drivers chosen in the environment are always kept.
    On leaving, the environment is as it was and the temporary home is gone.
    """
    saved = {k: os.environ.get(k) for k in
             ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT", "LASVEGAS_HOME")}
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not (keep_display and has_display()):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tmp = None
    if fresh_home or not os.environ.get("LASVEGAS_HOME"):
        tmp = tempfile.TemporaryDirectory(prefix="lasvegas-")
        os.environ["LASVEGAS_HOME"] = tmp.name
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        if tmp is not None:
            tmp.cleanup()
