"""Las Vegas's matches: a game on this computer (``local``), the lesson (``lesson``) and a record
played back (``replay``).  No pygame here."""
