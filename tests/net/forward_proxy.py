"""A reverse proxy in its own process, as nginx with ``proxy_set_header X-Forwarded-For
$proxy_add_x_forwarded_for`` is: every header the client sent is passed on unchanged (a
``Forwarded`` or ``X-Forwarded-For`` of the client's own included), and the client's address
is appended to one header (``--header``).

    python tests/net/forward_proxy.py UPSTREAM_PORT [--header x-forwarded-for|forwarded]

prints ``listening on PORT`` once it accepts connections on 127.0.0.1, and runs until killed.
"""

from __future__ import annotations

import argparse
import asyncio


def add_hop(head: bytes, client: str, header: str) -> bytes:
    """The request's head with ``client`` appended to ``header`` (a new line when it is absent)."""
    name = header.encode()
    hop = (f'for="[{client}]"' if ":" in client else f"for={client}") if header == "forwarded" else client
    lines = head[:-4].split(b"\r\n")
    for i, line in enumerate(lines):
        if line.split(b":", 1)[0].strip().lower() == name:
            lines[i] = line + b", " + hop.encode()
            break
    else:
        lines.append(("Forwarded" if header == "forwarded" else "X-Forwarded-For").encode() + b": " + hop.encode())
    return b"\r\n".join(lines) + b"\r\n\r\n"


async def main(upstream: int, header: str) -> None:
    async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
        try:
            while data := await src.read(65536):
                dst.write(data)
                await dst.drain()
        except OSError:
            pass
        finally:
            dst.close()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", upstream)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError):
            writer.close()
            return
        up_writer.write(add_hop(head, writer.get_extra_info("peername")[0], header))
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("upstream", type=int)
    parser.add_argument("--header", choices=("x-forwarded-for", "forwarded"), default="x-forwarded-for")
    args = parser.parse_args()
    asyncio.run(main(args.upstream, args.header))
