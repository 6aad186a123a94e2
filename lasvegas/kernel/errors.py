"""Exceptions raised by the rules core.

All derive from :class:`LasVegasError`, itself a :class:`ValueError`, and carry
a message meant to be read by a person.
"""


class LasVegasError(ValueError):
    """Base class of every error the rules core raises on purpose."""


class ConfigError(LasVegasError):
    """An impossible game configuration (e.g. neutral dice with 5 seats)."""


class IllegalAction(LasVegasError):
    """An action that the rules do not allow in the current state."""


class StateError(LasVegasError):
    """A saved state that cannot be restored (corrupt or from another version)."""


class WireError(LasVegasError):
    """A message's action that is not an action's wire form (the message names the field at fault)."""


class RecordError(LasVegasError):
    """A game record that is corrupt or disagrees with the rules."""
