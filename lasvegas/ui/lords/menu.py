"""What a seat may do with the lot or casino it selected, as the engine says: each choice with
its cost, its effect and, when it cannot be taken, the engine's reason.  Nothing here decides a
rule: every choice is an action tried on a copy of the game (``match.why_not``/``preview``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...lords import actions as A
from ...lords.board import COST, DICE_PER_SEAT, NEIGHBOURS, TRACK
from ...lords.queries import card_payout
from ..kit.i18n import _, money, ngettext
from . import reasons, words

#: the gamble's odds on 2d6 (FR/EN): 2 or 12 pay double, 5 to 8 lose, the rest pay even
ODDS_DOUBLE, ODDS_LOSE = 2, 20


@dataclass
class Option:
    label: str
    cost: str = ""
    effect: str = ""
    action: Any = None
    #: None: it can be chosen; else the reason it cannot (the engine's words)
    reason: str | None = None
    #: what choosing it does instead of acting at once: "sprawl" (pick a target), "bet" (a slider)
    mode: str = ""
    data: dict = field(default_factory=dict)
    #: the company colour the choice builds or remodels to (-1: none): its glyph is drawn beside it
    colour: int = -1


def _dice_full(game, seat: int) -> bool:
    return game.dice_used[seat] >= DICE_PER_SEAT


def _take_probe(game, seat: int, lot: int) -> int:
    """A tile of ``seat`` to name while checking an action that needs one of its dice moved."""
    if not _dice_full(game, seat):
        return -1
    mine = [i for i in range(len(game.owner)) if game.owner[i] == seat and i != lot]
    return mine[0] if mine else -1


def refusal(match, action) -> str | None:
    """The engine's reason ``action`` cannot be taken now, in the player's language (None: it can)."""
    return reasons.say(match.why_not(action), match.name)


def boss_name(match, boss: int) -> str:
    return match.name(boss) if boss >= 0 else _("nobody yet (a tie is re-rolled)")


def casino_line(match, seat: int, lot: int, action, via=None, share: bool = False) -> str:
    """What ``action`` makes of the casino at ``lot``, as the engine plays it on a copy: the
    casinos it merges or grows, its size, its boss (new or not), and what the next card of its
    company would then pay ``seat`` ("" when the action cannot be played).  ``via``: the move that
    plays ``action`` (a trade's acceptance, the action bundled with it).  ``share``: for a seat
    other than the one acting (a trade's other side), only what that seat's own dice in this
    casino would earn, said as theirs: its markers pay on every card, whoever builds."""
    g = match.query
    after = match.preview(via or action)
    if after is None or after.tile[lot] < 0:
        return ""
    nk = after.casino_of(lot)
    before = {tuple(g.casino_of(i)) for i in nk if g.tile[i] >= 0}
    size = ngettext("{n} tile", "{n} tiles", len(nk))
    if len(before) >= 2:
        what = _("merges {m} casinos into one of {size}", m=len(before), size=size)
    elif before and len(nk) > len(next(iter(before))):
        what = _("the casino grows to {size}", size=size)
    else:
        what = _("a casino of {size}", size=size)
    boss = after.boss(nk)
    old = {g.boss(k) for k in before}
    who = (_("new boss {who}", who=boss_name(match, boss)) if before and old != {boss}
           else _("boss {who}", who=boss_name(match, boss)))
    company = after.tile[nk[0]]
    if share:
        pay = sum(after.value[i] for i in nk if after.owner[i] == seat)
        card = _("your dice in it earn ${n} on each {company} card", company=words.company(company), n=pay)
    else:
        pay = card_payout(after, company).money[seat]
        card = _("each {company} card pays you ${n}", company=words.company(company), n=pay)
    if not pay:  # nothing for this player: the line says only what it makes of the casino
        return ", ".join((what, who))
    return ", ".join((what, who, card))


def lot_options(match, seat: int, lot: int) -> list[Option]:
    """The choices for ``seat`` (the active seat in its Step 2) on ``lot``."""
    g = match.query
    out: list[Option] = []
    if g.tile[lot] < 0:
        take = _take_probe(g, seat, lot)
        note = _(", one of your dice moves here") if take >= 0 else ""
        for c in range(5):
            a = A.Build(seat, lot, c, take)
            why = refusal(match, a)
            left = ngettext("{n} tile left{note}", "{n} tiles left{note}", g.supply[c], note=note)
            effect = left if why is not None else casino_line(match, seat, lot, a) + " · " + left
            # TRANSLATORS: {colour} agrees with a tile (context "a tile's colour": French *violette*)
            out.append(Option(_("Build {colour}", colour=words.tile_colour(c)), money(COST[lot]), effect, a, why,
                              "pick_die" if take >= 0 else "", colour=c))
        for k in g.bossed(seat):
            if any(nb in k for nb in NEIGHBOURS[lot]):
                a = A.Sprawl(seat, k[0], lot, take)
                why = refusal(match, a)
                effect = _("a {colour} tile, twice the lot's cost", colour=words.tile_colour(g.tile[k[0]]))
                if why is None:
                    effect = casino_line(match, seat, lot, a) + " · " + effect
                out.append(Option(_("Sprawl from {lot}", lot=words.lot(k[0])), money(2 * COST[lot]), effect, a,
                                  why, "pick_die" if take >= 0 else "", colour=g.tile[k[0]]))
        return out
    k = g.casino_of(lot)
    boss = g.boss(k)
    colour = g.tile[k[0]]
    if boss == seat:
        out.append(Option(_("Sprawl…"), _("2× the lot"), _("pick a lot next to the casino"), None,
                          sprawl_refusal(match, seat, k), "sprawl"))
        for c in range(5):
            if c == colour:
                continue
            a = A.Remodel(seat, k[0], c)
            why = refusal(match, a)
            effect = casino_line(match, seat, lot, a) if why is None else ""
            out.append(Option(_("Remodel to {colour}", colour=words.colour(c)), money(5 * len(k)), effect, a, why,
                              colour=c))
    a = A.Reorganize(seat, k[0])
    pips = sum(g.value[i] for i in k)
    n_dice = sum(1 for i in k if g.owner[i] >= 0)
    if n_dice <= 1:  # "re-roll the 1 die" reads oddly: one die, or none, said in words
        rolled = _("re-roll the casino's only die") if n_dice else _("no die in the casino to re-roll")
    else:
        rolled = ngettext("re-roll the {n} die of the casino", "re-roll all {n} dice of the casino", n_dice)
    out.append(Option(_("Reorganize"), money(pips), rolled, a, refusal(match, a)))
    top = min(5 * len(k), g.money[seat])
    a = A.Gamble(seat, k[0], max(1, min(5, top)))
    why = refusal(match, a)
    out.append(Option(_("Gamble…"), _("up to ${n}", n=top),
                      _("against {boss}; odds in the next step", boss=boss_name(match, boss)), a, why, "bet",
                      {"top": top}))
    return out


def sprawl_targets(match, seat: int, casino) -> list[int]:
    """The lots the casino may sprawl onto now (each tried on the engine)."""
    g = match.query
    seen = []
    for i in casino:
        for nb in NEIGHBOURS[i]:
            if nb not in seen and g.tile[nb] < 0:
                if match.why_not(A.Sprawl(seat, casino[0], nb, _take_probe(g, seat, nb))) is None:
                    seen.append(nb)
    return seen


def sprawl_refusal(match, seat: int, casino) -> str | None:
    """None when the casino may sprawl now, else why not in the player's language: that no lot next
    to it is free, or the reason of the cheapest free one (its price against your money, a marker)."""
    g = match.query
    free = sorted({nb for i in casino for nb in NEIGHBOURS[i] if g.tile[nb] < 0}, key=lambda nb: (COST[nb], nb))
    if not free:
        return _("no free lot next to the casino")
    said = [refusal(match, A.Sprawl(seat, casino[0], nb, _take_probe(g, seat, nb))) for nb in free]
    return None if None in said else said[0]


def odds_text(bet: int) -> str:
    win = 36 - ODDS_DOUBLE - ODDS_LOSE
    p2, p1 = round(100 * ODDS_DOUBLE / 36), round(100 * win / 36)
    return _("2 or 12: win ${d} ({p2}%) · 3, 4, 9, 10, 11: win ${b} ({p1}%) · 5 to 8: lose ${b} ({p0}%)",
             d=2 * bet, b=bet, p2=p2, p1=p1, p0=100 - p2 - p1)  # the three add up to 100


def vp_after(game, seat: int) -> int:
    return TRACK[game.chip[seat]]
