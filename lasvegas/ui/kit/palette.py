"""The colours the game draws with and the scale it draws at.

The palette (felt, ink, gold, the dice's colours in every colour-vision palette, the
casinos' neon), the look in force (``set_look``), the UI scale (``set_scale``) and
``per_scale``, the cache every drawing is kept in per (arguments, scale).  ``art`` names
all of it.
"""

from __future__ import annotations

from functools import lru_cache, wraps

from .look import Look

# ------------------------------------------------------------------ palette
FELT = (14, 66, 44)
FELT_DARK = (6, 30, 20)
INK = (242, 236, 220)
INK_DIM = (170, 180, 170)
GOLD = (246, 196, 72)
DANGER = (255, 92, 92)
PANEL = (10, 20, 16)

#: owner -> die body colour (chosen to stay apart for common colour blindness,
#: and every colour also has its own pip shape)
DIE_COLOURS = {
    "red": (214, 52, 52),
    "blue": (40, 110, 220),
    "green": (30, 150, 80),
    "yellow": (246, 200, 40),
    "purple": (140, 70, 190),
    "orange": (240, 128, 24),
    "pink": (240, 120, 190),
    "black": (52, 52, 60),
    "neutral": (238, 236, 228),
}
#: colour-vision setting -> owner -> die body colour.  Each palette keeps every pair of
#: colours (and the neutral dice) at least 20 CIEDE2000 apart as a person with that
#: colour vision sees them (Machado 2009 simulation; tests/ui/test_access.py); an owner a
#: palette does not know is drawn in the normal palette's colour.
PALETTES = {
    "normal": DIE_COLOURS,
    "protanopia": {
        "red": (198, 41, 7), "blue": (161, 193, 255), "green": (94, 137, 129), "yellow": (138, 255, 72),
        "purple": (137, 8, 99), "orange": (255, 123, 0), "pink": (207, 53, 231), "black": (46, 13, 5),
        "neutral": DIE_COLOURS["neutral"]},
    "deuteranopia": {
        "red": (153, 20, 0), "blue": (74, 104, 212), "green": (51, 91, 83), "yellow": (255, 246, 3),
        "purple": (206, 156, 255), "orange": (175, 141, 0), "pink": (244, 28, 147), "black": (0, 11, 70),
        "neutral": DIE_COLOURS["neutral"]},
    "tritanopia": {
        "red": (95, 73, 44), "blue": (113, 145, 233), "green": (2, 255, 134), "yellow": (245, 168, 4),
        "purple": (27, 88, 132), "orange": (199, 26, 0), "pink": (195, 0, 251), "black": (0, 11, 22),
        "neutral": DIE_COLOURS["neutral"]},
}
#: high contrast: the theme's text colours drawn brighter (other colours are left alone)
HIGH_CONTRAST_INK = {INK: (255, 255, 255), INK_DIM: (236, 236, 230), (110, 118, 112): (190, 190, 184),
                     (120, 120, 110): (196, 196, 180)}
#: owner -> pip shape
PIP_SHAPES = {
    "red": "circle", "blue": "square", "green": "diamond",
    "yellow": "triangle", "purple": "ring", "orange": "star", "pink": "heart", "black": "plus",
    "neutral": "circle",
}
PIP_COLOURS = {"yellow": (40, 30, 10), "orange": (40, 22, 6), "neutral": (25, 25, 30)}
#: owners whose colour is too dark to read on the felt alone: their markers get a light rim
DARK_OWNERS = frozenset({"black"})
#: a Biggie is drawn this much wider than its owner's other dice
BIG_SCALE = 1.3
NEON = [(255, 70, 160), (60, 220, 255), (255, 220, 60), (90, 255, 120), (255, 140, 40), (190, 110, 255)]


_look = Look()


def look() -> Look:
    """The look in force (theme, colour vision, text size, motion)."""
    return _look


def set_look(new: Look) -> bool:
    """Draw from now on with ``new``; every cached drawing is made again.  True if it changed."""
    global _look
    if new == _look:
        return False
    _look = new
    forget_drawings()
    return True


def forget_drawings() -> None:
    """Let every cached drawing go (a new look; the window's new scale: what was drawn at the old
    one is not drawn again soon, and a window resized again and again would otherwise keep each
    scale's pictures, up to the caches' sizes: hundreds of MB)."""
    for clear in _ON_NEW_LOOK:
        clear()
    for cached in _CACHED:
        cached.cache_clear()


#: what else is drawn again on a change of look (the fonts, the text and the rotated dice)
_ON_NEW_LOOK: list = []


def on_new_look(clear) -> None:
    """Call ``clear()`` whenever the look changes (a cache of drawings made under the old one)."""
    _ON_NEW_LOOK.append(clear)


def owner_rgb(owner: str) -> tuple[int, int, int]:
    """The body colour of ``owner``'s dice in the colour-vision palette in force."""
    colour = PALETTES.get(_look.colour_vision, DIE_COLOURS).get(owner)
    return colour or DIE_COLOURS.get(owner, (200, 200, 200))


def ink(colour):
    """A text colour as the theme draws it (high contrast: brighter)."""
    if _look.high_contrast:
        return HIGH_CONTRAST_INK.get(tuple(colour), colour)
    return colour


def pip_rgb(owner: str) -> tuple[int, int, int]:
    """Dark pips on a light body, light pips on a dark one."""
    if owner in PIP_COLOURS and _look.colour_vision == "normal":
        return PIP_COLOURS[owner]
    r, g, b = owner_rgb(owner)
    return (25, 25, 30) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 246)


def lerp_rgb(a, b, t):
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def lighter(c, t=0.35):
    return lerp_rgb(c, (255, 255, 255), t)


def darker(c, t=0.35):
    return lerp_rgb(c, (0, 0, 0), t)


# -------------------------------------------------------------------- scale
_scale = 1.0


def set_scale(k: float) -> None:
    """Draw everything from now on at UI scale ``k`` (pixels per logical unit)."""
    global _scale
    _scale = k


def scale() -> float:
    return _scale


def _px(v: float, k: float | None = None) -> int:
    return max(1, int(v * (_scale if k is None else k) + 0.5))


#: every drawing cached by ``per_scale`` (a change of look draws them all again)
_CACHED: list = []


def per_scale(maxsize: int):
    """Cache an art function per (arguments, scale): it is called with ``k=`` the scale now."""
    def deco(fn):
        cached = lru_cache(maxsize=maxsize)(fn)
        _CACHED.append(cached)

        @wraps(fn)
        def at_scale(*args, **kw):
            return cached(*args, k=_scale, **kw)
        at_scale.cache_clear = cached.cache_clear
        return at_scale
    return deco
