"""Solo challenges: the ladder's progress, the daily challenge, win chances.

No pygame here: the ladder scene in ``lasvegas.ui`` shows what this package keeps.
"""

from .daily import daily_config, daily_seed, parse_date
from .progress import LEVEL_NAMES, SoloProgress, SoloResult, opened_by, opens

__all__ = ["daily_config", "daily_seed", "parse_date", "LEVEL_NAMES", "SoloProgress", "SoloResult",
           "opened_by", "opens"]
