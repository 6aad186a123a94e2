"""``lasvegas serve``: host online rooms (a WebSocket game server)."""

from __future__ import annotations

import argparse
import sys
import threading

from .common import Number, fail

PORT = Number(int, ge=0, le=65535)
SECONDS = Number(float, gt=0, le=10**7)


def default_ai_workers() -> int:
    from ..net.guard import default_ai_workers as cores

    return cores()


def default_max_connections() -> int:
    from ..net.guard import default_max_connections as sized

    return sized()


def _trusted(text: str) -> list:
    from ..net.guard import parse_trusted

    try:
        return parse_trusted(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)")
    p.add_argument("--port", type=PORT, default=8765,
                   help="port (default 8765; 0 takes a free one, printed on the first line)")
    p.add_argument("--db", metavar="FILE", default=None,
                   help="the SQLite file where rooms are kept (default: server.sqlite3 in the data folder)")
    p.add_argument("--redis", metavar="URL", default=None,
                   help="keep the rooms in Redis (redis://HOST:PORT/DB) instead of --db, shared with "
                        "every server process started with the same URL (docs/hosting.md)")
    p.add_argument("--max-rooms", type=Number(int, ge=1, le=10**6), default=1000,
                   help="rooms hosted at most; lobbies and finished games make room for new ones, "
                        "server-full is said only when games in play fill it (default 1000)")
    p.add_argument("--max-per-address", type=Number(int, ge=1, le=10**6), default=64,
                   help="open connections from one address (default 64)")
    p.add_argument("--max-rooms-per-address", type=Number(int, ge=1, le=10**6), default=30,
                   help="rooms one address may create in an hour (default 30)")
    p.add_argument("--idle-timeout", type=SECONDS, default=6 * 3600.0,
                   help="seconds after which a room nobody is in and nobody moved in is removed (default 21600)")
    p.add_argument("--reap-period", type=SECONDS, default=None,
                   help="seconds between two looks for idle rooms (default: a quarter of --idle-timeout, "
                        "0.5 to 60)")
    p.add_argument("--day-length", type=SECONDS, default=86400.0,
                   help="seconds in a day when keeping correspondence rooms (default 86400; shorter only "
                        "to try out or test the keeping)")
    p.add_argument("--hello-timeout", type=SECONDS, default=10.0,
                   help="seconds a new connection has to take a seat (create, join or resume), whatever it "
                        "sends before (default 10)")
    p.add_argument("--rate", type=Number(float, gt=0, le=10**6), default=20.0,
                   help="messages a second one connection may send (default 20, bursts of twice that)")
    p.add_argument("--advertise", metavar="NAME", default=None,
                   help="announce the server on the local network under NAME (mDNS/DNS-SD)")
    p.add_argument("--tls-cert", metavar="FILE", default=None,
                   help="serve wss:// with this PEM certificate (chain); see docs/hosting.md "
                        "(a TLS proxy in front is the recommended public setup)")
    p.add_argument("--tls-key", metavar="FILE", default=None,
                   help="with --tls-cert: its PEM private key (if not in the certificate file)")
    p.add_argument("--ai-workers", type=Number(int, ge=1, le=64), default=default_ai_workers(),
                   help="worker processes that play the AI seats of every room, rooms in turn "
                        "(default: one per core, here %(default)s)")
    p.add_argument("--ai-deadline", type=SECONDS, default=5.0,
                   help="seconds an AI move may take from the moment it is due, its wait included; under "
                        "load a weaker level is played (default %(default)g)")
    p.add_argument("--max-connections", type=Number(int, ge=1, le=10**7), default=default_max_connections(),
                   help="connections served at once, from every address (default: from the open-file "
                        "limit, ulimit -n, here %(default)s)")
    p.add_argument("--max-live-rooms-per-address", type=Number(int, ge=1, le=10**6), default=8,
                   help="rooms of one address alive at once: lobbies, games in play, correspondence "
                        "games (default %(default)s)")
    p.add_argument("--lobby-timeout", type=SECONDS, default=600.0,
                   help="seconds a room whose game has not started is kept after its last join "
                        "(default %(default)g)")
    p.add_argument("--misses-per-address", type=Number(int, ge=1, le=10**6), default=60,
                   help="wrong room codes and tokens one address may send in an hour before it is "
                        "shut out for the hour (default %(default)s)")
    p.add_argument("--max-token-failures", type=Number(int, ge=1, le=10**6), default=3,
                   help="wrong tokens one connection may send before it is closed (default %(default)s)")
    p.add_argument("--max-errors", type=Number(int, ge=1, le=10**6), default=20,
                   help="bad messages one connection may send before it is closed (default %(default)s)")
    p.add_argument("--send-buffer", type=Number(int, ge=4096, le=1 << 30), default=1 << 20, metavar="BYTES",
                   help="bytes waiting in a slow client's socket buffer before it is closed as too slow "
                        "(default %(default)s)")
    p.add_argument("--ping-interval", type=SECONDS, default=20.0, metavar="S",
                   help="ping a connection that has sent nothing for S seconds, close it when it does not "
                        "answer within S more (default %(default)g)")
    p.add_argument("--commit-delay", type=Number(float, ge=0, le=1), default=0.005, metavar="S",
                   help="seconds a move waits to be saved with the moves that follow it, in one "
                        "transaction, before its players hear of it (0: every pass of the event loop; "
                        "default %(default)g)")
    p.add_argument("--trusted-proxy", metavar="ADDR[,ADDR|CIDR...]", type=_trusted, default=[],
                   help="reverse proxies whose --trusted-proxy-header names the client "
                        "(the last hop that is not one of them); from anyone else the headers are "
                        "ignored (default: none, every limit counts the peer's own address)")
    p.add_argument("--abandoned-after", type=SECONDS, default=900.0, metavar="S",
                   help="a game in play with no player connected and no move for S seconds is parked: kept "
                        "in the database only, out of memory and of --max-rooms, until a player comes back "
                        "(default %(default)g)")
    p.add_argument("--trusted-proxy-header", choices=("x-forwarded-for", "forwarded"), default="x-forwarded-for",
                   help="the one header read from a trusted proxy (the other is ignored: a proxy passes it "
                        "on as the client wrote it; default %(default)s)")
    p.add_argument("--salvage", action="store_true",
                   help="with --db: copy every readable room of a damaged database into a fresh one, "
                        "keeping the damaged file aside as FILE.damaged-TIME (docs/reliability.md)")


