"""``lasvegas bench ui --game lords``: frame times of the Lords of Vegas table's busiest moments.

Like ``ui.tools.bench`` (the main thread's CPU time per frame, headless, in a window of ``size``):
a 4-seat late-game board with the mouse over its largest casino (a tooltip), then the same
board telling a Strip payout again and again (the game's own events: the card turned over,
money rising over the seats, score chips stepping), then the first frame after a resize.
"""

from __future__ import annotations

from ..tools.bench import Frames, run


def lords_ui_bench(frames: int, size: tuple[int, int] = (1280, 720), scale: int = 100) -> tuple[dict, list[float]]:
    return run(frames, size, scale, _moments)


def stage_idle(app, scene: str, host_lobby):
    """Lords of Vegas waiting in ``scene`` (its lobby, board, results); the hosted server of a lobby
    (``host_lobby``: ``ui.tools.bench``'s)."""
    if scene == "lobby":
        from .online import LordsLobby
        from .host_form import LordsHostForm

        form = LordsHostForm()  # the room as the online scene's host form asks for it: 3 seats
        form.players.set_value(3)
        request = form.request("Ann", days=0, away=30)
        return host_lobby(app, lambda url: LordsLobby(url, request))
    from .stage import stage

    stage(app, scene, 1, 3)
    return None


def _moments(app, out: Frames, frames: int) -> None:
    import pygame

    from ...lords import events as E
    from ...lords.board import STRIP
    from . import layout as L
    from .stage import played, seats

    m = played(4, 3, 24)  # late in a 4-seat game, the human (seat 0) to play
    history = m.history()
    strip = max((i for i, ev in enumerate(history) if isinstance(ev, E.Paid) and ev.company == STRIP),
                default=None)
    if strip is None:
        strip = max(i for i, ev in enumerate(history) if isinstance(ev, E.Paid))
    payout = [history[strip - 1]] + [ev for ev in history[strip:strip + 8]
                                     if isinstance(ev, (E.Paid, E.Scored))]
    m.seats = seats(4, 1)
    table = app.go("lords-table", match=m)
    for _ in range(5):
        app.step(1 / 60)
    table.skip()
    casino = max(m.query.casinos(), key=len)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pt(L.lot_rect(casino[0]).center),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    out.measure("board-4", frames // 2)

    def again():
        if not table.busy:
            table.queue.extend(payout)
    out.measure("strip-payout", frames - frames // 2, again)
