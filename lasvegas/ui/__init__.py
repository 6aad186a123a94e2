"""The desktop game (pygame-ce).  Imports the rules core and the AI; never decides a rule."""
