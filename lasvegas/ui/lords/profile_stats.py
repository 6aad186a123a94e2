"""Profiles and Lords of Vegas: which profile plays a seat, and a profile's Lords of Vegas statistics drawn.

A human seat of the Lords of Vegas setup whose name is a profile's name (letter case aside)
is played by that profile: its record names the profile, and the game counts in the
profile's Lords of Vegas statistics (``profiles.lords_stats``).  The profile screen shows
them on its own page (the game switch, G)."""

from __future__ import annotations

import dataclasses

import pygame

from ... import paths
from ...profiles.lords_stats import compute_lords, lords_games
from .. import art, i18n
from ..art import GOLD, INK, INK_DIM
from ..i18n import _, money, ngettext
from ..profile_view import draw_figures


def with_profiles(seats: list, book) -> list:
    """``seats`` with each human seat named as a profile played by it (one seat per profile)."""
    try:
        by_name = {p.name.strip().casefold(): p.id for p in book.profiles}
    except AttributeError:  # no profiles could be read: nobody is a profile
        return seats
    out, taken = [], set()
    for s in seats:
        pid = by_name.get(s.name.strip().casefold()) if not s.is_ai else None
        if pid and pid not in taken:
            taken.add(pid)
            s = dataclasses.replace(s, profile=pid)
        out.append(s)
    return out


def lords_stats(profile: str):
    return compute_lords(lords_games(paths.records_dir() / "lords", profile))


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
    if not s.games:
        text = _("No Lords of Vegas games yet. A game counts here when a human seat of its setup "
                 "bears this profile's name.")
        art.blit_wrapped(surface, text, (col, yy + 10), box.right - col - 20, "body", 16, INK_DIM)
