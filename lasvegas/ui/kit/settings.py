"""Player settings and the last game setup, saved in the user's config folder.

Both are read through ``lasvegas.store``: a damaged file is kept aside, the
player told, and the defaults used; writes are atomic and a failed one is a
message, not an error.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any

from ...store import paths
from ... import store
from ...store import N_
from ...store.shape import Bool, Int, Obj, ShapeError, Str
from .look import COLOUR_VISIONS, TEXT_SIZES, THEMES

ANIM_SPEEDS = ("normal", "fast", "instant")
AI_PACES = ("slow", "normal", "fast")
#: how much faster than "normal" each animation speed runs (None: no animation)
SPEED_FACTOR = {"normal": 1.0, "fast": 2.5, "instant": None}
#: what a language setting looks like: "" (the system's), a code (en, fr, pt_BR) or "pseudo"
LANGUAGE_CODE = re.compile(r"^([a-z]{2,3}(_[A-Z]{2})?|pseudo)?$")
#: the UI scale setting's choices, in percent of the scale that fits the window
UI_SCALES = (75, 90, 100, 125, 150, 200)
#: seconds an AI seat waits, at least, before placing
AI_DELAY = {"slow": 1.4, "normal": 0.7, "fast": 0.15}


def _settings_shape(data: Any) -> "Settings":
    d = Obj({}, {
        "fullscreen": (Bool(), False), "anim_speed": (Str(choices=ANIM_SPEEDS), "normal"),
        "ai_pace": (Str(choices=AI_PACES), "normal"), "volume": (Int(0, 100), 70),
        "mute": (Bool(), False), "confirm_place": (Bool(), False), "language": (Str(20), ""),
        "music": (Bool(), False), "music_volume": (Int(0, 100), 50),
        "text_size": (Str(choices=tuple(TEXT_SIZES)), "normal"), "theme": (Str(choices=THEMES), "normal"),
        "colour_vision": (Str(choices=COLOUR_VISIONS), "normal"), "reduced_motion": (Bool(), False),
        "ui_scale": (Int(75, 200), 100),
        "tutorial_offered": (Bool(), False), "take_back": (Bool(), False),
        "lords_hint": (Bool(), False),
    })(data, "")
    if not LANGUAGE_CODE.match(d["language"]):
        raise ShapeError(".language", "a language code (en, fr, de) or nothing", d["language"])
    return Settings(**d)


SETTINGS = store.FileKind("settings", N_("Your settings"), N_("the settings are back to their defaults"),
                          _settings_shape)


def _last_setup_shape(data: Any) -> dict:
    from .session import Session

    Session.from_dict(data)  # the whole shape, and that it makes a game
    return data


LAST_SETUP = store.FileKind("last-setup", N_("The remembered game setup"),
                            N_("New game starts from the usual seats"), _last_setup_shape)


@dataclass
class Settings:
    fullscreen: bool = False
    anim_speed: str = "normal"
    ai_pace: str = "normal"
    #: the sound effects' volume (0-100)
    volume: int = 70
    #: mutes the effects and the music
    mute: bool = False
    confirm_place: bool = False
    #: "en", "fr", "de" (or "pseudo", for testing); "" follows the system's locale
    language: str = ""
    #: the casino-lounge music loop, and its own volume (0-100)
    music: bool = False
    music_volume: int = 50
    #: accessibility: see ``ui.kit.look``
    text_size: str = "normal"
    theme: str = "normal"
    colour_vision: str = "normal"
    reduced_motion: bool = False
    #: percent of the scale that fits the window (75-200; above 100 a window opens larger)
    ui_scale: int = 100
    #: the title has offered the tutorial once (it stays on How to play)
    tutorial_offered: bool = False
    #: "take back my last move" in games against AI seats only (such a game becomes practice)
    take_back: bool = False
    #: the hint (H) at the Lords of Vegas table, in games against AI seats only (such a game becomes practice)
    lords_hint: bool = False

    @staticmethod
    def path():
        return paths.config_dir() / "settings.json"

    @classmethod
    def load(cls) -> "Settings":
        """The saved settings; the defaults when there are none or the file is damaged (kept aside)."""
        return store.load(SETTINGS, cls.path()) or cls()

    def normalise(self) -> None:
        if self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = "normal"
        if self.ai_pace not in AI_PACES:
            self.ai_pace = "normal"
        self.volume = max(0, min(100, int(self.volume)))
        self.music_volume = max(0, min(100, int(self.music_volume)))
        self.ui_scale = max(75, min(200, int(self.ui_scale)))
        if self.text_size not in TEXT_SIZES:
            self.text_size = "normal"
        if self.theme not in THEMES:
            self.theme = "normal"
        if self.colour_vision not in COLOUR_VISIONS:
            self.colour_vision = "normal"
        if not LANGUAGE_CODE.match(self.language):
            self.language = ""

    def save(self) -> bool:
        """Write the settings (atomically); False, and a message for the player, when it failed."""
        self.normalise()
        return store.try_write(SETTINGS, self.path(), asdict(self))

    @property
    def speed(self) -> float | None:
        return SPEED_FACTOR[self.anim_speed]

    @property
    def ai_delay(self) -> float:
        return AI_DELAY[self.ai_pace]


def load_last_setup() -> dict | None:
    return store.load(LAST_SETUP, paths.config_dir() / "last_setup.json")


def save_last_setup(data: dict) -> bool:
    return store.try_write(LAST_SETUP, paths.config_dir() / "last_setup.json", data)
