"""Command line: ``lasvegas`` starts the game; sub-commands for everything else.

Each sub-command lives in its own module, which provides
``add_arguments(parser)`` and ``run(args) -> int``; this file only lists them,
so the rules core, the AI and the UI stay independent of each other.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Sequence

from . import __version__

#: name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("lasvegas.ui.launch", "start the game (the default)"),
    "simulate": ("lasvegas.sim", "play many games with AI seats and print a summary"),
    "check-record": ("lasvegas.checkrec", "replay game records through the rules and report inconsistencies"),
    "bench": ("lasvegas.bench", "measure speed: 'bench core' (rules engine) or 'bench ui' (rendering)"),
    "tournament": ("lasvegas.ai.tournament", "play AI levels against each other and compare them"),
    "ai-regret": ("lasvegas.ai.regret", "measure how much the Expert's search noise costs per decision"),
    "screenshot": ("lasvegas.ui.screenshot", "render a scene headless to a PNG file"),
    "solo": ("lasvegas.ui.launch_solo", "start a solo challenge directly (e.g. the daily challenge)"),
    "solo-odds": ("lasvegas.solo.odds", "estimate a solo level's chance of winning with strong play"),
}


class _Parser(argparse.ArgumentParser):
    """Bad options: a clear message and exit status 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = _Parser(
        prog="lasvegas",
        description="Las Vegas, the casino dice game. Without a command, starts the game.",
    )
    parser.add_argument("--version", action="version", version=f"lasvegas {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    modules: dict[str, object] = {}
    for name, (modname, help_) in COMMANDS.items():
        try:
            mod = importlib.import_module(modname)
        except ImportError as e:
            if e.name and not (modname == e.name or modname.startswith(e.name + ".")):
                raise  # a real import problem inside the module: show it
            continue  # that part of the game is not installed in this build
        p = sub.add_parser(name, help=help_, description=help_)
        mod.add_arguments(p)  # type: ignore[attr-defined]
        modules[name] = mod
    return parser, modules


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, modules = build_parser()
    # no command (or only options): play
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        if "play" not in modules:
            parser.error("the desktop game is not available in this installation")
        argv = ["play", *argv]
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(modules[args.command].run(args) or 0)  # type: ignore[attr-defined]
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
