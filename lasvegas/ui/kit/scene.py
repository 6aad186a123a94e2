"""A screen of the app: what the app asks of every scene, and what a scene may leave out.

The app (``app.App``) keeps the scenes on a stack; a scene reaches it through ``self.app``.
Scenes of every game derive from ``Scene``.

Frames are drawn only when the picture changes (docs/benchmarks.md, "A waiting game"): after
input, while something moves, when a timed change falls due and when a scene asks for it.  A
scene tells the app which by ``wake_in()`` (how long its picture stays as it is) and
``redraw()`` (it changed now, without input: a message, a worker's result).
"""

from __future__ import annotations


class Scene:
    """A screen.  ``opaque`` scenes hide what is below; overlays draw over it.

    The app calls ``enter()`` when the scene is put on the stack, ``pause()``
    when another scene is pushed over it, ``on_resume()`` when that one is
    popped, and ``exit()`` when the scene leaves the stack for good.
    """

    opaque = True
    #: a game is on show (menus opened over it let it show through)
    shows_game = False
    #: the game on show whose own keys work here (``controls.Action.game``: "lords") and whose own options
    #: and notes Settings and the keys' help show (its name in the game registry), "" for none
    keys_game = ""
    #: the picture changed without input since it was last drawn (``redraw()``)
    stale = False

    def __init__(self, app) -> None:
        #: the app (``app.App``): named, never imported, so that a scene's module stays below the app
        self.app = app

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def wake_in(self) -> float | None:
        """Seconds until the picture changes by itself: 0.0 something moves (every frame is
        drawn), None nothing timed (the app sleeps until input or ``redraw()``).  A scene that
        does not say is drawn every frame if it has an ``update()`` (its time may move it), and
        never by itself otherwise."""
        return 0.0 if type(self).update is not Scene.update else None

    def redraw(self) -> None:
        """The picture changed (a message came, a worker finished): draw the next frame."""
        self.stale = True

    def enter(self) -> None:
        """Called when the scene is put on the stack."""

    def pause(self) -> None:
        """Called when another scene is pushed over this one."""

    def on_resume(self) -> None:
        """Called when the scene above it is popped."""

    def exit(self) -> None:
        """Called when the scene leaves the stack (popped, replaced or reset away)."""

    def on_language(self) -> None:
        """Called after a change of language (texts made by ``_()`` follow by themselves)."""

    @property
    def reserved_keys(self) -> tuple:
        """Keys the scene uses that the app would otherwise take: the F1-F5 of a reaction bar
        (an online table's quick reactions)."""
        bar = getattr(self, "reaction_bar", None)
        return bar.keys if bar is not None else ()
