"""Lords of Vegas online: its room on the server (``room``: the shared room's Lords of Vegas hooks),
its AI client (``bot``) and its bench clients (``bench``).  No pygame here."""
