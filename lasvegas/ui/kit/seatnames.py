"""The names a game offers its seats, shared by both games: "Player N" for a human seat, a casino
nickname for an AI seat (in the player's language)."""

from __future__ import annotations

import re

from ...games.registry import level_label
from .i18n import N_, _

AI_SEAT_NAMES = (N_("Ace"), N_("Lady Luck"), N_("High Roller"), N_("Jackpot"), N_("Snake Eyes"), N_("Wild Card"),
                 N_("Full House"), N_("Lucky Seven"))


def ai_level_name(level: str) -> str:
    """An AI level as players read it (its label in the game registry's books)."""
    label = level_label(level)
    return _(label) if label is not None else level.title()


def human_seat_label() -> str:
    """A seat a person plays without a profile, one word in both games' setups, with or without
    profiles (a profile's seat reads "Profile: Ann")."""
    return _("Human")


def ai_seat_label(level: str) -> str:
    """An AI seat named by its level: "AI · Hard", "IA · Difficile", "KI · Schwer"."""
    return _("AI · {level}", level=ai_level_name(level))


#: the name a server gives a player who joined without one ("Player 2": every version of the server)
_SERVER_PLAYER = re.compile(r"Player ([1-9])")


def shown_kept_name(name: str, *, kind: str = "", level: str = "") -> str:
    """A seat's name as a server kept it, in the reader's language: an AI seat the server named after
    its level (its English "AI Hard") is named by its level, a human seat the server named "Player 2"
    (joined without a name) is the language's "Player 2"; every other name as it is."""
    if kind == "ai" and level_label(level) is not None and name.strip() in ("", f"AI {level.title()}"):
        return ai_seat_label(level)
    m = _SERVER_PLAYER.fullmatch(name.strip())
    if kind != "ai" and m:
        return player_name(int(m.group(1)) - 1)
    return name


def player_name(i: int) -> str:
    """The name offered to human seat ``i`` (from 0)."""
    return _("Player {n}", n=i + 1)


def ai_seat_name(i: int) -> str:
    """The name offered to AI seat ``i`` (from 0)."""
    return _(AI_SEAT_NAMES[i % len(AI_SEAT_NAMES)])
