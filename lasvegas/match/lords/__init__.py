"""Lords of Vegas's matches: a game on this computer (``local``), the lesson (``lesson``), and a record
played back (``replay``); what the table online plays is ``net.lords.remote`` (the game over the
network's link).  No pygame here."""
