"""Entry point of the standalone executables (``lasvegas.spec`` freezes this file).

It runs :func:`lasvegas.cli.main` like the ``lasvegas`` command does, and
catches what nothing else did: the traceback goes to ``error.log`` in the
user's log folder (``$LASVEGAS_HOME/logs`` when that variable is set, else
platformdirs' ``user_log_dir("lasvegas")``), a short message goes to stderr
(or to a message box in a windowed Windows build, which has no console),
and the exit status is 1.  Nothing is ever written next to the executable.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Callable, Sequence

APP = "lasvegas"
LOG_NAME = "error.log"
LOG_MAX_BYTES = 1_000_000  # then the old log moves to error.log.1


def log_dir() -> Path:
    """The folder for error logs: ``$LASVEGAS_HOME/logs`` or the platform's log folder."""
    home = os.environ.get("LASVEGAS_HOME")
    if home:
        return Path(home).expanduser() / "logs"
    try:
        from platformdirs import user_log_dir
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return Path.home() / f".{APP}" / "logs"
    return Path(user_log_dir(APP, appauthor=False))


def write_error_log(exc: BaseException, argv: Sequence[str]) -> Path:
    """Append a report of ``exc`` to the error log and return the log's path."""
    try:
        from lasvegas import __version__ as version
    except Exception:  # the package itself may be what failed to import
        version = "?"
    report = "".join([
        f"==== {_dt.datetime.now().astimezone().isoformat(timespec='seconds')}"
        f"  lasvegas {version}  Python {platform.python_version()}"
        f"  {platform.platform()}  {'frozen' if getattr(sys, 'frozen', False) else 'not frozen'}\n",
        f"argv: {list(argv)!r}\n",
        *traceback.format_exception(exc),
        "\n",
    ])
    candidates = [log_dir(), Path(tempfile.gettempdir()) / APP]
    last_error: OSError | None = None
    for folder in candidates:
        path = folder / LOG_NAME
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if path.exists() and path.stat().st_size > LOG_MAX_BYTES:
                os.replace(path, path.with_name(LOG_NAME + ".1"))
            with open(path, "a", encoding="utf-8") as f:
                f.write(report)
            return path
        except OSError as e:  # read-only home, full disk ...: try the next folder
            last_error = e
    raise last_error or OSError("no folder for the error log")


def _tell_user(message: str, had_console: bool) -> None:
    if had_console and sys.stderr is not None:
        try:
            print(message, file=sys.stderr, flush=True)
            return
        except (OSError, ValueError):
            pass
    if sys.platform == "win32":  # windowed build: no console to print to
        try:
            import ctypes

            ctypes.windll.user32.MessageBoxW(None, message, "Las Vegas", 0x10)  # MB_ICONERROR
        except Exception:
            pass


def run(argv: Sequence[str] | None = None, main: Callable[[list[str]], int] | None = None) -> int:
    """Run the game's command line and return its exit status; never raises but SystemExit."""
    argv = list(sys.argv[1:] if argv is None else argv)
    had_console = sys.stderr is not None
    # a windowed Windows build has no stdout/stderr: give prints somewhere to go
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        if main is None:
            from lasvegas.cli import main
        return int(main(argv) or 0)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        return 130
    except BaseException as exc:  # noqa: BLE001 - this is the last line of defence
        try:
            where = f"Details were written to {write_error_log(exc, argv)}"
        except OSError as log_exc:
            where = f"(the error log could not be written: {log_exc})"
        kind = type(exc).__qualname__
        if type(exc).__module__ not in ("builtins", "__main__"):
            kind = f"{type(exc).__module__}.{kind}"  # e.g. pygame.error, not just "error"
        _tell_user(f"Las Vegas stopped because of an unexpected error:\n{kind}: {exc}\n{where}",
                   had_console)
        return 1


if __name__ == "__main__":
    sys.exit(run())
