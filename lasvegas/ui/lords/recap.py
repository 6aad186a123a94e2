"""What each player did, one line a turn, read from the game's events (the one event stream the
log, the records and the network share): "Vega Vic built 3 tiles on C7, C8, C10 and reorganized
C7".  The pass screen's recap of the turns since a player last held the screen, and what a turn
resumed in its middle already holds.  Only what a player chose is told (builds, sprawls,
remodels, reorganizes, gambles, trades): no card, payout, score or dice placement."""

from __future__ import annotations

from ...lords import events as E
from ..kit.i18n import _, and_list, money, ngettext
from .naming import colour, lot

#: the lines of the recap at most (the latest turns; a note of how many before)
MOST = 6


def turns(events) -> list[tuple[int, list]]:
    """``events`` cut into turns: (the seat whose turn it is, its events).  The events before the
    first turn start belong to the turn then going on: its seat is the one that ended it or acted
    in it (-1: none said)."""
    out: list[tuple[int, list]] = []
    for ev in events:
        if isinstance(ev, E.TurnStarted):
            out.append((ev.seat, []))
            continue
        if not out:
            out.append((-1, []))
        if out[-1][0] == -1 and isinstance(ev, (E.TurnEnded, E.Built, E.Sprawled, E.Remodelled, E.Reorganized,
                                               E.Gambled)):
            out[-1] = (ev.seat, out[-1][1])
        out[-1][1].append(ev)
    return out


def _lots(lots) -> str:
    return ", ".join(lot(i) for i in lots)


def deeds(seat: int, events, name) -> list[str]:
    """What ``seat`` did among ``events`` (one turn's), each as a clause without the subject."""
    built = [ev.lot for ev in events if isinstance(ev, E.Built) and ev.seat == seat]
    sprawled = [ev.lot for ev in events if isinstance(ev, E.Sprawled) and ev.seat == seat]
    out = []
    if built:
        out.append(ngettext("built {n} tile on {lots}", "built {n} tiles on {lots}", len(built), lots=_lots(built)))
    if sprawled:
        out.append(_("sprawled onto {lots}", lots=_lots(sprawled)))
    bet = None
    for ev in events:
        if isinstance(ev, E.Remodelled) and ev.seat == seat:
            out.append(_("remodelled {lot} to {colour}", lot=lot(ev.lots[0]), colour=colour(ev.colour)))
        elif isinstance(ev, E.Reorganized) and ev.seat == seat:
            out.append(_("reorganized {lot}", lot=lot(ev.lots[0])))
        elif isinstance(ev, E.Gambled) and ev.seat == seat:
            bet = ev
        elif isinstance(ev, E.GambleRolled) and ev.seat == seat and bet is not None:
            if ev.gambler > 0:
                out.append(_("gambled {bet} at {lot} and won {m}", bet=money(ev.bet), lot=lot(bet.casino),
                             m=money(ev.gambler)))
            else:
                out.append(_("gambled {bet} at {lot} and lost {m}", bet=money(ev.bet), lot=lot(bet.casino),
                             m=money(-ev.gambler)))
            bet = None
        elif isinstance(ev, E.TradeAccepted) and seat in (ev.seat, ev.proposer):
            out.append(_("traded with {who}", who=name(ev.proposer if ev.seat == seat else ev.seat)))
    return out


def turn_lines(seat: int, events, name) -> list[str]:
    """One line for ``seat``'s turn (``events``), and one for each trade between two other seats in it."""
    did = deeds(seat, events, name)
    lines = [_("{who} {did}.", who=name(seat), did=and_list(did)) if did
             else _("{who} drew a card and did nothing more.", who=name(seat))]
    for ev in events:
        if isinstance(ev, E.TradeAccepted) and seat not in (ev.seat, ev.proposer):
            lines.append(_("{a} traded with {b}.", a=name(ev.proposer), b=name(ev.seat)))
    return lines


def since(events, viewer: int, name) -> list[str]:
    """The recap for ``viewer`` of ``events`` (those since they last held the screen): one line a
    turn of another seat, the latest ``MOST`` lines (a note of how many turns came before)."""
    lines: list[list[str]] = []
    for seat, evs in turns(events):
        if seat < 0 or seat == viewer:  # their own turn, seen (or nothing said of whose it was)
            continue
        if not any(isinstance(ev, E.TurnEnded) for ev in evs) and not deeds(seat, evs, name):
            continue  # a turn not over and nothing done in it yet: nothing to say
        lines.append(turn_lines(seat, evs, name))
    flat = [x for group in lines for x in group]
    if len(flat) > MOST:
        kept, cut = [], 0
        for j, group in enumerate(reversed(lines)):
            if len(kept) + len(group) > MOST - 1:
                cut = len(lines) - j
                break
            kept[:0] = group
        flat = [ngettext("… and {n} turn before", "… and {n} turns before", cut)] + kept
    return flat


def in_progress(events, seat: int, name) -> str:
    """What ``seat`` has already done in the turn going on (the last of ``events``), "" for nothing."""
    parts = turns(events)
    if not parts or parts[-1][0] != seat:
        return ""
    did = deeds(seat, parts[-1][1], name)
    return and_list(did) if did else ""
