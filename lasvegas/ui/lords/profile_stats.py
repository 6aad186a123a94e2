"""Profiles and Lords of Vegas: which profile plays a seat, and a profile's Lords of Vegas statistics drawn.

A human seat of the Lords of Vegas setup is played by the profile picked for it from the list
(``setup.py``): its record names the profile by its id, and the game counts in the profile's
Lords of Vegas statistics (``profiles.lords.stats``).  The profile screen shows
them on its own page (the game switch, G)."""

from __future__ import annotations

import pygame

from ...store import paths
from ...profiles.lords.stats import compute_lords, lords_games
from ..kit import art, i18n
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money, ngettext
from ..profile_view import draw_figures
from .glyphs import GLYPHS, glyph_shape


def lords_stats(profile: str):
    """The profile's Lords of Vegas statistics (its games, oldest first, in ``games_played``)."""
    return compute_lords(lords_games(paths.records_dir() / "lords", profile))


#: the profile page's statistics (the registry's ``profile_page``)
page_stats = lords_stats


def achievement_list(_services, profile: str) -> tuple[tuple, dict, dict]:
    """Lords of Vegas's achievements for ``profile`` (from its games in the records, with the
    progress of those earned step by step)."""
    from ...profiles.lords.achievements import LORDS_ACHIEVEMENTS, lords_earned, lords_progress

    games = lords_games(paths.records_dir() / "lords", profile)
    return LORDS_ACHIEVEMENTS, lords_earned(games), lords_progress(games)


#: at most this many games in the chart (the latest)
CHART_GAMES = 16


def rows(s) -> list[tuple[str, str]]:
    """The figures of a profile's Lords of Vegas games: (label, value)."""
    pct = f" ({i18n.percent(100 * s.wins / s.games)})" if s.games else ""
    return [
        (_("Games"), str(s.games)),
        (_("Wins"), f"{s.wins}{pct}"),
        (_("Shared wins"), str(s.shared)),
        (_("Wins at 90 VP"), str(s.jackpots)),
        (_("Average VP"), i18n.number(s.average_vp, 1) if s.games else "—"),
        (_("Best VP"), str(s.best_vp) if s.games else "—"),
        (_("Average money"), money(round(s.average_money)) if s.games else "—"),
        (_("Most money at the end"), money(s.best_money) if s.games else "—"),
    ]


def draw(surface, box: pygame.Rect, s) -> None:
    """A profile's Lords of Vegas page inside ``box`` (the figures, then by table size)."""
    x, top = box.x + 20, box.y + 92
    draw_figures(surface, rows(s), x, top)
    col = x + 360
    art.blit_text(surface, _("By table size"), (col, top), "bold", 16, GOLD)
    yy = top + 24
    for n, (games, wins) in s.by_seats.items():
        label = ngettext("{n} player", "{n} players", n)
        value = _("{games} · {wins}", games=ngettext("{n} game", "{n} games", games),
                  wins=ngettext("{n} win", "{n} wins", wins))
        art.blit_text(surface, label, (col, yy), "body", 15, INK_DIM)
        art.blit_text(surface, value, (col + 400, yy), "body", art.fit(value, "body", 15, 260), INK, anchor="topright")
        yy += 21
    draw_vp_chart(surface, pygame.Rect(x, box.y + 370, box.w - 40, 140), s.games_played)
    if not s.games:
        text = _("No Lords of Vegas games yet. A game counts here when a human seat of its setup "
                 "bears this profile's name.")
        art.blit_wrapped(surface, text, (col, yy + 10), box.right - col - 20, "body", 16, INK_DIM)


def draw_vp_chart(surface, box: pygame.Rect, games: list) -> None:
    """The VP of each of the latest games (bars, the VP written on each; a won game's bar gold
    with a star above it: not by colour alone)."""
    art.blit_text(surface, _("VP in each game (the latest)"), box.topleft, "bold", 16, GOLD)
    plot = pygame.Rect(box.x, box.y + 26, box.w, box.h - 30)
    surface.rect((8, 22, 18), plot)
    games = games[-CHART_GAMES:]
    if not games:
        art.blit_text(surface, _("No games yet"), plot.center, "body", 15, INK_DIM, anchor="center")
        return
    top = max(max(g.vp for g in games), 1)
    w = plot.w // CHART_GAMES
    for i, g in enumerate(games):
        h = max(2, int((plot.h - 52) * g.vp / top))
        bar = pygame.Rect(plot.x + i * w + 8, plot.bottom - h, w - 16, h)
        surface.rect(GOLD if g.won else (60, 150, 120), bar, border_radius=4)
        art.blit_text(surface, str(g.vp), (bar.centerx, bar.y - 2), "bold", 13, INK, anchor="midbottom")
        if g.won:  # a gold star above the bar: a win is not told by colour alone
            glyph_shape(surface, GLYPHS.index("star"), bar.centerx, bar.y - 26, 7, GOLD)
