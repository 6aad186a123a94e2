"""Player settings and the last game setup, saved in the user's config folder."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, fields
from typing import Any

from . import paths

ANIM_SPEEDS = ("normal", "fast", "instant")
AI_PACES = ("slow", "normal", "fast")
#: how much faster than "normal" each animation speed runs (None: no animation)
SPEED_FACTOR = {"normal": 1.0, "fast": 2.5, "instant": None}
#: what a language setting looks like: "" (the system's), a code (en, fr, pt_BR) or "pseudo"
LANGUAGE_CODE = re.compile(r"^([a-z]{2,3}(_[A-Z]{2})?|pseudo)?$")
#: seconds an AI seat waits, at least, before placing
AI_DELAY = {"slow": 1.4, "normal": 0.7, "fast": 0.15}


@dataclass
class Settings:
    fullscreen: bool = False
    anim_speed: str = "normal"
    ai_pace: str = "normal"
    volume: int = 70
    mute: bool = False
    confirm_place: bool = False
    #: "en", "fr", "de" (or "pseudo", for testing); "" follows the system's locale
    language: str = ""

    @staticmethod
    def path():
        return paths.config_dir() / "settings.json"

    @classmethod
    def load(cls) -> "Settings":
        s = cls()
        try:
            data = json.loads(cls.path().read_text("utf-8"))
        except (OSError, ValueError):
            return s
        if isinstance(data, dict):
            for f in fields(cls):
                v = data.get(f.name)
                if v is not None and type(v) is type(getattr(s, f.name)):
                    setattr(s, f.name, v)
        s.normalise()
        return s

    def normalise(self) -> None:
        if self.anim_speed not in ANIM_SPEEDS:
            self.anim_speed = "normal"
        if self.ai_pace not in AI_PACES:
            self.ai_pace = "normal"
        self.volume = max(0, min(100, int(self.volume)))
        if not LANGUAGE_CODE.match(self.language):
            self.language = ""

    def save(self) -> None:
        self.normalise()
        write_json(self.path(), asdict(self))

    @property
    def speed(self) -> float | None:
        return SPEED_FACTOR[self.anim_speed]

    @property
    def ai_delay(self) -> float:
        return AI_DELAY[self.ai_pace]


def write_json(path, data: Any) -> None:
    """Write atomically: a crash never leaves half a file."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, indent=1), "utf-8")
    tmp.replace(path)


def load_last_setup() -> dict | None:
    try:
        data = json.loads((paths.config_dir() / "last_setup.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def save_last_setup(data: dict) -> None:
    write_json(paths.config_dir() / "last_setup.json", data)
