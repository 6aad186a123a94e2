"""Drawing the seat panels: one row of panels up to five seats, two rows of compact ones for six to eight."""

from __future__ import annotations

import pygame

from ....core import NEUTRAL
from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, ngettext
from ..names import ai_level_name
from ..totals import total
from .layout import compact_panels


def draw_panel(t, surface, owner: str) -> None:
    """The seat panel of ``owner``: who sits there, dice in hand, money or bills, whose turn."""
    r = t.panel_rect(owner)
    v = t.board
    seat = t.cfg.seats.index(owner) if owner in t.cfg.seats else None
    active = seat is not None and seat == t.turn_seat
    rgb = art.owner_rgb(owner)
    if active:
        surface.blit(art.neon_frame(r.w, r.h, art.lighter(rgb, 0.2), 12, 2), (r.x - 12, r.y - 12))
    if compact_panels(len(t.panel_owners)):
        draw_compact_panel(t, surface, owner, r, seat, active)
        return
    if seat is not None:
        info = t.match.seats[seat]
        name = t.name_of(owner)
        kind = (_("AI · {level}", level=ai_level_name(info.level)) if info.is_ai
                else _("Human") if info.kind == "human" else "")  # an older record does not say
    else:
        name, kind = t.name_of(owner), _("Opponent colour")
    art.blit_text(surface, name, (r.x + 46, r.y + 8), "display", 22, INK)
    art.blit_text(surface, kind, (r.x + 46, r.y + 38), "body", 14, INK_DIM)
    presence = getattr(t.match, "connected", None)  # an online game: who is connected
    if seat is not None and presence and seat < len(presence) and not info.is_ai:
        on = bool(presence[seat])
        kx = r.x + 46 + art.measure(kind, "body", 14)[0] + 14
        surface.circle((90, 220, 120) if on else (150, 150, 140), (kx, r.y + 47), 5)
        if not on:
            art.blit_text(surface, _("away"), (kx + 9, r.y + 38), "body", 14, INK_DIM)
    if seat is not None and seat == v.first_seat and not t.solo:
        word = art.text(_("starts"), "black", 13, (40, 20, 0))
        chip = pygame.Rect(0, 0, word.get_width() + 16, 22)
        chip.topright = (r.right - 10, r.y + 10)
        surface.rect(GOLD, chip, border_radius=11)
        surface.blit(word, word.get_rect(center=chip.center))
    # dice left
    y = r.y + 66
    surface.blit(art.die(owner, 0, 26), (r.x + 16, y))
    big_left = owner in v.big_in_hand  # the Biggie (one of the dice in hand) is still to play
    hand = art.blit_text(surface, f"×{v.hand.get(owner, 0) - big_left}" + (" +" if big_left else ""),
                         (r.x + 46, y + 13), "display", 20, INK, anchor="midleft")
    nx = r.x + 84
    if big_left:
        big = art.big_die(owner, 0, 24)
        surface.blit(big, big.get_rect(midleft=(hand.right + 5, y + 13)))
        nx = max(nx, hand.right + big.get_width() + 14)
    if t.cfg.neutral and seat is not None:
        surface.blit(art.die(NEUTRAL, 0, 26), (nx, y))
        art.blit_text(surface, f"×{v.neutral[seat]}", (nx + 30, y + 13), "display", 20, INK,
                      anchor="midleft")
    if t.money_shown(owner):
        label = total(owner, v.money[owner].value, "panel")
        art.blit_text(surface, label, (r.right - 12, y + 13), "display", 24, GOLD, anchor="midright")
        art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0)),
                      (r.right - 12, y + 36), "body", 13, INK_DIM, anchor="midright")
    else:
        art.blit_text(surface, ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0)),
                      (r.right - 12, y + 13), "display", 22, GOLD, anchor="midright")
        art.blit_text(surface, _("money hidden"), (r.right - 12, y + 36), "body", 13, INK_DIM,
                      anchor="midright")
    if active:
        art.blit_text(surface, _("TURN"), (r.right - 12, r.y + 46), "black", 12, art.lighter(rgb, 0.4),
                      anchor="midright")


