"""Where the game keeps the player's files: never next to the program.

Settings go to the user's config folder, saves, records, progress and logs
to the user's data folder (platformdirs).  ``LASVEGAS_HOME`` replaces both
(tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

APP = "lasvegas"


def _home() -> Path | None:
    h = os.environ.get("LASVEGAS_HOME")
    return Path(h) if h else None


def config_dir() -> Path:
    h = _home()
    if h is not None:
        return h / "config"
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    h = _home()
    if h is not None:
        return h / "data"
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def log_dir() -> Path:
    h = _home()
    if h is not None:
        return h / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP, appauthor=False))


def records_dir() -> Path:
    return data_dir() / "records"


def ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
