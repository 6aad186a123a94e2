"""The Lords of Vegas table with a controller: what the keyboard reaches with number and letter keys
(1-9 a choice, E end turn, T trade, Y / N a lay-off, A / R a trade offer, Space a lot in a forced
move) the controller reaches through a ring.

The controller's buttons arrive as the canonical keys (``controls.InputMap``) carrying ``pad``, the
button's name.  Here: LB and RB move a gold ring through what can be pressed now in the actions
panel (the choices listed for the selected lot, then the decision's buttons, Confirm and Cancel,
Trade and End turn); A presses the ringed one.  Without a ring, A is Enter, as everywhere: on a
forced move or a placement of re-rolled dice it takes the board cursor's lot (the keyboard's
Space).  The d-pad and the stick move the board cursor; while a bet is chosen, left / right (and
LB / RB) change it.  Nothing here decides a rule: a press does what the same key or click does.
"""

from __future__ import annotations

import pygame

from ..kit.art import GOLD

#: the buttons that move the ring, and its step
STEP = {"LEFTSHOULDER": -1, "RIGHTSHOULDER": 1}


def items(t) -> list[str]:
    """What the ring may stand on now, in order: ``"option:i"``, a decision's button, a panel button."""
    if t.busy or t.passing:
        return []
    out: list[str] = []
    if t.decide.active():
        out += list(t.decide.buttons())
    elif t.my_play() and t.chosen is None:
        out += [f"option:{i}" for i in range(len(t.options))]
    panel = t.buttons()
    for name in sorted(panel, key=lambda n: (panel[n].y, panel[n].x)):  # as they are read
        if name in ("minus", "plus"):
            continue
        if name == "end" and not t.my_play():
            continue
        if name == "trade" and not (t.viewer is not None and t.match.query.trade_window):
            continue
        out.append(name)
    return out


def focus(t) -> str | None:
    """The ringed item, if it can still be pressed."""
    f = getattr(t, "pad_focus", None)
    return f if f in items(t) else None


def rect(t, item: str):
    if item.startswith("option:"):
        rows = t.rows()
        i = int(item.split(":")[1])
        return rows[i] if i < len(rows) else None
    return t.decide.buttons().get(item) or t.buttons().get(item)


def press(t, item: str) -> None:
    """Do what the item's key or click does."""
    t.pad_focus = None
    if item.startswith("option:"):
        t.choose(int(item.split(":")[1]))
    elif item in t.decide.buttons():
        t.decide.press(item)
    elif item == "end":
        t.end_turn()
    elif item == "trade":
        t.open_trade()
    elif item == "hint":
        t.hint.ask()
    elif item == "confirm":
        t.confirm()
    elif item == "cancel":
        t.chosen = None
        t.targets = []


def handle(t, event) -> bool:
    """A controller's button on the Lords table (True: used here; else the key goes on as a key)."""
    pad = getattr(event, "pad", "")
    if event.type != pygame.KEYDOWN or not pad or t.busy:
        return False
    if pad in STEP:
        if t.chosen is not None and t.chosen.mode == "bet":
            t.change_bet(STEP[pad])
            return True
        its = items(t)
        if not its:
            return True
        cur = focus(t)
        if cur is None:
            t.pad_focus = its[0] if STEP[pad] > 0 else its[-1]
        else:
            t.pad_focus = its[(its.index(cur) + STEP[pad]) % len(its)]
        return True
    if pad == "A":
        cur = focus(t)
        if cur is not None:
            press(t, cur)
            return True
        if t.decide.kind() in ("marker", "die") or (t.decide.kind() == "place" and t.cursor in t.decide.targets()):
            t.decide.lot(t.cursor)
            return True
        return False
    if pad == "B":
        t.pad_focus = None
    return False


def draw(t, surface) -> None:
    """The ring, when the controller put one."""
    cur = focus(t)
    if cur is None:
        return
    r = rect(t, cur)
    if r is not None:
        surface.rect(GOLD, r.inflate(8, 8), width=3, border_radius=9)
