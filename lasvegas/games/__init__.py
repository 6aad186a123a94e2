"""The games of the house: what each game is made of, found in one place (``registry``), and the
pieces every game declares itself with (``levels``: its AI levels)."""
