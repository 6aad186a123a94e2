"""``lasvegas bench core|ui|idle|server|profiles``: speed figures for docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..runs.lasvegas.bench import bench_core
from ..kernel.lazy import load
from ..games import registry
from ..runs.stats import percentile
from .common import COUNT, Number, add_game_option, add_size_options, fail, game_commands

PROG = "bench"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", choices=["core", "ui", "idle", "server", "profiles"],
                   help="core: rules engine; ui: rendering; idle: the CPU a scene takes while it waits "
                        "for the player; server: online rooms over loopback; "
                        "profiles: a profile's statistics from the records")
    p.add_argument("--scene", choices=sorted({s for g in registry.GAMES.values() for s in g.idle_scenes}),
                   default="title", help="idle: the waiting scene measured (default title; "
                   + "; ".join(f"{g.title}: " + ", ".join(g.idle_scenes) for g in registry.GAMES.values()) + ")")
    p.add_argument("--records", type=COUNT, default=300, metavar="N",
                   help="profiles: records to write and read (default 300)")
    p.add_argument("--games", type=COUNT, default=3000, metavar="N",
                   help="core: games per configuration (default 3000)")
    p.add_argument("--frames", type=COUNT, default=600, metavar="N",
                   help="ui: frames to render (default 600)")
    p.add_argument("--repeat", type=COUNT, default=3, metavar="K",
                   help="core: repeat each measurement K times and keep the best (default 3)")
    p.add_argument("--rooms", type=COUNT, default=20, metavar="R",
                   help="server: rooms of four AI clients (default 20)")
    p.add_argument("--seconds", type=Number(float, gt=0, le=3600), default=20.0, metavar="S",
                   help="server: play for at most this long once every room is in play; idle: measure "
                        "this long once the scene waits (default 20)")
    p.add_argument("--think-ms", type=Number(float, ge=0, le=60000), default=0.0, metavar="MS",
                   help="server: a client's average wait before each move (default 0: at once)")
    p.add_argument("--redis", metavar="URL", default=None,
                   help="server: keep the rooms in Redis at URL (lasvegas serve --redis)")
    p.add_argument("--processes", type=Number(int, ge=1, le=64), default=1, metavar="P",
                   help="server, with --redis: server processes sharing the rooms (default 1)")
    p.add_argument("--spread", choices=("seats", "rooms"), default="seats",
                   help="server, with several processes: a room's four seats on different processes "
                        "(seats, the default: every move crosses between them) or on one (rooms)")
    add_game_option(p)
    p.add_argument("--clients", type=Number(int, ge=1, le=64), default=None, metavar="N",
                   help="server: processes the bench's clients run in, room r in process r mod N "
                        "(default: one per core)")
    p.add_argument("--client-level", choices=(*registry.levels("lasvegas"), "lean"), default="medium",
                   help="server: the AI the bench's clients play (default medium); lean: Las Vegas clients "
                        "that speak the protocol with as little work as a client can do and place a random "
                        "rolled value (a light load: thousands of rooms on a small machine)")
    p.add_argument("--ai", metavar="LEVEL", choices=tuple(registry.levels("lasvegas")), default=None,
                   help="server: rooms of one client and three AI seats of LEVEL played by the server; "
                        "reports how long an AI move waits (ai_wait_ms p99)")
    p.add_argument("--ai-workers", type=Number(int, ge=1, le=64), default=None, metavar="N",
                   help="server, with --ai: the server's AI worker processes (default: its own, one per core)")
    add_size_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    own = game_commands(args.game)
    refused = own.bench_refusal(PROG, args) if own is not None else None
    if refused is not None:
        return refused
    if args.target == "idle":
        return run_idle(args)
    if args.target == "server":
        try:
            from ..net.bench import bench_server
        except ImportError as e:
            return fail(PROG, f"online play needs the websockets package ({e.name} is missing)", 1)
        if args.ai is not None:
            from ..net.bench import bench_ai

            try:
                out = bench_ai(args.rooms, args.seconds, args.ai, workers=args.ai_workers)
            except (ImportError, OSError, RuntimeError) as e:
                return fail(PROG, f"the server bench could not run: {e}", 1)
            if args.json:
                print(json.dumps(out))
            else:
                w = out["ai_wait_ms"]
                print(f"server bench, AI seats: {out['rooms']} rooms of 1 client and {out['players'] - 1} "
                      f"{out['level']} seats, {out['ai_workers']} AI workers, {out['seconds']} s: "
                      f"{out['ai_moves']} AI moves ({out['ai_moves_weaker']} played weaker), "
                      f"{out['games_finished']} games finished, {out['errors']} errors")
                print(f"  AI move wait p50 {w['p50']} ms   p99 {w['p99']} ms   max {w['max']} ms   "
                      f"server CPU {out['server_cpu_s']} s")
            return 0
        if args.processes > 1 and args.redis is None:
            return fail(PROG, "--processes needs --redis (one SQLite file has one server process)")
        try:
            out = bench_server(args.rooms, args.seconds, level=args.client_level, think=args.think_ms / 1000,
                               redis=args.redis, processes=args.processes, spread=args.spread,
                               clients=args.clients or os.cpu_count() or 1, game=args.game)
        except (ImportError, OSError, RuntimeError) as e:
            return fail(PROG, f"the server bench could not run: {e}", 1)
        print_server(out, args.json)
        return 0
    if args.target == "profiles":
        from ..profiles.bench import bench_profiles

        print_profiles(bench_profiles(args.records), args.json)
        return 0
    if args.target == "core" and own is not None:
        return own.run_bench(args)
    if args.target == "core":
        print_core(bench_core(args.games, args.repeat), args.repeat, args.json)
        return 0
    try:
        bench = load(registry.game(args.game).ui_bench)
    except ImportError as e:
        return fail(PROG, f"the desktop game is not available ({e})")
    result, wall = bench(args.frames, args.size, args.scale)
    print_ui(result, wall, args.json)
    return 0


def print_core(out: dict, repeat: int, as_json: bool) -> None:
    if as_json:
        print(json.dumps(out))
        return
    print(f"rules engine, random play, single process, Python {out['python']} ({out['machine']}), "
          f"best of {repeat}")
    for name, r in out["results"].items():
        print(f"  {name:<38} {r['games_per_second']:>8.1f} games/s  {r['us_per_move']:>6.2f} us/turn"
              f"  ({r['moves_per_game']} turns/game, {r['games']} games; "
              f"by CPU time {r['cpu_games_per_second']:.1f} games/s)")


def run_idle(args: argparse.Namespace) -> int:
    waiting = registry.game(args.game).idle_scenes
    if args.scene not in waiting:
        return fail(PROG, f"--scene {args.scene}: {args.game} waits in " + ", ".join(waiting))
    try:
        from ..ui.tools.bench import idle_bench
    except ImportError as e:
        return fail(PROG, f"the desktop game is not available ({e})")
    try:
        out = idle_bench(args.scene, args.game, args.seconds, args.size)
    except (ImportError, OSError) as e:
        return fail(PROG, f"the idle bench could not run: {e}", 1)
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['game']} {out['scene']} waiting ({out['driver']} window {out['window'][0]}x{out['window'][1]}, "
              f"{out['seconds']} s): {out['cpu_percent']} % of one core, {out['frames']} frames drawn "
              f"({out['fps']} a second){'' if out['settled'] else ' (never came to rest)'}")
    return 0


def print_ui(result: dict, wall: list[float], as_json: bool) -> None:
    if as_json:
        print(json.dumps(result))
    else:
        fm = result["frame_ms"]
        w, h = result["size"]
        print(f"ui bench: {result['frames']} frames at {w}x{h}, UI scale {result['ui_scale']}% (headless)")
        print(f"  frame time  p50 {fm['p50']:.2f} ms   p95 {fm['p95']:.2f} ms   p99 {fm['p99']:.2f} ms")

        def pct(p: float) -> float:
            return percentile(wall, p / 100)
        print(f"  (wall clock, includes other programs: p50 {pct(50):.2f} ms   p95 {pct(95):.2f} ms"
              f"   p99 {pct(99):.2f} ms)")
        print("  p99 by moment: " + "   ".join(f"{k} {v:.2f} ms" for k, v in result["moment_p99_ms"].items()))
        print(f"  start-up to first frame {result['startup_s']:.3f} s")
        print(f"  resize to a new scale (first frame) {result['resize_ms']:.1f} ms "
              f"(wall clock {result['resize_wall_ms']:.1f} ms)")
    sys.stdout.flush()


def print_server(out: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(out))
        return
    rtt = out["rtt_ms"]
    game = registry.game(out.get("game", "lasvegas"))  # a game's own clients, or Las Vegas's of a level
    who = f"{game.title} clients" if game.commands else f"{out['level']} clients"
    print(f"server bench ({out['backend']}): {out['rooms']} rooms of 4 {who} over loopback "
          f"(thinking {out['think_s'] * 1000:g} ms a move), "
          f"{out['seconds']} s of play after {out['setup_s']} s of seating, {out['games_finished']} games finished, {out['errors']} errors")
    print(f"  moves/s {out['moves_per_s']}   round trip p50 {rtt['p50']} ms   p99 {rtt['p99']} ms   "
          f"server CPU {out['server_cpu_us_per_move']} µs a move")
    print(f"  server memory per room {out['rss_mb_per_room']} MB   resume after kill -9 {out['resume_s']} s")
    if out["backend"] == "redis":
        print(f"  {out['processes']} server processes on Redis (a room's seats spread by {out['spread']}): Redis memory per room {out['redis_mb_per_room']} MB, "
              f"Redis CPU {out['redis_cpu_us_per_move']} µs a move")


def print_profiles(out: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(out))
        return
    n = out["records"]
    print(f"profile statistics: {n} records, {out['games']} games, {out['achievements']} achievements")
    print(f"  first read (every record replayed)  {out['first_read_s']:.3f} s "
          f"({1000 * out['first_read_s'] / n:.2f} ms a record)")
    print(f"  read again in the same run          {out['second_read_s']:.3f} s")
    print(f"  a new run, from the cache on disk   {out['cached_run_s']:.3f} s")
    print(f"  statistics and achievements         {out['stats_s']:.4f} s")
