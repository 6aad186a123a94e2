"""The scenes of Las Vegas, one module each; registered by name in ``ui/scenes/__init__.py``
and opened through the app (``app.show("rules")``), never imported by another scene."""
