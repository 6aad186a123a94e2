"""Dice standing on a casino: one stack per owner, side by side on the casino's floor, so who
leads reads at a glance; the count beside every stack of three or more.  Up to nine owners
(eight seats and the neutral dice) fit, in two rows from seven; a Biggie stands at the foot
of its owner's stack, larger and rimmed in gold."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...kit import art
from ...kit.art import GOLD, INK, darker, per_scale
from ...kit.canvas import Canvas, Img

#: owners on the floor -> (die size, rows)
ONE_ROW = 6
#: a stack shows the count beside it from this many dice
COUNT_FROM = 3


@dataclass(frozen=True)
class Stack:
    owner: str
    dice: int            # as they score (a Biggie counts two)
    big: bool = False    # the owner's Biggie stands here
    added: int = 0       # dice a preview would add
    cancelled: bool = False
    landed: bool = False


def die_size(n: int) -> int:
    return 26 if n <= 3 else 24 if n <= 4 else 22 if n <= ONE_ROW else 20


def slots(floor: pygame.Rect, n: int) -> list[pygame.Rect]:
    """The column of each of ``n`` owners on ``floor``: one row up to six, then two."""
    rows = 1 if n <= ONE_ROW else 2
    per_row = -(-n // rows)
    w = (floor.w - 8) // max(1, per_row)
    h = (floor.h - 6) // rows
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        count_here = per_row if row < rows - 1 else n - per_row * (rows - 1)
        x0 = floor.x + 4 + ((floor.w - 8) - count_here * w) // 2
        out.append(pygame.Rect(x0 + col * w, floor.y + 3 + row * h, w, h))
    return out


def _shape(slot: pygame.Rect, s: int) -> tuple[int, int, int]:
    """(columns, rows, step between rows) of a pile of dice of size ``s`` in ``slot``: two
    columns where they fit, the rows overlapping so that most of each die still shows."""
    cols = 2 if slot.w >= 2 * s + 4 else 1
    step = max(5, int(s * (0.62 if cols == 2 else 0.5)))
    rows = max(1, (slot.h - s - 4) // step + 1)
    return cols, rows, step


def _spot(slot: pygame.Rect, s: int, i: int) -> tuple[int, int]:
    """The midbottom of the ``i``-th die of a pile (bottom row first, left to right), with a
    small fixed jitter so the pile looks dropped, not printed."""
    cols, _rows, step = _shape(slot, s)
    row, col = divmod(i, cols)
    jitter = ((i * 37) % 5) - 2
    x = slot.centerx + (col - (cols - 1) / 2) * (s + 3) + jitter * 0.6
    return int(x), slot.bottom - 3 - row * step + (1 if (i * 11) % 3 == 0 else 0)


def top_of(slot: pygame.Rect, n_owners: int, dice: int) -> tuple[int, int]:
    """Where the next die lands on a pile of ``dice`` in ``slot`` (a flight's end)."""
    s = die_size(n_owners)
    cols, rows, _step = _shape(slot, s)
    x, y = _spot(slot, s, min(dice, cols * rows - 1))
    return x, y - s // 2


def draw(surface, casino: int, floor: pygame.Rect, stacks: list[Stack]) -> None:
    """The piles of ``stacks`` on the floor of ``casino``, drawn once into an image of the floor
    (the piles change only when dice land or a preview changes) and blitted."""
    surface.blit(_piles(casino, tuple(floor.size), tuple(stacks)), floor.topleft)


@per_scale(96)
def _piles(casino: int, size: tuple[int, int], stacks: tuple, *, k: float) -> Img:
    cv = Canvas.new(size, k)
    paint(cv, casino, pygame.Rect((0, 0), size), list(stacks))
    return cv.image()


def paint(surface, casino: int, floor: pygame.Rect, stacks: list[Stack]) -> None:
    """The piles of ``stacks`` on the floor of ``casino`` (its value is the face every die shows);
    an empty floor shows the casino's number faintly, where dice will stand."""
    n = len(stacks)
    if not n:
        mark = art.text(str(casino), "display", 40, (30, 70, 52) if not art.look().high_contrast else (90, 90, 90))
        surface.blit(mark, mark.get_rect(center=floor.center))
        return
    s = die_size(n)
    for st, slot in zip(stacks, slots(floor, n)):
        cols, rows, step = _shape(slot, s)
        if st.big:  # the Biggie's row is taller than the others
            rows = max(1, (slot.h - s - 4 - (art.big_size(s) - s)) // step + 1)
        cap = cols * rows
        small = st.dice - (2 if st.big else 0)
        pieces = (["big"] if st.big else []) + ["die"] * max(0, small)
        ghosts = min(st.added, max(1, cap - 1))
        pieces = pieces[:cap - ghosts] + ["ghost"] * ghosts
        hidden = st.dice + st.added - len(pieces) - (1 if st.big else 0)
        top = slot.bottom
        if st.landed:
            surface.ellipse(GOLD, (slot.centerx - s - 4, slot.bottom - 7, 2 * s + 8, 9), 2)
        i = lift = 0
        for kind in pieces:
            x, y = _spot(slot, s, i)
            y -= lift
            if kind == "big":  # the Biggie stands alone at the foot, a whole row to itself
                img = art.big_die(st.owner, casino, s)
                r = img.get_rect(midbottom=(slot.centerx, y))
                i += cols
                lift = img.get_height() - s
            else:
                img = art.die(st.owner, casino, s)
                if kind == "ghost":
                    img = img.copy()
                    img.set_alpha(150)
                r = img.get_rect(midbottom=(x, y))
                i += 1
            surface.blit(img, r)
            if kind == "ghost":
                surface.rect(art.NEON[3], r, width=1, border_radius=max(2, s // 5))
            top = min(top, r.y)
        if st.cancelled:  # a tie: the pile is struck out on the casino itself
            x0, x1 = slot.centerx - s - 2, slot.centerx + s + 2
            if cols == 1:
                x0, x1 = slot.centerx - s // 2 - 3, slot.centerx + s // 2 + 3
            surface.line(art.DANGER, (x0, top - 2), (x1, slot.bottom), 3)
            surface.line(art.DANGER, (x1, top - 2), (x0, slot.bottom), 3)
        label = None
        if st.added:
            label, col = f"+{st.added}", art.NEON[3]
        elif st.dice >= COUNT_FROM or hidden > 0:
            label, col = str(st.dice), INK
        if label:
            t = art.text(label, "display", 15 if s >= 24 else 13, col)
            chip = t.get_rect()
            chip.w = max(chip.w + 8, chip.h)
            chip.midbottom = (slot.centerx, top - 1)
            if chip.y < slot.y - 4:  # no room above: on the pile's top corner
                chip.midleft = (slot.centerx + (s if cols == 2 else s // 2) - chip.w // 2, top + chip.h // 2)
            chip.clamp_ip(floor)
            surface.rect(darker(art.owner_rgb(st.owner), 0.65) if not st.added else (10, 30, 20), chip,
                         border_radius=chip.h // 2)
            surface.rect(art.lighter(art.owner_rgb(st.owner), 0.3), chip, width=1, border_radius=chip.h // 2)
            surface.blit(t, t.get_rect(center=chip.center))
