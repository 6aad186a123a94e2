"""The trade panel's list of the actions a trade may bring with it (D13): "No action" and every
action the engine allows the active seat once the offer has changed hands
(``queries.trade_actions``: the money it brings in counts, a lot it buys may be built on), each a card in its
company's colour with its glyph, its lot, what it does and its price.  A click on the panel's
action line opens it over the panel; a row clicked, or Up / Down then Enter (Space, a
controller's A), chooses; a gamble's bet is changed by Left / Right or its − and + (from $1 to the
engine's largest); Escape or a click outside closes it as it was.  The row under the
mouse or the ring lights its lot (its casino) on the board.  Nothing here decides a rule: the
rows are the engine's, in its order."""

from __future__ import annotations

import pygame

from ...lords import actions as A
from ...lords.board import LOT_NAMES
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money
from . import glyphs, tabletop
from .deal import action_lot, action_words

ROW_H, GAP = 34, 3
#: the rows shown at once (more: the list scrolls, by the wheel or the ring)
SHOWN = 9
CHOOSE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def company(game, a) -> int:
    """The company colour an action builds or remodels to, or the colour of the casino it acts on
    (-1: none, "No action")."""
    if a is None:
        return -1
    c = getattr(a, "colour", None)
    if isinstance(c, int):
        return c
    lot = getattr(a, "casino", None)
    if not isinstance(lot, int):
        return -1
    return game.tile[lot] if 0 <= game.tile[lot] < len(glyphs.COMPANY_RGB) - 1 else -1


def lots(game, a) -> list[int]:
    """The lots an action acts on, to light on the board: a build's or a sprawl's lot, the whole
    casino of a remodel, a reorganize or a gamble."""
    at = action_lot(a) if a is not None else None
    if at is None:
        return []
    if hasattr(a, "lot"):
        return [at]
    return list(game.casino_of(at)) if game.tile[at] >= 0 else [at]


def label(a) -> str:
    """What a row says the action does ("No action" first)."""
    if a is None:
        return _("No action")
    words = action_words(a)
    return words[:1].upper() + words[1:]