def run(args: argparse.Namespace) -> int:
    import sqlite3
    import ssl

    if args.tls_key is not None and args.tls_cert is None:
        return fail("serve", "--tls-key needs --tls-cert")
    try:
        from ..net.server import Limits, run_server, tls_context
        from ..net.store import default_path
    except ImportError as e:
        return fail("serve", f"online play needs the websockets package ({e.name} is missing)", 1)
    limits = Limits(max_rooms=args.max_rooms, per_address=args.max_per_address,
                    idle_timeout=args.idle_timeout, reap_period=args.reap_period, day=args.day_length,
                    hello_timeout=args.hello_timeout,
                    rate=args.rate, burst=2 * args.rate, ai_workers=args.ai_workers,
                    rooms_per_address=args.max_rooms_per_address, ai_deadline=args.ai_deadline,
                    max_connections=args.max_connections,
                    live_rooms_per_address=args.max_live_rooms_per_address, lobby_timeout=args.lobby_timeout,
                    misses_per_address=args.misses_per_address, max_token_failures=args.max_token_failures,
                    max_errors=args.max_errors, send_buffer=args.send_buffer, trusted_proxies=args.trusted_proxy,
                    trusted_header=args.trusted_proxy_header, abandoned_after=args.abandoned_after,
                    ping_interval=args.ping_interval, commit_delay=args.commit_delay)

    if args.max_per_address >= args.max_connections:
        print(f"lasvegas serve: --max-per-address {args.max_per_address} is not below --max-connections "
              f"{args.max_connections}: one address may take every connection the server serves",
              file=sys.stderr)
    tls = None
    if args.tls_cert is not None:
        try:
            tls = tls_context(args.tls_cert, args.tls_key)
        except (OSError, ssl.SSLError) as e:
            return fail("serve", f"cannot load the TLS certificate {args.tls_cert}: {e}", 1)
    scheme = "wss" if tls is not None else "ws"
    announced = []

    def ready(host: str, port: int) -> None:
        shown = f"[{host}]" if ":" in host else host
        print(f"listening on {scheme}://{shown}:{port}", flush=True)
        if args.advertise:  # announced from a thread of its own: zeroconf waits on its own loop
            threading.Thread(target=advertise, args=(host, port), daemon=True).start()

    def advertise(host: str, port: int) -> None:
        from ..net.discovery import Advertiser

        try:
            announced.append(Advertiser(args.advertise, port, address=None if host in ("0.0.0.0", "") else host))
        except Exception as e:  # the server runs on without it
            print(f"lasvegas serve: cannot announce the server on the local network: {e!r}", file=sys.stderr)

    if args.redis is not None:
        if args.salvage:
            return fail("serve", "--salvage is for an SQLite database (--db), not --redis")
        return _run_shared(args, limits, ready, tls)
    from pathlib import Path

    from ..net.salvage import DamagedDatabase, check, salvage

    path = Path(args.db) if args.db is not None else default_path()
    if path.is_file() and path.stat().st_size == 0:
        print(f"lasvegas serve: {path} is empty (0 bytes): a new rooms database is made in it", file=sys.stderr)
    if args.salvage:
        try:
            check(path)
            print(f"lasvegas serve: {path} is not damaged: nothing to salvage", file=sys.stderr)
        except DamagedDatabase as e:
            if e.foreign:
                return fail("serve", str(e), 1)
            print(f"lasvegas serve: {e.why}; salvaging {path}", file=sys.stderr)
            try:
                report = salvage(path)
            except (OSError, sqlite3.Error) as e2:
                return fail("serve", f"cannot salvage {path}: {e2}", 1)
            print(report.summary(), file=sys.stderr)
    try:
        run_server(args.host, args.port, args.db, limits, ready, tls)
    except DamagedDatabase as e:
        return fail("serve", str(e), 1)
    except sqlite3.Error as e:
        return fail("serve", f"cannot use the database {path}: {e}. If it is damaged, `lasvegas serve "
                             f"--db {path} --salvage` copies every room that can still be read into a fresh "
                             f"database (the damaged file is kept as {path.name}.damaged-TIME)", 1)
    except OSError as e:
        if e.filename is not None:
            return fail("serve", f"cannot open the database {args.db or default_path()}: {e.strerror or e}", 1)
        return fail("serve", f"cannot listen on {args.host}:{args.port}: {e.strerror or e}", 1)
    finally:
        for a in announced:
            a.close()
    return 0


def _run_shared(args: argparse.Namespace, limits, ready, tls) -> int:
    if args.db is not None:
        return fail("serve", "--redis and --db: the rooms are in one or the other")
    try:
        from redis.exceptions import RedisError

        from ..net.shared import run_shared_server
    except ImportError as e:
        return fail("serve", f"--redis needs the redis package ({e.name} is missing): "
                             "pip install 'lasvegas-dice[server]'", 1)
    try:
        run_shared_server(args.host, args.port, args.redis, limits, ready, tls)
    except (RedisError, ValueError) as e:
        return fail("serve", f"cannot use Redis at {args.redis}: {e}", 1)
    except OSError as e:
        return fail("serve", f"cannot listen on {args.host}:{args.port}: {e.strerror or e}", 1)
    return 0
