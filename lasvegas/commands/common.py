"""What the sub-commands share: checked numbers, output files, the display options, errors.

Numbers: an option declared with ``type=Number(...)`` is converted by argparse
(a word where a number belongs is argparse's own "invalid int value" error)
and its range is checked by :func:`number_problem` right after parsing, so
every command refuses ``nan``, infinities and out-of-range values the same
way: ``lasvegas COMMAND: error: --games must be at least 1, not 0`` and exit
status 2.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Callable

#: Exit status of a bad option (argparse's too) and of a failed write.
BAD_OPTION = 2
FAILED = 1


class Number:
    """An argparse ``type``: ``kind`` (int or float), finite, within ``ge``/``gt``/``le``."""

    def __init__(self, kind: Callable[[str], float] = int, *, ge: float | None = None,
                 gt: float | None = None, le: float | None = None) -> None:
        self.kind = kind
        self.ge, self.gt, self.le = ge, gt, le
        # argparse names the type in its message for a word that is no number
        self.__name__ = getattr(kind, "__name__", "number")

    def __call__(self, text: str) -> float:
        return self.kind(text)

    def problem(self, value: float) -> str | None:
        """Why ``value`` is out of range (to follow the option's name), or None."""
        if isinstance(value, float) and not math.isfinite(value):
            return f"must be a finite number, not {value}"
        low_ok = ((self.ge is None or value >= self.ge) and (self.gt is None or value > self.gt))
        if low_ok and (self.le is None or value <= self.le):
            return None
        if self.ge is not None and self.le is not None:
            return f"must be between {self.ge} and {self.le}, not {value}"
        if self.gt is not None and self.le is not None:
            return f"must be more than {self.gt} and at most {self.le}, not {value}"
        if self.ge is not None and value < self.ge:
            return f"must be at least {self.ge}, not {value}"
        if self.gt is not None and value <= self.gt:
            return f"must be more than {self.gt}, not {value}"
        return f"must be at most {self.le}, not {value}"


#: A seed: any whole number a game's own random seed can be.
SEED = Number(int, ge=0, le=2**63 - 1)
#: A count of games, states, playouts ...: at least one.
COUNT = Number(int, ge=1)
#: Worker processes.
JOBS = Number(int, ge=1, le=64)


def number_problem(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str | None:
    """The first option of ``parser`` whose value in ``args`` is out of its range, said in words."""
    # argparse keeps no public list of a parser's options: _actions is the one it uses itself
    for action in parser._actions:
        if isinstance(action.type, Number):
            value = getattr(args, action.dest, None)
            problem = None if value is None else action.type.problem(value)
            if problem:
                return f"{'/'.join(action.option_strings) or action.dest} {problem}"
    return None


def add_table_options(parser: argparse.ArgumentParser) -> None:
    """The *Las Vegas Boulevard* table options (docs/rules.md §10):
    ``--minimum classic|by-seats``, ``--hundreds``, ``--biggies``."""
    parser.add_argument("--minimum", choices=["classic", "by-seats"], default=None,
                        help="bills dealt to each casino: classic ($50,000) or by-seats ($30,000 "
                             "with 2 seats up to $90,000 with 8); default classic up to 5 seats, "
                             "by-seats from 6")
    parser.add_argument("--hundreds", action="store_true",
                        help="shuffle five $100,000 bills into the deck")
    parser.add_argument("--biggies", action="store_true",
                        help="each seat has one big die among its 8, counting two at payout")


def table_options(args: argparse.Namespace) -> dict:
    """The ``Config`` keywords of ``add_table_options``' options."""
    return {"minimum": args.minimum, "hundreds": args.hundreds, "biggies": args.biggies}


def describe_table(config: object) -> str:
    """The table options of ``config`` in words, for a summary line ("" when none is on)."""
    parts = []
    if getattr(config, "minimum", "classic") == "by-seats":
        parts.append(f"minimum ${config.minimum_amount:,}")  # type: ignore[attr-defined]
    if getattr(config, "hundreds", False):
        parts.append("$100,000 bills")
    if getattr(config, "biggies", False):
        parts.append("Biggies")
    return "".join(", " + p for p in parts)


def add_game_option(p: argparse.ArgumentParser, help: str = "which game: lasvegas (default) or lords (Lords of Vegas)",
                    ) -> None:
    """``--game NAME``: one of the registry's games (Las Vegas by default)."""
    from ..games.registry import names

    p.add_argument("--game", choices=names(), default="lasvegas", help=help)


def game_commands(game: str):
    """The module that runs the shared sub-commands for ``game`` where they differ from their own
    code (the registry's ``commands``); None where that code is the game's (Las Vegas's)."""
    from importlib import import_module

    from ..games.registry import game as entry

    module = entry(game).commands
    return import_module(module) if module else None


def fail(prog: str, message: str, status: int = BAD_OPTION) -> int:
    """Print ``prog: error: message`` on stderr and return ``status``."""
    print(f"lasvegas {prog}: error: {message}", file=sys.stderr)
    return status


def add_force(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("--force", action="store_true",
                        help=f"overwrite {what} that already exist (never without it)")


def refusal(paths: list[Path]) -> str:
    """The message for output files that exist and are not to be overwritten."""
    first = paths[0]
    more = f" (and {len(paths) - 1} more)" if len(paths) > 1 else ""
    return f"{first}{more} already exists: add --force to overwrite it"


def write_problem(path: Path, error: OSError) -> str:
    return f"cannot write {path}: {error.strerror or error}"


def _size(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. 1920x1080) as (width, height)."""
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT (e.g. 1920x1080), not {text!r}")
    w, h = int(parts[0]), int(parts[1])
    if not (960 <= w <= 7680 and 540 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text}: the size must be from 960x540 to 7680x4320")
    return w, h


_size.__name__ = "size"


def add_size_options(parser: argparse.ArgumentParser) -> None:
    """``--size WxH`` (the window, 1280x720 unless told) and ``--scale PCT`` (the UI scale setting)."""
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                        help="the window's size in pixels (default 1280x720; 960x540 to 7680x4320)")
    parser.add_argument("--scale", type=Number(int, ge=75, le=200), default=100, metavar="PCT",
                        help="the UI scale setting, 75-200 percent of the scale that fits the window (default 100)")


def add_display_options(parser: argparse.ArgumentParser) -> None:
    """``--windowed`` / ``--fullscreen`` (``args.fullscreen``: None keeps the setting)."""
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--windowed", dest="fullscreen", action="store_false", default=None,
                   help="play in a window")
    g.add_argument("--fullscreen", dest="fullscreen", action="store_true", help="play full screen")
    add_language(parser)


def languages() -> tuple[str, ...]:
    """The game's languages: English, one per catalogue shipped (lasvegas/locale/<code>/LC_MESSAGES/
    lasvegas.po), and pseudo (every text longer and accented, to test the layout)."""
    from importlib import resources

    base = resources.files("lasvegas") / "locale"
    try:
        found = sorted(d.name for d in base.iterdir() if (d / "LC_MESSAGES" / "lasvegas.po").is_file())
    except (FileNotFoundError, NotADirectoryError):
        found = []
    return ("en", *found, "pseudo")


def add_language(parser: argparse.ArgumentParser, default: str | None = None) -> None:
    """``--lang en|fr|de|pseudo``: the game's language (without it: the setting, else the system's)."""
    parser.add_argument("--lang", choices=languages(), default=default,
                        help="the game's language (default: the setting, else the system's)" if default is None
                        else f"the game's language (default: {default})")


def fill_seats(prog: str, levels: list[str], players: int | None) -> list[str] | int:
    """``--seats`` with ``--players``: the last level named fills the seats it does not name (an
    exit status when it names more levels than seats)."""
    if players is not None and levels:
        if len(levels) > players:
            return fail(prog, f"--seats names {len(levels)} levels for --players {players}")
        levels = levels + [levels[-1]] * (players - len(levels))
    return levels


def print_levels(summary: dict, extra: list[tuple[str, int, Callable[[dict], str]]]) -> None:
    """A tournament's table, a row per AI level: its seats, win share with its 95% interval and
    the fair share, then the game's own ``extra`` columns (title, width, the cell from the row)."""
    columns = [("seats", 5, lambda d: str(d["seats"])), ("win share", 9, lambda d: f"{d['win_share']:.1%}"),
               ("95% CI", 15, lambda d: f"[{d['ci95'][0]:.1%}, {d['ci95'][1]:.1%}]"),
               ("fair", 5, lambda d: f"{d['fair_share']:.0%}"), *extra]
    print(f"{'level':<8} " + " ".join(f"{title:>{w}}" for title, w, _cell in columns))
    for lv, d in summary["levels"].items():
        print(f"{lv:<8} " + " ".join(f"{cell(d):>{w}}" for _title, w, cell in columns))


class WriteFailed(Exception):
    """A game's record could not be written (``path``, the ``error``): a run stops and says so."""

    def __init__(self, path, error: OSError) -> None:
        super().__init__(str(error))
        self.path = path
        self.error = error
