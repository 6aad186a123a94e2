"""The table's materials, drawn in code (docs/art.md): felt with depth, casino tiles with their
emblems, banknotes, the deck as a card stack, dice stacked on the casinos, player mats, the
payout's flourish and the home screen's game cards.

Each module draws one kind of thing and caches it per UI scale (``art.per_scale``); nothing here
reads or changes a game, and every grain, speck or sparkle comes from a fixed cosmetic seed,
never from the game's random numbers.
"""
