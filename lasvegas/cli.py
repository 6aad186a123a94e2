"""Command line: ``lasvegas`` starts the game; sub-commands for everything else.

Each sub-command lives in its own module of ``lasvegas.commands``, which
provides ``add_arguments(parser)`` and ``run(args) -> int`` and imports the
library it calls; this file only lists them, so the rules core, the AI and
the UI stay independent of each other.  A command whose library is not in
this build (e.g. a build without ``lasvegas.ui``) is left out.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import Any, NamedTuple, Sequence

from . import __version__
from .commands.common import number_problem

#: name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("lasvegas.commands.play", "start the game (the default)"),
    "simulate": ("lasvegas.commands.simulate", "play many games with AI seats and print a summary"),
    "check-record": ("lasvegas.commands.check_record",
                     "replay game records through the rules and report inconsistencies"),
    "bench": ("lasvegas.commands.bench", "measure speed: 'bench core' (rules engine), 'bench ui' (rendering), 'bench server' (online rooms)"),
    "tournament": ("lasvegas.commands.tournament", "play AI levels against each other and compare them"),
    "ai-regret": ("lasvegas.commands.ai_regret",
                  "measure how much the Expert's search noise costs per decision"),
    "replay": ("lasvegas.commands.replay", "play a saved game record on the table (step, jump, speed)"),
    "analyze": ("lasvegas.commands.analyze",
                "review a saved game: rate every decision of a seat and label the mistakes"),
    "screenshot": ("lasvegas.commands.screenshot", "render a scene headless to a PNG file"),
    "solo": ("lasvegas.commands.solo", "start a solo challenge directly (e.g. the daily challenge)"),
    "solo-odds": ("lasvegas.commands.solo_odds", "estimate a solo level's chance of winning with strong play"),
    "serve": ("lasvegas.commands.serve", "host online games: a WebSocket server with rooms by code"),
    "bot": ("lasvegas.commands.bot", "join an online room as an AI player (or create one)"),
}


class _Parser(argparse.ArgumentParser):
    """Bad options: a clear message and exit status 2, never a traceback."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


class Command(NamedTuple):
    module: Any  # add_arguments(parser), run(args) -> int
    parser: argparse.ArgumentParser


def left_out_of_build(error: ImportError) -> bool:
    """Whether ``error`` says that a part of the game is not in this build (not a bug)."""
    name = error.name or ""
    return isinstance(error, ModuleNotFoundError) and name.startswith("lasvegas.")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    parser = _Parser(
        prog="lasvegas",
        description="Las Vegas, the casino dice game. Without a command, starts the game.",
    )
    parser.add_argument("--version", action="version", version=f"lasvegas {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands: dict[str, Command] = {}
    for name, (modname, help_) in COMMANDS.items():
        try:
            mod = importlib.import_module(modname)
        except ImportError as e:
            if not left_out_of_build(e):
                raise  # a real import problem inside the module: show it
            continue  # the command's library is not installed in this build
        p = sub.add_parser(name, help=help_, description=help_)
        mod.add_arguments(p)
        commands[name] = Command(mod, p)
    return parser, commands


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, commands = build_parser()
    # no command (or only options): play
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        if "play" not in commands:
            parser.error("the desktop game is not available in this installation")
        argv = ["play", *argv]
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    command = commands[args.command]
    problem = number_problem(command.parser, args)
    if problem:
        print(f"{command.parser.prog}: error: {problem}", file=sys.stderr)
        return 2
    out = _WatchedOutput(sys.stdout)
    sys.stdout = out  # type: ignore[assignment]
    try:
        status = int(command.module.run(args) or 0)
        out.flush()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except OSError:
        if out.error is None:
            raise  # not the output: a real error
        return _output_lost(command.parser.prog, out.error)
    finally:
        sys.stdout = out.stream
    return status


class _WatchedOutput:
    """``sys.stdout`` while a command runs: remembers a write of the output that failed."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.error: OSError | None = None

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as e:
            self.error = e
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as e:
            self.error = e
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _output_lost(prog: str, error: OSError) -> int:
    """The output could not be written (``| head`` closed the pipe, a full disk): one line, status 1."""
    try:  # what is still buffered goes nowhere, so that leaving Python does not complain
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    if not isinstance(error, BrokenPipeError):  # a closed pipe is the reader's choice: no message
        print(f"{prog}: error: cannot write the output: {error.strerror or error}", file=sys.stderr)
    return 1
