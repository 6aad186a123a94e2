"""Games on the local network: a server announces itself with mDNS/DNS-SD (zeroconf),
and clients list what they find.

Service type ``_lasvegas._tcp.local.``; the TXT record carries the protocol
version (``v``), so a list can mark servers this build cannot join, the games its
rooms may play (``games``) and, for a server a game hosts, the game of the room it
hosted last (``playing``: ``lasvegas`` or ``lords``), so the list can say which game
is waiting there.  What a
client finds is untrusted like everything else on the network: names are cut
to a readable length and only IPv4/IPv6 addresses with a port are kept.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from .protocol import GAMES, VERSION

SERVICE = "_lasvegas._tcp.local."
NAME_MAX = 40


@dataclass(frozen=True)
class Found:
    """A server found on the network."""

    name: str
    url: str
    version: int | None
    #: the games its rooms may play (an older server announces none: Las Vegas only)
    games: tuple[str, ...] = ("lasvegas",)
    #: the game of the room its host made last (a server the game hosts), or None
    playing: str | None = None

    @property
    def compatible(self) -> bool:
        return self.version == VERSION


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces:
        return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    return Zeroconf(ip_version=IPVersion.V4Only)


def _clean(name: str) -> str:
    name = "".join(c for c in name if c.isprintable()).strip()
    return name[:NAME_MAX] or "Las Vegas"


class Advertiser:
    """Announce a server at ``port`` as ``name`` until :meth:`close`.

    ``address``: the IPv4 address to announce (default: this machine's address on
    the local network); ``interfaces``: where to announce (default: all)."""

    def __init__(self, name: str, port: int, *, address: str | None = None,
                 interfaces: list[str] | None = None) -> None:
        address = address or _lan_address()
        label = _clean(name).replace(".", " ")
        self.info = ServiceInfo(
            SERVICE, f"{label}.{SERVICE}", addresses=[socket.inet_aton(address)], port=port,
            properties={"v": str(VERSION), "games": ",".join(GAMES)}, server=f"lasvegas-{port}-{address.replace('.', '-')}.local.")
        self.zc = _zeroconf(interfaces)
        self.zc.register_service(self.info, allow_name_change=True)

    def announce(self, playing: str) -> None:
        """Say which game the room its host made last plays (one of ``GAMES``)."""
        if playing not in GAMES or self.info.properties.get(b"playing") == playing.encode():
            return
        old = self.info
        self.info = ServiceInfo(old.type, old.name, addresses=old.addresses, port=old.port, server=old.server,
                                properties={"v": str(VERSION), "games": ",".join(GAMES), "playing": playing})
        self.zc.update_service(self.info)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class Browser(ServiceListener):
    """Keep a live list of the servers on the network (:meth:`found`) until :meth:`close`."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, Found] = {}
        self.zc = _zeroconf(interfaces)
        self._browser = ServiceBrowser(self.zc, SERVICE, self)

    def found(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name, f.url))

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.update_service(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, timeout=2000)
        if info is None or not info.port:
            return
        addresses = info.parsed_addresses(IPVersion.V4Only)
        if not addresses:
            return
        raw_v = (info.properties or {}).get(b"v")
        try:
            version = int(raw_v) if raw_v is not None and len(raw_v) <= 4 else None
        except ValueError:
            version = None
        shown = _clean(name[: -len(SERVICE) - 1] if name.endswith("." + SERVICE) else name)
        raw_games = (info.properties or {}).get(b"games") or b"lasvegas"
        games = tuple(g for g in GAMES if g.encode() in raw_games[:64].split(b","))
        raw_playing = (info.properties or {}).get(b"playing") or b""
        playing = next((g for g in GAMES if g.encode() == raw_playing[:16]), None)
        with self._lock:
            self._found[name] = Found(shown, f"ws://{addresses[0]}:{info.port}", version, games or ("lasvegas",),
                                      playing)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)

    def close(self) -> None:
        self._browser.cancel()
        self.zc.close()


def browse(seconds: float, interfaces: list[str] | None = None) -> list[Found]:
    """The servers found within ``seconds``."""
    b = Browser(interfaces)
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.05)
        return b.found()
    finally:
        b.close()


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # a documentation address: only picks the route
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()
