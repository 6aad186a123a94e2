"""Las Vegas on the desktop: its table (``table``), its art (``paint``), its scenes
(``scenes``: setup, table, summary, results, rules, solo, review), its tutorial, solo and words.

Built on ``ui.kit``; it never imports the other game (``ui.lords``).  Its scenes are opened by
name through the app (``ui/scenes/__init__.py``)."""
