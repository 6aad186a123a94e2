"""Lords of Vegas online: its room (``room``), its messages (``wire``), what the server does for
it (``serve``), its AI client (``bot``) and its bench clients (``bench``).  No pygame here."""
