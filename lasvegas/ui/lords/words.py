"""The Lords of Vegas events in words, for the log and the screen's banner (public facts only)."""

from __future__ import annotations

from ...lords import events as E
from ...lords.board import CARD_NAMES, TRACK
from ...lords.propose import OfferReason
from ...match.lords.local import TradeReason
from ..kit.i18n import _, and_list, money, ngettext
from . import reasons
from .naming import colour, company, lot, tile_colour  # noqa: F401  (words.colour … as before)


def payee(who: str, amount: int) -> str:
    """One seat's share of a payout: "Ann +$5" · "Ann +5 $"."""
    return _("{who} +{money}", who=who, money=money(amount))


def offer_words(d: dict) -> str:
    """One side of a trade (its JSON form) in words: "$5, marker C3, die on D4"."""
    parts = []
    if d.get("money"):
        parts.append(money(d["money"]))
    parts += [_("marker {lot}", lot=x) for x in d.get("lots", [])]
    parts += [_("die on {lot}", lot=x) for x in d.get("dice", [])]
    return and_list(parts) if parts else _("nothing")


def _problem(text, name) -> str:
    """An engine's refusal that an AI seat gives as its reason, in the reader's language."""
    return reasons.say(text, name) or ""


#: an AI seat's refusal told by what the lot asked of it is to it (``TradeReason.kind``)
_KEEPS = {"boss_seat": lambda x: _("my die on {lot} makes me boss of that casino", lot=x),
          "joins_casino": lambda x: _("{lot} joins my casino", lot=x),
          "keeps_die": lambda x: _("I keep my die on {lot}", lot=x),
          "keeps_lot": lambda x: _("I keep my lot {lot}", lot=x)}


def _took(ev, name) -> str:
    """ " Bob takes the casino from Vega Vic." after a build, sprawl or remodel that took another
    seat's casino ("" when it took none)."""
    if not ev.took:
        return ""
    return " " + ngettext("{who} takes the casino from {prev}.", "{who} takes the casinos from {prev}.",
                          len(ev.took), who=name(ev.seat), prev=and_list(name(s) for s in ev.took))


def offer_why(ev: OfferReason, name) -> str:
    """Why an AI seat makes its offer, in a sentence for the player who answers it."""
    who, wanted, at = name(ev.seat), lot(ev.wanted), lot(ev.lot) if ev.lot >= 0 else ""
    k = ev.kind
    if k == "grow":
        return _("{who} wants {lot} to grow the casino at {at}.", who=who, lot=wanted, at=at)
    if k == "next_to":
        return _("{who} wants {lot}, beside the lot {at}.", who=who, lot=wanted, at=at)
    if k == "beside_tile":
        return _("{who} wants {lot}, next to their own tile on {at}.", who=who, lot=wanted, at=at)
    if k == "boss_die":
        return _("{who} wants the die on {lot}: it would make them boss of the casino at {at}.", who=who,
                 lot=wanted, at=at)
    if k == "more_dice":
        return _("{who} wants the die on {lot}: one more die of theirs in the casino at {at}.", who=who,
                 lot=wanted, at=at)
    if k == "sell":
        return _("{who} would rather have the money than the marker on {lot}, which touches your tile on {at}.",
                 who=who, lot=wanted, at=at)
    if k == "sell_plain":
        return _("{who} would rather have the money than the marker on {lot}.", who=who, lot=wanted)
    return _("{who} reckons the deal helps you both.", who=who)


