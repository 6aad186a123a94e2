"""Las Vegas — the dice game by Rüdiger Dorn, as a desktop game."""

from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("lasvegas-dice")
except _metadata.PackageNotFoundError:  # running from a checkout
    __version__ = "0.1.0"