def draw_compact_panel(t, surface, owner: str, r: pygame.Rect, seat: int | None, active: bool) -> None:
    """A seat panel of a table of 6 to 8 seats: half as tall, everything on two lines."""
    v = t.board
    info = t.match.seats[seat] if seat is not None else None
    name = t.name_of(owner)
    if info is None:
        kind = _("Opponent colour")
    else:  # an older record does not say who played
        kind = (_("AI · {level}", level=ai_level_name(info.level)) if info.is_ai
                else _("Human") if info.kind == "human" else "")
    # line 1: name (and TURN) on the left, money (or the bill count) on the right
    if t.money_shown(owner):
        right = total(owner, v.money[owner].value, "panel")
        sub = ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0))
    else:
        right, sub = ngettext("{n} bill", "{n} bills", v.bills.get(owner, 0)), _("money hidden")
    right_box = art.blit_text(surface, right, (r.right - 10, r.y + 15), "display", 20, GOLD, anchor="midright")
    x, room = r.x + 40, right_box.x - (r.x + 40) - 10
    turn = art.text(_("TURN"), "black", 11, art.lighter(art.owner_rgb(owner), 0.4)) if active else None
    if turn:
        room -= turn.get_width() + 8
    # who starts: a chip on this line, beside the name (on the second it left « KI · Zufall » no room)
    starts = (art.text(_("starts"), "black", 11, (40, 20, 0))
              if seat is not None and seat == v.first_seat and not t.solo else None)
    if starts:
        room -= starts.get_width() + 12 + 8
    box = art.blit_text(surface, name, (x, r.y + 15), "display", art.fit(name, "display", 18, room, 12), INK,
                        anchor="midleft")
    after = box.right + 8
    if turn:
        surface.blit(turn, turn.get_rect(midleft=(after, r.y + 16)))
        after += turn.get_width() + 8
    if starts:
        chip = pygame.Rect(after, r.y + 6, starts.get_width() + 12, 18)
        surface.rect(GOLD, chip, border_radius=9)
        surface.blit(starts, starts.get_rect(center=chip.center))
    # line 2: dice in hand (own, the Biggie, neutral), who plays it, who starts; the bills or "hidden"
    cy = r.y + 40
    surface.blit(art.die(owner, 0, 18), (r.x + 14, cy - 9))
    big_left = owner in v.big_in_hand
    x = art.blit_text(surface, f"×{v.hand.get(owner, 0) - big_left}" + (" +" if big_left else ""),
                      (r.x + 36, cy + 1), "display", 16, INK, anchor="midleft").right
    if big_left:
        big = art.big_die(owner, 0, 18)
        surface.blit(big, big.get_rect(midleft=(x + 4, cy)))
        x += big.get_width() + 4
    if t.cfg.neutral and seat is not None:
        surface.blit(art.die(NEUTRAL, 0, 20), (x + 8, cy - 10))
        x = art.blit_text(surface, f"×{v.neutral[seat]}", (x + 31, cy + 1), "display", 16, INK,
                          anchor="midleft").right
    sub_w = art.measure(sub, "body", 12)[0]
    art.blit_text(surface, sub, (r.right - 10, cy + 1), "body", 12, INK_DIM, anchor="midright")
    x += 12
    end = r.right - 10 - sub_w - 10
    # who plays it, or (no room: a long language, larger text) just the AI's level
    for said in (kind, ai_level_name(info.level) if info is not None and info.is_ai else ""):
        size = art.fit(said, "body", 13, end - x, 9)
        if said and art.measure(said, "body", size)[0] <= end - x:
            art.blit_text(surface, said, (x, cy + 1), "body", size, INK_DIM, anchor="midleft")
            break
