"""Who a connection is, for the server's limits: the client's address behind a trusted proxy.

Behind a reverse proxy (nginx, Caddy, HAProxy) every connection comes from the
proxy's address, so a limit per address would apply to every player at once.
The proxy says who its client is in ``X-Forwarded-For`` or ``Forwarded``;
anyone can send those headers too, so they are read only when the connection
comes from a peer the host trusts (``serve --trusted-proxy``), and only the one
header the host names (``serve --trusted-proxy-header``, ``x-forwarded-for`` by
default): a proxy passes the other one on as the client wrote it.  The list is
then walked from the right (the hop the trusted peer added) to the left, past
every trusted hop: the first address that is not trusted is the client's.
Anything that is not an address ends the walk there (the last trusted hop is
kept): a client cannot pick its address by sending a broken header.

An IPv6 client is counted by its /64 (one household's or one server's
network): every per-address limit would otherwise be worth 2**64 times over.
"""

from __future__ import annotations

import ipaddress
import os
from typing import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address

#: hops read at most from one request's headers (a longer list is cut, keeping its right end)
MAX_HOPS = 32

#: the headers ``serve --trusted-proxy-header`` may name
HEADERS = ("x-forwarded-for", "forwarded")

#: an IPv6 address is counted by this network
IPV6_PREFIX = 64


def parse_trusted(text: str) -> list[Network]:
    """``ADDR[,ADDR|CIDR…]`` as networks (an address is a network of one); ``ValueError`` naming a bad item."""
    nets: list[Network] = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{item!r} is not an address or a network (e.g. 10.0.0.1 or 10.0.0.0/8)") from None
    if not nets:
        raise ValueError("no address given")
    return nets


def _address(text: str) -> Address | None:
    """An address from a header's hop: ``1.2.3.4``, ``1.2.3.4:5678``, ``[2001:db8::1]:80``, ``2001:db8::1``
    (None for anything else, e.g. ``unknown`` or an obfuscated ``_hidden`` of ``Forwarded``)."""
    t = text.strip().strip('"').strip()
    if t.startswith("["):
        t = t[1:].split("]", 1)[0]
    elif t.count(":") == 1:  # IPv4 with a port
        t = t.split(":", 1)[0]
    try:
        a = ipaddress.ip_address(t)
    except ValueError:
        return None
    if isinstance(a, ipaddress.IPv6Address) and a.ipv4_mapped is not None:
        return a.ipv4_mapped
    return a


def _forwarded_hops(values: Iterable[str]) -> list[str]:
    """The ``for=`` of each element of ``Forwarded`` headers (RFC 7239), left to right."""
    hops: list[str] = []
    for value in values:
        for element in value.split(","):
            found = ""
            for pair in element.split(";"):
                name, _, v = pair.partition("=")
                if name.strip().lower() == "for":
                    found = v
            hops.append(found)
    return hops


def _xff_hops(values: Iterable[str]) -> list[str]:
    return [h for value in values for h in value.split(",")]


def _counted(a: Address) -> str:
    """An address as the limits count it: IPv4 as itself, IPv6 by its /64."""
    if isinstance(a, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((a, IPV6_PREFIX), strict=False))
    return str(a)


def normal(address: str) -> str:
    """A peer's address as the limits count it (an IPv4-mapped IPv6 address as IPv4, IPv6 by its /64)."""
    a = _address(address) if address else None
    return _counted(a) if a is not None else (address or "?")


def client_address(peer: str, values: list[str], trusted: list[Network], header: str = "x-forwarded-for") -> str:
    """The client's address as the limits count it: ``peer`` (the connection's own) unless it is
    trusted, then the last untrusted hop of ``values``, the lines of the one ``header`` the host
    trusts (``x-forwarded-for`` or ``forwarded``)."""
    if header not in HEADERS:
        raise ValueError(f"{header!r} is not one of {', '.join(HEADERS)}")
    here = _address(peer) if peer else None
    if here is None or not trusted or not _trusted(here, trusted):
        return normal(peer)
    hops = _forwarded_hops(values) if header == "forwarded" else _xff_hops(values)
    for hop in reversed(hops[-MAX_HOPS:]):
        a = _address(hop)
        if a is None:
            break  # not an address: the walk stops at the last trusted hop
        here = a
        if not _trusted(a, trusted):
            break
    return _counted(here)


def _trusted(a: Address, trusted: list[Network]) -> bool:
    return any(a.version == n.version and a in n for n in trusted)


def default_max_connections() -> int:
    """Connections served at once by default: the open-file limit (``ulimit -n``, soft) less what the
    server itself needs (its database, worker pipes, logs), at least 16."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 1000
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return 10000
    return max(16, soft - 64 - soft // 10)


def default_ai_workers() -> int:
    """The cores this process may run on (the AI pool's size by default)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)
