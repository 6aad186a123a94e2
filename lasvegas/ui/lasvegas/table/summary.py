"""What the round summary shows of a round just paid, as the table may show it now."""

from __future__ import annotations

from ....match import humans_here


def round_summary(table, ev) -> dict:
    """The rows (money only where the screen may show it, richest first unless money is
    hidden), and for solo the player's money against the other colours together."""
    won, total = dict(ev.won), dict(ev.money)
    rows = []
    for o in table.panel_owners:
        shown = table.money_shown(o)
        rows.append({
            "owner": o, "name": table.name_of(o),
            "won": won.get(o, 0) if shown else None, "total": total.get(o, 0) if shown else None,
            "round_bills": table.board.round_bills.get(o, 0), "bills": table.board.bills.get(o, 0),
        })
    if not table.match.hide_money:
        rows.sort(key=lambda r: -(r["total"] or 0))
    me = table.cfg.seats[0]
    return {
        "round": ev.round, "last": ev.round + 1 >= table.cfg.rounds, "rows": rows,
        "solo": (total.get(me, 0), sum(m for o, m in total.items() if o != me)) if table.solo else None,
        "auto": not humans_here(table.match) and not table.solo,
    }
