"""Drawing at any size: scenes draw in logical units (the 1280×720 design space), the
canvas multiplies by the UI scale and draws on the real window at its own resolution.

``Canvas`` wraps a pygame surface (the window, or an image being made) with a scale
``k`` and an origin (where the design space sits in the window).  It offers what the
scenes used to call on the screen and in ``pygame.draw``, in logical units::

    surface.blit(art.panel(w, h), rect)           # art made at the scale, placed in logical units
    surface.rect(GOLD, r, width=2, border_radius=10)   # was pygame.draw.rect(surface, GOLD, r, ...)
    surface.line(colour, a, b, 2); surface.circle(colour, centre, 15, 2)

``Img`` is an image drawn at a scale (text, dice, panels: everything ``art`` makes):
pygame blits its real pixels, while ``get_size``/``get_width``/``get_rect`` answer in
logical units, so layout code (``t.get_rect(midtop=(640, 14))``) does not change.
"""

from __future__ import annotations

import math

import pygame

#: the design space every scene lays itself out in
LOGICAL = (1280, 720)


def _round(v: float) -> int:
    return int(v + 0.5) if v >= 0 else -int(-v + 0.5)


class Img(pygame.Surface):
    """Pixels drawn at scale ``k``; sizes and rectangles answered in logical units."""

    k = 1.0

    def get_size(self) -> tuple[int, int]:
        w, h = pygame.Surface.get_size(self)
        return _round(w / self.k), _round(h / self.k)

    def get_width(self) -> int:
        return self.get_size()[0]

    def get_height(self) -> int:
        return self.get_size()[1]

    def get_rect(self, **kw) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.get_size())
        for name, value in kw.items():
            setattr(r, name, value)
        return r

    def copy(self) -> "Img":
        return as_img(self, self.k)


def as_img(surface: pygame.Surface, k: float) -> Img:
    """``surface`` (real pixels, drawn at scale ``k``) as an ``Img``."""
    size = pygame.Surface.get_size(surface)
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    img = Img(size, pygame.SRCALPHA) if alpha else Img(size)
    img.blit(surface, (0, 0))
    img.k = k
    cc = surface.get_colorkey()
    if cc is not None:
        img.set_colorkey(cc)
    return img


def new_img(size, k: float, alpha: bool = True) -> Img:
    """A blank image of logical ``size`` drawn at scale ``k`` (transparent when ``alpha``)."""
    w, h = max(1, _round(size[0] * k)), max(1, _round(size[1] * k))
    img = Img((w, h), pygame.SRCALPHA) if alpha else Img((w, h))
    img.k = k
    return img


class Canvas:
    """A surface drawn on in logical units: coordinates × ``k`` + the origin."""

    def __init__(self, surface: pygame.Surface, k: float = 1.0, origin=(0, 0), size=None) -> None:
        self.surface = surface
        self.k = k
        self.ox, self.oy = origin
        if size is None:
            w, h = pygame.Surface.get_size(surface)
            size = (_round(w / k), _round(h / k))
        self.size = tuple(size)

    @classmethod
    def new(cls, size, k: float, alpha: bool = True) -> "Canvas":
        """A canvas over a new image of logical ``size`` (``canvas.surface`` is the ``Img``)."""
        return cls(new_img(size, k, alpha), k, size=size)

    # ------------------------------------------------------------ conversions
    def px(self, v: float) -> int:
        """A length in pixels."""
        return _round(v * self.k)

    def width(self, w: int) -> int:
        """A line's width in pixels (never thinner than one)."""
        return max(1, _round(w * self.k)) if w > 0 else w

    def pt(self, p) -> tuple[int, int]:
        return _round(p[0] * self.k) + self.ox, _round(p[1] * self.k) + self.oy

    def box(self, r) -> pygame.Rect:
        """A logical rectangle in pixels (edges rounded, so neighbours stay neighbours)."""
        r = pygame.Rect(r)
        x0, y0 = self.pt(r.topleft)
        x1, y1 = self.pt(r.bottomright)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def to_logical(self, pos) -> tuple[int, int]:
        """A pixel position (the mouse) in logical units."""
        return (math.floor((pos[0] - self.ox) / self.k + 1e-6),
                math.floor((pos[1] - self.oy) / self.k + 1e-6))

    # ------------------------------------------------------------ like a Surface
    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **kw) -> pygame.Rect:
        r = pygame.Rect((0, 0), self.size)
        for name, value in kw.items():
            setattr(r, name, value)
        return r

    def blit(self, source, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        """``source`` (an ``Img`` at this scale) with its top left at logical ``dest``."""
        at = dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
        k = getattr(source, "k", self.k)
        if area is not None:
            a = pygame.Rect(area)
            area = pygame.Rect(_round(a.x * k), _round(a.y * k), _round(a.w * k), _round(a.h * k))
        self.surface.blit(source, self.pt(at), area, special_flags)
        return pygame.Rect(at, source.get_size())

    def fill(self, colour, rect=None, special_flags: int = 0) -> pygame.Rect:
        area = self.box(rect if rect is not None else self.get_rect())
        self.surface.fill(colour, area, special_flags)
        return pygame.Rect(rect) if rect is not None else self.get_rect()

    def get_at(self, pos):
        return self.surface.get_at(self.pt(pos))

    def subsurface(self, rect) -> pygame.Surface:
        """The pixels under logical ``rect`` (a view of the surface, for tests and screenshots)."""
        return self.surface.subsurface(self.box(rect))

    def set_clip(self, rect=None) -> None:
        self.surface.set_clip(None if rect is None else self.box(rect))

    def image(self) -> Img:
        """What was drawn (a canvas made by ``new``)."""
        return self.surface

    # ------------------------------------------------------------ like pygame.draw
    def rect(self, colour, rect, width: int = 0, border_radius: int = -1, border_top_left_radius: int = -1,
             border_top_right_radius: int = -1, border_bottom_left_radius: int = -1,
             border_bottom_right_radius: int = -1) -> pygame.Rect:
        box = self.box(rect)
        most = min(box.w, box.h) // 2  # pygame draws a larger corner outside the rectangle

        def rad(v):
            return v if v < 0 else min(most, self.px(v))
        pygame.draw.rect(self.surface, colour, box, self.width(width), rad(border_radius),
                         rad(border_top_left_radius), rad(border_top_right_radius),
                         rad(border_bottom_left_radius), rad(border_bottom_right_radius))
        return pygame.Rect(rect)

    def line(self, colour, start, end, width: int = 1) -> None:
        pygame.draw.line(self.surface, colour, self.pt(start), self.pt(end), self.width(width))

    def lines(self, colour, closed: bool, points, width: int = 1) -> None:
        pygame.draw.lines(self.surface, colour, closed, [self.pt(p) for p in points], self.width(width))

    def circle(self, colour, centre, radius: float, width: int = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.pt(centre), radius * self.k, self.width(width))

    def polygon(self, colour, points, width: int = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.pt(p) for p in points], self.width(width))

    def ellipse(self, colour, rect, width: int = 0) -> None:
        pygame.draw.ellipse(self.surface, colour, self.box(rect), self.width(width))


