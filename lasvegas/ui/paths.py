"""Where things live: the user's folders and the game's own resources.

``LASVEGAS_HOME``, when set, replaces every user folder (tests use it).
Otherwise the platform's folders (platformdirs).  Resources shipped with the
game are found with importlib.resources, so a checkout, a wheel and a frozen
build all work without changing directory.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

APP = "lasvegas"


def _base(kind: str) -> Path:
    home = os.environ.get("LASVEGAS_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    if kind == "config":
        return Path(platformdirs.user_config_dir(APP, appauthor=False))
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    p = _base("config")
    p.mkdir(parents=True, exist_ok=True)
    return p


def data_dir() -> Path:
    p = _base("data")
    p.mkdir(parents=True, exist_ok=True)
    return p


def records_dir() -> Path:
    p = data_dir() / "records"
    p.mkdir(parents=True, exist_ok=True)
    return p


def error_log() -> Path:
    return data_dir() / "error.log"


#: font role -> (package, file); the fonts come from the package index
FONTS = {
    "display": ("font_fjallaone", "FjallaOne-Regular.ttf"),
    "body": ("font_lato", "Lato-Regular.ttf"),
    "bold": ("font_lato", "Lato-Bold.ttf"),
    "black": ("font_lato", "Lato-Black.ttf"),
}


def font_file(role: str):
    """A path-like to the TTF of ``role``, or None when the font package is missing."""
    package, name = FONTS[role]
    try:
        f = resources.files(package) / "files" / name
        if f.is_file():
            return f
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        pass
    return None
