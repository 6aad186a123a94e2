"""What a frame puts on screen, measured: each text's rectangle, the panels and the widgets.

``probe(app)`` draws the app's scenes once onto a recording canvas (at the app's
UI scale) and returns what was drawn: the texts (string and logical rectangle on
the 1280×720 design space), the panels (``art.panel`` rectangles) and the buttons
and choices.
:func:`problems` lists every text outside its container, outside the screen,
over another text, or under a button (or a button's label over a text).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from lasvegas.ui.app import LOGICAL
from lasvegas.ui.kit import art, lettering, widgets
from lasvegas.ui.kit.canvas import Canvas
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.lasvegas.table.layout import DECK, INFO, TRAY, casino_rect
from lasvegas.ui.lords import layout as LORDS
from lasvegas.ui.lords.panels import seat_rects
from lasvegas.ui.lords.table import LordsTableScene


@dataclass
class Frame:
    """What one frame drew, each text and panel with the scene (layer) that drew it."""

    texts: list[tuple[str, pygame.Rect, int]] = field(default_factory=list)
    panels: list[tuple[pygame.Rect, int]] = field(default_factory=list)
    widgets: list[widgets.Widget] = field(default_factory=list)
    #: buttons that draw themselves (the home's cards and tiles) and the texts each drew
    painted: list[tuple[widgets.Widget, list]] = field(default_factory=list)
    layer: int = 0
    #: for each panel, how many texts were drawn before it (a panel drawn over a text covers it)
    panel_after: list[int] = field(default_factory=list)
    #: each button and choice drawn, with its layer (a text of that layer under it is hidden)
    widget_layers: list[tuple[widgets.Widget, int]] = field(default_factory=list)
    #: the texts a button or choice drew (its own label), as (string, rectangle)
    widget_texts: set[tuple[str, tuple]] = field(default_factory=set)
    #: the size each text was asked for (logical), by (string, rectangle)
    sizes: dict[tuple[str, tuple], int] = field(default_factory=dict)
    #: the size each text was drawn at on the window (pixels: the text size setting and the UI scale
    #: applied), by (string, rectangle)
    pixels: dict[tuple[str, tuple], int] = field(default_factory=dict)


class _Recording(Canvas):
    """The screen (a canvas like the app's), noting where each registered image (a text, a panel) lands."""

    def __init__(self, screen: Canvas, registry: dict, frame: Frame) -> None:
        super().__init__(pygame.Surface(screen.surface.get_size()), screen.k, (screen.ox, screen.oy), screen.size)
        self.registry, self.frame = registry, frame

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        what = self.registry.get(id(source))
        if what is not None and area is None:
            kind, value = what
            rect = source.get_rect(topleft=(dest.x, dest.y) if isinstance(dest, pygame.Rect) else dest)
            if kind == "text":
                self.frame.sizes[(value[0], tuple(rect))] = value[1]
                self.frame.pixels[(value[0], tuple(rect))] = value[2]
                value = value[0]
                self.frame.texts.append((value, rect, self.frame.layer))
            else:
                self.frame.panels.append((rect, self.frame.layer))
                self.frame.panel_after.append(len(self.frame.texts))
        return r


def probe(app, monkeypatch) -> Frame:
    frame = Frame()
    registry: dict = {}
    keep: list = []  # the registered surfaces stay alive while the frame is drawn (ids stay theirs)
    real_text, real_panel = art.text, art.panel

    def text(s, role="body", size=20, colour=art.INK):
        surf = real_text(s, role, size, colour)
        if colour != (0, 0, 0) and str(s).strip():  # a shadow is part of its text
            registry[id(surf)] = ("text", (art.current(s), size, lettering.px_of(size)))
            keep.append(surf)
        return surf

    def panel(w, h, *a, **k):
        surf = real_panel(w, h, *a, **k)
        registry[id(surf)] = ("panel", None)
        keep.append(surf)
        return surf

    real_button, real_choice = widgets.Button.draw, widgets.Choice.draw

    def own(draw, self, surface):
        """``self`` drawn: noted as a widget of the layer, the texts it drew as its own."""
        start = len(frame.texts)
        draw(self, surface)
        frame.widget_texts.update((t, tuple(r)) for t, r, _layer in frame.texts[start:])
        if self.visible:
            frame.widget_layers.append((self, frame.layer))

    def button_draw(self, surface):
        if self.visible:
            frame.widgets.append(self)
        own(real_button, self, surface)

    def choice_draw(self, surface):
        if self.visible:
            frame.widgets.append(self)
        own(real_choice, self, surface)

    def noted(draw):
        """A button of a kind that draws itself (the home's cards and tiles): noted as any button."""
        def noting(self, surface):
            start = len(frame.texts)
            own(draw, self, surface)
            if self.visible:
                frame.painted.append((self, frame.texts[start:]))
        return noting

    def kinds(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from kinds(sub)

    with monkeypatch.context() as m:
        m.setattr(art, "text", text)
        m.setattr(art, "panel", panel)
        m.setattr(widgets.Button, "draw", button_draw)
        for kind in set(kinds(widgets.Button)):
            if "draw" in vars(kind):
                m.setattr(kind, "draw", noted(vars(kind)["draw"]))
        m.setattr(widgets.Choice, "draw", choice_draw)
        screen = app.screen
        app.screen = _Recording(screen, registry, frame)
        try:
            # as App.render: from the last opaque scene up, each scene a layer of its own
            start = max((i for i, s in enumerate(app.scenes) if s.opaque), default=0)
            for layer, scene in enumerate(app.scenes[start:]):
                frame.layer = layer
                if isinstance(scene, TableScene):
                    # the table's boxes are drawn on its cached background, not as panels; an open
                    # game log covers those beneath it (its texts belong to it)
                    boxes = [INFO.copy(), DECK.copy(), TRAY.copy(), *(casino_rect(c) for c in range(1, 7))]
                    log = scene.log_panel
                    if log.shown:
                        boxes = [b for b in boxes if not b.colliderect(log.rect)] + [log.rect.copy()]
                    frame.panels += [(r, layer) for r in boxes]
                    coach = _mark_coach(scene, frame)
                    try:
                        covered = _draw_under_the_log(scene, app.screen, frame)
                    finally:
                        del scene.coach.draw
                    if coach and scene.coach.box is not None:  # a coach's bubble covers what is under it
                        box = scene.coach.box
                        frame.texts = [t for i, t in enumerate(frame.texts)
                                       if i >= coach[0] or not box.colliderect(t[1])]
                elif isinstance(scene, LordsTableScene):
                    # the Lords table's mats and panels are drawn on its kept backdrop, not as panels;
                    # its tooltip, full log and tutorial note are panels drawn over what was there
                    boxes = [*seat_rects(scene.match.game.n), LORDS.DECK.copy(), LORDS.ACTIONS.copy(),
                             LORDS.LOG.copy()]
                    frame.panels += [(r, layer) for r in boxes]
                    frame.panel_after += [len(frame.texts)] * len(boxes)
                    first = len(frame.texts), len(frame.panels)
                    scene.draw(app.screen)
                    _drop_covered(frame, layer, *first)
                    covered = None
                else:
                    scene.draw(app.screen)
                    covered = None
                if covered is not None:  # what the open log covers is not on screen
                    start, rect = covered
                    frame.texts = [t for i, t in enumerate(frame.texts) if i >= start or not rect.colliderect(t[1])]
        finally:
            app.screen = screen
    return frame


def _drop_covered(frame: Frame, layer: int, first_text: int, first_panel: int) -> None:
    """Leave out the texts of ``layer`` (from ``first_text`` on) that a panel drawn after them covers
    (its middle under the panel: what shows of it is not on screen to be read)."""
    covered = set()
    for (p, at), before in zip(frame.panels[first_panel:], frame.panel_after[first_panel:]):
        if at != layer:
            continue
        for i in range(first_text, before):
            s, r, at_text = frame.texts[i]
            if at_text != layer or not p.colliderect(r):
                continue
            if p.collidepoint(r.center):
                covered.add(i)
            elif p.top <= r.top and r.bottom <= p.bottom:  # one end under the panel: the rest shows
                shown = r.copy()
                if p.left <= r.left:
                    shown.width, shown.left = r.right - p.right, p.right
                else:
                    shown.width = p.left - r.left
                frame.texts[i] = (s, shown, at_text)
    frame.texts = [t for i, t in enumerate(frame.texts) if i not in covered]


def _mark_coach(scene, frame: Frame) -> list[int]:
    """Note where in the frame's texts the coach's bubble starts (filled when it is drawn)."""
    marks: list[int] = []
    real = scene.coach.draw

    def draw(surface, table):
        marks.append(len(frame.texts))
        real(surface, table)
    scene.coach.draw = draw
    return marks


def _draw_under_the_log(scene, screen, frame: Frame):
    """Draw the table; ``(index of the log's first text, the log's rectangle)`` when it is open."""
    log = scene.log_panel
    if not log.shown:
        scene.draw(screen)
        return None
    marks = []
    real = log.draw

    def draw(surface):
        marks.append(len(frame.texts))
        real(surface)
    log.draw = draw
    try:
        scene.draw(screen)
    finally:
        del log.draw
    return (marks[0], log.rect.copy()) if marks else None


#: pixels a text may reach past its box (antialiasing, the font's side bearings)
SLACK = 2


#: the smallest text a player is asked to read, in pixels on the window
SMALLEST_PX = 10


def problems(frame: Frame) -> list[str]:
    out = []
    screen = pygame.Rect(0, 0, *LOGICAL)
    for s, r, layer in frame.texts:
        px = frame.pixels.get((s, tuple(r)), SMALLEST_PX)
        if px < SMALLEST_PX:
            out.append(f"{s!r} at {tuple(r)} is drawn at {px} px (under {SMALLEST_PX})")
        if not screen.inflate(2 * SLACK, 2 * SLACK).contains(r):
            out.append(f"{s!r} leaves the screen at {tuple(r)}")
        # the smallest panel of its scene that holds the text's middle must hold all of it
        holders = [p for p, at in frame.panels if at == layer and p.collidepoint(r.center) and p.w < LOGICAL[0]]
        if holders:
            p = min(holders, key=lambda p: p.w * p.h)
            if not p.inflate(2 * SLACK, 2 * SLACK).contains(_ink(r)):
                out.append(f"{s!r} at {tuple(r)} leaves its panel {tuple(p)}")
    for w in frame.widgets:
        out += widget_problems(w)
    for w, texts in frame.painted:  # a card or tile: every text it drew stays inside it
        for s, r, _layer in texts:
            if not w.rect.inflate(2 * SLACK, 2 * SLACK).contains(_ink(r)):
                out.append(f"{s!r} at {tuple(r)} leaves its tile {tuple(w.rect)}")
    out += overlaps(frame)
    out += under_widgets(frame)
    return out


def _ink(r: pygame.Rect) -> pygame.Rect:
    """The part of a text's rectangle the letters use (the line box has room above and below)."""
    cut = r.h // 6
    return pygame.Rect(r.x, r.y + cut, r.w, r.h - 2 * cut)


def widget_problems(w) -> list[str]:
    if isinstance(w, widgets.Button):
        if not w.label:
            return []
        role = "display" if w.style == "primary" or w.size >= 24 else "bold"
        size = w.size
        if art.look().text_scale > 1:  # a larger text setting: a label is drawn smaller to fit, as designed
            size = art.fit(w.label, role, w.size, w.rect.w - 8)
        tw = art.measure(w.label, role, size)[0]
        if tw > w.rect.w - 8:
            return [f"button {art.current(w.label)!r}: {tw} px of text in {w.rect.w} px"]
        return []
    out = []
    vr = w.value_rect
    for _value, label in w.options:
        room = vr.w - 2 * 26  # the ‹ › arrows at both ends
        tw = art.measure(label, "bold", art.fit(label, "bold", 18, room))[0]  # made smaller to fit, if need be
        if tw > room:
            out.append(f"choice {art.current(w.label)!r}: value {art.current(label)!r} is {tw} px in {room} px")
    if w.label:
        end = w.rect.x + 8 + art.measure(w.label, "bold", 20)[0]
        if w.note:
            end = w.rect.x + 20 + art.measure(w.label, "bold", 20)[0] + art.measure(w.note, "body", 15)[0]
        if end > vr.x - 4:
            out.append(f"choice {art.current(w.label)!r} runs into its value box ({end} > {vr.x})")
    return out


def overlaps(frame: Frame) -> list[str]:
    out = []
    seen = [(s, _ink(r), layer) for s, r, layer in frame.texts]
    for i, (s, r, layer) in enumerate(seen):
        for t, q, other in seen[i + 1:]:
            if s == t or r == q or layer != other:  # an overlay may cover the veiled scene below
                continue
            x = r.clip(q)
            if x.w > 2 and x.h > 2:
                out.append(f"{s!r} {tuple(r)} overlaps {t!r} {tuple(q)}")
    return out


def under_widgets(frame: Frame) -> list[str]:
    """Texts a button or choice of their own scene is drawn over, or drawn over one (not the widget's
    own label): one of the two hides the other."""
    out = []
    for s, r, layer in frame.texts:
        if (s, tuple(r)) in frame.widget_texts:
            continue
        ink = r.inflate(-2 * SLACK, -2 * SLACK)  # the line box less the font's bearings: a button's edge on a
        for w, at in frame.widget_layers:     # letter's foot hides it
            x = ink.clip(w.rect)
            if at == layer and x.w > 0 and x.h > 0:
                out.append(f"{s!r} at {tuple(r)} is under the widget {art.current(w.label)!r} at {tuple(w.rect)}")
    return out
