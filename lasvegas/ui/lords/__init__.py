"""Lords of Vegas on the desktop: its board drawn, its setup, table, trade and results scenes.

Its own package beside the Las Vegas table (``ui/lasvegas/table``); it reads a ``match.lords.LordsLocalMatch``
and never decides a rule (docs/lords-desktop.md)."""
