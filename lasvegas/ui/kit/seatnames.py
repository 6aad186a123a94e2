"""The names a game offers its seats, shared by both games: "Player N" for a human seat, a casino
nickname for an AI seat (in the player's language)."""

from __future__ import annotations

from .i18n import N_, _

AI_SEAT_NAMES = (N_("Ace"), N_("Lady Luck"), N_("High Roller"), N_("Jackpot"), N_("Snake Eyes"), N_("Wild Card"),
                 N_("Full House"), N_("Lucky Seven"))


def player_name(i: int) -> str:
    """The name offered to human seat ``i`` (from 0)."""
    return _("Player {n}", n=i + 1)


def ai_seat_name(i: int) -> str:
    """The name offered to AI seat ``i`` (from 0)."""
    return _(AI_SEAT_NAMES[i % len(AI_SEAT_NAMES)])
