"""The rules of Las Vegas: pure Python, standard library only.

Never imports pygame, the AI or the UI.
"""

from .actions import PLACE, Action, Place, action_from_dict
from .config import (
    BASE_COLOURS, COLOURS, EDITIONS, MAX_SEATS, MIN_SEATS, MINIMUMS, NEUTRAL, SOLO_LEVELS,
    Config, SoloLevel, default_minimum, edition_bills, neutral_dice_per_seat, solo_level,
)
from .dice import RandomDice, ScriptedDice
from .errors import ConfigError, IllegalAction, LasVegasError, RecordError, StateError
from .events import (
    BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, Event, GameEnded,
    RoundEnded, RoundStarted,
)
from .game import Game
from .phase import Phase
from .payout import settle
from .queries import Payout, Preview, Result, RoundMoney
from .record import check_record, read_records, replay
from .recording import RECORD_FORMAT
from .state import STATE_FORMAT

__all__ = [
    "PLACE", "Action", "Place", "action_from_dict",
    "BASE_COLOURS", "COLOURS", "EDITIONS", "MAX_SEATS", "MIN_SEATS", "MINIMUMS", "NEUTRAL",
    "SOLO_LEVELS", "Config", "SoloLevel", "default_minimum", "edition_bills",
    "neutral_dice_per_seat", "solo_level",
    "RandomDice", "ScriptedDice",
    "ConfigError", "IllegalAction", "LasVegasError", "RecordError", "StateError",
    "BillsDealt", "CasinoPaid", "DicePlaced", "DicePreplaced", "DiceRolled", "Event", "GameEnded",
    "RoundEnded", "RoundStarted",
    "RECORD_FORMAT", "STATE_FORMAT", "Game", "Phase", "settle",
    "Payout", "Preview", "Result", "RoundMoney",
    "check_record", "read_records", "replay",
]