def describe(ev, name) -> str | None:
    """A sentence for event ``ev`` (``name(seat)`` names a seat), or None for one not told."""
    t = type(ev)
    if t is E.Dealt:
        return _("{who} starts with ${money} and markers on {lots}.", who=name(ev.seat), money=ev.money,
                 lots=", ".join(CARD_NAMES[c] for c in ev.cards))
    if t is E.FirstPlayerRoll:
        return _("Roll for the first player: {rolls}.",
                 rolls=", ".join(f"{name(s)} {a}+{b}" for s, a, b in ev.rolls))
    if t is E.TurnStarted:
        return _("Turn {n}: {who}.", n=ev.turn, who=name(ev.seat))
    if t is E.CardDrawn:
        if ev.card == 48:
            return _("{who} draws the End card: the last payout.", who=name(ev.seat))
        return ngettext("{who} draws {card} ({company}); {n} card left.",
                        "{who} draws {card} ({company}); {n} cards left.", ev.left, who=name(ev.seat),
                        card=CARD_NAMES[ev.card], company=company(ev.company))
    if t is E.MarkerPlaced:
        if ev.moved_from >= 0:
            return _("{who} moves a marker from {src} to {lot}.", who=name(ev.seat), src=lot(ev.moved_from),
                     lot=lot(ev.lot))
        return _("{who} puts a marker on {lot}.", who=name(ev.seat), lot=lot(ev.lot))
    if t is E.TakeOver:
        if ev.previous >= 0:
            return _("{who} takes over {lot} from {prev}: a die showing {v}.", who=name(ev.seat), lot=lot(ev.lot),
                     prev=name(ev.previous), v=ev.value)
        return _("{who} puts a die showing {v} on the empty tile {lot}.", who=name(ev.seat), v=ev.value,
                 lot=lot(ev.lot))
    if t is E.Paid:
        got = [payee(name(s), m) for s, m in enumerate(ev.money) if m]
        return _("{company} pays: {who}.", company=company(ev.company), who=", ".join(got) or _("nobody"))
    if t is E.Scored:
        if ev.to_space == ev.from_space:  # too few points for the next space of the track: all lost
            # the form follows the casino's tiles (the noun "tile" is in the sentence); VP is a symbol
            return ngettext("{who}: {p} VP for a casino of {size} tile, lost at a break (stays on {a} VP).",
                            "{who}: {p} VP for a casino of {size} tiles, lost at a break (stays on {a} VP).",
                            len(ev.lots), who=name(ev.seat), p=ev.points, size=len(ev.lots),
                            a=TRACK[ev.from_space])
        lost = ev.points - (TRACK[ev.to_space] - TRACK[ev.from_space])
        if lost > 0:  # some of the points lost at a break of the track: said, with how many
            return ngettext("{who} scores {p} VP for a casino of {size} tile: {a} to {b} VP ({lost} lost at a break).",
                            "{who} scores {p} VP for a casino of {size} tiles: {a} to {b} VP ({lost} lost at a break).",
                            len(ev.lots), who=name(ev.seat), p=ev.points, size=len(ev.lots),
                            a=TRACK[ev.from_space], b=TRACK[ev.to_space], lost=lost)
        return ngettext("{who} scores {p} VP for a casino of {size} tile: {a} to {b} VP.",
                        "{who} scores {p} VP for a casino of {size} tiles: {a} to {b} VP.", len(ev.lots),
                        who=name(ev.seat), p=ev.points, size=len(ev.lots), a=TRACK[ev.from_space],
                        b=TRACK[ev.to_space])
    if t is E.Built:
        return _("{who} builds a tile on {lot} ({colour}) for ${cost}.", who=name(ev.seat),
                 colour=tile_colour(ev.colour), lot=lot(ev.lot), cost=ev.cost) + _took(ev, name)
    if t is E.Sprawled:
        return _("{who} sprawls onto {lot} ({colour}) for ${cost}.", who=name(ev.seat), lot=lot(ev.lot),
                 colour=colour(ev.colour), cost=ev.cost) + _took(ev, name)
    if t is E.Remodelled:
        return ngettext("{who} remodels {n} tile from {old} to {new} for ${cost}.",
                        "{who} remodels {n} tiles from {old} to {new} for ${cost}.", len(ev.lots), who=name(ev.seat),
                        old=colour(ev.old_colour), new=colour(ev.colour), cost=ev.cost) + _took(ev, name)
    if t is E.Reorganized:
        return _("{who} reorganizes the casino at {lot} for ${cost}: {dice}.", who=name(ev.seat), lot=lot(ev.lots[0]),
                 cost=ev.cost, dice=" ".join(str(v) for _o, v in ev.rolled))
    if t is E.DicePlaced:
        return _("{who} places the dice: {where}.", who=name(ev.seat),
                 where=", ".join(_("{v} on {lot}", v=v, lot=lot(i)) for i, v in zip(ev.lots, ev.values)))
    if t is E.Gambled:
        return _("{who} bets ${bet} at {boss}'s casino at {lot}.", who=name(ev.seat), bet=ev.bet,
                 boss=name(ev.boss), lot=lot(ev.casino))
    if t is E.GambleRolled:
        lay = _("with a lay-off") if ev.lay_off else _("no lay-off")
        if ev.gambler > 0:
            return _("{who} rolls {a}+{b} and wins ${m} ({lay}).", who=name(ev.seat), a=ev.dice[0], b=ev.dice[1],
                     m=ev.gambler, lay=lay)
        return _("{who} rolls {a}+{b} and loses ${m} ({lay}).", who=name(ev.seat), a=ev.dice[0], b=ev.dice[1],
                 m=-ev.gambler, lay=lay)
    if t is E.TieReroll:
        return _("Tie for boss at {lot}: re-rolled {rolls}.", lot=lot(ev.lots[0]),
                 rolls=", ".join(f"{name(o)} {v}" for _i, o, v in ev.rolls))
    if t is E.TradeProposed:
        return _("{who} offers {give} to {to} for {get}.", who=name(ev.seat), give=offer_words(ev.give), to=name(ev.to),
                 get=offer_words(ev.get))
    if t is E.TradeAccepted:
        return _("{who} accepts {frm}'s trade.", who=name(ev.seat), frm=name(ev.proposer))
    if t is E.TradeClosed:
        why = {"rejected": _("rejected"), "withdrawn": _("withdrawn"), "lapsed": _("lapsed")}.get(ev.why, ev.why)
        return _("{frm}'s offer to {to}: {why}.", frm=name(ev.seat), to=name(ev.to), why=why)
    if t is E.TurnEnded:
        return _("{who} ends the turn.", who=name(ev.seat))
    if t is TradeReason:
        text = {"problem": _("it cannot be done now ({why})", why=_problem(ev.text, name)),
                "gift": _("a gift is always welcome"),
                "gifts_only": _("I only take gifts of money"),
                "no_trades": _("I do not trade"),
                "worth": _("worth about ${n} to me", n=ev.amount),
                "not_worth": _("not worth it for me (about ${n})", n=ev.amount),
                "helps_you_more": _("it helps you more than me")}.get(ev.kind, ev.kind)
        if not ev.accepted and ev.kind in _KEEPS:
            what = _("not for {money}", money=money(ev.money)) if ev.money > 0 else _("not for that")
            return _("{who}: {what}: {why}.", who=name(ev.seat), what=what, why=_KEEPS[ev.kind](lot(ev.lot)))
        verb = _("yes") if ev.accepted else _("no")
        return _("{who}: {verb}, {why}.", who=name(ev.seat), verb=verb, why=text)
    if t is OfferReason:
        return offer_why(ev, name)
    if t is E.GameEnded:
        return ngettext("The game is over: {who} wins.", "The game is over: {who} win.", len(ev.winners),
                        who=and_list(name(s) for s in ev.winners))
    return None
