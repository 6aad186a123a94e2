"""Runs of many games (simulate, tournament, bench core): what both games' runs share
(``common``: the JSON summaries and the worker processes; ``stats``; ``progress``: a
progress bar) and Las Vegas's own runs (``runs/lasvegas/``; Lords of Vegas's are
``lords/runs.py``)."""
