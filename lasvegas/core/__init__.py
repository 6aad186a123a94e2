"""Las Vegas's engine, and only it: the rules of Las Vegas, pure Python, standard library only.

Never imports pygame, the AI or the UI.  What both games share (errors, dice, seeds, the fair-dice
commitment, JSON text read with limits) is ``lasvegas.kernel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel.lazy import lazy_names

if TYPE_CHECKING:
    from .actions import PLACE, Action, Place, action_from_dict
    from .config import (
        BASE_COLOURS, COLOURS, EDITIONS, MAX_SEATS, MIN_SEATS, MINIMUMS, NEUTRAL, SOLO_LEVELS,
        Config, SoloLevel, default_minimum, edition_bills, neutral_dice_per_seat, solo_level,
    )
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
    "BillsDealt", "CasinoPaid", "DicePlaced", "DicePreplaced", "DiceRolled", "Event", "GameEnded",
    "RoundEnded", "RoundStarted",
    "RECORD_FORMAT", "STATE_FORMAT", "Game", "Phase", "settle",
    "Payout", "Preview", "Result", "RoundMoney",
    "check_record", "read_records", "replay",
]

#: where each name lives: its module is imported on first use, so that reading a
#: file's text or a setting does not load the whole engine (start-up)
_WHERE = {name: module for module, names in (
    ('actions', ('PLACE', 'Action', 'Place', 'action_from_dict')),
    ('config', ('BASE_COLOURS', 'COLOURS', 'EDITIONS', 'MAX_SEATS', 'MIN_SEATS', 'MINIMUMS', 'NEUTRAL', 'SOLO_LEVELS', 'Config', 'SoloLevel', 'default_minimum', 'edition_bills', 'neutral_dice_per_seat', 'solo_level')),
    ('events', ('BillsDealt', 'CasinoPaid', 'DicePlaced', 'DicePreplaced', 'DiceRolled', 'Event', 'GameEnded', 'RoundEnded', 'RoundStarted')),
    ('game', ('Game',)),
    ('phase', ('Phase',)),
    ('payout', ('settle',)),
    ('queries', ('Payout', 'Preview', 'Result', 'RoundMoney')),
    ('record', ('check_record', 'read_records', 'replay')),
    ('recording', ('RECORD_FORMAT',)),
    ('state', ('STATE_FORMAT',)),
) for name in names}


__getattr__, __dir__ = lazy_names(__name__, _WHERE)
