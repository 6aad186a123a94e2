"""The kernel both games share and neither owns: the errors, the dice, seed derivation, the
fair-dice commitment, JSON text read with limits, lazily loaded package names, the coaches'
win-chance ratings and work on a thread.  Standard library only; imports no game."""
