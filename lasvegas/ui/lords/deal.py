"""A trade as a whole deal, for the player who must answer it and for the log: money, markers
and dice each way, and the action bundled with it (what it costs, what it makes of the casino:
a merge, a new boss), the lots it touches (highlighted on the board).  Nothing here decides a
rule: the action's effect is the engine's, played on a copy with the trade accepted."""

from __future__ import annotations

from ...lords import actions as A
from ...lords import events as E
from ...lords.board import LOT_NAMES
from ...lords.queries import action_cost
from ..kit.i18n import _, money
from . import menu, words


def action_words(a) -> str:
    """ "build purple on A3", "gamble $5 at B3"… ("" for none)."""
    t = type(a)
    if t is A.Build:
        # TRANSLATORS: {colour} agrees with a tile (context "a tile's colour": French *violette*)
        return _("build {colour} on {lot}", colour=words.tile_colour(a.colour), lot=LOT_NAMES[a.lot])
    if t is A.Sprawl:
        return _("sprawl onto {lot}", lot=LOT_NAMES[a.lot])
    if t is A.Remodel:
        return _("remodel {lot} to {colour}", lot=LOT_NAMES[a.casino], colour=words.colour(a.colour))
    if t is A.Reorganize:
        return _("reorganize {lot}", lot=LOT_NAMES[a.casino])
    if t is A.Gamble:
        return _("gamble ${bet} at {lot}", bet=a.bet, lot=LOT_NAMES[a.casino])
    return ""


def action_lot(a) -> int | None:
    """The lot (or a lot of the casino) the bundled action acts on."""
    for name in ("lot", "casino"):
        v = getattr(a, name, None)
        if isinstance(v, int):
            return v
    return None


def lots(p) -> list[int]:
    """Every lot of the deal: the markers and dice each way, and where its action acts."""
    out = [*p.give.lots, *p.give.dice, *p.get.lots, *p.get.dice]
    at = action_lot(p.action) if p.action is not None else None
    if at is not None and at not in out:
        out.append(at)
    return out


def action_line(match, p) -> str:
    """ "With it, Bob will build purple on A3 for $15 — merges 2 casinos into one of 3 tiles, new boss
    Bob, …" ("" when the offer has no action)."""
    a = p.action
    if a is None:
        return ""
    g = match.query
    who = match.name(g.active)
    try:
        cost = action_cost(g, a)
    except Exception:  # the casino is gone meanwhile: the engine refuses it at acceptance
        cost = 0
    if type(a) is A.Gamble:  # its price is its bet, already said: "will gamble $4 at A6"
        line = _("With it, {who} will {what}", who=who, what=action_words(a))
    else:
        line = _("With it, {who} will {what} for {cost}", who=who, what=action_words(a), cost=money(cost))
    at = action_lot(a)
    effect = ""
    if type(a) in (A.Build, A.Sprawl, A.Remodel) and at is not None:
        # from the answering player's side: only what their own dice in that casino would earn
        effect = menu.casino_line(match, p.to, at, a, via=A.Accept(p.to, p.seat), share=p.to != g.active)
    elif type(a) is A.Gamble:
        effect = _("against {boss}", boss=menu.boss_name(match, g.boss(g.casino_of(a.casino))))
    elif type(a) is A.Reorganize:
        effect = _("all the casino's dice re-rolled")
    return line + (" — " + effect if effect else "") + "."


def offer_why(table, p) -> str:
    """Why the AI seat made offer ``p``, as the event stream told it (its ``OfferReason``, which
    follows the offer's ``TradeProposed``), in words; "" for an offer told with none (a human's)."""
    from ...lords.propose import OfferReason

    for ev in reversed([*table.shown, *table.queue, *table.held]):
        if isinstance(ev, OfferReason) and (ev.seat, ev.to) == (p.seat, p.to):
            return words.offer_why(ev, table.name)
        if isinstance(ev, E.TradeProposed) and (ev.seat, ev.to) == (p.seat, p.to):
            return ""  # the offer is older than any reason told (a reason comes after its offer)
    return ""


def log_line(match, ev) -> str:
    """What the log adds to an offer with an action: the whole deal ("" for any other event)."""
    if not isinstance(ev, E.TradeProposed) or ev.action is None:
        return ""
    p = match.query.proposals.get((ev.seat, ev.to))
    if p is not None and p.action is not None:
        return action_line(match, p)
    try:
        a = A.action_from_dict(ev.action, nested=True)
    except Exception:  # an offer told by a server: its action unreadable is left untold, never a crash
        return ""
    return _("With it, {who} will {what}.", who=match.name(match.query.active), what=action_words(a))
