"""The trade panel (``lords-trade``) by keys and a controller: what the mouse clicks there (the
recipient, the money − / +, each marker and die, this turn's action, the buttons) a ring reaches.

Up / Down (the d-pad, the stick) or LB / RB move a gold ring through the panel in reading order;
Left / Right change the money the ring is on; Space, or the controller's A, presses the ringed
item.  Without a ring, Enter (A) proposes and Escape (B) closes, as before.  Tab still changes
the recipient.  Nothing here decides a rule: a press does what the click does.
"""

from __future__ import annotations

import pygame

from ..kit.art import GOLD

STEP = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAD_STEP = {"LEFTSHOULDER": -1, "RIGHTSHOULDER": 1}


def items(sc) -> list[str]:
    """What the ring may stand on, in reading order."""
    out = ["to", "give-money", "get-money"]
    out += [f"give:{lot}" for lot, _r in sc.chip_rects(sc.seat, *sc.origin("give"))]
    out += [f"get:{lot}" for lot, _r in sc.chip_rects(sc.to, *sc.origin("get"))]
    out += ["act", "propose"]
    if (sc.seat, sc.to) in sc.match.query.proposals:
        out.append("withdraw")
    return out + ["close"]


def rect(sc, item: str):
    c = sc.controls()
    if item == "to":
        return c["to"]
    if item.endswith("-money"):
        side = item.split("-")[0]
        return c[side + "-"].union(c[side + "+"])
    if item.startswith(("give:", "get:")):
        side, lot = item.split(":")
        seat = sc.seat if side == "give" else sc.to
        return dict(sc.chip_rects(seat, *sc.origin(side))).get(int(lot))
    if item == "act":
        return c["act"]
    if item == "withdraw":
        return sc.withdraw_button.rect
    return sc.buttons[0 if item == "propose" else 1].rect


def focus(sc) -> str | None:
    f = getattr(sc, "ring", None)
    return f if f in items(sc) else None


def change_money(sc, item: str, d: int) -> None:
    g = sc.match.query
    if item == "give-money":
        sc.give_money = max(0, min(g.money[sc.seat], sc.give_money + d))
    else:
        sc.get_money = max(0, min(g.money[sc.to], sc.get_money + d))


def press(sc, item: str) -> None:
    if item == "to":
        sc.next_to()
    elif item.endswith("-money"):
        change_money(sc, item, 1)
    elif item.startswith(("give:", "get:")):
        side, lot = item.split(":")
        (sc.give if side == "give" else sc.get).symmetric_difference_update({int(lot)})
    elif item == "act":
        sc.list.show()
    elif item == "propose":
        sc.propose()
    elif item == "withdraw":
        sc.withdraw()
    elif item == "close":
        sc.close()


def handle(sc, event) -> bool:
    """True: the event moved or pressed the ring."""
    if event.type != pygame.KEYDOWN:
        return False
    pad = getattr(event, "pad", "")
    step = PAD_STEP.get(pad) or (STEP.get(event.key) if pad in ("", "DPAD_UP", "DPAD_DOWN") else None)
    cur = focus(sc)
    if step:
        its = items(sc)
        sc.ring = (its[0] if step > 0 else its[-1]) if cur is None else its[(its.index(cur) + step) % len(its)]
        return True
    if cur is None:
        return False
    if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and cur.endswith("-money"):
        change_money(sc, cur, -1 if event.key == pygame.K_LEFT else 1)
        return True
    if event.key == pygame.K_SPACE or pad == "A":
        press(sc, cur)
        return True
    if event.key == pygame.K_ESCAPE:  # the ring goes first, then the panel closes
        sc.ring = None
        return True
    return False


def draw(sc, surface) -> None:
    cur = focus(sc)
    if cur is None:
        return
    r = rect(sc, cur)
    if r is not None:
        surface.rect(GOLD, r.inflate(8, 8), width=3, border_radius=9)

