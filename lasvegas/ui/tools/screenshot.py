"""A scene rendered headless in a realistic state, saved as a PNG (``lasvegas screenshot``)."""

from __future__ import annotations

from pathlib import Path

#: the scenes of Las Vegas it stages (``stage.SCENES``, named here without loading pygame: the command
#: line lists them)
SCENES = ("title", "setup", "table", "payout", "summary", "results", "rules", "settings",
          "solo", "solo-table", "solo-results", "log", "replay", "records", "online", "lobby", "review",
          "online-games", "catch-up", "tutorial", "settings-display", "settings-sound", "settings-controls", "help",
          "profile", "profile-edit", "profile-remove", "achievements", "profile-setup",
          "achievement-toast", "handover")

def render(scene: str, seed: int, players: int, out: str | Path, language: str = "en", *,
           size: tuple[int, int] = (1280, 720), scale: int = 100, theme: str = "normal",
           colour_vision: str = "normal", reduced_motion: bool = False, text_size: str = "normal",
           game: str = "lasvegas", page: int | None = None, **options) -> None:
    """Render ``scene`` (one of the game's staged scenes: the registry's ``staged``) with the dummy drivers in a window of ``size``
    at the UI scale setting ``scale`` (percent), in the theme, colour-vision palette and motion
    given (as the settings would set them), and save it to ``out`` (the window's pixels).

    Always runs in a temporary home of its own: the player's saves, settings and
    records are never read or touched.  ``options``: the table options of the games shown
    (``minimum``, ``hundreds``, ``biggies``: Las Vegas's; another game's staging ignores them).  ``page``: the page of the rules shown (from 1; the
    scene "rules" only).  Errors (pygame's, a failed write, a page the rules do not have) propagate.
    """
    from ..kit.headless import headless

    with headless(fresh_home=True):
        import pygame

        from ..app import App
        from ...kernel.lazy import load
        from ...games import registry
        from ..kit.settings import Settings

        try:
            settings = Settings(ui_scale=scale, theme=theme, colour_vision=colour_vision,
                                reduced_motion=reduced_motion, text_size=text_size)
            app = App(settings, fullscreen=False, sound=False, language=language, size=size)
            entry = registry.game(game)  # the game's own staged scenes (Lords of Vegas: ``lords.stage``)
            load(entry.stage)(app, scene, seed, min(players, entry.seats[1]), **options)
            if page is not None:
                turn_to(app, scene, page)
            app.screenshot(out)
        finally:
            pygame.quit()


def turn_to(app, scene: str, page: int) -> None:
    """Show page ``page`` (from 1) of the rules on screen (``ValueError``: no such page)."""
    pages = getattr(app.top, "pages", None)
    if scene != "rules" or pages is None:
        raise ValueError(f"--page: only the scene rules has pages, not {scene}")
    if not 1 <= page <= len(pages):
        raise ValueError(f"--page {page}: the rules have pages 1 to {len(pages)}")
    app.top.page = page - 1
    app.step(1 / 60)
