"""Players' profiles, their statistics and achievements, all read from the game records (no pygame)."""

from .achievements import ACHIEVEMENTS, BY_ID, Achievement, Earned, earned, earned_by_record
from .book import MAX_PROFILES, PIPS, PROFILES, Profile, ProfileBook
from .history import PlayedGame, all_games, games_of, games_of_record, is_practice, record_time
from .stats import Stats, Tally, compute

__all__ = [
    "ACHIEVEMENTS", "BY_ID", "Achievement", "Earned", "earned", "earned_by_record", "MAX_PROFILES", "PIPS",
    "PROFILES", "Profile", "ProfileBook", "PlayedGame", "all_games", "games_of", "games_of_record", "is_practice",
    "record_time", "Stats", "Tally", "compute",
]
