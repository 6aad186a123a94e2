"""Las Vegas online: its AI client (``bot``) and the bench's lean clients (``bench_lean``).
The Las Vegas room is the shared :mod:`lasvegas.net.room`; no pygame here."""
