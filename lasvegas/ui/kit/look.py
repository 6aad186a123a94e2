"""How the game looks for the player who plays it: theme, colour vision, text size, motion.

One ``Look`` is in force at a time (``art.set_look``); the drawing code reads it.
It comes from the settings (``Look.of(settings)``) or, for a screenshot, from the
command line.  Nothing here changes a game.
"""

from __future__ import annotations

from dataclasses import dataclass

THEMES = ("normal", "high-contrast")
COLOUR_VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
#: text size setting -> how much larger than the designed size every text is drawn
TEXT_SIZES = {"normal": 1.0, "large": 1.15, "larger": 1.3}


@dataclass(frozen=True)
class Look:
    theme: str = "normal"
    colour_vision: str = "normal"
    text_size: str = "normal"
    #: no tumbling dice, no flying bills, nothing that wobbles
    reduced_motion: bool = False

    @classmethod
    def of(cls, settings) -> "Look":
        """The look the settings ask for (an unknown value: the usual one)."""
        return cls(settings.theme if settings.theme in THEMES else "normal",
                   settings.colour_vision if settings.colour_vision in COLOUR_VISIONS else "normal",
                   settings.text_size if settings.text_size in TEXT_SIZES else "normal",
                   bool(settings.reduced_motion))

    @property
    def high_contrast(self) -> bool:
        return self.theme == "high-contrast"

    @property
    def text_scale(self) -> float:
        return TEXT_SIZES.get(self.text_size, 1.0)
