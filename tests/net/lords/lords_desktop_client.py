"""A second desktop game in a process of its own, for the online Lords tests: it opens Lords of
Vegas's setup, Play online, finds the room's host (typed address, or the LAN list on loopback),
types the room code, joins, and plays its seat at the Lords table with posted clicks and keys
(``drive.Player``) until the table has shown the turn asked.  It prints what it did, one line
each ("seat N", "turn N", "done"); every wait is bounded.

    python -m tests.net.lords.lords_desktop_client URL CODE TURNS [--lan NAME]
"""

from __future__ import annotations

import os
import sys
import time


def main(argv: list[str]) -> int:
    for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        os.environ.setdefault(k, "dummy")
    import pygame

    from lasvegas.ui.online import lobby as online
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings
    from lasvegas.ui.lords.table import LordsTableScene
    from lasvegas.ui.scenes.handover import HandoverScene
    from tests.ui.lords.drive import Player, click, key

    url, code, turns = argv[0], argv[1], int(argv[2])
    lan = argv[4] if len(argv) > 4 and argv[3] == "--lan" else None
    online.INTERFACES = ["127.0.0.1"]
    settings = Settings()
    settings.anim_speed = "instant"
    app = App(settings, fullscreen=False, sound=False)
    deadline = time.monotonic() + 200

    def step(n: int = 1) -> None:
        for _ in range(n):
            app.step(1 / 30)

    def until(cond, what: str) -> None:
        while not cond():
            if time.monotonic() > deadline:
                raise SystemExit(f"not in time: {what} (top: {type(app.top).__name__})")
            step()
            time.sleep(0.005)

    def type_in(field, text: str) -> None:
        click(app, field.rect.center)
        step()
        for ch in text:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        key(pygame.K_RETURN)
        step()

    try:
        app.go("title")
        click(app, app.top.lords_button.rect.center)
        step(2)
        click(app, app.top.online_button.rect.center)
        step(2)
        scene = app.top
        if lan:  # the host found on the network, marked as a Lords of Vegas room
            until(lambda: any(b.label == f"{lan} · Lords of Vegas" for b in scene.found_btns), "the LAN list")
            click(app, next(b for b in scene.found_btns if b.label.startswith(lan)).rect.center)
            step()
            print("found", online.address(scene.address.value), flush=True)
        else:
            type_in(scene.address, url.removeprefix("ws://"))
        type_in(scene.code, code)
        click(app, scene.join_btn.rect.center)
        until(lambda: isinstance(app.top, LordsTableScene), "the Lords table")
        table = app.top
        print("seat", table.match.seat, flush=True)
        player = Player()
        while table.match.game.turn < turns and not table.match.game.is_over:
            if isinstance(app.top, HandoverScene):
                raise SystemExit("a pass screen for a remote seat")
            if time.monotonic() > deadline:
                raise SystemExit(f"turn {table.match.game.turn} of {turns}")
            player.step(app, table)
            step()
            time.sleep(0.003)
        print("turn", table.match.game.turn, flush=True)
        print("played", sorted(player.seen.items()), flush=True)
        print("done", flush=True)
        return 0
    finally:
        app.close_all()
        pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
