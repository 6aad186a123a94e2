"""Drawing the table: reads the board, the presenter and the scene's input state; changes nothing."""

from __future__ import annotations

import pygame

from ....core import NEUTRAL, BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, RoundEnded, RoundStarted
from ...kit import art
from ...kit import felt, money as paper
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.canvas import Canvas, Img
from ...kit.i18n import _, and_list, money, ngettext, pgettext
from ..names import ai_level_name, solo_level_name
from ..paint import stacks
from ..paint.casino import floor_rect, tile as casino_tile
from .draw_solo import draw_scoreboard, draw_solo_preview
from .layout import (
    CASINO_H, CASINO_W, DECK, INFO, SIGN_H, TRAY, bill_pos, bill_size, casino_rect, compact_panels,
)
from .panels import draw_panel


class TableDrawer:
    def __init__(self, scene) -> None:
        self.t = scene
        self._bg: Img | None = None

    def _background(self) -> Img:
        """Everything that never moves, composed once per UI scale: felt, casino tiles, tray, panel backs."""
        if self._bg is None or self._bg.k != art.scale():
            bg = Canvas(art.felt(1280, 720).copy(), art.scale())
            for c in range(1, 7):
                felt.drop(bg, casino_rect(c), 14)
                bg.blit(casino_tile(c, CASINO_W, CASINO_H, SIGN_H), casino_rect(c))
            for box in (INFO, DECK):
                felt.drop(bg, box, 12)
                bg.blit(art.panel(box.w, box.h), box)
            felt.drop(bg, TRAY, 18)
            bg.rect((70, 40, 22), TRAY, border_radius=18)
            bg.rect((120, 78, 40), TRAY, width=3, border_radius=18)
            inner = TRAY.inflate(-16, -16)
            bg.blit(felt.inset(inner.w, inner.h), inner)
            compact = compact_panels(len(self.t.panel_owners))
            for o in self.t.panel_owners:
                r = self.t.panel_rect(o)
                felt.drop(bg, r, 10, 6, 4)
                bg.blit(felt.mat(r.w, r.h, o, compact), r)
                if compact:
                    bg.blit(art.symbol(o, 20), (r.x + 14, r.y + 6))
                else:
                    bg.blit(art.symbol(o, 24), (r.x + 16, r.y + 12))
            if not self.t.react_buttons:  # an online table has its quick reactions there
                logo = art.glow_text(_("LAS VEGAS"), "display", 30, art.NEON[0], 4)
                bg.blit(logo, logo.get_rect(midleft=(10, 29)))
            self._bg = bg.image()
            for c in range(1, 7):  # each casino's lit frame, made now rather than in a payout's frames
                art.neon_frame(CASINO_W, CASINO_H, art.NEON[c - 1], 14, 3)
        return self._bg

    def draw(self, surface) -> None:
        surface.blit(self._background(), (0, 0))
        self._draw_top(surface)
        focus = self.t.hover if self.t.hover is not None else self.t.selected
        prev = self.t.preview(focus) if focus is not None and self.t.human_turn else None
        for c in range(1, 7):
            self._draw_casino(surface, c, prev if prev and prev.casino == c else None)
        self._draw_info(surface, prev)
        self._draw_tray(surface, focus)
        if self.t.solo:
            draw_scoreboard(self.t, surface)
        else:
            self._draw_deck(surface)
        for o in self.t.panel_owners:
            draw_panel(self.t, surface, o)
        if self.t.anim:
            self.t.anim.draw(surface)
        if self.t.banner:
            text, t = self.t.banner
            img = art.glow_text(text, "display", 64, art.NEON[2], 10)
            a = min(1.0, t / 0.3)
            img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(640, 300)))

    def _draw_top(self, surface) -> None:
        label = _("Round {n} of {total}", n=min(self.t.board.round + 1, self.t.cfg.rounds), total=self.t.cfg.rounds)
        if self.t.solo:
            label += "  ·  " + _("Solo: {level}", level=solo_level_name(self.t.cfg.level.name))
            if self.t.match.extra.get("daily"):
                label += "  ·  " + (_("Daily (practice)") if self.t.match.extra.get("practice") else _("Daily"))
        if self.t.react_buttons:  # an online table: its quick reactions take the left and the middle
            art.blit_text(surface, label, (996, 29), "display", 22, INK, anchor="midright")
        elif self.t.replay is None:
            art.blit_text(surface, label, (640, 29), "display", 26, INK, anchor="center")
        else:  # the replay bar takes the middle
            art.blit_text(surface, label, (232, 29), "display", 22, INK, anchor="midleft")
        self.t.menu_button.draw(surface)
        # the key's name, centred in the gap between the log button (to 1118) and Menu (from 1160)
        art.blit_text(surface, _("Esc"), (1139, 29), "body", art.fit(_("Esc"), "body", 14, 34), INK_DIM,
                      anchor="center")
        if self.t.solo:
            self.t.hint_button.draw(surface)

    def _draw_casino(self, surface, c: int, prev) -> None:
        r = casino_rect(c)
        v = self.t.board
        lit = prev is not None or v.highlight == c
        if lit:
            frame = art.neon_frame(CASINO_W, CASINO_H, art.NEON[c - 1], 14, 3)
            surface.blit(frame, (r.x - 12, r.y - 12))
        bills = v.casino_bills[c - 1]
        award_of: dict[int, str] = {}
        if prev:
            for i, (o, _b) in enumerate(prev.after.awards):
                award_of[i] = o
        bw, bh = bill_size(len(bills))
        for i, b in enumerate(bills):
            x, y = bill_pos(c, i, len(bills))
            surface.blit(paper.bill(b, bw, bh), (x, y))
            if i in award_of:  # who would win this bill: a chip beside it (over its end, two columns)
                o = award_of[i]
                small = bw < CASINO_W // 2
                rad = 11 if small else 15
                centre = (x + bw - 4, y + bh // 2) if small else (x + bw + 20, y + bh // 2)
                chip = art.symbol(o, 2 * rad - 4)
                surface.circle((0, 0, 0), centre, rad)
                surface.circle(art.owner_rgb(o), centre, rad, 2)
                surface.blit(chip, chip.get_rect(center=centre))
        if not bills and not (self.t.anim and v.highlight == c):
            art.blit_text(surface, _("no bills"), (r.centerx, r.y + SIGN_H + 24), "body", 16, INK_DIM,
                          anchor="center")
        # dice on the casino: a stack per owner (a preview's dice drawn faint on top)
        counts = dict(v.casino_dice[c - 1])  # as they score: a Biggie counts 2
        added = prev.placed if prev else {}
        bigs = set(v.casino_big[c - 1]) | (set(prev.placed_big) if prev else set())
        tied = v.tied.get(c, {}) if not prev else {}  # a tie the payout cancelled: still shown, struck out
        counts.update({o: n for o, n in tied.items() if n})
        owners = [o for o in self.t.cfg.owners if counts.get(o) or added.get(o)]
        cancelled = set(v.cancelled.get(c, ())) | set(tied)
        last = v.last_move
        landed = {o for o, _n in last[2]} if last and last[1] == c and not prev else set()
        if prev:
            cancelled = set(prev.after.cancelled)
        piles = []
        for o in owners:
            now, more = counts.get(o, 0), added.get(o, 0)
            big_new = prev is not None and o in prev.placed_big and o not in v.casino_big[c - 1]
            piles.append(stacks.Stack(o, now + (2 if big_new else 0), o in bigs, more - (2 if big_new else 0),
                                      o in cancelled, o in landed))
        stacks.draw(surface, c, floor_rect(r), piles)
        tag = None
        if prev and (prev.ties_created or prev.ties_broken):
            tag = _("TIE!") if prev.ties_created else _("TIE BROKEN")
            col = art.DANGER if prev.ties_created else art.NEON[3]
        elif c in v.cancelled or (tied and not prev):
            tag, col = _("TIE!"), art.DANGER
        if tag:
            t = art.text(tag, "display", 18, (0, 0, 0))
            box = t.get_rect(center=(r.centerx, floor_rect(r).y)).inflate(14, 4)
            surface.rect(col, box, border_radius=6)
            surface.blit(t, t.get_rect(center=box.center))

    def _draw_info(self, surface, prev) -> None:
        x, y, w = INFO.x + 14, INFO.y + 10, INFO.w - 28
        seat = self.t.turn_seat
        if self.t.anim and self.t.board.highlight and not self.t.turn_dice:
            head = art.blit_text(surface, pgettext("the table's panel", "Payout"), (x, y), "display", 26, GOLD)
            art.blit_text(surface, _("Casino {n}", n=self.t.board.highlight), (max(x + 110, head.right + 12), y + 20),
                          "bold", 20, INK, anchor="midleft")
            ev = self.t.current_event
            yy = y + 38
            if isinstance(ev, CasinoPaid):
                if ev.cancelled:
                    tied = [self.t.name_of(o) for o in ev.cancelled]
                    yy = art.blit_wrapped(surface, ngettext("Tie: {names} gets nothing", "Tie: {names} get nothing",
                                                            len(tied), names=and_list(tied)),
                                          (x, yy), w, "bold", 15, art.DANGER)
                # a line's height grows with the text size setting
                step = max(22, art.measure("Ag", "body", 16)[1] + 2)
                for o, b in ev.awards[:3]:
                    surface.blit(art.symbol(o, 16), (x, yy + 3))
                    label = _("{name} wins {amount}", name=self.t.name_of(o), amount=money(b))
                    if o == NEUTRAL:
                        label = _("Neutral wins {amount} (under the deck)", amount=money(b))
                    art.blit_text(surface, label, (x + 22, yy), "body", art.fit(label, "body", 16, w - 22), INK)
                    yy += step
                if ev.returned and yy + step <= INFO.bottom - 4:
                    back = ngettext("{n} bill goes under the deck", "{n} bills go under the deck", len(ev.returned))
                    art.blit_text(surface, back, (x, yy), "body", art.fit(back, "body", 15, w), INK_DIM)
                    yy += step
                if not ev.dice:
                    art.blit_text(surface, _("no dice here"), (x, yy), "body", 15, INK_DIM)
                    yy += step
            skip = _("Click or Space to skip")
            if yy <= INFO.bottom - 26:  # (with a long payout and larger text the hint gives way)
                art.blit_text(surface, skip, (x, INFO.bottom - 26), "body", art.fit(skip, "body", 14, w), INK_DIM)
            return
        if seat is None:
            art.blit_text(surface, _("Round {n}", n=self.t.board.round + 1), (x, y), "display", 26, GOLD)
            ev = self.t.current_event
            if isinstance(ev, (RoundStarted, BillsDealt, DicePreplaced)) and (self.t.queue or self.t.anim):
                art.blit_text(surface, _("Dealing the bills…"), (x, y + 38), "body", 17, INK)
            elif isinstance(ev, RoundEnded):
                art.blit_text(surface, _("Payout done."), (x, y + 38), "body", 17, INK)
            return
        if prev and self.t.solo:
            draw_solo_preview(self.t, surface, prev, x, y, w)
            return
        info = self.t.match.seats[seat]
        colour = info.colour
        surface.blit(art.symbol(colour, 26), (x, y + 4))
        who = _("Your turn") if self.t.solo else _("{name}'s turn", name=info.name)
        art.blit_text(surface, who, (x + 32, y), "display", art.fit(who, "display", 24, w - 32, 16),
                      art.lighter(art.owner_rgb(colour), 0.25))
        y += 38
        if prev:
            placed = prev.placed
            n = sum(placed.values())
            if prev.placed_big:  # the Biggie counts 2: say so rather than count it twice
                n -= 2 * len(prev.placed_big)
                head = ngettext("Biggie + {n} die on casino {c}:", "Biggie + {n} dice on casino {c}:", n,
                                c=prev.casino) if n else _("The Biggie on casino {c}:", c=prev.casino)
            else:
                head = ngettext("{n} die on casino {c}:", "{n} dice on casino {c}:", n, c=prev.casino)
            art.blit_text(surface, head, (x, y), "bold", art.fit(head, "bold", 18, w), INK)
            y += 26
            awards = prev.after.awards
            if not awards:
                art.blit_text(surface, _("nobody would be paid"), (x, y), "body", 16, INK_DIM)
                y += 22
            for o, b in awards[:3]:
                surface.blit(art.symbol(o, 16), (x, y + 3))
                line = _("{name} would win {amount}", name=self.t.name_of(o), amount=money(b))
                art.blit_text(surface, line, (x + 22, y), "body", art.fit(line, "body", 16, w - 22), INK)
                y += 22
            warn = None
            if prev.ties_created:
                tied = [self.t.name_of(o) for o in prev.ties_created]
                warn = ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing",
                                len(tied), names=and_list(tied))
            elif prev.ties_broken:
                warn = _("Breaks the tie of {names}", names=and_list(self.t.name_of(o) for o in prev.ties_broken))
            if warn:
                col = art.DANGER if prev.ties_created else art.NEON[3]
                # the warning sits at the bottom of the panel, however many lines it wraps to
                n = len(art.wrap("! " + warn, "bold", 15, w))
                step = int(art.linesize("bold", 15) * 1.25 * 0.85)
                art.blit_wrapped(surface, "! " + warn, (x, max(y, INFO.bottom - 10 - n * step)), w, "bold", 15, col)
            return
        values = [val for val, _r in self.t.groups]
        if self.t.await_roll:
            lines = [_("Your roll."), _("Click ROLL or press Space.")]
            said = self.t.last_move_text()
            if said:
                y = art.blit_wrapped(surface, said, (x, y), w, "bold", 15, GOLD)
        elif isinstance(self.t.current_event, DicePlaced) and self.t.anim is not None:
            ev = self.t.current_event
            n = sum(k for _o, k in ev.dice)
            lines = [ngettext("{n} die goes to casino {c}…", "{n} dice go to casino {c}…", n, c=ev.value)]
        elif not self.t.ready:
            lines = [_("Rolling…")]
        elif self.t.replay is not None:
            lines = self.t.replay.info_lines()
        elif not self.t.is_here(seat):  # an AI seat, or a player at another screen
            dots = "." * (1 + int(self.t.clock * 3) % 3)
            if info.is_ai:
                lines = [_("{level} AI is thinking", level=ai_level_name(info.level)) + dots]
            else:
                lines = [_("Waiting for {name}", name=info.name) + dots]
        elif len(values) == 1:
            lines = [_("Only {v}s: place them.", v=values[0]), _("Click them or press Enter.")]
        else:
            if self.t.app.settings.confirm_place:
                lines = [_("Choose a group of dice:"), _("click it, then click again"),
                         _("or keys 1–6 / arrows, Enter")]
            else:
                lines = [_("Choose a group of dice:"), _("hover to preview, click to place"),
                         _("or keys 1–6 / arrows, Enter")]
        # a long language's line is set smaller rather than leave the box, and its other lines with it
        size = min((art.fit(line, "body", 17, INFO.right - 8 - x) for line in lines), default=17)
        for line in lines:
            art.blit_text(surface, line, (x, y), "body", size, INK)
            y += 25
        own, neu = self.t.board.hand.get(colour, 0), (self.t.board.neutral[seat] if seat < len(self.t.board.neutral) else 0)
        foot = ngettext("{n} die left", "{n} dice left", own) if not neu else \
            _("{own} own + {neu} neutral dice left", own=own, neu=neu)
        art.blit_text(surface, foot, (x, INFO.bottom - 28), "body", 15, INK_DIM)

    def _draw_tray(self, surface, focus) -> None:
        if self.t.solo and self.t.ready and not self.t.await_roll:
            if self.t.hint_waiting:
                dots = "." * (1 + int(self.t.clock * 3) % 3)
                art.blit_text(surface, _("Thinking about a hint") + dots, (TRAY.centerx, TRAY.y + 24), "bold", 16,
                              INK_DIM, anchor="center")
            elif self.t.hint is not None:
                hv, chance = self.t.hint
                art.blit_text(surface, _("Hint: place the {v}s · then about {p}% to win with steady play",
                                         v=hv, p=round(chance * 100)),
                              (TRAY.centerx, TRAY.y + 24), "bold", 17, GOLD, anchor="center")
                for val, r in self.t.groups:
                    if val == hv:
                        surface.rect(GOLD, r.inflate(16, 16), width=3, border_radius=10)
        if self.t.await_roll:
            n = len(self.t.turn_dice)
            if self.t.solo:  # the roll is not your hand: say why, every time it shows
                label = ngettext("{n} die to roll: one of each colour that still has dice",
                                 "{n} dice to roll: one of each colour that still has dice", n)
            else:
                label = ngettext("{n} die to roll", "{n} dice to roll", n)
            art.blit_text(surface, label, (TRAY.centerx, TRAY.bottom - 24), "body", 16, INK_DIM, anchor="center")
            self.t.roll_button.draw(surface)
            return
        if self.t.tumble is None:
            return
        if self.t.tumble.grouped:
            for val, r in self.t.groups:
                on = val == focus
                if on:
                    fr = art.neon_frame(r.w + 12, r.h + 12, art.NEON[val - 1], 10, 2)
                    surface.blit(fr, (r.x - 6 - 12, r.y - 6 - 12))
                if self.t.ready:
                    key = pygame.Rect(0, 0, 26, 22)
                    key.center = (r.centerx, self.t.key_y)
                    col = art.NEON[val - 1] if on else (110, 130, 122)
                    surface.rect((12, 30, 24), key, border_radius=5)
                    surface.rect(col, key, width=2, border_radius=5)
                    art.blit_text(surface, str(val), key.center, "black", 14, col if on else INK, anchor="center")
        self.t.tumble.draw(surface)

    def _draw_deck(self, surface) -> None:
        v = self.t.board
        x, y = DECK.x + 16, DECK.y + 58
        paper.draw_deck(surface, x, y - 16, 110, 56, v.deck_left)
        art.blit_text(surface, _("Deck"), (DECK.x + 14, DECK.y + 10), "display", 22, INK)
        art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.deck_left), (x + 55, y + 70), "bold", 16,
                      GOLD, anchor="center")
        rx = DECK.x + 146
        room = DECK.right - rx - 8  # a larger text size still fits
        art.blit_text(surface, _("Under the deck"), (rx, DECK.y + 14), "bold",
                      art.fit(_("Under the deck"), "bold", 14, room), INK_DIM)
        if not v.returned:
            # wrapped: French « aucun pour l'instant » at the larger text size is two lines, not past the edge
            art.blit_wrapped(surface, _("none yet"), (rx, DECK.y + 40), room, "body", 14, INK_DIM)
        for i, b in enumerate(v.returned[:10]):
            surface.blit(paper.bill(b, 56, 20), (rx + (i % 2) * 60, DECK.y + 38 + (i // 2) * 24))
        if len(v.returned) > 10:
            art.blit_text(surface, f"+{len(v.returned) - 10}", (rx, DECK.bottom - 14), "body", 14, INK_DIM)