def _frozen(v):
    """``v`` as a value that compares by content (a rectangle, a colour, a list of points)."""
    if isinstance(v, (pygame.Rect, pygame.Color)):
        return tuple(v)
    if isinstance(v, (list, tuple)):
        return tuple(_frozen(x) for x in v)
    return v


class Recording(Canvas):
    """A canvas that notes what is drawn on it instead of drawing: a frame's ``calls`` compare
    with another frame's (the same pictures, with the same transparency, at the same places:
    the same pixels), and ``play`` draws them on a real canvas.  For a picture that is costly to
    finish (the docked log's table, scaled down) and often the same from frame to frame."""

    def __init__(self, like: Canvas) -> None:
        super().__init__(like.surface, like.k, (like.ox, like.oy), like.size)
        self.calls: list[tuple] = []

    def blit(self, source, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        self.calls.append(("blit", source, source.get_alpha(), source.get_colorkey(), _frozen(dest), _frozen(area),
                           special_flags))
        at = dest.topleft if isinstance(dest, pygame.Rect) else (dest[0], dest[1])
        return pygame.Rect(at, source.get_size())

    def fill(self, colour, rect=None, special_flags: int = 0) -> pygame.Rect:
        self.calls.append(("fill", _frozen(colour), _frozen(rect), special_flags))
        return pygame.Rect(rect) if rect is not None else self.get_rect()

    def set_clip(self, rect=None) -> None:
        self.calls.append(("set_clip", _frozen(rect)))

    def rect(self, colour, rect, *args, **kw) -> pygame.Rect:
        self.calls.append(("rect", _frozen(colour), _frozen(rect), args, tuple(sorted(kw.items()))))
        return pygame.Rect(rect)

    def line(self, *args) -> None:
        self.calls.append(("line", _frozen(args)))

    def lines(self, *args) -> None:
        self.calls.append(("lines", _frozen(args)))

    def circle(self, *args) -> None:
        self.calls.append(("circle", _frozen(args)))

    def polygon(self, *args) -> None:
        self.calls.append(("polygon", _frozen(args)))

    def ellipse(self, *args) -> None:
        self.calls.append(("ellipse", _frozen(args)))

    def get_at(self, pos):
        raise TypeError("a recording has no pixels to read")

    def subsurface(self, rect) -> pygame.Surface:
        raise TypeError("a recording has no pixels to read")

    def play(self, canvas: Canvas) -> None:
        """Draw the noted calls on ``canvas``, in order."""
        for call in self.calls:
            name = call[0]
            if name == "blit":
                _n, source, alpha, key, dest, area, flags = call
                if source.get_alpha() != alpha:  # a picture faded in place since: as it was then
                    source.set_alpha(alpha)
                if source.get_colorkey() != key:
                    source.set_colorkey(key)
                canvas.blit(source, dest, area, flags)
            elif name == "fill":
                canvas.fill(call[1], call[2], call[3])
            elif name == "set_clip":
                canvas.set_clip(call[1])
            elif name == "rect":
                canvas.rect(call[1], call[2], *call[3], **dict(call[4]))
            else:
                getattr(canvas, name)(*call[1])
