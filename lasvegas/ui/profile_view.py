"""What the profile screens share: a profile's picture, the pip shapes' names, the achievement toast."""

from __future__ import annotations

from pathlib import Path

import pygame

from ..profiles import ACHIEVEMENTS, BY_ID, Profile, earned, earned_by_record
from ..profiles.history import games_in_file
from .kit import art
from .kit.art import GOLD, INK, INK_DIM
from .kit.canvas import Canvas
from .kit.i18n import N_, _

#: pip shape -> its name for the player
PIP_NAMES = {"circle": N_("round pips"), "square": N_("square pips"), "diamond": N_("diamond pips"),
             "triangle": N_("triangle pips"), "ring": N_("ring pips"), "star": N_("star pips"),
             "heart": N_("heart pips"), "plus": N_("plus pips")}


def pip_name(pip: str) -> str:
    return _(PIP_NAMES[pip]) if pip in PIP_NAMES else pip


def avatar(profile: Profile, size: int) -> pygame.Surface:
    """A profile's picture: a die of its favourite colour with its pip shape, showing five."""
    return art.die(profile.colour, 5, size, profile.pip)


def draw_figures(surface, rows: list[tuple[str, str]], x: int, top: int, width: int = 330) -> None:
    """A profile's figures: each label on the left, its value ending at ``x + width``, one a line.
    The labels are one size (the largest at which each leaves room for its value, or for 110 units
    of a longer one); a value longer than the room its label leaves is drawn smaller."""
    size = min((art.fit(label, "body", 16, width - min(art.measure(value, "bold", 16)[0], 110) - 10)
                for label, value in rows), default=16)
    for k, (label, value) in enumerate(rows):
        yy = top + k * 26
        room = width - art.measure(label, "body", size)[0] - 10
        vsize = art.fit(value, "bold", 16, min(200, room))
        art.blit_text(surface, label, (x, yy), "body", size, INK_DIM)
        art.blit_text(surface, value, (x + width, yy), "bold", vsize, INK, anchor="topright")


def draw_medal(surface, centre, r: int, earned: bool) -> None:
    """An achievement's medal: gold with a tick when earned, an empty ring when not (not by colour alone)."""
    x, y = centre
    if earned:
        surface.circle(GOLD, centre, r)
        surface.circle(art.darker(GOLD, 0.4), centre, r, 2)
        surface.lines((40, 30, 10), False,
                          [(x - r * 0.45, y), (x - r * 0.1, y + r * 0.4), (x + r * 0.5, y - r * 0.4)], 3)
    else:
        surface.circle((90, 100, 96), centre, r, 2)
        surface.circle((90, 100, 96), centre, max(2, r // 4))


def achievement_list(services, profile: str, game: str = "lasvegas") -> tuple[tuple, dict, dict]:
    """One game's achievements for ``profile``: (all of them, the earned ones by id, the
    progress (done, needed) of those earned step by step, by id): the game's own list (the
    registry's ``achievements``)."""
    from ..kernel.lazy import load
    from ..games.registry import game as entry

    return load(entry(game).achievements)(services, profile)


def lasvegas_achievements(services, profile: str) -> tuple[tuple, dict, dict]:
    """Las Vegas's achievements for ``profile`` (earned at once: no progress kept)."""
    return ACHIEVEMENTS, earned(services.profile_games(profile)), {}


def new_achievements(services, record: str) -> list[tuple[str, str]]:
    """(player's name, achievement id) for every achievement the game of ``record`` earned."""
    out = []
    for game in games_in_file(Path(record)):
        profile = services.profiles.get(game.profile)
        if profile is None:
            continue
        for e in earned_by_record(services.profile_games(game.profile), record):
            out.append((profile.name, e.id))
    return out


class Toast:
    """A discreet note at the edge of a screen, a few seconds each: "Achievement: …" (queued)."""

    SHOW = 5.0  #: seconds each note stays
    FADE = 0.4

    def __init__(self, notes: list[tuple[str, str]], anchor: tuple[int, int], max_w: int = 510) -> None:
        self.notes = list(notes)  # (player's name, achievement id)
        self.anchor = anchor  #: the toast's top-left corner
        self.max_w = max_w
        self.t = 0.0

    @property
    def showing(self) -> bool:
        return bool(self.notes)

    def update(self, dt: float) -> None:
        if not self.notes:
            return
        self.t += dt
        if self.t >= self.SHOW:
            self.notes.pop(0)
            self.t = 0.0

    def lines(self) -> tuple[str, str]:
        name, aid = self.notes[0]
        a = BY_ID[aid]
        return (_("Achievement for {name}: {title}", name=name, title=_(a.title)), _(a.condition))

    def draw(self, surface) -> None:
        if not self.notes:
            return
        head, body = self.lines()
        w = max(art.measure(head, "bold", 17)[0], art.measure(body, "body", 14)[0]) + 70
        box = pygame.Rect(self.anchor, (min(w, self.max_w), 58))
        alpha = min(1.0, self.t / self.FADE, (self.SHOW - self.t) / self.FADE)
        layer = Canvas.new(box.size, surface.k)
        layer.blit(art.panel(box.w, box.h, alpha=235, border=(246, 196, 72, 140)), (0, 0))
        draw_medal(layer, (28, 29), 15, True)
        art.blit_text(layer, head, (54, 8), "bold", art.fit(head, "bold", 17, box.w - 62), INK)
        art.blit_text(layer, body, (54, 33), "body", art.fit(body, "body", 14, box.w - 62), INK)
        img = layer.image()
        img.set_alpha(int(255 * max(0.0, alpha)))
        surface.blit(img, box)
