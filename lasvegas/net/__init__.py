"""Online play: the protocol, the game server, its store and the client (no pygame).

``protocol``: versioned JSON messages, checked field by field.  ``room``: one
table on the server (the rules engine, the seats, what each seat may see).
``movestore``: the one store interface, met by ``store`` (SQLite: every room and each of its moves kept
before anyone hears of them) and ``redis_store`` (Redis, shared by several processes).  ``server``: asyncio +
websockets.  ``client``: :class:`RemoteMatch`, the match boundary over a socket.
See docs/protocol.md.
"""
