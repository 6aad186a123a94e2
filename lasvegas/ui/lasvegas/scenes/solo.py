"""The solo challenge ladder: nine levels, your results, the win chances, the daily challenge.

A level opens when the one before it is beaten (a full-length win); "Unlock
all" opens every level.  The table shows the statistics of the length chosen
(full game or quick challenge).  Progress lives in ``lasvegas.solo.progress``;
this scene only shows it and starts games.
"""

from __future__ import annotations

import pygame

from ....core import SOLO_LEVELS
from ....solo import opened_by
from ....solo.daily import daily_level
from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, date, money, ngettext, percent
from ...kit.scene import Scene
from ...kit.widgets import Button, Choice, FocusList
from ..solo_flow import level_label, signed, start_solo

TABLE = pygame.Rect(20, 124, 890, 512)
ROW_Y, ROW_H = TABLE.y + 40, 51
SIDE = pygame.Rect(926, 124, 334, 512)


def describe(level) -> str:
    return (ngettext("{n} colour pre-placed", "{n} colours pre-placed", level.preplaced) + " · "
            + ngettext("{n} die for you", "{n} dice for you", level.dice))


def odds_entry(table: dict | None, level: str, length: str) -> dict | None:
    """The shipped win chance of a level and length, or None when it was not measured."""
    try:
        e = table["levels"][level][length]  # type: ignore[index]
        float(e["win_rate"]), float(e["ci95"][0]), float(e["ci95"][1])
        return e
    except (TypeError, KeyError, IndexError, ValueError):
        return None


