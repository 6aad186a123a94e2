"""Records: the saved games of both games, newest first (date, mode, players, winner), filtered by
game and by mode; one opens in its game's replay.  A damaged record is listed as damaged, with the reason."""

from __future__ import annotations

import pygame

from ...kernel.errors import RecordError
from ...games import registry
from ..kit import art, paths
from ..kit.art import DANGER, GOLD, INK, INK_DIM
from ..kit.i18n import _, date_time
from ..kit.scene import Scene
from ..kit.widgets import Button
from ..files.records_list import GAMES, filtered, list_records, record_problem

LIST = pygame.Rect(40, 150, 1200, 480)
ROW_H = 42
ROWS = (LIST.h - 50) // ROW_H
COLUMNS = ((16, "when"), (214, "mode"), (476, "players"), (790, "winner"), (990, "result"))
#: the columns drawn smaller before they are cut short (a list of names is only cut)
SHRINK = ("mode", "winner", "result")
FILTERS = ("all", "multi", "solo")


class RecordsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries = list_records(paths.records_dir())
        self.mode = "all"
        self.game = "all"
        self.selected = 0
        self.top = 0
        self.message = ""
        self.filter_button = Button((40, 92, 300, 44), "", self.next_filter, size=20)
        self.game_button = Button((350, 92, 300, 44), "", self.next_game, size=20)
        self.open_button = Button((1020, 650, 220, 54), _("Replay"), self.open_selected, style="primary", size=24)
        self.back_button = Button((40, 650, 200, 54), _("Back"), self.close, size=24, hotkeys=(pygame.K_ESCAPE,))
        self.buttons = [self.filter_button, self.game_button, self.open_button, self.back_button]
        self._label()

    # ------------------------------------------------------------ the list
    @property
    def shown(self):
        return filtered(self.entries, self.mode, self.game)

    def _label(self) -> None:
        self.filter_button.label = {"all": _("Show: all games"), "multi": _("Show: multiplayer"),
                                    "solo": _("Show: solo")}[self.mode]
        self.filter_button.enabled = self.game == "all" or registry.game(self.game).solo  # solo games to filter
        self.game_button.label = _("Game: both") if self.game == "all" else _(registry.game(self.game).records_filter)
        self.open_button.enabled = bool(self.shown) and not self.shown[self.selected].damaged

    def next_filter(self) -> None:
        self.mode = FILTERS[(FILTERS.index(self.mode) + 1) % len(FILTERS)]
        self.selected = self.top = 0
        self.message = ""
        self._label()

    def next_game(self) -> None:
        self.game = GAMES[(GAMES.index(self.game) + 1) % len(GAMES)]
        if self.game != "all" and not registry.game(self.game).solo:
            self.mode = "all"
        self.selected = self.top = 0
        self.message = ""
        self._label()

    def select(self, i: int) -> None:
        n = len(self.shown)
        if not n:
            return
        self.selected = max(0, min(n - 1, i))
        self.top = min(self.top, self.selected)
        self.top = max(self.top, self.selected - ROWS + 1)
        e = self.shown[self.selected]
        self.message = _("This record is damaged: {why}", why=e.problem) if e.damaged else ""
        self._label()

    def row_rect(self, k: int) -> pygame.Rect:
        """The ``k``-th row on screen."""
        return pygame.Rect(LIST.x + 8, LIST.y + 44 + k * ROW_H, LIST.w - 16, ROW_H - 4)

    def open_selected(self) -> None:
        if not self.shown:
            return
        e = self.shown[self.selected]
        if e.damaged:
            self.message = _("This record is damaged: {why}", why=e.problem)
            return
        try:
            match = e.open()
        except RecordError as err:  # changed since it was listed
            e.detail = str(err)
            e.problem = record_problem(e.detail)
            self.message = _("This record is damaged: {why}", why=e.problem)
            self._label()
            return
        self.app.show(registry.game(e.game).replay_scene, match=match)

    def close(self) -> None:
        self.app.pop()

    # ---------------------------------------------------------------- input
    def handle(self, event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: ROWS, pygame.K_PAGEUP: -ROWS}
            if event.key in keys:
                self.select(self.selected + keys[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
            elif event.key == pygame.K_f and self.filter_button.enabled:
                self.next_filter()
            elif event.key == pygame.K_g:
                self.next_game()
        elif event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - 3 * event.y, max(0, len(self.shown) - ROWS)))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k in range(ROWS):
                i = self.top + k
                if i < len(self.shown) and self.row_rect(k).collidepoint(event.pos):
                    if i == self.selected:
                        self.open_selected()  # a second click opens
                    else:
                        self.select(i)
                    return

    # ----------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(_("Records"), "display", 52, art.NEON[1], 8)
        surface.blit(t, t.get_rect(midtop=(640, 10)))
        hint = _("Click a game, then click again or press Enter to watch it · F: filter · G: game")
        art.blit_wrapped(surface, hint, (670, 94), 570, "body", 15, INK_DIM)
        surface.blit(art.panel(LIST.w, LIST.h), LIST)
        heads = {"when": _("Date"), "mode": _("Mode"), "players": _("Players"), "winner": _("Winner"),
                 "result": _("Your result")}
        for x, key in COLUMNS:
            art.blit_text(surface, heads[key], (LIST.x + x, LIST.y + 14), "bold", 16, GOLD)
        shown = self.shown
        if not shown:
            art.blit_text(surface, _("No saved games yet: every finished game is kept here.") if not self.entries
                          else _("No games of this kind."), (LIST.centerx, LIST.y + 120), "body", 20, INK_DIM,
                          anchor="center")
        for k, e in enumerate(shown[self.top:self.top + ROWS]):
            r = self.row_rect(k)
            if self.top + k == self.selected:
                surface.rect((40, 80, 70), r, border_radius=8)
                surface.rect((120, 200, 180), r, width=2, border_radius=8)
            y = r.centery
            when = date_time(e.when) if e.when.year > 1 else "?"
            gap = COLUMNS[1][0] - COLUMNS[0][0] - 12  # the date keeps clear of the next column at any text size
            art.blit_text(surface, when, (LIST.x + COLUMNS[0][0], y), "body", art.fit(when, "body", 17, gap, 9), INK,
                          anchor="midleft")
            if e.damaged:
                art.blit_text(surface, _("damaged: {why}", why=_clip(e.problem, 110)),
                              (LIST.x + COLUMNS[1][0], y), "body", 16, DANGER, anchor="midleft")
                continue
            ends = [x for x, _k in COLUMNS[2:]] + [LIST.w - 10]
            for (x, key), end in zip(COLUMNS[1:], ends):
                value = str(getattr(e, {"mode": "mode_text"}.get(key, key)))
                size = art.fit(value, "body", 17, end - x - 14, 13) if key in SHRINK else 17
                art.blit_text(surface, _clip_to(value, end - x - 14, size),
                              (LIST.x + x, y), "body", size, INK, anchor="midleft")
        if len(shown) > ROWS:
            art.blit_text(surface, f"{self.top + 1}–{min(len(shown), self.top + ROWS)} / {len(shown)}",
                          (LIST.right - 12, LIST.bottom - 14), "body", 14, INK_DIM, anchor="midright")
        if self.message:
            lines = art.wrap(self.message, "bold", 16, 740)[:2]
            for i, line in enumerate(lines):
                art.blit_text(surface, line, (640, 662 + 22 * i), "bold", 16, DANGER, anchor="midtop")
        for b in self.buttons:
            b.draw(surface)


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def _clip_to(text: str, width: int, size: int = 17) -> str:
    """``text`` cut (with "…") to what fits ``width`` pixels at the reading size (a column of a list)."""
    text = str(text)
    if art.measure(text, "body", size)[0] <= width:
        return text
    while text and art.measure(text + "…", "body", size)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"
