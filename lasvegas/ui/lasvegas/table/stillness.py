"""When the table's picture changes (the loop draws only then: ``Scene.wake_in``, ``Scene.redraw``)."""

from __future__ import annotations

#: the "… is thinking" dots step every third of a second (draw.py)
DOTS = 1 / 3


def wake_in(table) -> float | None:
    """0 while something moves (dice, bills, money counting, a banner, an AI seat's pace, events
    still to show); else the seconds to the next timed change: the dots of "is thinking…", a
    reaction's end, a coach mark's pulse; None: the table waits for its player."""
    p = table.presenter
    shows = bool(table.queue) and not (table.await_roll or table.coach.waiting or table.app.top is not table)
    if (shows or p.busy or p.banner or table.pace_left > 0
            or any(c.value != c.target for c in table.board.money.values())):
        return 0.0
    waits = [table.reaction_bar.wake_in(), table.coach.wake_in()]
    seat = table.turn_seat
    if table.hint_waiting or (table.ready and seat is not None and not table.is_here(seat)):
        waits.append(DOTS - table.clock % DOTS)  # the dots of "… is thinking", "Waiting for …"
    return min((w for w in waits if w is not None), default=None)


def said(table) -> tuple:
    """What the table shows that changes without an event (drawn again when it changes): an online
    game's seats and who is connected, the quick reactions offered, the hint button."""
    m = table.match
    return (getattr(m, "connected", None), list(m.seats), [b.visible for _p, b in table.react_buttons],
            table.hint_button.enabled)