class ActionList:
    """The list, open or closed, over the trade panel ``sc`` (a ``LordsTradeScene``)."""

    def __init__(self, sc) -> None:
        self.sc = sc
        self.open = False
        self.at = 0  # the row lit (the ring's, or the one under the mouse)
        self.top = 0  # the first row shown

    # ------------------------------------------------------------- geometry
    def box(self, n: int) -> pygame.Rect:
        """The list's frame: over the panel, its foot just above the action line."""
        act = self.sc.controls()["act"]
        h = min(n, SHOWN) * (ROW_H + GAP) + GAP + 30
        return pygame.Rect(act.x, act.y - 6 - h, act.w, h)

    def rows(self, n: int) -> list[tuple[int, pygame.Rect]]:
        """(index in the actions, rectangle) of every row shown."""
        b = self.box(n)
        out = []
        for j, i in enumerate(range(self.top, min(n, self.top + SHOWN))):
            out.append((i, pygame.Rect(b.x + 8, b.y + 26 + j * (ROW_H + GAP), b.w - 16, ROW_H)))
        return out

    def bet_buttons(self, i: int, r: pygame.Rect) -> dict[int, pygame.Rect]:
        """A gamble's row: its − and + (the bet a dollar less or more), left of its price."""
        acts = self.sc.actions()
        if type(acts[i % len(acts)]) is not A.Gamble:
            return {}
        x = r.right - 10 - 60 - 2 * 30
        return {-1: pygame.Rect(x, r.y + 4, 26, r.h - 8), 1: pygame.Rect(x + 30, r.y + 4, 26, r.h - 8)}

    # ------------------------------------------------------------- state
    def show(self) -> None:
        n = len(self.sc.actions())
        self.open = True
        self.at = self.sc.action_i % n
        self.top = max(0, min(self.at - SHOWN // 2, n - SHOWN))

    def close(self) -> None:
        self.open = False

    def move(self, d: int) -> None:
        n = len(self.sc.actions())
        self.at = (self.at + d) % n
        if self.at < self.top:
            self.top = self.at
        elif self.at >= self.top + SHOWN:
            self.top = self.at - SHOWN + 1

    def scroll(self, d: int) -> None:
        n = len(self.sc.actions())
        self.top = max(0, min(self.top + d, n - SHOWN))

    def choose(self, i: int) -> None:
        self.sc.action_i = i
        self.open = False

    def lit(self):
        """The action whose lots the board lights: the row lit while open, else the one chosen."""
        acts = self.sc.actions()
        return acts[(self.at if self.open else self.sc.action_i) % len(acts)]

    # ------------------------------------------------------------- input
    def handle(self, event) -> bool:
        """True: the open list took the event (it takes every key and click while open)."""
        if not self.open:
            return False
        n = len(self.sc.actions())
        if event.type == pygame.KEYDOWN:
            pad = getattr(event, "pad", "")
            if event.key == pygame.K_ESCAPE or pad == "B":
                self.close()
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.move(-1 if event.key == pygame.K_UP else 1)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):  # a gamble's bet
                self.sc.change_bet(self.at, -1 if event.key == pygame.K_LEFT else 1)
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.move(-SHOWN if event.key == pygame.K_PAGEUP else SHOWN)
            elif event.key in CHOOSE or pad == "A":
                self.choose(self.at)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, r in self.rows(n):
                if r.collidepoint(event.pos):
                    self.at = i
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (4, 5):  # an old wheel's clicks
                self.scroll(-1 if event.button == 4 else 1)
                return True
            for i, r in self.rows(n):
                for d, b in self.bet_buttons(i, r).items():
                    if b.collidepoint(event.pos):
                        self.at = i
                        self.sc.change_bet(i, d)
                        return True
                if r.collidepoint(event.pos):
                    self.choose(i)
                    return True
            if not self.box(n).collidepoint(event.pos):
                self.close()
            return True
        return False

    # ------------------------------------------------------------- drawing
    def draw_line(self, surface, r: pygame.Rect) -> None:
        """The panel's action line, closed: the action chosen as a card (its glyph, lot, words and
        price) and a mark that it opens a list."""
        acts = self.sc.actions()
        a = acts[self.sc.action_i % len(acts)]
        head = _("This turn's action with it:")
        # its label on the line above (beside it, « Action de ce tour avec l'échange : » was shrunk to 8 px)
        art.blit_text(surface, head, (r.x, r.y - 14), "bold", art.fit(head, "bold", 15, r.w), INK_DIM,
                      anchor="midleft")
        self.draw_row(surface, r, a, self.open, arrow=True)

    def draw_row(self, surface, r: pygame.Rect, a, lit: bool, arrow: bool = False, room: int | None = None) -> None:
        """One action as a card; ``room``: where its words end (a gamble's − and + stand after them)."""
        g = self.sc.match.query
        c = company(g, a)
        surface.blit(tabletop.choice_card(r.w, r.h, c, True), r.topleft)
        if lit:
            surface.rect(GOLD, r.inflate(4, 4), width=2, border_radius=8)
        x = r.x + 12
        if c >= 0:
            mark = glyphs.glyph(c, 18, glyphs.COMPANY_RGB[c])
            surface.blit(mark, mark.get_rect(midleft=(x, r.centery)))
        x += 24
        at = action_lot(a) if a is not None else None
        if at is not None:
            art.blit_text(surface, LOT_NAMES[at], (x, r.centery), "display", 18, GOLD, anchor="midleft")
        x += 40
        right = r.right - (34 if arrow else 10)
        price = money(self.sc.price(a)) if a is not None else ""
        pw = art.measure(price, "bold", 16)[0] if price else 0
        words = label(a)
        end = room if room is not None else right - pw - 12
        art.blit_text(surface, words, (x, r.centery), "bold", art.fit(words, "bold", 16, end - x), INK,
                      anchor="midleft")
        if price:
            art.blit_text(surface, price, (right, r.centery), "bold", 16, GOLD, anchor="midright")
        if arrow:  # it opens a list: a caret, up while it is open
            cx, cy = r.right - 18, r.centery
            d = -5 if self.open else 5
            surface.polygon(GOLD, [(cx - 6, cy - d // 2), (cx + 6, cy - d // 2), (cx, cy + d)])

    def draw(self, surface) -> None:
        if not self.open:
            return
        acts = self.sc.actions()
        n = len(acts)
        b = self.box(n)
        surface.rect((6, 10, 8), b.move(3, 5), border_radius=12)  # its shadow on the panel
        surface.rect((16, 30, 26), b, border_radius=12)
        surface.rect(GOLD, b, width=2, border_radius=12)
        where = f"{self.top + 1}–{min(n, self.top + SHOWN)} / {n}" if n > SHOWN else ""
        ww = art.measure(where, "body", 14)[0] + 12 if where else 0
        if where:
            art.blit_text(surface, where, (b.right - 12, b.y + 13), "body", 14, INK_DIM, anchor="midright")
        head = _("Choose the action (Up/Down, Enter · a bet: Left/Right · Esc closes)")
        art.blit_text(surface, head, (b.x + 12, b.y + 13), "bold", art.fit(head, "bold", 15, b.w - 24 - ww, 12),
                      INK_DIM, anchor="midleft")
        for i, r in self.rows(n):
            buttons = self.bet_buttons(i, r)
            self.draw_row(surface, r, acts[i], i == self.at, room=(min(b.x for b in buttons.values()) - 8) if buttons
                          else None)
            for d, b in buttons.items():
                surface.rect((20, 42, 36), b, border_radius=6)
                surface.rect((120, 200, 180), b, width=1, border_radius=6)
                art.blit_text(surface, "−" if d < 0 else "+", b.center, "bold", 18, INK, anchor="center")
