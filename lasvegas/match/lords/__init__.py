"""Lords of Vegas's matches: a game on this computer (``local``), the lesson (``lesson``), a table
online (``remote``) and a record played back (``replay``).  No pygame here."""
