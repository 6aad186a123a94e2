"""Online play in the app: hosting and joining, the lobby's link and the games under way
(``lobby``), the seats the player keeps (``seats``).  Lords of Vegas's online table:
``ui/lords/online.py``."""
