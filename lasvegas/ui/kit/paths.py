"""Where things live: the user's folders and the game's own resources.

``LASVEGAS_HOME``, when set, replaces every user folder (tests use it).
Otherwise the platform's folders (platformdirs).  Resources shipped with the
game are found with importlib.resources, so a checkout, a wheel and a frozen
build all work without changing directory.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from ...store import paths as user_paths
from ...store.paths import APP, ensure  # noqa: F401


def config_dir() -> Path:
    return ensure(user_paths.config_dir())


def data_dir() -> Path:
    return ensure(user_paths.data_dir())


def records_dir() -> Path:
    return ensure(user_paths.records_dir())


def error_log() -> Path:
    """The same log file the frozen game's entry point writes to."""
    return ensure(user_paths.log_dir()) / "error.log"


def diagnostics_log() -> Path:
    """Beside the error log: what the rules refused (no error: the game answered it and went on)."""
    return ensure(user_paths.log_dir()) / "diagnostics.log"


#: font role -> (package, file); the fonts come from the package index
FONTS = {
    "display": ("font_fjallaone", "FjallaOne-Regular.ttf"),
    "body": ("font_lato", "Lato-Regular.ttf"),
    "bold": ("font_lato", "Lato-Bold.ttf"),
    "black": ("font_lato", "Lato-Black.ttf"),
}


#: font role -> the font that draws the characters the role's own lacks (Lato and Fjalla One
#: have no narrow no-break space U+202F, which French amounts use, and no capital sharp s ẞ)
FALLBACK_FONTS = {
    "display": ("font_source_sans_pro", "SourceSansPro-Bold.ttf"),
    "body": ("font_source_sans_pro", "SourceSansPro-Regular.ttf"),
    "bold": ("font_source_sans_pro", "SourceSansPro-Bold.ttf"),
    "black": ("font_source_sans_pro", "SourceSansPro-Black.ttf"),
}


@lru_cache(maxsize=None)
def font_file(role: str, fallback: bool = False):
    """A path-like to the TTF of ``role`` (or of its fallback), or None when the font package is missing
    (looked up once: every size of every font asks again)."""
    package, name = (FALLBACK_FONTS if fallback else FONTS)[role]
    try:
        f = resources.files(package) / "files" / name
        if f.is_file():
            return f
    except (ModuleNotFoundError, FileNotFoundError, TypeError):
        pass
    return None
