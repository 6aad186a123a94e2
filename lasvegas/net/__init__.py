"""Online play: the protocol, the game server, its store and the client (no pygame).

``protocol``: versioned JSON messages, checked field by field.  ``room``: one
table on the server (the rules engine, the seats, what each seat may see).
``store``: every room and each of its moves kept (SQLite) before anyone hears of them.  ``server``: asyncio +
websockets.  ``client``: :class:`RemoteMatch`, the match boundary over a socket.
See docs/protocol.md.
"""