# ------------------------------------------------------------------- scene
class SoloScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        from ....solo.odds import load_table

        self.progress = app.services.progress
        self.message = ""  # a damaged progress file is told by the app's notice, once
        self.message_is_warning = False
        self.odds = load_table()
        self.length = app.services.solo_length
        self.day = app.services.today()
        self.play_buttons: dict[str, Button] = {}
        for i, lv in enumerate(SOLO_LEVELS):
            y = ROW_Y + i * ROW_H
            self.play_buttons[lv.name] = Button((TABLE.right - 104, y + 8, 90, ROW_H - 16), _("Play"),
                                                lambda name=lv.name: self.start(name), size=20)
        x, w = SIDE.x + 14, SIDE.w - 28
        self.daily_button = Button((x, SIDE.y + 196, w, 50), _("Play today's challenge"), self.play_daily,
                                   style="primary", size=22, hotkeys=(pygame.K_d,))
        self.length_choice = Choice((x, SIDE.y + 272, w, 46), _("Length"),
                                    [("full", _("Full · 4 rounds")), ("quick", _("Quick · 1 round"))],
                                    self.length, self.set_length)
        self.unlock_choice = Choice((x, SIDE.y + 324, w, 46), _("Unlock all"),
                                    [(False, _("off")), (True, _("on"))], self.progress.unlock_all,
                                    self.set_unlock_all, value_w=110)
        self.back = Button((30, 650, 160, 56), _("Back"), self.close, size=24, hotkeys=(pygame.K_ESCAPE,))
        self.selected = self.first_open()
        #: keyboard and controller: Down past the last level reaches the side (the daily challenge,
        #: the length, unlock all, Back); Up from its top goes back to the levels
        self.side = FocusList(lambda: [self.daily_button, self.length_choice, self.unlock_choice, self.back])
        self.refresh()

    @property
    def buttons(self) -> list[Button]:
        """Every button: the levels' Play buttons in ladder order, the daily challenge, Back."""
        return [*self.play_buttons.values(), self.daily_button, self.back]

    # -------------------------------------------------------------- state
    def first_open(self) -> int:
        names = [lv.name for lv in SOLO_LEVELS]
        for i, n in enumerate(names):
            if self.progress.state(n) == "open":
                return i
        return 0

    def refresh(self) -> None:
        for name, b in self.play_buttons.items():
            b.visible = self.progress.is_unlocked(name)
        played = self.progress.daily_played(self.day)
        self.daily_button.label = _("Practice again") if played else _("Play today's challenge")
        self.daily_button.style = "normal" if played else "primary"

    def set_length(self, value) -> None:
        self.length = value
        self.app.services.solo_length = value
        self.app.sounds.play("click")

    def set_unlock_all(self, value) -> None:
        self.progress.unlock_all = bool(value)
        self._save()
        self.refresh()
        self.app.sounds.play("click")

    def _save(self) -> None:
        self.progress.save()  # a failure is a message for the player (lasvegas.store)

    # ------------------------------------------------------------ actions
    def start(self, level: str) -> bool:
        """Start ``level`` at the chosen length; a locked level says what opens it instead."""
        if not self.progress.is_unlocked(level):
            before = opened_by(level)
            self.message = _("{level} is locked: beat {before} in a full game first (or unlock all).",
                             level=level_label(level), before=level_label(before))
            self.message_is_warning = False
            return False
        start_solo(self.app, level, 1 if self.length == "quick" else 4)
        return True

    def play_daily(self) -> None:
        start_solo(self.app, "", daily=self.day)

    def close(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.go("title")

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and self.side.active and event.key != pygame.K_ESCAPE:
            if event.key == pygame.K_UP and self.side.current is self.daily_button:
                self.side.active = False
                self.selected = len(SOLO_LEVELS) - 1
            elif not (event.key in (pygame.K_DOWN, pygame.K_TAB) and self.side.current is self.back):
                self.side.handle(event)
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                d = 1 if event.key == pygame.K_DOWN else -1
                if d > 0 and self.selected == len(SOLO_LEVELS) - 1:
                    self.side.active, self.side.index = True, 0
                    return
                self.selected = (self.selected + d) % len(SOLO_LEVELS)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start(SOLO_LEVELS[self.selected].name)
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.length_choice.step(1)
                return
        for b in self.buttons:
            if b.handle(event):
                return
        for c in (self.length_choice, self.unlock_choice):
            if c.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, lv in enumerate(SOLO_LEVELS):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected = i
                    if not self.progress.is_unlocked(lv.name):
                        self.start(lv.name)  # says what opens it
                    return

    @staticmethod
    def row_rect(i: int) -> pygame.Rect:
        return pygame.Rect(TABLE.x + 10, ROW_Y + i * ROW_H, TABLE.w - 20, ROW_H - 4)

    # --------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        self.side.mark()
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(_("Las Vegas: solo challenges"), "display", 50, art.NEON[4], 6)
        surface.blit(t, t.get_rect(midtop=(640, 8)))
        if self.message:
            lines = art.wrap(self.message, "bold", 16, 1180)[:2]
            y = 98 if len(lines) == 1 else 88
            for line in lines:
                art.blit_text(surface, line, (640, y), "bold", 16, art.DANGER if self.message_is_warning else GOLD,
                              anchor="center")
                y += 20
        else:
            art.blit_text(surface, _("Your red dice against blue, green, yellow and purple: "
                                     "win more money than all four together."),
                          (640, 98), "body", 18, INK, anchor="center")
        self.draw_table(surface)
        self.draw_side(surface)
        self.back.draw(surface)
        art.blit_text(surface, _("Up/Down choose · Enter play · Left/Right length · D daily"), (TABLE.right, 678),
                      "body", 14, INK_DIM, anchor="midright")

    def draw_table(self, surface) -> None:
        surface.blit(art.panel(TABLE.w, TABLE.h), TABLE)
        hy = TABLE.y + 14
        length_name = _("full games") if self.length == "full" else _("quick challenges")
        cols = ((TABLE.x + 24, _("LEVEL")), (TABLE.x + 262, _("STATUS")),
                (TABLE.x + 372, _("BEST · you vs the rest")), (TABLE.x + 572, _("PLAYED")),
                (TABLE.x + 668, _("WIN CHANCE")))
        note = "(" + length_name + ")"
        end = TABLE.right - 16 - art.measure(note, "body", 13)[0]
        head = None
        for k, (x, label) in enumerate(cols):
            room = (cols[k + 1][0] if k + 1 < len(cols) else max(end, x + 80)) - x - 14
            head = art.blit_text(surface, label, (x, hy), "bold", art.fit(label, "bold", 13, room), INK_DIM)
        # the length after the last head, smaller if it must be (the length choice beside says it too)
        room = TABLE.right - 16 - head.right - 8
        size = art.fit(note, "body", 13, room, 9)
        if art.measure(note, "body", size)[0] <= room:
            art.blit_text(surface, note, (TABLE.right - 16, hy), "body", size, INK_DIM, anchor="topright")
        for i, lv in enumerate(SOLO_LEVELS):
            self.draw_row(surface, i, lv)

    def draw_row(self, surface, i: int, lv) -> None:
        r = self.row_rect(i)
        state = self.progress.state(lv.name)
        sel = i == self.selected
        bg = (40, 70, 62) if sel else (26, 44, 38)
        surface.blit(art.panel(r.w, r.h, bg, 255, None, 8), r)
        if sel:
            surface.rect(art.NEON[1], r, width=2, border_radius=8)
        dim = state == "locked"
        art.blit_text(surface, level_label(lv.name), (r.x + 14, r.y + 3), "display", 22,
                      INK_DIM if dim else INK)
        # status pill
        pill = pygame.Rect(r.x + 252, r.y + 11, 92, 25)
        line = describe(lv)  # ends before the pill, however long the language makes it
        art.blit_text(surface, line, (r.x + 14, r.y + 29), "body",
                      art.fit(line, "body", 13, pill.x - r.x - 20, 9), INK_DIM)
        if state == "beaten":
            surface.rect(GOLD, pill, border_radius=12)
            art.blit_text(surface, _("BEATEN"), pill.center, "black", _pill_size(_("BEATEN"), pill), (40, 20, 0),
                          anchor="center")
        elif state == "open":
            surface.rect(art.NEON[1], pill, width=2, border_radius=12)
            art.blit_text(surface, _("OPEN"), pill.center, "black", _pill_size(_("OPEN"), pill), art.NEON[1],
                          anchor="center")
        else:
            surface.rect((70, 80, 76), pill, width=2, border_radius=12)
            art.blit_text(surface, _("LOCKED"), pill.center, "black", _pill_size(_("LOCKED"), pill), INK_DIM,
                          anchor="center")
        # best result of the chosen length
        e = self.progress.levels[lv.name][self.length]
        best = e["best"]
        bx = r.x + 362
        if best:
            m = int(best["margin"])
            col = art.NEON[3] if best["won"] else art.DANGER
            art.blit_text(surface, signed(m), (bx, r.y + 4), "bold", 18, col)
            line = _("{mine} vs {theirs}", mine=money(best.get("money", 0)), theirs=money(best.get("others", 0)))
            if best.get("hints"):
                line += " · " + ngettext("{n} hint", "{n} hints", int(best["hints"]))
            art.blit_text(surface, line, (bx, r.y + 28), "body", 13, INK_DIM)
        else:
            art.blit_text(surface, "—", (bx, r.y + 10), "bold", 18, INK_DIM)
        # attempts and wins
        px = r.x + 562
        if e["attempts"]:
            art.blit_text(surface, ngettext("{n} game", "{n} games", e["attempts"]), (px, r.y + 4), "bold", 16, INK)
            art.blit_text(surface, ngettext("{n} won", "{n} won", e["wins"]), (px, r.y + 28), "body", 13,
                          art.NEON[3] if e["wins"] else INK_DIM)
        else:
            art.blit_text(surface, "—", (px, r.y + 10), "bold", 18, INK_DIM)
        # the win chance with strong play (shipped table)
        ox = r.x + 658
        odds = odds_entry(self.odds, lv.name, self.length)
        if odds:
            art.blit_text(surface, percent(odds['win_rate'] * 100), (ox, r.y + 2), "display", 22, GOLD)
            lo, hi = odds["ci95"]
            art.blit_text(surface, _("{lo}–{hi}%", lo=f"{lo * 100:.0f}", hi=f"{hi * 100:.0f}"), (ox, r.y + 29),
                          "body", 13, INK_DIM)
        elif self.odds is None:  # no table in this build: the side panel says so once
            art.blit_text(surface, "—", (ox, r.y + 10), "bold", 18, INK_DIM)
        else:
            art.blit_text(surface, "—", (ox, r.y + 4), "bold", 18, INK_DIM)
            art.blit_text(surface, _("not measured"), (ox, r.y + 29), "body", 13, INK_DIM)
        b = self.play_buttons[lv.name]
        if b.visible:
            b.draw(surface)
        else:
            art.blit_text(surface, _("locked"), b.rect.center, "body", 15, INK_DIM,
                          anchor="center")

    def draw_side(self, surface) -> None:
        s = SIDE
        surface.blit(art.panel(s.w, s.h), s)
        x, w = s.x + 14, s.w - 28
        art.blit_text(surface, _("Daily challenge"), (x, s.y + 10), "display", 26, art.NEON[2])
        day = self.day
        art.blit_text(surface, date(day, weekday=True), (x, s.y + 48), "bold", 16, INK)
        line = _("{level} · 4 rounds · same dice for all", level=level_label(daily_level(day)))
        art.blit_text(surface, line, (x, s.y + 72), "body", art.fit(line, "body", 14, w), INK_DIM)
        entry = self.progress.daily_entry(day)
        y = s.y + 104
        res = entry.get("result") if entry else None
        if res:
            m = int(res.get("margin", 0))
            won = bool(res.get("won"))
            head = _("Played: won by {amount}", amount=money(m)) if won else \
                _("Played: lost by {amount}", amount=money(-m))
            art.blit_text(surface, head, (x, y), "bold", 18, art.NEON[3] if won else art.DANGER)
            art.blit_text(surface, _("{mine} vs {theirs}", mine=money(res.get("money", 0)),
                                     theirs=money(res.get("others", 0))), (x, y + 26), "body", 14, INK_DIM)
            practice = int(entry.get("practice", 0))
            note = _("Your result for today is saved; replays are practice.")
            if practice:
                note += " " + ngettext("{n} practice game.", "{n} practice games.", practice)
            _note_above(surface, note, (x, y + 46), w, self.daily_button.rect.y - 2)
        else:
            art.blit_text(surface, _("Not played yet today"), (x, y), "bold", 18, GOLD)
            _note_above(surface, _("Your first game today is your result; replays are practice."),
                        (x, y + 28), w, self.daily_button.rect.y - 2)
        self.daily_button.draw(surface)
        surface.line((70, 100, 90), (x, s.y + 260), (x + w, s.y + 260))
        self.length_choice.draw(surface)
        self.unlock_choice.draw(surface)
        if self.odds:
            n = odds_entry(self.odds, SOLO_LEVELS[0].name, self.length)
            games = n["games"] if n else 0
            note = _("Win chance: how often the strongest AI wins the level ({n} games each, {pct} range).",
                     n=games, pct=percent(95))
        else:
            note = _("Win chance: not measured in this version of the game.")
        order = _("The rulebook's order, not the order of difficulty: Hard is harder than "
                  "Expert 7 and 6, so a full win on Normal opens all three; the others open one by one.")
        # both notes end inside the panel: smaller when a language or the text size makes them longer
        size = 14
        while size > 9 and s.y + 382 + 6 + sum(len(art.wrap(t, "body", size, w)) for t in (note, order)) \
                * art.wrap_step("body", size) > s.bottom - 6:
            size -= 1
        y = art.blit_wrapped(surface, note, (x, s.y + 382), w, "body", size, INK_DIM)
        art.blit_wrapped(surface, order, (x, y + 6), w, "body", size, INK_DIM)


def _pill_size(word: str, pill: pygame.Rect) -> int:
    """The size at which a status word (VERROUILLÉ, GESPERRT) stays inside its pill."""
    return art.fit(word, "black", 13, pill.w - 12, 9)


def _note_above(surface, note: str, pos, width: int, bottom: int) -> None:
    """``note`` wrapped from ``pos``, smaller when a language or the text size would take it past
    ``bottom`` (the daily challenge's button under it)."""
    size = 14
    while size > 9 and pos[1] + (len(art.wrap(note, "body", size, width)) - 1) * art.wrap_step("body", size) \
            + art.linesize("body", size) > bottom:
        size -= 1
    art.blit_wrapped(surface, note, pos, width, "body", size, INK_DIM)
