"""Tables derived once from a Las Vegas set-up and shared by every game of its shape.

``Game`` (game.py) reads them in its hot loop: what a config implies (``_shape``), the
seats' playing order, the owners of each kind of roll and the ``DicePlaced`` events
(``_seat_tables``), and how a row of casino dice ranks its owners (``_ranking``).
"""

from __future__ import annotations

from functools import lru_cache

from .config import DICE_PER_COLOUR, NEUTRAL, Config, neutral_dice_per_seat
from .events import DicePlaced
from .payout import settle


@lru_cache(maxsize=64)
def _shape(cfg: Config) -> tuple:
    """What ``_init_tables`` derives from a config, computed once per config."""
    owners = cfg.owners
    n_seats = len(cfg.seats)
    neutral_owner = owners.index(NEUTRAL) if NEUTRAL in owners else -1
    assert neutral_owner in (-1, len(owners) - 1)  # the neutral owner comes last
    players = tuple(o for o in owners if o != NEUTRAL)
    return (cfg.is_solo, owners, n_seats, len(owners), neutral_owner,
            neutral_dice_per_seat(n_seats) if neutral_owner >= 0 else 0,
            tuple(cfg.bills()), players, cfg.minimum_amount, cfg.biggies)


@lru_cache(maxsize=64)
def _seat_tables(owners: tuple[str, ...], n: int) -> tuple[tuple, tuple, tuple, dict]:
    """Tables that spare the hot loop some work, shared by games of one shape.

    ``next_seats[s]``: the other seats in playing order, then ``s`` itself.
    ``roll_tables[s][k][m]``: (owner indices, owner names) of a roll of ``k``
    own and ``m`` neutral dice by seat ``s``.
    ``placed_events[s][v][own][neu]``: the ``DicePlaced`` event of seat ``s``
    placing ``own`` dice of its colour and ``neu`` neutral dice on casino ``v``
    (events are immutable, so one instance serves every game).
    ``rankings``: a cache ``row of casino dice -> _ranking(row, owners)``.
    """
    nn = owners.index(NEUTRAL) if NEUTRAL in owners else -1
    next_seats = tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n))
    roll_tables = tuple(
        tuple(
            tuple(((s,) * k + (nn,) * m, (owners[s],) * k + (NEUTRAL,) * m) for m in range(5))
            for k in range(DICE_PER_COLOUR + 1))
        for s in range(n))

    def placed(s: int, v: int, own: int, neu: int) -> DicePlaced | None:
        if v == 0 or not (own or neu):
            return None
        dice = ((owners[s], own),) if own else ()
        if neu:
            dice += ((NEUTRAL, neu),)
        return DicePlaced(s, v, dice)

    placed_events = tuple(
        tuple(
            tuple(tuple(placed(s, v, own, neu) for neu in range(5))
                  for own in range(DICE_PER_COLOUR + 1))
            for v in range(7))
        for s in range(n))
    return next_seats, roll_tables, placed_events, {}


#: Rows each ``rankings`` cache keeps at most (a few MB); the common rows
#: are met early, so later rows are simply worked out each time.
_MAX_RANKINGS = 1 << 15


def _ranking(row: tuple[int, ...], names: tuple[str, ...]) -> tuple[tuple, tuple, tuple, tuple]:
    """How a casino with dice ``row`` pays, bills aside (see ``settle``).

    Returns (ranked owners, their names, the ``(owner name, count)`` dice
    present, the names of the cancelled owners).  The result depends on the
    row only, so games of one shape share a cache of it (``_rankings``).
    """
    awards, _, cancelled = settle(row, [0] * len(row))
    ranked = tuple([o for o, _ in awards])
    return (ranked, tuple([names[o] for o in ranked]),
            tuple([(names[o], n) for o, n in enumerate(row) if n]),
            tuple([names[o] for o in cancelled]))
