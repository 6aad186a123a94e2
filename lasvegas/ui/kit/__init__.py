"""The kit every screen of every game is built with: drawing at any scale (canvas), the art
(palette, lettering, dice, felt, panels), widgets and text fields, the Scene base, animation,
sound, keys and controllers, the look, languages (i18n, po) and fonts, the user's folders,
the player's settings, running headless.

It knows no game and no app: it imports nothing of ``ui`` outside itself (tests/test_layers.py)."""
